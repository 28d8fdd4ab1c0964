import type { Logger } from "../../../diagnostics/logger.js";

type Send = (command: string, args: Array<string | number>) => Promise<unknown>;

/** The ids of one stream settled since the last read was issued; one XACK acknowledges them all. */
export interface AckBatch {
  readonly stream: string;
  readonly ids: string[];
  /** Settles every ack of the batch: undefined once its XACK ran, else why not (the entries stay pending). */
  settle(error?: Error): void;
}

interface Held extends AckBatch {
  readonly done: Promise<void>;
}

/**
 * Acknowledgements waiting for the shared reader's next XREADGROUP, which carries them in its own
 * socket write (queued after the read: see SharedReader), so an ack costs neither a write nor a
 * read of its own. Acks that no read picks up within `holdMs` (the component went quiet while a
 * long-blocking read was in flight) go through `send`, the command connection's tick pipeline,
 * so an ack's delay stays far below processingTimeout, past which XAUTOCLAIM would redeliver.
 */
export class HeldAcks {
  private readonly held = new Map<string, Held>();
  private timer?: NodeJS.Timeout;
  private soon = false;

  constructor(
    private readonly group: string,
    private readonly holdMs: number,
    private readonly send: Send,
    private readonly logger: Logger,
  ) {}

  get size(): number {
    return this.held.size;
  }

  /** Holds the ack of `id` for the next read; resolves once its XACK ran, rejects if it failed. */
  hold(stream: string, id: string): Promise<void> {
    let batch = this.held.get(stream);
    if (!batch) {
      batch = this.newBatch(stream);
      this.held.set(stream, batch);
    }
    batch.ids.push(id);
    this.timer ??= setTimeout(() => this.sendHeld(), this.holdMs);
    return batch.done;
  }

  /** Sends the ack at the end of this event-loop turn with every other one settled in it (no read to ride on). */
  sendSoon(stream: string, id: string): Promise<void> {
    const done = this.hold(stream, id);
    if (!this.soon) {
      this.soon = true;
      setImmediate(() => {
        this.soon = false;
        this.sendHeld();
      });
    }
    return done;
  }

  /** Everything held, for the read about to be issued. */
  take(): AckBatch[] {
    const batches = [...this.held.values()];
    this.held.clear();
    this.clearTimer();
    return batches;
  }

  /** Sends the acks held (of `stream` only, if given) over the command connection now. */
  sendHeld(stream?: string): void {
    const batches = stream === undefined ? this.take() : this.takeStream(stream);
    for (const batch of batches) {
      this.send("XACK", [batch.stream, this.group, ...batch.ids]).then(
        () => batch.settle(),
        (error: unknown) => batch.settle(error as Error),
      );
    }
  }

  private takeStream(stream: string): AckBatch[] {
    const batch = this.held.get(stream);
    if (!batch) return [];
    this.held.delete(stream);
    if (this.held.size === 0) this.clearTimer();
    return [batch];
  }

  private clearTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** One warning per failed XACK, however many entries it carried. */
  private newBatch(stream: string): Held {
    const ids: string[] = [];
    let settle!: (error?: Error) => void;
    const done = new Promise<void>((resolve, reject) => {
      settle = (error) => {
        if (!error) return resolve();
        this.logger.warn(`acknowledging ${ids.length} entries of stream ${stream} failed: ${error.message}; they will be delivered again`);
        reject(error);
      };
    });
    return { stream, ids, settle, done };
  }
}
