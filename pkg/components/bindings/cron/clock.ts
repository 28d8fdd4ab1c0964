/** Time as the cron binding sees it: injected so tests move it forward instead of waiting for real minutes. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Calls `fire` once `ms` have passed on this clock; the returned function cancels it. */
  schedule(ms: number, fire: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, fire) {
    // setTimeout caps a delay at 2^31-1 ms (about 24.8 days): a longer wait is cut into pieces.
    const MAX = 2 ** 31 - 1;
    let timer: NodeJS.Timeout;
    const due = Date.now() + ms;
    const arm = (): void => {
      const left = due - Date.now();
      timer = setTimeout(left > MAX ? arm : fire, Math.min(Math.max(left, 0), MAX));
      timer.unref?.();
    };
    arm();
    return () => clearTimeout(timer);
  },
};
