import type { IPublishPacket, MqttClient } from "mqtt";
import type { ComponentContext, HealthReporter } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { connectMqtt, endMqtt, parseMqttConnection, type MqttConnectionSettings } from "../../mqtt/connection.js";
import { requestBytes, requestValue } from "../request.js";
import { BindingRequestError, type InputHandler, type InvokeRequest, type InvokeResponse } from "../types.js";

interface Mqtt3Settings {
  connection: MqttConnectionSettings;
  topic: string;
  consumerID: string;
  retain: boolean;
  cleanSession: boolean;
  backOffMaxRetries: number;
  redeliverIntervalMs: number;
  connectTimeoutMs: number;
}

/** Dapr's binding publishes and subscribes at QoS 1 whatever `qos` says. */
const QOS = 1;
const RECONNECT_MS: [number, number] = [100, 5000];

function parseSettings(metadata: ComponentMetadata, warn: (message: string) => void): Mqtt3Settings {
  const connection = parseMqttConnection(metadata);
  const topic = metadata.requireString("topic");
  if (/[+#]/.test(topic)) throw metadata.error("topic", `must be a topic name without wildcards (+, #), got ${JSON.stringify(topic)}`);
  const consumerID = metadata.requireString("consumerID");
  if (/\s/.test(consumerID)) throw metadata.error("consumerID", `must not contain whitespace, got ${JSON.stringify(consumerID)}`);
  if (metadata.string("qos") !== undefined) warn("metadata qos is deprecated (as in Dapr) and ignored: the binding uses QoS 1");
  const redeliverIntervalMs = metadata.durationMs("redeliverInterval", 5000);
  if (redeliverIntervalMs <= 0) throw metadata.error("redeliverInterval", "must be greater than 0");
  const connectTimeoutMs = metadata.durationMs("connectTimeout", 10_000);
  if (connectTimeoutMs <= 0) throw metadata.error("connectTimeout", "must be greater than 0");
  return {
    connection,
    topic,
    consumerID,
    retain: metadata.bool("retain", false),
    cleanSession: metadata.bool("cleanSession", false),
    backOffMaxRetries: metadata.int("backOffMaxRetries", -1, { min: -1 }),
    redeliverIntervalMs,
    connectTimeoutMs,
  };
}

/** mqtt.js sends no PUBACK for a message whose handleMessage callback gets an error. */
const LEFT_UNACKNOWLEDGED = new Error("left unacknowledged");

/**
 * `bindings.mqtt3`: output `create` publishes the data to `topic` (or the request's `metadata.topic`);
 * the input subscribes to `topic` and hands each message to the app in the order the broker sends
 * them, acknowledging it (PUBACK) only once the app answered 2xx. A message the app did not take is
 * handed over again after `redeliverInterval`; it is never acknowledged unprocessed, so with a
 * persistent session (cleanSession false) the broker keeps and resends it across reconnects and
 * restarts: at-least-once.
 */
export class Mqtt3Binding implements HealthReporter {
  private settings?: Mqtt3Settings;
  private producer?: Promise<MqttClient>;
  private consumer?: MqttClient;
  private reading = false;
  private closed = false;

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    this.settings = parseSettings(metadata, (m) => this.context.logger.warn(m));
    await Promise.resolve();
  }

  features(): string[] {
    return ["input", "output"];
  }

  healthy(): boolean {
    return this.consumer === undefined || this.consumer.connected;
  }

  operations(): string[] {
    return ["create"];
  }

  async invoke(request: InvokeRequest): Promise<InvokeResponse> {
    const settings = this.ready();
    if (request.operation !== "create") throw new BindingRequestError(`unsupported operation ${request.operation}; mqtt3 supports create`);
    const topic = requestValue(request.metadata, "topic") ?? settings.topic;
    if (/[+#\0]/.test(topic)) throw new BindingRequestError(`metadata.topic must be a topic name without wildcards (+, #), got ${JSON.stringify(topic)}`);
    const producer = await this.producerClient(settings);
    const published = producer.publishAsync(topic, requestBytes(request.data), { qos: QOS, retain: settings.retain });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the broker did not acknowledge the publish within ${settings.connectTimeoutMs}ms`)), settings.connectTimeoutMs);
    });
    try {
      await Promise.race([published, timeout]);
    } finally {
      clearTimeout(timer);
    }
    return {};
  }

  async read(handler: InputHandler, signal: AbortSignal): Promise<void> {
    const settings = this.ready();
    if (this.reading) throw new Error(`mqtt3 binding ${this.context.name} is already reading`);
    this.reading = true;
    let stopped = false;
    const consumer = await connectMqtt(settings.connection, {
      clientId: `${settings.consumerID}-consumer`,
      clean: settings.cleanSession,
      role: `input ${this.context.name}`,
      logger: this.context.logger,
      connectTimeoutMs: settings.connectTimeoutMs,
      reconnectMs: RECONNECT_MS,
      prepare: (client) => {
        client.handleMessage = (packet, done): void => {
          this.deliver(packet, handler, () => stopped || signal.aborted).then(
            (taken) => done(taken ? undefined : LEFT_UNACKNOWLEDGED),
            () => done(LEFT_UNACKNOWLEDGED),
          );
        };
      },
    }).catch((error: unknown) => {
      this.reading = false;
      throw error;
    });
    this.consumer = consumer;
    try {
      const granted = await consumer.subscribeAsync(settings.topic, { qos: QOS });
      if (granted.some((g) => g.qos === 128)) throw new Error(`the broker refused the subscription to ${JSON.stringify(settings.topic)}`);
    } catch (error) {
      this.reading = false;
      this.consumer = undefined;
      consumer.end(true);
      throw error;
    }
    signal.addEventListener(
      "abort",
      () => {
        // Without unsubscribing: a persistent session keeps the subscription and queues what comes meanwhile.
        stopped = true;
        this.reading = false;
        if (this.consumer === consumer) this.consumer = undefined;
        void endMqtt(consumer);
      },
      { once: true },
    );
  }

  /** Hands one message to the app until it takes it; false when it is to stay unacknowledged (stopping, or retries spent). */
  private async deliver(packet: IPublishPacket, handler: InputHandler, stopping: () => boolean): Promise<boolean> {
    const settings = this.ready();
    const data = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    for (let attempt = 0; ; attempt++) {
      if (stopping() || this.closed) return false;
      try {
        await handler({ data, metadata: { topic: packet.topic } });
        return true;
      } catch (error) {
        if (settings.backOffMaxRetries >= 0 && attempt >= settings.backOffMaxRetries) {
          this.context.logger.error(`mqtt3 ${this.context.name}: the app did not take a message on ${packet.topic} after ${attempt + 1} attempts; left unacknowledged for the broker to resend: ${(error as Error).message}`);
          return false;
        }
        this.context.logger.warn(`mqtt3 ${this.context.name}: the app did not take a message on ${packet.topic}, handing it over again in ${settings.redeliverIntervalMs}ms: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, settings.redeliverIntervalMs).unref());
      }
    }
  }

  private producerClient(settings: Mqtt3Settings): Promise<MqttClient> {
    this.producer ??= connectMqtt(settings.connection, {
      clientId: `${settings.consumerID}-producer`,
      clean: true,
      role: `output ${this.context.name}`,
      logger: this.context.logger,
      connectTimeoutMs: settings.connectTimeoutMs,
      reconnectMs: RECONNECT_MS,
    }).catch((error: unknown) => {
      this.producer = undefined;
      throw error;
    });
    return this.producer;
  }

  private ready(): Mqtt3Settings {
    if (!this.settings || this.closed) throw new Error(`mqtt3 binding ${this.context.name} is ${this.closed ? "closed" : "not initialised"}`);
    return this.settings;
  }

  async close(): Promise<void> {
    this.closed = true;
    const consumer = this.consumer;
    this.consumer = undefined;
    const producer = this.producer;
    this.producer = undefined;
    await Promise.all([consumer ? endMqtt(consumer) : undefined, producer?.then(endMqtt, () => undefined)]);
  }
}
