import { readFileSync } from "node:fs";
import { connect, headers as natsHeaders, jwtAuthenticator, type MsgHdrs, type NatsConnection, type NodeConnectionOptions } from "@nats-io/transport-node";
import { jetstream, jetstreamManager, JetStreamApiCodes, PubHeaders, type Consumer, type JetStreamClient, type JetStreamManager, type JetStreamOptions } from "@nats-io/jetstream";
import type { ComponentMetadata } from "../../metadata.js";
import { consumerIdOf, expiresAtOf } from "../metadata.js";
import type { ActiveSubscription, DelayedDelivery, MessageHandler, PubSubFeature, PublishRequest, SubscribeRequest } from "../types.js";
import { BrokerPubSub } from "../broker.js";
import { JetStreamDelayed } from "./delayed.js";
import { parseJetStreamMetadata, safeName, type JetStreamSettings } from "./metadata.js";
import { NoStreamError, PubAckPublisher } from "./publisher.js";
import { isApiError, StreamDirectory } from "./streams.js";
import { CONTENT_TYPE_HEADER, EXPIRES_HEADER, JetStreamSubscription } from "./subscription.js";
import { runEach, WriteCoalescer } from "../coalescer.js";

/** Below the runtime's default initTimeout (5s), so init fails with the reason rather than the runtime's timeout. */
const CONNECT_TIMEOUT_MS = 4000;
/** A publish answers (500) within this while the server is slow; while disconnected it answers at once. */
const PUBLISH_TIMEOUT_MS = 5000;

/**
 * `pubsub.jetstream`: NATS JetStream. A topic is a subject; each (consumerID or durableName, topic)
 * is a durable pull consumer on the server, so replicas of an app compete for messages, different
 * apps each get all of them, and what is unacknowledged survives a sidecar restart.
 */
export class JetStreamPubSub extends BrokerPubSub<JetStreamSettings, JetStreamSubscription, JetStreamDelayed> implements DelayedDelivery {
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private jsm?: JetStreamManager;
  private publisher?: PubAckPublisher;
  private streams?: StreamDirectory;
  private connected = false;
  /**
   * One per connection: publishes and acks of a turn share a socket write. The client flushes what one
   * microtask checkpoint queued as one write, so a batch is the writes run together; it waits out the
   * next turn too (the server, woken once per write, spends less per message), unless already 32 long.
   */
  private readonly writes = new WriteCoalescer<() => void>({ send: runEach, turns: 2, fullAt: 32 });

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
    this.connected = true;
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
    this.streams = new StreamDirectory(this.jsm, settings, this.context.logger);
    this.publisher = new PubAckPublisher(nc, this.writes, PUBLISH_TIMEOUT_MS);
    this.delayed = new JetStreamDelayed({ jsm: this.jsm, js: this.js, send: (subject, data, h) => this.send(subject, data, h), memoryStorage: settings.memoryStorage, connectionClosed: () => nc.isClosed(), now: this.now, logger: this.context.logger });
    // Every live sidecar of the component takes part in moving due messages.
    this.delayed.start();
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

  maxDeliveryDelayMs(): number {
    return this.ready().settings.maxDeliveryDelayMs;
  }

  async publish(request: PublishRequest): Promise<void> {
    const { settings } = this.ready();
    // The client would buffer the publish until it reconnects; the caller wants its 500 now.
    if (!this.connected) throw new Error(`the connection to NATS at ${settings.servers.join(",")} is down (reconnecting)`);
    const h = natsHeaders();
    if (request.contentType) h.set(CONTENT_TYPE_HEADER, request.contentType);
    const expiresAt = expiresAtOf(request.ttlMs, this.now());
    if (expiresAt !== undefined) h.set(EXPIRES_HEADER, String(expiresAt));
    const msgID = request.eventId ?? cloudEventId(request.data, request.contentType);
    // JetStream stores a message once per Nats-Msg-Id (within the stream's duplicate window): a retried publish too.
    if (request.deliverAt !== undefined) return this.delayed!.hold(request.topic, request.data, h, msgID, request.deliverAt);
    if (msgID !== undefined) h.set(PubHeaders.MsgIdHdr, msgID);
    await this.send(request.topic, request.data, h);
  }

