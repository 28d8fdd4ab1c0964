import type { ComponentMetadata } from "../../metadata.js";

export const DEFAULT_AUTHORITY_HOST = "https://login.microsoftonline.com";
export const DEFAULT_MANAGEMENT_ENDPOINT = "https://management.azure.com";
/**
 * Event Grid's own Entra application (public cloud), which signs in to deliver to a secured webhook,
 * and the app role its tokens carry (Microsoft's "Secure WebHook delivery with Microsoft Entra ID").
 * Sovereign clouds use another application id: metadata `allowedCallers` names it.
 */
export const EVENT_GRID_APP_ID = "4962773b-9cdb-44cf-a8bf-237846a00ab7";
export const EVENT_GRID_WEBHOOK_ROLE = "AzureEventGridSecureWebhookSubscriber";

export interface Directions {
  input: boolean;
  output: boolean;
}

export interface OutputMetadata {
  accessKey: string;
  topicEndpoint: string;
}

export interface InputMetadata {
  tenantId: string;
  subscriptionId: string;
  clientId: string;
  clientSecret: string;
  subscriberEndpoint: URL;
  handshakePort: number;
  /** Where the webhook binds; all interfaces by default because the ingress must reach it (TLS ends at the ingress). */
  handshakeAddress: string;
  scope: string;
  eventSubscriptionName: string;
  authorityHost: string;
  managementEndpoint: string;
  /** Application ids whose tokens the webhook accepts, lower-cased. */
  allowedCallers: string[];
  /** The app role those tokens must carry. */
  requiredRole: string;
}

export interface EventRouterMetadata {
  directions: Directions;
  output?: OutputMetadata;
  input?: InputMetadata;
}

/**
 * The spec's scope forms ("Binding component metadata"): subscription, resource group, top-level
 * resource (an event topic is one of those). The subscription form is written with a trailing slash.
 */
const SCOPE_FORMS: ReadonlyArray<[string, RegExp]> = [
  ["/subscriptions/{subscriptionId}/", /^\/subscriptions\/[^/]+\/?$/],
  ["/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}", /^\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/?$/i],
  [
    "/subscriptions/{subscriptionId}/resourceGroups/{resourceGroupName}/providers/{resourceProviderNamespace}/{resourceType}/{resourceName}",
    /^\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\/[^/]+\/[^/]+\/[^/]+$/i,
  ],
];

/** Spec "Limits": 3 to 64 characters, alphanumeric letters only. */
const SUBSCRIPTION_NAME = /^[A-Za-z0-9]{3,64}$/;

const OUTPUT_FIELDS = ["accessKey", "topicEndpoint"];
const INPUT_FIELDS = ["cloudTenantId", "cloudSubscriptionId", "cloudClientId", "cloudClientSecret", "subscriberEndpoint", "handshakePort", "scope"];

/**
 * `direction`: `input`, `output` or `input, output`. The spec makes it optional; without it a side
 * starts when any of its fields is given, so an output-only manifest needs no input fields.
 */
export function parseDirections(md: ComponentMetadata): Directions {
  const raw = md.string("direction");
  if (raw === undefined) {
    const output = OUTPUT_FIELDS.some((f) => md.string(f) !== undefined);
    const input = INPUT_FIELDS.some((f) => md.string(f) !== undefined);
    if (!output && !input) throw md.error("direction", "is not set and neither the output fields (accessKey, topicEndpoint) nor the input fields (cloudTenantId, ...) are given");
    return { input, output };
  }
  const parts = raw.split(",").map((p) => p.trim().toLowerCase()).filter((p) => p !== "");
  const bad = parts.filter((p) => p !== "input" && p !== "output");
  if (parts.length === 0 || bad.length > 0) throw md.error("direction", `must be one of "input", "output", "input, output"; got ${JSON.stringify(raw)}`);
  return { input: parts.includes("input"), output: parts.includes("output") };
}

/** The default event subscription name: the component name reduced to what the service accepts. */
export function defaultSubscriptionName(componentName: string): string {
  const cleaned = componentName.replace(/[^A-Za-z0-9]/g, "");
  return (cleaned.length >= 3 ? cleaned : `${cleaned}binding`).slice(0, 64);
}

