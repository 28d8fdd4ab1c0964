import type { Writable } from "node:stream";
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
 * The command connection's writes, one per event-loop turn: the first command of a turn corks the
 * socket and the turn's end (setImmediate) uncorks it, so every command issued meanwhile leaves in
 * one write and Redis answers them in one, as ioredis' enableAutoPipelining batches (which mangles
 * the Buffer arguments of callBuffer, which the reader uses on the same connection). Each command is
 * an ioredis call of its own, so it still succeeds or fails on its own (a 204 still means that its
 * XADD succeeded), and costs no promise or record here. Sending a lone command at once instead split
 * a busy connection's turn into the first command's write and the rest's (twice the writes and reads
 * of the relay's ioredis at 32 publishes in flight, bench/redis-ab.mjs), to gain the few microseconds
 * a setImmediate takes on an idle loop. On a Redis Cluster, whose client has no single socket, the
 * turn's commands go as one Pipeline per key instead, as a pipeline must stay within one slot.
 */
export class PipelinedCommands {
  /** The socket corked in this turn, uncorked at its end. */
  private corked?: Writable;
  private readonly uncork = (): void => {
    const socket = this.corked;
    this.corked = undefined;
    // The riders go last, behind the turn's commands.
    if (this.riders.length > 0) {
      for (const rider of this.takeRiders()) {
        try {
          this.client.call(rider.command, ...(rider.args as string[])).then(rider.resolve, rider.reject);
        } catch (error) {
          rider.reject(error as Error);
        }
      }
    }
    socket?.uncork();
  };
  private readonly clusterWrites?: WriteCoalescer<Queued>;
  /** Commands waiting to leave with the next write (see ride). */
  private riders: Queued[] = [];
  private ridersDue?: NodeJS.Timeout;

  constructor(private readonly client: RedisClient) {
    if (client.isCluster) this.clusterWrites = new WriteCoalescer<Queued>({ send: (batch) => this.sendPipelines(batch) });
  }

  call(command: string, args: Arg[]): Promise<unknown> {
    if (this.clusterWrites) return new Promise((resolve, reject) => this.clusterWrites!.push({ command, args, resolve, reject }));
    this.corkForTurn();
    return this.client.call(command, ...(args as string[]));
  }

  /**
   * Sends the command with the next write issued within `withinMs`, else alone then (or at
   * sendRiders()): a periodic command (the delayed mover's poll) then costs no socket write or read
   * of its own while the connection is busy, as Redis answers a batch in one write.
   */
  ride(command: string, args: Arg[], withinMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.riders.push({ command, args, resolve, reject });
      this.ridersDue ??= setTimeout(() => this.sendRiders(), withinMs);
    });
  }

  /** Sends the riders at the end of this turn (with its commands, if any). */
  sendRiders(): void {
    if (this.riders.length === 0) return;
    if (this.clusterWrites) this.sendPipelines([]);
    else this.corkForTurn();
  }

  /** Corks the socket for the rest of this turn (the riders join at its end). */
  private corkForTurn(): void {
    if (this.corked) return;
    const socket = (this.client as Redis).stream as Writable | undefined;
    // Not connected yet: the commands wait in ioredis' offline queue, and the turn's end still sends the riders.
    this.corked = socket ?? NOT_CONNECTED;
    this.corked.cork();
    setImmediate(this.uncork);
  }

  private takeRiders(): Queued[] {
    const riders = this.riders;
    this.riders = [];
    clearTimeout(this.ridersDue);
    this.ridersDue = undefined;
    return riders;
  }

  /** A Cluster's turn: one Pipeline per key, with the riders; each command settles on its own. */
  private sendPipelines(commands: Queued[]): void {
    const batch = this.riders.length > 0 ? [...commands, ...this.takeRiders()] : commands;
    for (const part of byKey(batch)) void this.sendPipeline(part);
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

/** Stands for the socket while ioredis has none. */
const NOT_CONNECTED = { cork: () => undefined, uncork: () => undefined } as unknown as Writable;

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
