import type { ComponentContext, HealthReporter } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { closeClient, createRedisClient, verifyConnection, type RedisClient } from "../../redis/client.js";
import { parseRedisConnection } from "../../redis/settings.js";
import { requestBytes, requestSeconds, requireRequestValue, requestValue } from "../request.js";
import { BindingRequestError, type InvokeRequest, type InvokeResponse } from "../types.js";

const OPERATIONS = ["create", "get", "delete", "increment"] as const;
/** components-contrib's Redis binding defaults: 3 retries, a 5s dial, a 3s read. */
const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_DIAL_TIMEOUT_MS = 5000;
const DEFAULT_READ_TIMEOUT_MS = 3000;

/**
 * `bindings.redis`: key/value operations on one key named by `metadata.key` (Dapr's binding):
 * `create` SETs the data, `get` reads it (GETDEL with `metadata.delete: "true"`), `delete` DELs it,
 * `increment` INCRs it; `ttlInSeconds` on create and increment sets its expiry. The connection is the
 * shared Redis client module's, so node, Sentinel and Cluster work as for the other Redis components.
 */
export class RedisBinding implements HealthReporter {
  private client?: RedisClient;

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parseRedisConnection(metadata);
    const client = createRedisClient(settings, {
      role: "binding",
      logger: this.context.logger,
      connectionName: `runtime-${this.context.appId}`,
      defaults: { connectTimeout: DEFAULT_DIAL_TIMEOUT_MS, maxRetriesPerRequest: DEFAULT_MAX_RETRIES, commandTimeout: settings.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS },
      // While the server is down a request fails at once (500), rather than queueing behind the reconnection.
      fixed: { lazyConnect: true, enableOfflineQueue: false },
    });
    this.client = client;
    await verifyConnection(client, settings, (settings.dialTimeoutMs ?? DEFAULT_DIAL_TIMEOUT_MS) * 2);
  }

  features(): string[] {
    return ["output"];
  }

  healthy(): boolean {
    return this.client?.status === "ready";
  }

  operations(): string[] {
    return [...OPERATIONS];
  }

  async invoke(request: InvokeRequest): Promise<InvokeResponse> {
    const client = this.client;
    if (!client) throw new Error(`redis binding ${this.context.name} is not initialised`);
    if (!(OPERATIONS as readonly string[]).includes(request.operation)) throw new BindingRequestError(`unsupported operation ${request.operation}; redis supports ${OPERATIONS.join(", ")}`);
    const key = requireRequestValue(request.metadata, "key", request.operation);
    const ttl = requestSeconds(request.metadata, "ttlInSeconds");
    if (ttl !== undefined && ttl < 0) throw new BindingRequestError(`metadata.ttlInSeconds must not be negative, got ${ttl}`);
    switch (request.operation) {
      case "create": {
        const write = client.multi().set(key, requestBytes(request.data));
        if (ttl !== undefined) write.expire(key, ttl);
        await exec(write);
        return {};
      }
      case "increment": {
        const write = client.multi().incr(key);
        if (ttl !== undefined) write.expire(key, ttl);
        await exec(write);
        return {};
      }
      case "get": {
        const value = requestValue(request.metadata, "delete") === "true" ? await client.getdelBuffer(key) : await client.getBuffer(key);
        // A missing key is an empty answer (204), as Dapr's binding answers it.
        return value === null ? {} : { data: value };
      }
      default:
        await client.del(key);
        return {};
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await closeClient(client);
  }
}

/** Runs a MULTI; a command's own error (INCR on a non-number) fails the whole request with Redis's words. */
async function exec(transaction: ReturnType<RedisClient["multi"]>): Promise<void> {
  const results = await transaction.exec();
  const failed = results?.find(([error]) => error);
  if (failed?.[0]) throw failed[0];
}
