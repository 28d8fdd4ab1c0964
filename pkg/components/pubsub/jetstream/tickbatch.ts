/**
 * Coalesces the NATS client's socket writes. The client flushes what was queued in one microtask
 * checkpoint as one write, but publishes and acks issued from separate HTTP requests land in
 * separate checkpoints: one write (a syscall) each, which was most of the sidecar's NATS cost. Here a
 * lone publish goes at once; publishes issued while others await their PubAck wait for the end of
 * the event-loop turn and leave together (Nagle's idea without its timer), as acks always do.
 */
export class TickBatch {
  private readonly queue: Array<() => void> = [];

  /** Runs `write` now when it is `alone` (nothing else awaits an answer) and nothing waits, else at the end of this turn with the others. */
  write(write: () => void, alone: boolean): void {
    if (alone && this.queue.length === 0) write();
    else this.defer(write);
  }

  /** Fire-and-forget writes (acks, naks): always at the end of the turn, together. */
  defer(write: () => void): void {
    this.queue.push(write);
    if (this.queue.length === 1) setImmediate(() => this.flush());
  }

  /** Runs what waits now (before the connection drains at close). */
  flush(): void {
    for (const write of this.queue.splice(0)) {
      try {
        write();
      } catch {
        // The connection closed under it: an ack not sent means a redelivery, never a loss.
      }
    }
  }
}
