import { readFileSync } from "node:fs";
import { connect, headers as natsHeaders, jwtAuthenticator, type NatsConnection, type NodeConnectionOptions } from "@nats-io/transport-node";
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  StorageType,
  type Consumer,
  type ConsumerConfig,
  type JetStreamClient,
  type JetStreamManager,
  type JetStreamOptions,
} from "@nats-io/jetstream";
import type { ComponentContext, HealthReporter } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { consumerIdOf } from "../metadata.js";
import { expiresAtOf, type Clock } from "../ttl.js";
import type { ActiveSubscription, MessageHandler, PubSub, PubSubFeature, PublishRequest, SubscribeRequest } from "../types.js";
import { parseJetStreamMetadata, safeName, type JetStreamSettings } from "./metadata.js";
import { CONTENT_TYPE_HEADER, EXPIRES_HEADER, JetStreamSubscription } from "./subscription.js";
import { TickBatch } from "./tickbatch.js";

/** Below the runtime's default initTimeout (5s), so init fails with the reason rather than the runtime's timeout. */
const CONNECT_TIMEOUT_MS = 4000;
/** A publish answers (500) within this while the server is slow; while disconnected it answers at once. */
const PUBLISH_TIMEOUT_MS = 5000;
const NANOS_PER_MS = 1_000_000;

/**
 * `pubsub.jetstream`: NATS JetStream. A topic is a subject; each (consumerID or durableName, topic)
 * is a durable pull consumer on the server, so replicas of an app compete for messages, different
 * apps each get all of them, and what is unacknowledged survives a sidecar restart.
 */
export class JetStreamPubSub implements PubSub, HealthReporter {
  private settings?: JetStreamSettings;
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private jsm?: JetStreamManager;
  private connected = false;
  /** Rejects when the current connection drops: publishes waiting for their PubAck answer then, not at their timeout. */
  private lost = neverSettles();
  private loseConnection: (error: Error) => void = () => undefined;
  private closed = false;
  /** subject -> the stream holding it, found (or created) once. */
  private readonly streams = new Map<string, Promise<string>>();
  private readonly closing = new AbortController();
  private readonly subscriptions = new Set<JetStreamSubscription>();
  /** One per connection: publishes and acks of a turn share a socket write. */
  private readonly writes = new TickBatch();

  private readonly now: Clock;

