import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage, Options } from "amqplib";
import type { ComponentContext, HealthReporter } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { AmqpConnection } from "../../rabbitmq/connection.js";
import { requestBytes, requestSeconds, requestValue } from "../request.js";
import { BindingRequestError, type InputHandler, type InvokeRequest, type InvokeResponse } from "../types.js";
import { parseRabbitMQBinding, type RabbitMQBindingSettings } from "./metadata.js";

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
  private connection?: AmqpConnection;
  private publisher?: ConfirmChannel;
  private reader?: Reader;
  private consumer?: Channel;
  private closed = false;

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    const settings = parseRabbitMQBinding(metadata);
    this.settings = settings;
    // Dapr's binding waits reconnectWaitInSeconds before every attempt, the first one too.
    const connection = new AmqpConnection(settings, { logger: this.context.logger, reconnectMs: [settings.reconnectWaitMs, settings.reconnectWaitMs], onOpen: (model) => this.setUp(model, settings) });
    await connection.open();
    this.connection = connection;
  }

  features(): string[] {
    return ["input", "output"];
  }

  healthy(): boolean {
    return this.connection?.up ?? false;
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
    if (this.connection?.up) await this.consume(await this.connection.connected(signal), reader);
  }

  /** Each connection: the publish channel, the queue declared, and the input consuming again if it reads. */
  private async setUp(model: ChannelModel, settings: RabbitMQBindingSettings): Promise<void> {
    try {
      const publisher = await model.createConfirmChannel();
      publisher.on("error", (error: Error) => this.context.logger.warn(`rabbitmq ${this.context.name} publish channel: ${error.message}`));
      const args: Record<string, unknown> = {};
      if (settings.queueTtlMs !== undefined) args["x-message-ttl"] = settings.queueTtlMs;
      if (settings.maxPriority !== undefined) args["x-max-priority"] = settings.maxPriority;
      await publisher.assertQueue(settings.queueName, { durable: settings.durable, autoDelete: settings.deleteWhenUnused, exclusive: settings.exclusive, arguments: args });
      model.once("close", () => {
        if (this.publisher !== publisher) return;
        this.publisher = undefined;
        this.consumer = undefined;
      });
      this.publisher = publisher;
      if (this.reader) await this.consume(model, this.reader);
    } catch (error) {
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

  private ready(): RabbitMQBindingSettings {
    if (!this.settings || this.closed) throw new Error(`rabbitmq binding ${this.context.name} is ${this.closed ? "closed" : "not initialised"}`);
    return this.settings;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reader = undefined;
    this.publisher = undefined;
    this.consumer = undefined;
    await this.connection?.close();
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
