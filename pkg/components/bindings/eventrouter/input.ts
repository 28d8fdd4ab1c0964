import { EventGridManagementClient, type EventSubscription, type WebHookEventSubscriptionDestination } from "@azure/arm-eventgrid";
import { ClientSecretCredential } from "@azure/identity";
import type { Logger } from "../../../diagnostics/logger.js";
import { DEFAULT_AUTHORITY_HOST, type InputMetadata } from "./metadata.js";

export const DELIVERY_SCHEMA = "CloudEventSchemaV1_0";

export type SubscriptionOutcome = "created" | "updated" | "unchanged";

/** What the event subscription must look like: webhook to subscriberEndpoint, CloudEvents 1.0, Entra ID delivery auth. */
export function desiredSubscription(md: InputMetadata): EventSubscription {
  const destination: WebHookEventSubscriptionDestination = {
    endpointType: "WebHook",
    endpointUrl: md.subscriberEndpoint.toString(),
    azureActiveDirectoryTenantId: md.tenantId,
    azureActiveDirectoryApplicationIdOrUri: md.clientId,
  };
  return { destination, eventDeliverySchema: DELIVERY_SCHEMA };
}

/**
 * The service never returns `endpointUrl` (it may hold secrets in its query); it returns
 * `endpointBaseUrl`, the URL without its query. Compare on that.
 */
function baseOf(url: string): string {
  const parsed = new URL(url);
  parsed.search = "";
  parsed.hash = "";
  return parsed.toString().replace(/\/+$/, "");
}

/** The fields we own differ from what exists: only then is a PUT sent ("update only when something differs"). */
export function differences(existing: EventSubscription, md: InputMetadata): string[] {
  const out: string[] = [];
  const dest = existing.destination as Partial<WebHookEventSubscriptionDestination> | undefined;
  if (dest?.endpointType !== "WebHook") out.push("destination type");
  const base = dest?.endpointBaseUrl ?? dest?.endpointUrl;
  if (!base || baseOf(base) !== baseOf(md.subscriberEndpoint.toString())) out.push("endpoint");
  if (md.subscriberEndpoint.search !== "") out.push("endpoint query (never returned by the service)");
  if (dest?.azureActiveDirectoryTenantId !== md.tenantId) out.push("delivery tenant");
  if (dest?.azureActiveDirectoryApplicationIdOrUri !== md.clientId) out.push("delivery application id");
  if (existing.eventDeliverySchema !== DELIVERY_SCHEMA) out.push("delivery schema");
  return out;
}

export interface SubscriptionManagerOptions {
  /** Bounds every management call: a read() that never finishes would hold the component processor. */
  timeoutMs?: number;
}

/** Creates or updates the event subscription at `scope` with the client credentials (spec "Authentication" 1). */
export class EventSubscriptionManager {
  private readonly client: EventGridManagementClient;

  constructor(private readonly md: InputMetadata, private readonly logger: Logger, private readonly options: SubscriptionManagerOptions = {}) {
    const credential = new ClientSecretCredential(md.tenantId, md.clientId, md.clientSecret, {
      authorityHost: md.authorityHost,
      // Instance discovery asks the public cloud about the authority: wrong for sovereign clouds and local stand-ins.
      disableInstanceDiscovery: md.authorityHost !== DEFAULT_AUTHORITY_HOST,
    });
    this.client = new EventGridManagementClient(credential, md.subscriptionId, {
      // `$host` alone still goes to Azure; the endpoint option and the matching scope are both needed (an SDK quirk).
      endpoint: md.managementEndpoint,
      credentialScopes: [`${md.managementEndpoint}/.default`],
      retryOptions: { maxRetries: 2 },
    });
  }

  async ensure(signal: AbortSignal): Promise<SubscriptionOutcome> {
    const { scope, eventSubscriptionName: name } = this.md;
    const abortSignal = AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs ?? 60_000)]);
    let existing: EventSubscription | undefined;
    try {
      existing = await this.client.eventSubscriptions.get(scope, name, { abortSignal });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 404) throw this.describe("reading", error);
    }
    if (existing) {
      const diff = differences(existing, this.md);
      if (diff.length === 0) {
        this.logger.info(`event subscription ${name} at ${scope} is up to date`);
        return "unchanged";
      }
      this.logger.info(`event subscription ${name} at ${scope} differs (${diff.join(", ")}); updating`);
    }
    try {
      await this.client.eventSubscriptions.beginCreateOrUpdateAndWait(scope, name, desiredSubscription(this.md), { abortSignal, updateIntervalInMs: 1000 });
    } catch (error) {
      throw this.describe(existing ? "updating" : "creating", error);
    }
    this.logger.info(`event subscription ${name} at ${scope} ${existing ? "updated" : "created"}`);
    return existing ? "updated" : "created";
  }

  private describe(action: string, error: unknown): Error {
    const err = error as { statusCode?: number; message?: string; name?: string };
    const what = `${action} event subscription ${JSON.stringify(this.md.eventSubscriptionName)} at scope ${this.md.scope}`;
    if (err.name === "AuthenticationError" || err.name === "CredentialUnavailableError") {
      return new Error(`${what}: the client credentials were refused by ${this.md.authorityHost} (check cloudTenantId, cloudClientId, cloudClientSecret): ${err.message ?? ""}`);
    }
    if (err.statusCode === 401 || err.statusCode === 403) {
      return new Error(`${what}: HTTP ${err.statusCode}; the client principal needs a role allowing event subscriptions at this scope`);
    }
    return new Error(`${what} failed${err.statusCode ? ` (HTTP ${err.statusCode})` : ""}: ${err.message ?? String(error)}`);
  }
}
