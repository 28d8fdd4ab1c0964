import type * as grpc from "@grpc/grpc-js";
import type { ConfigurationItem } from "../../components/configuration/types.js";
import type { Logger } from "../../diagnostics/logger.js";
import type { SubscribeConfigurationRequest__Output } from "../../proto/gen/dapr/proto/runtime/v1/SubscribeConfigurationRequest.js";
import type { SubscribeConfigurationResponse } from "../../proto/gen/dapr/proto/runtime/v1/SubscribeConfigurationResponse.js";
import { checkedKeys, itemView, type Universal } from "../universal/index.js";

type ConfigurationCall = grpc.ServerWritableStream<SubscribeConfigurationRequest__Output, SubscribeConfigurationResponse>;

/**
 * SubscribeConfiguration streams (daprd's shape): the first message carries only the subscription id, each
 * later one the id and the changed items. The stream ends when UnsubscribeConfiguration names its id or the
 * sidecar shuts down; a caller that goes away (cancel, disconnect) ends its subscription.
 */
export class ConfigurationStreams {
  private readonly streams = new Map<string, { storeName: string; end: () => void }>();

  constructor(
    private readonly api: Universal,
    private readonly logger: Logger,
  ) {}

  /** Resolves once the id is sent; rejects with the catalogue's error when the subscription is refused. */
  async openStream(call: ConfigurationCall): Promise<void> {
    const { store_name: storeName, keys, metadata } = call.request;
    this.api.configuration.check(storeName);
    let idSent!: () => void;
    const sent = new Promise<void>((resolve) => (idSent = resolve));
    let id = "";
    const sink = {
      // A store may report items before the id went out: they wait for it, so the id comes first.
      deliver: async (items: Map<string, ConfigurationItem>): Promise<void> => {
        await sent;
        if (!call.cancelled && call.writable) call.write({ id, items: itemsOf(items) });
      },
      ended: (): void => {
        this.streams.delete(id);
        if (!call.cancelled && call.writable) call.end();
      },
    };
    id = await this.api.configuration.subscribe(storeName, checkedKeys(keys), { ...metadata }, sink);
    this.streams.set(id, { storeName, end: () => void this.unsubscribe(storeName, id) });
    if (call.cancelled) return void this.unsubscribe(storeName, id);
    call.on("cancelled", () => void this.unsubscribe(storeName, id));
    call.write({ id, items: {} });
    idSent();
  }

  /** Ends every stream (shutdown): their subscriptions stop and their callers see the stream end with OK. */
  closeAll(): void {
    for (const { end } of [...this.streams.values()]) end();
  }

  private async unsubscribe(storeName: string, id: string): Promise<void> {
    if (!this.streams.has(id)) return;
    this.streams.delete(id);
    try {
      await this.api.configuration.unsubscribe(storeName, id);
    } catch (error) {
      this.logger.warn(`ending configuration subscription ${id}: ${(error as Error).message}`);
    }
  }
}

function itemsOf(items: Map<string, ConfigurationItem>): Record<string, ConfigurationItem> {
  const out = Object.create(null) as Record<string, ConfigurationItem>;
  for (const [key, item] of items) out[key] = itemView(item);
  return out;
}
