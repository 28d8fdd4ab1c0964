import type { Redis } from "ioredis";

type Arg = string | number | Buffer;

interface Queued {
  args: Arg[];
  resolve: (reply: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Sends the commands issued in one turn of the event loop as one pipeline: concurrent publishes
 * then share a socket write and a round trip. (ioredis' own enableAutoPipelining mangles the
 * Buffer arguments of callBuffer, which the consumer uses on the same connection.) Each command
 * still succeeds or fails on its own, so a 204 still means that its XADD succeeded.
 */
export class TickPipeline {
  private queue: Queued[] = [];

  constructor(private readonly client: Redis) {}

  call(command: string, args: Arg[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ args: [command, ...args], resolve, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 1) {
      const [only] = batch as [Queued];
      const [command, ...args] = only.args as [string, ...Arg[]];
      this.client.call(command, ...args).then(only.resolve, only.reject);
      return;
    }
    const pipeline = this.client.pipeline();
    for (const { args } of batch) {
      const [command, ...rest] = args as [string, ...Arg[]];
      pipeline.call(command, ...rest);
    }
    pipeline.exec().then(
      (results) => {
        batch.forEach((queued, i) => {
          const [error, reply] = results?.[i] ?? [new Error("the pipeline returned no result"), undefined];
          if (error) queued.reject(error);
          else queued.resolve(reply);
        });
      },
      (error: Error) => {
        for (const queued of batch) queued.reject(error);
      },
    );
  }
}