  constructor(private readonly context: ComponentContext) {
    this.now = context.now ?? Date.now;
  }

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parseJetStreamMetadata(metadata);
    this.settings = settings;
    const where = settings.servers.join(",");
    let nc: NatsConnection;
    try {
      nc = await connect(this.connectOptions(settings));
    } catch (error) {
      throw new Error(`cannot connect to NATS at ${where} (natsURL): ${(error as Error).message}`);
    }
    if (this.closed) {
      // close() ran while connecting (the runtime's initTimeout): do not leak the connection.
      await nc.close();
      throw new Error("component closed during init");
    }
    this.nc = nc;
    this.markConnected();
    void this.watchStatus(nc, where);
    const options: JetStreamOptions = { timeout: PUBLISH_TIMEOUT_MS };
    if (settings.domain) options.domain = settings.domain;
    if (settings.apiPrefix) options.apiPrefix = settings.apiPrefix;
    try {
      this.jsm = await jetstreamManager(nc, { ...options, checkAPI: true });
    } catch (error) {
      throw new Error(`JetStream is not available at ${where}${settings.domain ? ` (domain ${settings.domain})` : ""}: ${(error as Error).message}`);
    }
    this.js = jetstream(nc, options);
    if (settings.streamName && !settings.autoCreateStream) {
      try {
        await this.jsm.streams.info(settings.streamName);
      } catch (error) {
        if (isApiError(error, JetStreamApiCodes.StreamNotFound)) throw metadata.error("streamName", `names stream ${JSON.stringify(settings.streamName)}, which does not exist, and autoCreateStream is false`);
        throw error;
      }
    }
  }

  features(): PubSubFeature[] {
    return ["MESSAGE_TTL", "PERSISTENT", "COMPETING_CONSUMERS"];
  }

  async publish(request: PublishRequest): Promise<void> {
    const { js, settings } = this.ready();
    // The client would buffer the publish until it reconnects; the caller wants its 500 now.
    if (!this.connected) throw new Error(`the connection to NATS at ${settings.servers.join(",")} is down (reconnecting)`);
    const h = natsHeaders();
    if (request.contentType) h.set(CONTENT_TYPE_HEADER, request.contentType);
    const expiresAt = expiresAtOf(request.metadata, this.now());
    if (expiresAt !== undefined) h.set(EXPIRES_HEADER, String(expiresAt));
    const msgID = cloudEventId(request.data, request.contentType);
    const options = msgID === undefined ? { headers: h } : { headers: h, msgID };
    const send = (): Promise<unknown> => Promise.race([this.writes.run(() => js.publish(request.topic, request.data, options)), this.lost]);
    try {
      await send();
    } catch (error) {
      if (!mayLackStream(error)) throw error;
      // No stream holds the subject (the server answers "no responders"): find or create one, publish again (the msgID keeps it single).
      this.streams.delete(request.topic);
      await this.streamFor(request.topic);
      await send();
    }
  }

  async subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription> {
    const { settings } = this.ready();
    const { topic } = request;
    const base = settings.durableName ?? consumerIdOf(request.metadata) ?? this.context.appId;
    const durable = safeName(`${base}-${topic}`);
    const bind = async (): Promise<Consumer> => {
      const stream = await this.streamFor(topic);
      await this.ensureConsumer(stream, durable, topic);
      return this.ready().js.consumers.get(stream, durable);
    };
    let consumer: Consumer;
    try {
      consumer = await bind();
    } catch (error) {
      throw new Error(`subscribing to topic ${JSON.stringify(topic)} (durable consumer ${durable}): ${(error as Error).message}`);
    }
    const subscription = new JetStreamSubscription({
      topic,
      settings,
      handler,
      logger: this.context.logger,
      writes: this.writes,
      now: this.now,
      rebind: () => {
        this.streams.delete(topic);
        return bind();
      },
    });
    await subscription.start(AbortSignal.any([signal, this.closing.signal]), consumer);
    this.subscriptions.add(subscription);
    void subscription.drained().finally(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort();
    await Promise.all([...this.subscriptions].map((s) => s.drained()));
    this.writes.flush();
    const nc = this.nc;
    this.nc = undefined;
    this.connected = false;
    if (!nc || nc.isClosed()) return;
    // drain() flushes the acks of the last handlers; a dead server makes it hang, so close() is the fallback.
    if (this.connectedNow(nc)) await nc.drain().catch(() => nc.close());
    else await nc.close();
  }

  /** Outbound health reports the component while the connection is down (the client keeps reconnecting). */
  healthy(): boolean {
    return this.connected;
  }

  private connectedNow(nc: NatsConnection): boolean {
    return this.connected && !nc.isClosed() && !nc.isDraining();
  }

  private ready(): { js: JetStreamClient; jsm: JetStreamManager; settings: JetStreamSettings } {
    if (!this.js || !this.jsm || !this.settings || this.closed) throw new Error(`pubsub ${this.context.name} is not initialised`);
    return { js: this.js, jsm: this.jsm, settings: this.settings };
  }

  private connectOptions(settings: JetStreamSettings): NodeConnectionOptions {
    const options: NodeConnectionOptions = {
      servers: settings.servers,
      name: settings.name,
      timeout: CONNECT_TIMEOUT_MS,
      // An outage is not the end of the component: reconnect for ever, consumers resume on the server's state.
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      // The client otherwise builds an Error per request (publish) to keep its stack: a fifth of the publish path's CPU.
      noAsyncTraces: true,
    };
    if (settings.jwt && settings.seedKey) options.authenticator = jwtAuthenticator(settings.jwt, new TextEncoder().encode(settings.seedKey));
    else if (settings.token) options.token = settings.token;
    if (settings.tlsClientCert && settings.tlsClientKey) {
      // Dapr's fields hold file paths or the PEM itself.
      options.tls = { cert: pemOrFile(settings.tlsClientCert), key: pemOrFile(settings.tlsClientKey) };
    }
    return options;
  }

  private markConnected(): void {
    this.connected = true;
    const { promise, reject } = Promise.withResolvers<never>();
    // Handled here so a connection lost while nothing is publishing is no unhandled rejection; races still see it.
    promise.catch(() => undefined);
    this.lost = promise;
    this.loseConnection = reject;
  }

  private async watchStatus(nc: NatsConnection, where: string): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === "disconnect") {
        if (this.connected) this.context.logger.warn(`NATS connection to ${where} lost; reconnecting`);
        this.connected = false;
        // A PubAck that did not arrive may still have been stored: the caller's retry is de-duplicated by its msgID.
        this.loseConnection(new Error(`the connection to NATS at ${where} was lost before JetStream acknowledged the publish`));
      } else if (status.type === "reconnect") {
        this.markConnected();
        this.context.logger.info(`NATS connection to ${where} restored`);
      }
    }
  }

  /** The stream that holds `subject`: found by subject or by streamName, created when allowed. */
  private streamFor(subject: string): Promise<string> {
    let found = this.streams.get(subject);
    if (!found) {
      found = this.resolveStream(subject);
      this.streams.set(subject, found);
      found.catch(() => this.streams.delete(subject));
    }
    return found;
  }

  private async resolveStream(subject: string): Promise<string> {
    const { jsm, settings } = this.ready();
    const named = settings.streamName;
    if (named) {
      const info = await jsm.streams.info(named).catch((error: unknown) => {
        if (isApiError(error, JetStreamApiCodes.StreamNotFound)) return undefined;
        throw error;
      });
      if (info) {
        const subjects = info.config.subjects ?? [];
        if (subjects.some((pattern) => subjectMatches(pattern, subject))) return named;
        if (!settings.autoCreateStream) throw new Error(`stream ${named} (streamName) does not hold subject ${subject}, and autoCreateStream is false`);
        await jsm.streams.update(named, { subjects: [...subjects, subject] });
        this.context.logger.info(`added subject ${subject} to JetStream stream ${named}`);
        return named;
      }
      if (!settings.autoCreateStream) throw new Error(`stream ${named} (streamName) does not exist, and autoCreateStream is false`);
      return this.createStream(named, subject);
    }
    try {
      return await jsm.streams.find(subject);
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.StreamNotFound) && !/no stream matches/i.test((error as Error).message)) throw error;
    }
    if (!settings.autoCreateStream) throw new Error(`no JetStream stream holds subject ${subject}, and autoCreateStream is false: create one, or set streamName`);
    return this.createStream(safeName(subject), subject);
  }

  private async createStream(name: string, subject: string): Promise<string> {
    const { jsm, settings } = this.ready();
    try {
      await jsm.streams.add({
        name,
        subjects: [subject],
        storage: settings.memoryStorage ? StorageType.Memory : StorageType.File,
        num_replicas: settings.replicas ?? 1,
      });
      this.context.logger.info(`created JetStream stream ${name} for subject ${subject}`);
      return name;
    } catch (error) {
      // Another sidecar created it in the meantime: use whatever holds the subject now.
      const holder = await jsm.streams.find(subject).catch(() => undefined);
      if (holder) return holder;
      throw new Error(`creating JetStream stream ${name} for subject ${subject}: ${(error as Error).message}`);
    }
  }

  private async ensureConsumer(stream: string, durable: string, subject: string): Promise<void> {
    const { jsm } = this.ready();
    const config = this.consumerConfig(durable, subject);
    const existing = await jsm.consumers.info(stream, durable).catch((error: unknown) => {
      if (isApiError(error, JetStreamApiCodes.ConsumerNotFound)) return undefined;
      throw error;
    });
    if (!existing) {
      try {
        await jsm.consumers.add(stream, config);
        return;
      } catch (error) {
        // Created by a replica at the same moment: fine, it is ours too.
        const raced = await jsm.consumers.info(stream, durable).catch(() => undefined);
        if (!raced) throw error;
        return;
      }
    }
    if (existing.config.filter_subject && existing.config.filter_subject !== subject) {
      throw new Error(`durable consumer ${durable} of stream ${stream} filters ${existing.config.filter_subject}, not ${subject}`);
    }
    // What the server lets change on a durable: keep the manifest's values in force after an edit.
    const update: Partial<ConsumerConfig> = {};
    if (config.ack_wait !== undefined && config.ack_wait !== existing.config.ack_wait) update.ack_wait = config.ack_wait;
    if (config.max_deliver !== undefined && config.max_deliver !== existing.config.max_deliver) update.max_deliver = config.max_deliver;
    if (config.max_ack_pending !== undefined && config.max_ack_pending !== existing.config.max_ack_pending) update.max_ack_pending = config.max_ack_pending;
    if (config.backoff !== undefined && JSON.stringify(config.backoff) !== JSON.stringify(existing.config.backoff ?? [])) update.backoff = config.backoff;
    if (Object.keys(update).length === 0) return;
    await jsm.consumers.update(stream, durable, update).catch((error: unknown) => {
      this.context.logger.warn(`durable consumer ${durable} of stream ${stream} keeps its settings: ${(error as Error).message}`);
    });
  }

  private consumerConfig(durable: string, subject: string): Partial<ConsumerConfig> & { durable_name: string } {
    const s = this.ready().settings;
    const config: Partial<ConsumerConfig> & { durable_name: string } = {
      durable_name: durable,
      filter_subject: subject,
      ack_policy: s.ackPolicy === "all" ? AckPolicy.All : s.ackPolicy === "none" ? AckPolicy.None : AckPolicy.Explicit,
      deliver_policy: {
        all: DeliverPolicy.All,
        last: DeliverPolicy.Last,
        new: DeliverPolicy.New,
        sequence: DeliverPolicy.StartSequence,
        time: DeliverPolicy.StartTime,
      }[s.deliverPolicy],
    };
    if (s.deliverPolicy === "sequence") config.opt_start_seq = s.startSequence;
    if (s.deliverPolicy === "time" && s.startTime !== undefined) config.opt_start_time = new Date(s.startTime * 1000).toISOString();
    if (s.ackWaitMs !== undefined) config.ack_wait = s.ackWaitMs * NANOS_PER_MS;
    if (s.maxDeliver !== undefined) config.max_deliver = s.maxDeliver;
    if (s.backOffMs.length > 0) config.backoff = s.backOffMs.map((ms) => ms * NANOS_PER_MS);
    if (s.maxAckPending !== undefined) config.max_ack_pending = s.maxAckPending;
    if (s.replicas !== undefined) config.num_replicas = s.replicas;
    if (s.memoryStorage) config.mem_storage = true;
    return config;
  }
}

