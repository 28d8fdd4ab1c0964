import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage, Options } from "amqplib";
import type { ComponentContext, HealthReporter } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { requestBytes, requestSeconds, requestValue } from "../request.js";
import { BindingRequestError, type InputHandler, type InvokeRequest, type InvokeResponse } from "../types.js";
import { parseRabbitMQBinding, type RabbitMQBindingSettings } from "./metadata.js";

const CONNECT_TIMEOUT_MS = 5000;

interface Reader {
  handler: InputHandler;
  signal: AbortSignal;
}

/** Request metadata that sets an AMQP property rather than (only) a header (Dapr's common/component/rabbitmq). */
function publishOptions(settings: RabbitMQBindingSettings, metadata: Record<string, string>): Options.Publish {
  const options: Options.Publish = { persistent: true, contentType: requestValue(metadata, "contentType") ?? settings.contentType, headers: { ...metadata } };
  const ttl = requestSeconds(metadata, "ttlInSeconds");
  if (ttl !== undefined) {
    if (ttl < 0) throw new BindingRequestError(`metadata.ttlInSeconds must not be negative, got ${ttl}`);
    options.expiration = String(ttl * 1000);
  }
  const priority = requestValue(metadata, "priority");
  if (priority !== undefined) {
    if (!/^-?\d+$/.test(priority.trim())) throw new BindingRequestError(`metadata.priority must be an integer, got ${JSON.stringify(priority)}`);
    // Dapr clamps to 0..255.
    options.priority = Math.max(0, Math.min(255, Number(priority)));
  }
  const messageId = requestValue(metadata, "messageID");
  if (messageId !== undefined) options.messageId = messageId;
  const correlationId = requestValue(metadata, "correlationID");
  if (correlationId !== undefined) options.correlationId = correlationId;
  const type = requestValue(metadata, "type");
  if (type !== undefined) options.type = type;
  return options;
}

/** A message's string headers as event metadata, names query-escaped (Dapr's input binding). */
function eventMetadata(message: ConsumeMessage): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(message.properties.headers ?? {})) {
    if (typeof value === "string") metadata[encodeURIComponent(key)] = value;
    else if (Buffer.isBuffer(value)) metadata[encodeURIComponent(key)] = value.toString("utf8");
  }
  return metadata;
}

/**
 * `bindings.rabbitmq`: output `create` publishes the data to `queueName` through the default
 * exchange, persistent, and waits for the broker's confirm; the input consumes the queue and acks a
 * message only after the app's 2xx, nacking (requeue) otherwise, as Dapr does: at-least-once. After a
 * connection loss it reconnects every `reconnectWaitInSeconds`, declares the queue again and resumes
 * consuming; what was unacknowledged returns to the queue and is delivered again.
 */