  /** Publishes and awaits the PubAck; no stream holding the subject: find or create one, publish again (the msgID keeps it single). */
  private async send(subject: string, data: Uint8Array, h: MsgHdrs): Promise<void> {
    const { publisher, streams } = this.ready();
    try {
      await publisher.publish(subject, data, h);
    } catch (error) {
      if (!(error instanceof NoStreamError)) throw error;
      streams.forget(subject);
      await streams.streamFor(subject);
      await publisher.publish(subject, data, h);
    }
  }

  async subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription> {
    const { settings, streams } = this.ready();
    const { topic } = request;
    const base = settings.durableName ?? consumerIdOf(request.metadata) ?? this.context.appId;
    const durable = safeName(`${base}-${topic}`);
    const bind = async (): Promise<Consumer> => {
      const stream = await streams.streamFor(topic);
      await streams.ensureConsumer(stream, durable, topic);
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
      consumer,
      settings,
      handler,
      logger: this.context.logger,
      writes: this.writes,
      now: this.now,
      rebind: () => {
        streams.forget(topic);
        return bind();
      },
    });
    return this.track(topic, subscription, signal);
  }

  protected async disconnect(): Promise<void> {
    this.writes.flush();
    const nc = this.nc;
    this.nc = undefined;
    // Read before `connected` is cleared: read after, it would always say "down" and close() would never drain.
    const drain = nc !== undefined && this.connectedNow(nc);
    this.connected = false;
    try {
      if (!nc || nc.isClosed()) return;
      // drain() flushes the acks of the last handlers (and lets PubAcks already on their way in settle their
      // publishes); a dead server makes it hang, so close() is the fallback.
      if (drain) await nc.drain().catch(() => nc.close());
      else await nc.close();
    } finally {
      this.publisher?.close();
    }
  }

  /** Down while the connection is (the client keeps reconnecting). */
  healthy(): boolean {
    return this.connected;
  }

  private connectedNow(nc: NatsConnection): boolean {
    return this.connected && !nc.isClosed() && !nc.isDraining();
  }

  private ready(): { js: JetStreamClient; jsm: JetStreamManager; settings: JetStreamSettings; publisher: PubAckPublisher; streams: StreamDirectory } {
    const { js, jsm, publisher, streams } = this;
    const settings = this.configured();
    if (!js || !jsm || !publisher || !streams || this.closed) throw new Error(`pubsub ${this.context.name} is not initialised`);
    return { js, jsm, settings, publisher, streams };
  }

  private connectOptions(settings: JetStreamSettings): NodeConnectionOptions {
    const options: NodeConnectionOptions = {
      servers: settings.servers,
      name: settings.name,
      timeout: CONNECT_TIMEOUT_MS,
      // An outage is not the end of the component: reconnect for ever, consumers resume on the server's state.
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      // The client otherwise builds an Error per request (JetStream API calls, pulls) to keep its stack.
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

  private async watchStatus(nc: NatsConnection, where: string): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === "disconnect") {
        if (this.connected) this.context.logger.warn(`NATS connection to ${where} lost; reconnecting`);
        this.connected = false;
        // A PubAck that did not arrive may still have been stored: the caller's retry is de-duplicated by its msgID.
        this.publisher?.failAll(new Error(`the connection to NATS at ${where} was lost before JetStream acknowledged the publish`));
      } else if (status.type === "reconnect") {
        this.connected = true;
        this.context.logger.info(`NATS connection to ${where} restored`);
      }
    }
  }
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

function pemOrFile(value: string): string {
  return value.includes("-----BEGIN") ? value : readFileSync(value, "utf8");
}