function neverSettles(): Promise<never> {
  return new Promise<never>(() => undefined);
}

function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}

/** A publish to a subject no stream holds gets "no responders", which the client reports as JetStream not enabled. */
function mayLackStream(error: unknown): boolean {
  const name = (error as Error | undefined)?.name ?? "";
  return name === "JetStreamNotEnabled" || name === "NoRespondersError" || /no responders/i.test((error as Error | undefined)?.message ?? "");
}

const ENVELOPE_ID_PREFIX = Buffer.from('{"id":"');

/**
 * The CloudEvent id, as Nats-Msg-Id, so a retried publish is stored once. The runtime's envelopes
 * start with the id (read without parsing); other JSON events are parsed; raw payloads have none.
 */
export function cloudEventId(data: Buffer, contentType: string | undefined): string | undefined {
  if (data.length > ENVELOPE_ID_PREFIX.length && data.subarray(0, ENVELOPE_ID_PREFIX.length).equals(ENVELOPE_ID_PREFIX)) {
    const end = data.indexOf(0x22, ENVELOPE_ID_PREFIX.length);
    const id = end > 0 ? data.toString("utf8", ENVELOPE_ID_PREFIX.length, end) : "";
    if (id !== "" && !id.includes("\\")) return id;
  }
  if (!contentType?.includes("cloudevents") || data[0] !== 0x7b) return undefined;
  try {
    const id = (JSON.parse(data.toString("utf8")) as { id?: unknown }).id;
    return typeof id === "string" && id !== "" ? id : undefined;
  } catch {
    return undefined;
  }
}

/** NATS subject matching: `*` is one token, `>` the rest. */
export function subjectMatches(pattern: string, subject: string): boolean {
  if (pattern === subject) return true;
  const p = pattern.split(".");
  const s = subject.split(".");
  for (let i = 0; i < p.length; i++) {
    if (p[i] === ">") return s.length > i;
    if (i >= s.length || (p[i] !== "*" && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

function pemOrFile(value: string): string {
  return value.includes("-----BEGIN") ? value : readFileSync(value, "utf8");
}
