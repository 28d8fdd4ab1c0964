/**
 * The signal of work nothing can cut short (an attempt under no timeout): its controller is never
 * reachable, so it never aborts, and watching it costs nothing (watchAbort returns at once).
 */
export const NEVER_ABORTED: AbortSignal = new AbortController().signal;

const UNWATCHED = (): void => undefined;

interface Watch {
  callbacks: Set<() => void>;
  listener: () => void;
}

/** Per signal being watched, the callbacks its one listener runs when it aborts. */
const watches = new WeakMap<AbortSignal, Watch>();

/**
 * Runs `callback` when `signal` aborts, until the returned function is called. Many callers may watch
 * one long-lived signal at once (every delivery in flight on a subscription's signal, or on the shared
 * never-aborting one of an attempt without a timeout): each would otherwise add a listener of its own,
 * and an EventTarget finds the one to remove by a walk of its list, so a burst of N costs N squared.
 * Here the signal has one listener while anyone watches it (none left behind after), and a caller is
 * one entry in a set. `signal` must not have aborted yet (check `signal.aborted` first).
 */
export function watchAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal === NEVER_ABORTED) return UNWATCHED;
  let watch = watches.get(signal);
  if (!watch) {
    const callbacks = new Set<() => void>();
    const listener = (): void => {
      watches.delete(signal);
      for (const watcher of callbacks) watcher();
      callbacks.clear();
    };
    watch = { callbacks, listener };
    watches.set(signal, watch);
    signal.addEventListener("abort", listener, { once: true });
  }
  const { callbacks, listener } = watch;
  callbacks.add(callback);
  return () => {
    if (!callbacks.delete(callback) || callbacks.size > 0) return;
    watches.delete(signal);
    signal.removeEventListener("abort", listener);
  };
}
