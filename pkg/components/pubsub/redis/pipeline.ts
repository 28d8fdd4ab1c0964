import type { RedisClient } from "../../redis/client.js";
import { WriteCoalescer } from "../coalescer.js";

type Arg = string | number | Buffer;

interface Queued {
  args: Arg[];
  resolve: (reply: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Concurrent commands as one Redis pipeline (the kit's WriteCoalescer decides when): a lone command
 * goes at once, those issued while replies are awaited share a socket write and a round trip. Each
 * still succeeds or fails on its own, so a 204 still means that its XADD succeeded. (ioredis' own
 * enableAutoPipelining mangles the Buffer arguments of callBuffer, which the reader uses on the same
 * connection.) On a Redis Cluster a pipeline must stay within one slot: one pipeline per key.
 */
export class PipelinedCommands {
  private outstanding = 0;
  private readonly writes = new WriteCoalescer<Queued>({ send: (batch) => this.flush(batch) });

  constructor(private readonly client: RedisClient) {}

  call(command: string, args: Arg[]): Promise<unknown> {
    return new Promise((resolve, reject) => this.writes.push({ args: [command, ...args], resolve, reject }, this.outstanding === 0));
  }

  private flush(batch: Queued[]): void {
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
