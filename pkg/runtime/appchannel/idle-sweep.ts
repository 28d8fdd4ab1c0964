import type { ClientRequest } from "node:http";

/** The longest wait between two sweeps: a 60 s callback timeout then ends a stalled delivery within 62 s. */
const MAX_PERIOD_MS = 1_000;
/** The shortest: a timeout of a few milliseconds does not turn into a busy timer. */
const MIN_PERIOD_MS = 5;

/** A request a sweep watches; what `IdleSweep.watch` returns and `unwatch` takes. */
export interface SweptRequest {
  readonly req: ClientRequest;
  /** The socket's bytes read and written when a sweep last saw them change; -1 before the first sweep saw a socket. */
  progress: number;
  /** When a sweep last saw them change (performance.now()). */
  since: number;
}

/**
 * An idle timeout for many requests, kept by one periodic sweep over those in flight instead of a timer on each
 * request's socket. A socket timeout is armed when the agent hands the socket over, refreshed on every read and
 * write and cleared when the socket goes back to the pool: at a steady 1,000 deliveries/s, Node's timer list
 * work that the relay's bare request does not do (docs/performance.md). The sweep costs a Set insert and delete
 * per request and one timer per period while requests are in flight; it stops when none is.
 *
 * The meaning is the socket timeout's: a request times out once its socket has neither read nor written anything
 * for `timeoutMs` (bytes read plus bytes written unchanged), a connection still opening included; one still waiting
 * for a socket in the agent's queue is not counted, as the socket timeout did not count it. A sweep sees progress
 * up to one period after it happened and ends a request on the first sweep at least `timeoutMs` after that, so a
 * request ends between `timeoutMs` and `timeoutMs + 2 * periodMs` after its last progress, never before.
 */
export class IdleSweep {
  readonly periodMs: number;
  private readonly watched = new Set<SweptRequest>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly timeoutMs: number,
    private readonly onIdle: (req: ClientRequest) => void,
  ) {
    this.periodMs = Math.min(MAX_PERIOD_MS, Math.max(MIN_PERIOD_MS, Math.floor(timeoutMs / 20)));
  }

  /** Watches `req` until `unwatch` is given what this returned (at the request's end, whatever it was). */
  watch(req: ClientRequest): SweptRequest {
    const entry: SweptRequest = { req, progress: -1, since: 0 };
    this.watched.add(entry);
    // A timer that would keep the process alive for nothing: the sockets in flight already do.
    this.timer ??= setInterval(() => this.sweep(), this.periodMs).unref();
    return entry;
  }

  unwatch(entry: SweptRequest): void {
    this.watched.delete(entry);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.watched.clear();
  }

  private sweep(): void {
    if (this.watched.size === 0) {
      // Stopped by the first sweep that finds nothing in flight; the next request starts it again.
      this.stop();
      return;
    }
    const now = performance.now();
    for (const entry of this.watched) {
      const socket = entry.req.socket;
      // Node's bytesWritten is undefined once the socket has no write buffer left (destroyed), despite its type.
      const progress = socket ? socket.bytesRead + ((socket.bytesWritten as number | undefined) ?? 0) : -1;
      if (progress !== entry.progress || !socket) {
        entry.progress = progress;
        entry.since = now;
      } else if (now - entry.since >= this.timeoutMs) {
        this.watched.delete(entry);
        this.onIdle(entry.req);
      }
    }
  }
}
