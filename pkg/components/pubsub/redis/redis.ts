import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Redis, RedisOptions } from "ioredis";
import type { ComponentMetadata } from "../../metadata.js";
import { closeClient, createRedisClient, verifyConnection, type RedisClient } from "../../redis/client.js";
import { CommandTimeouts } from "../../redis/timeouts.js";
import { bulkResult, type ActiveSubscription, type BulkPublishEntry, type BulkPublishResult, type BulkPublisher, type DelayedDelivery, type MessageHandler, type PubSubFeature, type PublishRequest, type SubscribeRequest } from "../types.js";
import { BrokerPubSub } from "../broker.js";
import { NameClaims } from "../subscriptions.js";
import { BulkAppender } from "./bulkappend.js";
import { RedisSubscription } from "./subscription.js";
import { SharedReader } from "./reader.js";
import { expiresAtOf, subscriptionConsumerId } from "../metadata.js";
import { entryFields } from "./entry.js";
import { parseRedisMetadata, type RedisPubSubSettings } from "./metadata.js";
import { PipelinedCommands } from "./pipeline.js";
import { DelayedStore } from "./delayed.js";

/** A publish must fail (500) rather than hang while Redis is away; at-least-once means 204 only once XADD succeeded. */
const COMMAND_TIMEOUT_MS = 10_000;
const PUBLISH_RETRIES = 2;

/**
 * `pubsub.redis`: Redis Streams. A topic is a stream; each app is a consumer group (its app-id or
 * `consumerID`), so replicas of an app compete for messages while different apps each get all of them.
 */
export class RedisStreamsPubSub extends BrokerPubSub<RedisPubSubSettings, RedisSubscription, DelayedStore> implements BulkPublisher, DelayedDelivery {
  private client?: RedisClient;
  private timeouts?: CommandTimeouts;
  private publishes?: PipelinedCommands;
  private bulk?: BulkAppender;
  /** One reader (one blocking connection) per consumer group and consumer name, shared by all their streams. */
  private readonly readers = new Map<string, SharedReader>();

  async init(metadata: ComponentMetadata): Promise<void> {
    this.settings = parseRedisMetadata(metadata, this.context.appId);
    const commandTimeout = this.settings.connection.writeTimeoutMs ?? COMMAND_TIMEOUT_MS;
    // A Cluster client has a connection per node: there ioredis' own timer per command stays.
    const cluster = this.settings.connection.mode === "cluster";
    const client = this.connect("commands", { maxRetriesPerRequest: PUBLISH_RETRIES, commandTimeout: cluster ? commandTimeout : undefined });
    this.client = client;
    this.publishes = new PipelinedCommands(client);
    this.bulk = new BulkAppender(client, this.context.logger);
    await verifyConnection(client, this.settings.connection, commandTimeout);
    if (!cluster) this.timeouts = new CommandTimeouts(client as Redis, commandTimeout);
    const settings = this.settings;
    this.delayed = new DelayedStore({
      client,
      publishes: this.publishes,
      trimming: (topic) => this.xaddHead(topic, settings).slice(1, -1),
      slotGroupOf,
      cluster: settings.connection.mode === "cluster",
      now: this.now,
      pollIntervalMs: settings.delayedPollIntervalMs,
      logger: this.context.logger,
    });
    // Every live sidecar of the component moves due messages, whether or not it publishes or subscribes.
    this.delayed.start();
  }

  maxDeliveryDelayMs(): number {
    return this.ready().settings.maxDeliveryDelayMs;
  }

  features(): PubSubFeature[] {
    return ["MESSAGE_TTL", "BULK_PUBLISH", "PERSISTENT", "COMPETING_CONSUMERS"];
  }

  /** Down while the command connection is (ioredis reconnects meanwhile). */
  healthy(): boolean {
    return this.client?.status === "ready";
  }

  async publish(request: PublishRequest): Promise<void> {
    const { settings } = this.ready();
    const expiresAt = expiresAtOf(request.ttlMs, this.now());
    if (request.deliverAt !== undefined) return this.delayed!.hold(request.topic, request.data, request.contentType, expiresAt, request.deliverAt);
    const fields = entryFields(request.data, request.contentType, expiresAt);
    await this.publishes!.call("XADD", [this.xaddHead(request.topic, settings), fields]);
  }

  /** One script call (BulkAppender), one round trip; each entry succeeds or fails on its own (spec: failedEntries). */
  async bulkPublish(request: { topic: string; entries: BulkPublishEntry[]; metadata: Record<string, string> }): Promise<BulkPublishResult> {
    const { settings } = this.ready();
    if (request.entries.length === 0) return { failedEntries: [] };
    const now = this.now();
    const delayed = request.entries.filter((entry) => entry.deliverAt !== undefined);
    if (delayed.length > 0) {
      // Entries due now go as one script call, the delayed ones each to the delay set; results in entry order.
      const immediate = request.entries.filter((entry) => entry.deliverAt === undefined);
      const [due, later] = await Promise.all([
        immediate.length > 0 ? this.bulkPublish({ ...request, entries: immediate }) : Promise.resolve({ failedEntries: [] }),
        bulkResult(delayed, () => Promise.all(delayed.map((entry) => this.delayed!.hold(request.topic, entry.data, entry.contentType, expiresAtOf(entry.ttlMs, now), entry.deliverAt!).then(() => null, (error: unknown) => error as Error)))),
      ]);
      return { failedEntries: [...due.failedEntries, ...later.failedEntries] };
    }
    const fields = request.entries.map((entry) => entryFields(entry.data, entry.contentType, expiresAtOf(entry.ttlMs, now)));
    const [, ...shared] = this.xaddHead(request.topic, settings);
    return bulkResult(request.entries, () => this.bulk!.append(request.topic, shared, fields));
  }

