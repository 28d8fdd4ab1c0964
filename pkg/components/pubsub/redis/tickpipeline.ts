import type { RedisClient } from "../../redis/client.js";

type Arg = string | number | Buffer;

interface Queued {
  args: Arg[];
  resolve: (reply: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Sends concurrent commands as one pipeline, so concurrent publishes share a socket write and a
 * round trip, without delaying a lone command: with nothing outstanding a command goes at once;
 * while replies are awaited, the commands issued meanwhile wait for the end of the event-loop turn
 * and leave together (Nagle's idea without its timer). (ioredis' own enableAutoPipelining mangles
 * the Buffer arguments of callBuffer, which the consumer uses on the same connection.) Each command
 * still succeeds or fails on its own, so a 204 still means that its XADD succeeded. On a Redis
 * Cluster a pipeline must stay within one slot, so the commands go as one pipeline per key.
 */
export class TickPipeline {
  private queue: Queued[] = [];
  private outstanding = 0;

  constructor(private readonly client: RedisClient) {}

  call(command: string, args: Arg[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ args: [command, ...args], resolve, reject });
      if (this.queue.length > 1) return;
      if (this.outstanding === 0) this.flush();
      else setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    for (const part of this.client.isCluster ? byKey(batch) : [batch]) {
      this.outstanding++;
      void this.send(part).finally(() => this.outstanding--);
    }
  }

  /** Settles every queued command; never rejects. */
  private async send(batch: Queued[]): Promise<void> {
    if (batch.length === 1) {
      const [{ args: [command, ...rest], resolve, reject }] = batch as [Queued];
      await this.client.call(command as string, ...rest).then(resolve, reject);
      return;
    }
    const pipeline = this.client.pipeline();
    for (const { args } of batch) {
      const [command, ...rest] = args as [string, ...Arg[]];
      pipeline.call(command, ...rest);
    }
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
  const parts = new Map<Arg, Queued[]>();
  for (const queued of batch) {
    const key = queued.args[1] ?? "";
    const part = parts.get(key);
    if (part) part.push(queued);
    else parts.set(key, [queued]);
  }
  return [...parts.values()];
}