function httpsUrl(md: ComponentMetadata, field: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw md.error(field, `must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "https:") throw md.error(field, `must be an HTTPS URL (spec "Limits"), got ${JSON.stringify(value)}`);
  return url;
}

function baseUrl(md: ComponentMetadata, field: string, fallback: string): string {
  const value = md.string(field) ?? fallback;
  return httpsUrl(md, field, value).toString().replace(/\/+$/, "");
}

function parseOutput(md: ComponentMetadata): OutputMetadata {
  const accessKey = md.requireString("accessKey");
  const topicEndpoint = md.requireString("topicEndpoint");
  let url: URL;
  try {
    url = new URL(topicEndpoint);
  } catch {
    throw md.error("topicEndpoint", `must be an absolute URL, got ${JSON.stringify(topicEndpoint)}`);
  }
  if (url.protocol !== "https:") throw md.error("topicEndpoint", `must be an HTTPS URL (the access key must not travel in clear), got ${JSON.stringify(topicEndpoint)}`);
  return { accessKey, topicEndpoint };
}

function parseInput(md: ComponentMetadata): InputMetadata {
  const tenantId = md.requireString("cloudTenantId", ["azureTenantId"]);
  const subscriptionId = md.requireString("cloudSubscriptionId", ["azureSubscriptionId"]);
  const clientId = md.requireString("cloudClientId", ["azureClientId"]);
  const clientSecret = md.requireString("cloudClientSecret", ["azureClientSecret"]);
  const subscriberEndpoint = httpsUrl(md, "subscriberEndpoint", md.requireString("subscriberEndpoint"));
  const portText = md.requireString("handshakePort").trim();
  const handshakePort = /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(handshakePort >= 1 && handshakePort <= 65535)) throw md.error("handshakePort", `must be a port number 1-65535 given as a quoted string, got ${JSON.stringify(portText)}`);
  const scope = md.requireString("scope");
  if (!SCOPE_FORMS.some(([, form]) => form.test(scope))) {
    throw md.error("scope", `${JSON.stringify(scope)} is not one of the scope forms: ${SCOPE_FORMS.map(([text]) => text).join(" | ")}`);
  }
  const eventSubscriptionName = md.string("eventSubscriptionName") ?? defaultSubscriptionName(md.componentName);
  if (!SUBSCRIPTION_NAME.test(eventSubscriptionName)) {
    throw md.error("eventSubscriptionName", `must be 3 to 64 alphanumeric characters, got ${JSON.stringify(eventSubscriptionName)}`);
  }
  return {
    tenantId,
    subscriptionId,
    clientId,
    clientSecret,
    subscriberEndpoint,
    handshakePort,
    handshakeAddress: md.string("handshakeAddress") ?? "0.0.0.0",
    scope,
    eventSubscriptionName,
    authorityHost: baseUrl(md, "authorityHost", DEFAULT_AUTHORITY_HOST),
    managementEndpoint: baseUrl(md, "managementEndpoint", DEFAULT_MANAGEMENT_ENDPOINT),
    ...callerPolicy(md),
  };
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Who may deliver to the webhook: Event Grid with its role unless the manifest names others (sovereign clouds, tests). */
function callerPolicy(md: ComponentMetadata): { allowedCallers: string[]; requiredRole: string } {
  const raw = md.string("allowedCallers");
  const allowedCallers = raw === undefined ? [EVENT_GRID_APP_ID] : raw.split(",").map((c) => c.trim().toLowerCase()).filter((c) => c !== "");
  if (allowedCallers.length === 0) throw md.error("allowedCallers", "names no application id; leave it out to allow Event Grid's");
  const bad = allowedCallers.find((c) => !GUID.test(c));
  if (bad !== undefined) throw md.error("allowedCallers", `must be a comma-separated list of Entra application ids (GUIDs), got ${JSON.stringify(bad)}`);
  const requiredRole = (md.string("requiredRole") ?? EVENT_GRID_WEBHOOK_ROLE).trim();
  if (requiredRole === "") throw md.error("requiredRole", "must not be empty; leave it out to require AzureEventGridSecureWebhookSubscriber");
  return { allowedCallers, requiredRole };
}

/** Validates per direction: a side that does not start needs none of its fields. */
export function parseEventRouterMetadata(md: ComponentMetadata): EventRouterMetadata {
  const directions = parseDirections(md);
  return {
    directions,
    output: directions.output ? parseOutput(md) : undefined,
    input: directions.input ? parseInput(md) : undefined,
  };
}