  async subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription> {
    const { client, settings: base } = this.ready();
    const group = subscriptionConsumerId(request.metadata, this.context.appId);
    const settings = group === undefined ? base : { ...base, consumerGroup: group };
    const scope = JSON.stringify([request.topic, settings.consumerGroup]);
    const consumerName = consumerNames.claim(scope, (i) => `${hostname()}-${PROCESS_TOKEN}-${i}`);
    const reader = this.readerFor(settings.consumerGroup, consumerName, request.topic);
    const consumer = new RedisSubscription({
      client,
      reader,
      stream: request.topic,
      consumerName,
      settings,
      handler,
      logger: this.context.logger,
      now: this.now,
    });
    return this.track(request.topic, consumer, signal, () => consumerNames.release(scope, consumer.name));
  }

  protected async disconnect(): Promise<void> {
    await Promise.all([...this.readers.values()].map((r) => r.closed()));
    const client = this.client;
    this.client = undefined;
    if (client) await closeClient(client);
    this.timeouts?.close();
  }

  /**
   * The reader of this group and consumer name, created with its connection on first use. Names
   * differ only while two subscriptions of one stream overlap (a hot reload), so a component holds
   * one reader connection, whatever its topic count, besides the command connection.
   *
   * In a Redis Cluster one XREADGROUP may only name keys of one slot (else CROSSSLOT): streams share
   * a reader only when they share a hash tag (`{orders}.created`, `{orders}.paid`), which puts them
   * in one slot; a stream without one reads alone, as it did before the shared reader.
   */
  private readerFor(group: string, consumerName: string, stream: string): SharedReader {
    const cluster = this.settings!.connection.mode === "cluster";
    const key = JSON.stringify([group, consumerName, cluster ? slotGroupOf(stream) : ""]);
    let reader = this.readers.get(key);
    if (reader) return reader.acquire();
    const publishes = this.publishes!;
    reader = new SharedReader({
      // The reader waits out a Redis outage (no retry limit): its loop must resume, not give up.
      connection: this.connect(`reader ${group}`, {}, { maxRetriesPerRequest: null }),
      // CLIENT UNBLOCK needs the id of the node connection a Cluster client picked: there, a short BLOCK re-issues the read instead.
      unblock: cluster ? undefined : this.client!,
      // Acks no read carries share the pipelined commands's writes with the XADDs.
      send: (command, args) => publishes.call(command, args),
      group,
      consumerName,
      processingTimeoutMs: this.settings!.processingTimeoutMs,
      logger: this.context.logger,
      onIdle: () => {
        if (this.readers.get(key) === reader) this.readers.delete(key);
      },
    });
    this.readers.set(key, reader);
    return reader.acquire();
  }

  private ready(): { client: RedisClient; settings: RedisPubSubSettings } {
    const settings = this.configured();
    if (!this.client) throw new Error(`pubsub ${this.context.name} is not initialised`);
    return { client: this.client, settings };
  }

  /** MAXLEN ~ maxLenApprox, else MINID ~ (now - streamTTL): the same trimming as Dapr's (which takes MAXLEN when both are set). */
  private xaddHead(topic: string, settings: RedisPubSubSettings): Array<string | number> {
    if (settings.maxLenApprox > 0) return [topic, "MAXLEN", "~", settings.maxLenApprox, "*"];
    if (settings.streamTTLMs > 0) return [topic, "MINID", "~", `${Date.now() - settings.streamTTLMs}-1`, "*"];
    return [topic, "*"];
  }

  /** Metadata (redisMaxRetries, dialTimeout, ...) overrides `defaults`, never `fixed`. */
  private connect(role: string, defaults: Partial<RedisOptions>, fixed: Partial<RedisOptions> = {}): RedisClient {
    return createRedisClient(this.settings!.connection, { role, logger: this.context.logger, connectionName: `runtime-${this.context.appId}`, defaults, fixed });
  }
}

/** The part of a key Redis Cluster hashes (its hash tag, else the whole key): keys with equal groups share a slot. */
export function slotGroupOf(key: string): string {
  const open = key.indexOf("{");
  if (open >= 0) {
    const close = key.indexOf("}", open + 1);
    if (close > open + 1) return key.slice(open + 1, close);
  }
  return key;
}

/** This process among the group's consumers; a restarted process is a new consumer, whose predecessor's entries are reclaimed by idle time. */
const PROCESS_TOKEN = randomUUID().slice(0, 8);
/** Consumer names in use per stream and group in this process: a resubscription first re-reads what its predecessor left pending. */
const consumerNames = new NameClaims();
