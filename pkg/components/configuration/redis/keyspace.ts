import type { Cluster, Redis } from "ioredis";
import type { Logger } from "../../../diagnostics/logger.js";
import { createNodeClient, createRedisClient } from "../../redis/client.js";
import type { RedisConnectionSettings } from "../../redis/settings.js";

export interface KeyspaceWatchOptions {
  settings: RedisConnectionSettings;
  logger: Logger;
  patterns: string[];
  /** Switches keyspace notifications on at one server (CONFIG is per server and lost on restart). */
  enableNotifications: (node: Redis) => Promise<void>;
  /** A keyspace event: the channel (`__keyspace@<db>__:<key>`) and the event name. */
  onEvent: (channel: string, event: string) => void;
  /**
   * A server is watched that was not before, or again after a reconnect: changes made in between
   * were announced to no one, so the subscription compares what it knew with what is there now.
   */
  onGap: () => void;
}

/**
 * Keyspace notifications of one subscription. They are published only on the server where the
 * write happened, to its own clients: with a single server or a Sentinel-managed primary one
 * connection listens (ioredis follows the promoted primary); with a Redis Cluster one connection
 * per primary listens, and the set follows the cluster client's topology (each slot-map refresh).
 */
export class KeyspaceWatch {
  private readonly nodes = new Map<string, NodeWatch>();
  private closed = false;
  private readonly onRefresh = (): void => this.reconcile();

  constructor(
    private readonly options: KeyspaceWatchOptions,
    /** The store's cluster client, whose view of the primaries this follows; undefined without a cluster. */
    private readonly cluster?: Cluster,
  ) {}

  /** Resolves once every current primary (or the single server) listens. */
  async start(): Promise<void> {
    if (!this.cluster) {
      const watch = this.watch("single", createRedisClient(this.options.settings, this.clientOptions()) as Redis, false);
      await watch.subscribed;
      return;
    }
    this.cluster.on("refresh", this.onRefresh);
    this.reconcile(false);
    await Promise.all([...this.nodes.values()].map((n) => n.subscribed));
  }

  /** PUNSUBSCRIBE everywhere, then close; rejects when a server cannot be told (it is down). */
  async release(): Promise<void> {
    try {
      await Promise.all([...this.nodes.values()].map((node) => node.unsubscribe()));
    } finally {
      this.close();
    }
  }

  close(): void {
    this.closed = true;
    this.cluster?.off("refresh", this.onRefresh);
    for (const node of this.nodes.values()) node.close();
    this.nodes.clear();
  }

  /** Starts listening on primaries the cluster client now knows, stops on those it no longer lists as primaries. */
  private reconcile(gapOnStart = true): void {
    if (this.closed || !this.cluster) return;
    const primaries = new Map(this.cluster.nodes("master").map((node) => [`${node.options.host}:${node.options.port}` as string, node.options] as const));
    for (const [key, node] of this.nodes) {
      if (primaries.has(key)) continue;
      this.options.logger.info(`configuration subscription: ${key} is no longer a primary; stopped listening there`);
      node.close();
      this.nodes.delete(key);
    }
    for (const [key, { host, port }] of primaries) {
      if (this.nodes.has(key) || host === undefined || port === undefined) continue;
      if (gapOnStart) this.options.logger.info(`configuration subscription: listening on new primary ${key}`);
      const watch = this.watch(key, createNodeClient(this.options.settings, { host, port }, this.clientOptions()), gapOnStart);
      // A primary that cannot be reached now is retried by its connection; a refresh drops it if it is gone.
      watch.subscribed.catch((error: unknown) => {
        if (!this.closed && this.nodes.get(key) === watch) this.options.logger.warn(`configuration subscription on ${key}: ${(error as Error).message}`);
      });
    }
  }

  private watch(key: string, redis: Redis, gapOnFirst: boolean): NodeWatch {
    const watch = new NodeWatch(redis, this.options, gapOnFirst);
    this.nodes.set(key, watch);
    return watch;
  }

  private clientOptions(): Parameters<typeof createRedisClient>[1] {
    // Resubscribed by NodeWatch on each "ready", after switching notifications on where it landed.
    return { role: "configuration subscriber", logger: this.options.logger, fixed: { autoResubscribe: false, lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: null } };
  }
}

/** One listening connection; (re)subscribes each time it is ready: first connect, reconnect, a new primary after failover. */
class NodeWatch {
  readonly subscribed: Promise<void>;
  private settle?: { resolve: () => void; reject: (error: Error) => void };

  constructor(
    private readonly redis: Redis,
    private readonly options: KeyspaceWatchOptions,
    private readonly gapOnFirst: boolean,
  ) {
    this.subscribed = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
    // Whoever waits for it sees a failure; closing one nobody waits for is no error.
    this.subscribed.catch(() => undefined);
    redis.on("pmessage", (_pattern: string, channel: string, event: string) => options.onEvent(channel, event));
    redis.on("ready", () => void this.subscribe());
    redis.connect().catch((error: unknown) => this.fail(error as Error));
  }

  private async subscribe(): Promise<void> {
    try {
      await this.options.enableNotifications(this.redis);
      await this.redis.psubscribe(...this.options.patterns);
    } catch (error) {
      // The connection is retried; its next "ready" subscribes again.
      this.fail(error as Error);
      return;
    }
    const first = this.settle !== undefined;
    this.settle?.resolve();
    this.settle = undefined;
    if (!first || this.gapOnFirst) this.options.onGap();
  }

  private fail(error: Error): void {
    if (this.settle) {
      this.settle.reject(error);
      this.settle = undefined;
    } else {
      this.options.logger.debug(`configuration subscriber: ${error.message}`);
    }
  }

  async unsubscribe(): Promise<void> {
    if (this.redis.status !== "ready") throw new Error(`the subscriber connection is ${this.redis.status}`);
    await this.redis.punsubscribe(...this.options.patterns);
  }

  close(): void {
    this.settle?.reject(new Error("closed"));
    this.settle = undefined;
    this.redis.disconnect();
  }
}
