import type { Redis } from "ioredis";

type CommandDeque = Redis["commandQueue"];

/** ioredis' own error for a command its commandTimeout failed. */
export const COMMAND_TIMED_OUT = "Command timed out";

/**
 * ioredis' `commandTimeout` for a connection that sends many small commands, with one timer: ioredis arms a
 * timer per command (a Timeout object put in the timer list, cleared at the reply), which was about 1 KB
 * allocated per publish of pubsub.redis (bench/redis-ab.mjs). A connection's commands awaiting their reply are
 * its `commandQueue`, in the order they were sent (Redis answers in that order), so a sweep every `periodMs`
 * over it does the same: a command still unanswered `timeoutMs - periodMs` after the sweep first saw it is failed
 * with ioredis' own error, between that and `timeoutMs` after it was sent, and its reply, should one come, is
 * dropped as ioredis drops a timed-out command's. Commands not yet written (ioredis' offline queue, while it
 * reconnects) are swept too, as ioredis' timer starts when a command is issued, written or not.
 */
export class CommandTimeouts {
  private readonly firstSeen = new WeakMap<object, number>();
  private readonly timer: NodeJS.Timeout;
  private readonly periodMs: number;

  constructor(private readonly client: Redis, private readonly timeoutMs: number) {
    this.periodMs = Math.max(1, Math.min(250, Math.floor(timeoutMs / 4)));
    this.timer = setInterval(() => this.sweep(performance.now()), this.periodMs).unref();
  }

  /** Fails the commands awaiting a reply for too long; `now` is performance.now(). */
  sweep(now: number): void {
    const expiredBefore = now - (this.timeoutMs - this.periodMs);
    this.sweepQueue(this.client.commandQueue, now, expiredBefore);
    // ioredis declares its offline queue private; it is the same kind of deque of the same items.
    const offline = (this.client as unknown as { offlineQueue?: CommandDeque }).offlineQueue;
    if (offline) this.sweepQueue(offline, now, expiredBefore);
  }

  private sweepQueue(queue: CommandDeque, now: number, expiredBefore: number): void {
    for (let i = 0; i < queue.length; i++) {
      const { command } = queue.peekAt(i)!;
      const seen = this.firstSeen.get(command);
      if (seen === undefined) this.firstSeen.set(command, now);
      else if (seen <= expiredBefore) {
        // Failed once; it stays queued until its reply (or the connection's end) comes.
        this.firstSeen.set(command, Number.POSITIVE_INFINITY);
        command.reject(new Error(COMMAND_TIMED_OUT));
      }
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
