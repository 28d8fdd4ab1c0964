import type { ConfigurationItem, ConfigurationStore } from "../../components/configuration/types.js";
import { observe, operationMetrics, type OperationMetrics } from "../../diagnostics/operations.js";
import type { ConfigurationSink, UnsubscribeResult } from "../../runtime/configuration/subscriptions.js";
import { outboundPolicy, type ApiContext } from "./context.js";
import { ApiError, Errors } from "./errors.js";

export type { ConfigurationSink, UnsubscribeResult };

/** Spec Errors, configuration: no stores, or an unknown one, is 400 on all three endpoints. */
function storeOf(ctx: ApiContext, name: string): ConfigurationStore {
  if (ctx.store.count("configuration") === 0) throw Errors.configurationStoresNotConfigured();
  const store = ctx.store.get("configuration", name);
  if (!store) throw Errors.configurationStoreNotFound(name);
  return store;
}

/** An empty key is a malformed request; repeated keys count once. No keys: every item. */
export function checkedKeys(keys: readonly string[]): string[] {
  if (keys.some((k) => k === "")) throw Errors.malformedRequest("a configuration key must not be empty");
  return [...new Set(keys)];
}

function describeKeys(keys: string[]): string {
  return keys.length > 0 ? `keys ${keys.join(", ")}` : "all keys";
}

/** Spec endpoints 3-5 with the resolutions of ARCHITECTURE.md "Decisions where the spec is silent" (unknown unsubscribe id is `{ok: false}`). */
export class ConfigurationOperations {
  private readonly ops: OperationMetrics;

  constructor(private readonly ctx: ApiContext) {
    this.ops = operationMetrics(ctx.metrics, "configuration");
  }

  /** The store checks alone: a request naming a missing store is refused before its other parts are read. */
  check(storeName: string): void {
    storeOf(this.ctx, storeName);
  }

  async get(storeName: string, keys: string[], metadata: Record<string, string>): Promise<Map<string, ConfigurationItem>> {
    const store = storeOf(this.ctx, storeName);
    try {
      const policy = outboundPolicy(this.ctx, storeName);
      return await observe(this.ops, storeName, "get", () => policy.execute(() => store.get(keys, metadata)));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw Errors.configurationGet(describeKeys(keys), storeName, (error as Error).message);
    }
  }

  /** The subscription id. Without a sink the changes go to the app channel (spec A4); with one, to the sink. */
  async subscribe(storeName: string, keys: string[], metadata: Record<string, string>, sink?: ConfigurationSink): Promise<string> {
    storeOf(this.ctx, storeName);
    try {
      const subscriptions = this.ctx.configurationSubscriptions;
      if (!subscriptions) throw new Error("configuration subscriptions are not available");
      return await subscriptions.subscribe(storeName, keys, metadata, sink);
    } catch (error) {
      throw Errors.configurationSubscribe(describeKeys(keys), storeName, (error as Error).message);
    }
  }

  async unsubscribe(storeName: string, id: string): Promise<UnsubscribeResult> {
    storeOf(this.ctx, storeName);
    const subscriptions = this.ctx.configurationSubscriptions;
    if (!subscriptions) return { ok: false, message: `subscription ${id} is not found in configuration store ${storeName}` };
    try {
      return await subscriptions.unsubscribe(storeName, id);
    } catch (error) {
      // The store's own error travels as the cause: daprd's HTTP answer for a `dapr.io` store quotes it alone.
      throw Object.assign(Errors.configurationUnsubscribe(id, storeName, (error as Error).message), { cause: error });
    }
  }
}

/** An item as both transports show it: value, and version and metadata only when the store has them. */
export function itemView(item: ConfigurationItem): ConfigurationItem {
  return { value: item.value, ...(item.version !== undefined ? { version: item.version } : {}), ...(item.metadata ? { metadata: item.metadata } : {}) };
}
