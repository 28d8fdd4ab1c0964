import { once } from "node:events";
import { Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { connect, credentials, type ChannelModel } from "amqplib";
import type { Logger } from "../../diagnostics/logger.js";
import type { AmqpSettings } from "./settings.js";

/** A TCP connect (and AMQP handshake) that hangs is a failed attempt, not a stuck component. */
const CONNECT_TIMEOUT_MS = 5000;

export interface AmqpConnectionOptions {
  logger: Logger;
  /** Reconnection: the first wait, doubled per failed attempt up to the second. */
  reconnectMs: [number, number];
  /**
   * Readies each new connection (a channel, a queue declared, a consumer started) before it counts
   * as up; a failure fails that attempt (the first one's is the component's init error).
   */
  onOpen?: (model: ChannelModel) => Promise<void>;
}

/**
 * A RabbitMQ component's one AMQP connection, kept open: after a loss it reconnects with capped
 * exponential backoff until closed. Users ask for the live connection with `connected()`, which
 * waits (boundedly, by its signal) through an outage.
 */
export class AmqpConnection {
  private model?: ChannelModel;
  private readonly closing = new AbortController();
  private waiters: Array<(model: ChannelModel) => void> = [];
  private loop?: Promise<void>;
  /** Bumped per connection, so a user can tell its channel belongs to a connection that is gone. */
  generation = 0;

  constructor(
    private readonly settings: AmqpSettings,
    private readonly options: AmqpConnectionOptions,
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
    if (model) await closeModel(model);
    await this.loop;
  }

  private adopt(model: ChannelModel): void {
    const { logger } = this.options;
    this.model = model;
    this.generation++;
    model.on("error", (error: Error) => logger.warn(`RabbitMQ connection to ${this.settings.safeUrl}: ${error.message}`));
    model.once("close", () => {
      if (this.model !== model) return;
      this.model = undefined;
      if (this.closing.signal.aborted) return;
      logger.warn(`RabbitMQ connection to ${this.settings.safeUrl} lost; reconnecting`);
      this.loop = this.reconnect();
    });
    for (const waiter of this.waiters.splice(0)) waiter(model);
  }

  private async reconnect(): Promise<void> {
    const signal = this.closing.signal;
    const [firstMs, maxMs] = this.options.reconnectMs;
    for (let attempt = 1; !signal.aborted; attempt++) {
      await sleep(Math.min(firstMs * 2 ** (attempt - 1), Math.max(maxMs, firstMs)), undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      try {
        const model = await this.dial();
        if (signal.aborted) {
          await closeModel(model);
          return;
        }
        this.options.logger.info(`RabbitMQ connection to ${this.settings.safeUrl} restored after ${attempt} attempt(s)`);
        this.adopt(model);
        return;
      } catch (error) {
        if (attempt === 1) this.options.logger.warn(`reconnecting to RabbitMQ at ${this.settings.safeUrl}: ${(error as Error).message}`);
      }
    }
  }

  private async dial(): Promise<ChannelModel> {
    const s = this.settings;
    const url = new URL(s.url);
    if (s.heartbeatSeconds !== undefined && !url.searchParams.has("heartbeat")) url.searchParams.set("heartbeat", String(s.heartbeatSeconds));
    let model: ChannelModel;
    try {
      model = await connect(url.href, {
        timeout: CONNECT_TIMEOUT_MS,
        noDelay: true,
        clientProperties: s.clientName === undefined ? undefined : { connection_name: s.clientName },
        ca: s.ca !== undefined ? [s.ca] : undefined,
        cert: s.cert,
        key: s.key,
        credentials: s.saslExternal ? credentials.external() : undefined,
      });
    } catch (error) {
      throw new Error(`cannot connect to RabbitMQ at ${s.safeUrl}: ${(error as Error).message}`);
    }
    coalesceWrites(model);
    try {
      await this.options.onOpen?.(model);
    } catch (error) {
      await closeModel(model);
      throw error;
    }
    return model;
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