export class RabbitMQBinding implements HealthReporter {
  private settings?: RabbitMQBindingSettings;
  private model?: ChannelModel;
  private publisher?: ConfirmChannel;
  private reader?: Reader;
  private consumer?: Channel;
  private readonly closing = new AbortController();
  private reconnecting?: Promise<void>;

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    this.settings = parseRabbitMQBinding(metadata);
    await this.connect(this.settings);
  }

  features(): string[] {
    return ["input", "output"];
  }

  healthy(): boolean {
    return this.model !== undefined;
  }

  operations(): string[] {
    return ["create"];
  }

  async invoke(request: InvokeRequest): Promise<InvokeResponse> {
    const settings = this.ready();
    if (request.operation !== "create") throw new BindingRequestError(`unsupported operation ${request.operation}; rabbitmq supports create`);
    const options = publishOptions(settings, request.metadata);
    const publisher = this.publisher;
    // While reconnecting a request fails at once (500), as Dapr's does, rather than waiting.
    if (!publisher) throw new Error(`channel/connection is not open (RabbitMQ at ${settings.safeUrl})`);
    await new Promise<void>((resolve, reject) => {
      publisher.sendToQueue(settings.queueName, requestBytes(request.data), options, (error: unknown) => (error ? reject(new Error(`the broker did not confirm the message: ${String(error)}`)) : resolve()));
    });
    return {};
  }

  async read(handler: InputHandler, signal: AbortSignal): Promise<void> {
    this.ready();
    if (this.reader) throw new Error(`rabbitmq binding ${this.context.name} is already reading`);
    const reader = { handler, signal };
    this.reader = reader;
    signal.addEventListener(
      "abort",
      () => {
        if (this.reader !== reader) return;
        this.reader = undefined;
        // Closing the channel returns what it held unacknowledged to the queue.
        void this.consumer?.close().catch(() => undefined);
        this.consumer = undefined;
      },
      { once: true },
    );
    if (this.model) await this.consume(this.model, reader);
  }

  private async connect(settings: RabbitMQBindingSettings): Promise<void> {
    const amqp = await import("amqplib");
    const socketOptions: Record<string, unknown> = { timeout: CONNECT_TIMEOUT_MS, ca: settings.ca, cert: settings.cert, key: settings.key };
    if (settings.externalSasl) socketOptions["credentials"] = amqp.credentials.external();
    let model: ChannelModel;
    try {
      model = await amqp.connect(settings.url, socketOptions);
    } catch (error) {
      throw new Error(`cannot connect to RabbitMQ at ${settings.safeUrl}: ${(error as Error).message}`);
    }
    try {
      const publisher = await model.createConfirmChannel();
      publisher.on("error", (error: Error) => this.context.logger.warn(`rabbitmq ${this.context.name} publish channel: ${error.message}`));
      const args: Record<string, unknown> = {};
      if (settings.queueTtlMs !== undefined) args["x-message-ttl"] = settings.queueTtlMs;
      if (settings.maxPriority !== undefined) args["x-max-priority"] = settings.maxPriority;
      await publisher.assertQueue(settings.queueName, { durable: settings.durable, autoDelete: settings.deleteWhenUnused, exclusive: settings.exclusive, arguments: args });
      model.on("error", (error: Error) => this.context.logger.warn(`rabbitmq ${this.context.name} connection: ${error.message}`));
      model.once("close", () => this.lost(model));
      this.model = model;
      this.publisher = publisher;
      if (this.reader) await this.consume(model, this.reader);
    } catch (error) {
      await closeModel(model);
      throw new Error(`cannot declare queue ${JSON.stringify(settings.queueName)} on RabbitMQ at ${settings.safeUrl}: ${(error as Error).message}`);
    }
  }

  private async consume(model: ChannelModel, reader: Reader): Promise<void> {
    const settings = this.ready();
    const channel = await model.createChannel();
    channel.on("error", (error: Error) => this.context.logger.warn(`rabbitmq ${this.context.name} consumer channel: ${error.message}`));
    if (settings.prefetchCount > 0) await channel.prefetch(settings.prefetchCount);
    this.consumer = channel;
    await channel.consume(
      settings.queueName,
      (message) => {
        if (!message) {
          this.context.logger.warn(`rabbitmq ${this.context.name}: the broker cancelled the consumer of ${settings.queueName} (queue deleted?)`);
          return;
        }
        const event = { data: message.content, contentType: message.properties.contentType as string | undefined, metadata: eventMetadata(message) };
        reader.handler(event).then(
          () => settle(() => channel.ack(message)),
          (error: unknown) => {
            this.context.logger.debug(`rabbitmq ${this.context.name}: the app did not take a message, requeued: ${(error as Error).message}`);
            settle(() => channel.nack(message, false, true));
          },
        );
      },
      { noAck: false },
    );
  }

  private lost(model: ChannelModel): void {
    if (this.model !== model) return;
    this.model = undefined;
    this.publisher = undefined;
    this.consumer = undefined;
    if (this.closing.signal.aborted) return;
    this.context.logger.warn(`rabbitmq ${this.context.name}: connection to ${this.settings?.safeUrl} lost; reconnecting every ${this.settings?.reconnectWaitMs}ms`);
    this.reconnecting = this.reconnect();
  }

  private async reconnect(): Promise<void> {
    const settings = this.ready();
    const signal = this.closing.signal;
    while (!signal.aborted) {
      try {
        await sleep(settings.reconnectWaitMs, undefined, { signal });
      } catch {
        return;
      }
      try {
        await this.connect(settings);
        this.context.logger.info(`rabbitmq ${this.context.name}: reconnected to ${settings.safeUrl}`);
        return;
      } catch (error) {
        this.context.logger.debug(`rabbitmq ${this.context.name}: ${(error as Error).message}`);
      }
    }
  }

  private ready(): RabbitMQBindingSettings {
    if (!this.settings || this.closing.signal.aborted) throw new Error(`rabbitmq binding ${this.context.name} is ${this.closing.signal.aborted ? "closed" : "not initialised"}`);
    return this.settings;
  }

  async close(): Promise<void> {
    this.closing.abort();
    this.reader = undefined;
    const model = this.model;
    this.model = undefined;
    this.publisher = undefined;
    this.consumer = undefined;
    if (model) await closeModel(model);
    await this.reconnecting;
  }
}

/**
 * Closes a connection, bounded: amqplib's close waits for the broker's Close-Ok, which never comes when
 * the socket fails meanwhile (a reset connection), so the connection's own close event or a timeout ends the wait.
 */
async function closeModel(model: ChannelModel): Promise<void> {
  const gone = new AbortController();
  try {
    await Promise.race([model.close().catch(() => undefined), once(model, "close", { signal: gone.signal }).catch(() => undefined), sleep(2000, undefined, { signal: gone.signal }).catch(() => undefined)]);
  } finally {
    gone.abort();
  }
}

/** An ack or nack on a channel that has since closed cannot be sent: the broker requeues the message itself. */
function settle(send: () => void): void {
  try {
    send();
  } catch {
    // The channel is gone; the message returns to the queue with it.
  }
}
