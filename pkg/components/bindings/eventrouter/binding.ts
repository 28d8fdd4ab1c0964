import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import type { InputHandler, InvokeRequest, InvokeResponse } from "../types.js";
import { BindingRequestError } from "../types.js";
import { parseEventRouterMetadata, type EventRouterMetadata } from "./metadata.js";
import type { EventRouterPublisher } from "./output.js";
import type { WebhookServer } from "./webhook.js";

/**
 * `bindings.cloud.eventrouter` (alias `bindings.azure.eventgrid`): output `create` publishes to a
 * custom topic; input creates the event subscription and serves the webhook. `direction` decides
 * which sides start (spec "Binding component metadata"). The Azure SDKs and jose are imported when
 * a side starts, not with the module: they cost every sidecar a second of start-up otherwise.
 */
export class EventRouterBinding {
  private metadata?: EventRouterMetadata;
  private publisher?: EventRouterPublisher;
  private webhook?: WebhookServer;

  constructor(private readonly context: ComponentContext) {}

  async init(md: ComponentMetadata): Promise<void> {
    this.metadata = parseEventRouterMetadata(md);
    if (this.metadata.output) {
      const { EventRouterPublisher } = await import("./output.js");
      this.publisher = new EventRouterPublisher(this.metadata.output, this.context.appId);
    }
  }

  features(): string[] {
    const d = this.metadata?.directions;
    return [...(d?.input ? ["input"] : []), ...(d?.output ? ["output"] : [])];
  }

  operations(): string[] {
    return this.publisher ? ["create"] : [];
  }

  async invoke(request: InvokeRequest): Promise<InvokeResponse> {
    if (!this.publisher) throw new BindingRequestError(`binding ${this.context.name} has no output side (direction)`);
    if (request.operation !== "create") throw new BindingRequestError(`unsupported operation ${request.operation}`);
    return this.publisher.create(request);
  }

  /** Webhook first, then the subscription: the service runs the handshake against the webhook when it creates one. */
  async read(handler: InputHandler, signal: AbortSignal): Promise<void> {
    const input = this.metadata?.input;
    if (!input) return;
    const [{ WebhookServer, tenantTokenPolicy }, { EventSubscriptionManager }] = await Promise.all([import("./webhook.js"), import("./input.js")]);
    const webhook = new WebhookServer({
      port: input.handshakePort,
      address: input.handshakeAddress,
      path: input.subscriberEndpoint.pathname,
      policy: tenantTokenPolicy(input.authorityHost, input.tenantId, input.clientId, input.subscriberEndpoint, { callers: input.allowedCallers, role: input.requiredRole }),
      handler,
      logger: this.context.logger,
    });
    await webhook.start();
    this.webhook = webhook;
    signal.addEventListener("abort", () => void webhook.close(), { once: true });
    this.context.logger.info(`webhook listening on ${input.handshakeAddress}:${webhook.port}${input.subscriberEndpoint.pathname}`);
    try {
      await new EventSubscriptionManager(input, this.context.logger).ensure(signal);
    } catch (error) {
      await webhook.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.webhook?.close();
    this.webhook = undefined;
  }
}
