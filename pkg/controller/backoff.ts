/** Capped exponential backoff for requeues and informer restarts (STYLE.md: controller-runtime's rate limiter). */
export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
}

export class Backoff {
  private attempts = 0;
  private readonly initialMs: number;
  private readonly maxMs: number;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 200;
    this.maxMs = options.maxMs ?? 30_000;
  }

  /** The delay before the next attempt; doubles up to the cap. */
  next(): number {
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.attempts, 30));
    this.attempts++;
    return delay;
  }

  reset(): void {
    this.attempts = 0;
  }

  get failures(): number {
    return this.attempts;
  }
}
