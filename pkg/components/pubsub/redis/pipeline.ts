import type { Redis } from "ioredis";
import type { RedisClient } from "../../redis/client.js";
import { WriteCoalescer } from "../coalescer.js";

/** A command's arguments; nested arrays are flattened one level (ioredis' Command does), so callers need not spread. */
type Arg = string | number | Buffer | ReadonlyArray<string | number | Buffer>;

interface Queued {
  command: string;
  args: Arg[];
  resolve: (reply: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Concurrent commands as one Redis pipeline (the kit's WriteCoalescer decides when): a lone command
 * goes at once, those issued while replies are awaited share a socket write and a round trip. Each
 * still succeeds or fails on its own, so a 204 still means that its XADD succeeded. (ioredis' own
 * enableAutoPipelining mangles the Buffer arguments of callBuffer, which the reader uses on the same
 * connection.) A batch is each command sent with the socket corked, which makes it one write: an
 * ioredis Pipeline did the same but built an object per batch (copying the client's scripts onto
 * it) and copied every command's bytes once more into one buffer. On a Redis Cluster, whose client
 * has no single socket, a batch is one Pipeline per key, as a pipeline must stay within one slot.
 */
export class PipelinedCommands {
  private outstanding = 0;
  private readonly writes = new WriteCoalescer<Queued>({ send: (batch) => this.flush(batch) });
  private readonly settled = (): void => {
    this.outstanding--;
  };
  /** Commands waiting to leave with the next batch (see ride). */
  private riders: Queued[] = [];
  private ridersDue?: NodeJS.Timeout;

  constructor(private readonly client: RedisClient) {}

  call(command: string, args: Arg[]): Promise<unknown> {
    return new Promise((resolve, reject) => this.writes.push({ command, args, resolve, reject }, this.outstanding === 0));
  }

  /**
   * Sends the command with the next batch issued within `withinMs`, else alone then (or at
   * sendRiders()): a periodic command (the delayed mover's poll) then costs no socket write or read
   * of its own while the connection is busy, as Redis answers a batch in one write.
   */
  ride(command: string, args: Arg[], withinMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.riders.push({ command, args, resolve, reject });
      this.ridersDue ??= setTimeout(() => this.sendRiders(), withinMs);
    });
  }

  /** Sends the riders now, on their own. */
  sendRiders(): void {
    if (this.riders.length > 0) this.flush([]);
  }

  private flush(commands: Queued[]): void {
    let batch = commands;
    if (this.riders.length > 0) {
      batch = commands.length === 0 ? this.riders : [...commands, ...this.riders];
      this.riders = [];
      clearTimeout(this.ridersDue);
      this.ridersDue = undefined;
    }
    if (this.client.isCluster) {
      for (const part of byKey(batch)) {
        this.outstanding++;
        void this.sendPipeline(part).finally(this.settled);
      }
      return;
    }
    if (batch.length === 1) return this.send(batch[0]!);
    const socket = (this.client as Redis).stream as Redis["stream"] | undefined;
    socket?.cork();
    try {
      for (const queued of batch) this.send(queued);
    } finally {
      socket?.uncork();
    }
  }

  /** Settles the command; never rejects. */
  private send({ command, args, resolve, reject }: Queued): void {
    this.outstanding++;
    let reply: Promise<unknown>;
    try {
      reply = this.client.call(command, ...(args as string[]));
    } catch (error) {
      this.outstanding--;
      reject(error as Error);
      return;
    }
    reply.then(
      (value) => {
        this.outstanding--;
        resolve(value);
      },
      (error: unknown) => {
        this.outstanding--;
        reject(error as Error);
      },
    );
  }

  /** Settles every queued command; never rejects. */
  private async sendPipeline(batch: Queued[]): Promise<void> {
    const pipeline = this.client.pipeline();
    for (const { command, args } of batch) pipeline.call(command, ...(args as string[]));
    try {
      const results = await pipeline.exec();
      batch.forEach((queued, i) => {
        const [error, reply] = results?.[i] ?? [new Error("the pipeline returned no result"), undefined];
        if (error) queued.reject(error);
        else queued.resolve(reply);
      });
    } catch (error) {
      for (const queued of batch) queued.reject(error as Error);
    }
  }
}

/** The batch split by each command's first argument, its key (XADD's stream): one slot each. */
function byKey(batch: Queued[]): Queued[][] {
  const parts = new Map<unknown, Queued[]>();
  for (const queued of batch) {
    const first = queued.args[0];
    const key = Array.isArray(first) ? first[0] : first;
    const part = parts.get(key);
    if (part) part.push(queued);
    else parts.set(key, [queued]);
  }
  return [...parts.values()];
}
