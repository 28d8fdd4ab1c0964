import { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { connect, credentials, type ChannelModel } from "amqplib";
import type { Logger } from "../../../diagnostics/logger.js";
import type { RabbitMQSettings } from "./metadata.js";

/** A TCP connect (and AMQP handshake) that hangs is a failed attempt, not a stuck component. */
const CONNECT_TIMEOUT_MS = 5000;
const FIRST_RETRY_MS = 100;

/**
 * The component's one AMQP connection, kept open: after a loss it reconnects with capped
 * exponential backoff (the cap is Dapr's `reconnectWaitSeconds`) until closed. Users ask for the
 * live connection with `connected()`, which waits (boundedly, by its signal) through an outage.
 */
export class AmqpConnection {
  private model?: ChannelModel;
  private readonly closing = new AbortController();
  private waiters: Array<(model: ChannelModel) => void> = [];
  private loop?: Promise<void>;
  /** Bumped per connection, so a user can tell its channel belongs to a connection that is gone. */
  generation = 0;

  constructor(
    private readonly settings: RabbitMQSettings,
    private readonly logger: Logger,
  ) {}

  /** The first connection; its failure is the component's init error. */
  async open(): Promise<void> {
    this.adopt(await this.dial());
  }

  get up(): boolean {
    return this.model !== undefined;
  }

  /** The live connection, waiting through an outage until `signal` aborts (then rejects). */
  connected(signal: AbortSignal): Promise<ChannelModel> {
    if (this.model) return Promise.resolve(this.model);
    if (this.closing.signal.aborted) return Promise.reject(new Error("RabbitMQ connection is closed"));
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(signal.reason instanceof Error ? signal.reason : new Error(`not connected to RabbitMQ at ${this.settings.safeUrl}`));
      };
      const waiter = (model: ChannelModel): void => {
        signal.removeEventListener("abort", onAbort);
        resolve(model);
      };
      if (signal.aborted) return onAbort();
      this.waiters.push(waiter);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  async close(): Promise<void> {
    this.closing.abort();
    const model = this.model;
    this.model = undefined;
    await model?.close().catch(() => undefined);
    await this.loop;
  }

  private adopt(model: ChannelModel): void {
    this.model = model;
    this.generation++;
    model.on("error", (error: Error) => this.logger.warn(`RabbitMQ connection to ${this.settings.safeUrl}: ${error.message}`));
    model.once("close", () => {
      if (this.model !== model) return;
      this.model = undefined;
      if (this.closing.signal.aborted) return;
      this.logger.warn(`RabbitMQ connection to ${this.settings.safeUrl} lost; reconnecting`);
      this.loop = this.reconnect();
    });
    for (const waiter of this.waiters.splice(0)) waiter(model);
  }

  private async reconnect(): Promise<void> {
    const signal = this.closing.signal;
    for (let attempt = 1; !signal.aborted; attempt++) {
      const wait = Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), Math.max(this.settings.reconnectWaitMs, FIRST_RETRY_MS));
      await sleep(wait, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      try {
        const model = await this.dial();
        if (signal.aborted) {
          await model.close().catch(() => undefined);
          return;
        }
        this.logger.info(`RabbitMQ connection to ${this.settings.safeUrl} restored after ${attempt} attempt(s)`);
        this.adopt(model);
        return;
      } catch (error) {
        if (attempt === 1) this.logger.warn(`reconnecting to RabbitMQ at ${this.settings.safeUrl}: ${(error as Error).message}`);
      }
    }
  }

  private async dial(): Promise<ChannelModel> {
    const s = this.settings;
    const url = new URL(s.url);
    if (!url.searchParams.has("heartbeat")) url.searchParams.set("heartbeat", String(s.heartbeatSeconds));
    const model = await connect(url.href, {
      timeout: CONNECT_TIMEOUT_MS,
      noDelay: true,
      clientProperties: { connection_name: s.clientName },
      ca: s.caCert !== undefined ? [s.caCert] : undefined,
      cert: s.clientCert,
      key: s.clientKey,
      credentials: s.saslExternal ? credentials.external() : undefined,
    });
    coalesceWrites(model);
    return model;
  }
}

/**
 * amqplib writes every frame with its own socket.write (a publish is three frames, an ack one),
 * and with Nagle off each is a syscall, the largest cost of a busy sidecar. Corking the socket until the end of the current turn sends what a turn
 * produced in one writev. amqplib does not expose its socket in its types, so this reaches for
 * it and does nothing when it is not there.
 */
function coalesceWrites(model: ChannelModel): void {
  const socket = (model.connection as unknown as { stream?: unknown }).stream;
  if (!(socket instanceof Socket)) return;
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket.uncork();
  };
  socket.write = ((...args: unknown[]): boolean => {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return write(...args);
  }) as typeof socket.write;
}
