import { DEFAULT_GRACEFUL_SHUTDOWN_MS } from "../component.js";
import type { ActiveSubscription, MessageHandler, PubSubMessage, Settlement } from "./types.js";


/**
 * The live subscriptions of one broker component, and its close. Every broker keeps one: a new
 * subscription runs under `signalFor(caller)` (the caller's stop or the component's close), is added
 * once started, and leaves the set when drained. `close()` stops them all and waits for their
 * handlers at most `drainMs` (the graceful-shutdown time): what is still unacknowledged then stays
 * with the broker, which redelivers it, so a bounded close loses nothing.
 */
export class BrokerSubscriptions<S extends ActiveSubscription = ActiveSubscription> {
  private readonly closing = new AbortController();
  private readonly live = new Set<S>();

  /** How long close() waits for handlers in flight (the graceful-shutdown time). */
  readonly drainMs: number;

  constructor(drainMs?: number) {
    this.drainMs = drainMs ?? DEFAULT_GRACEFUL_SHUTDOWN_MS;
  }

  get closed(): boolean {
    return this.closing.signal.aborted;
  }

  /** Aborts when the caller stops the subscription or the component closes. */
  signalFor(caller: AbortSignal): AbortSignal {
    return AbortSignal.any([caller, this.closing.signal]);
  }

  /** Tracks a started subscription; `onDrained` runs once it has drained (release what it held: a name, a session id). */
  add(subscription: S, onDrained?: () => void): S {
    this.live.add(subscription);
    void subscription.drained().finally(() => {
      this.live.delete(subscription);
      onDrained?.();
    });
    return subscription;
  }

  /** Stops every subscription; resolves once their handlers settled or `drainMs` passed, true when all drained in time. */
  async close(): Promise<boolean> {
    this.closing.abort();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.drainMs)));
    try {
      return await Promise.race([Promise.all([...this.live].map((s) => s.drained())).then(() => true as const), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A broker's ways to settle a message it delivered; `term` only where the broker has a terminal refusal of its own. */
export interface Settler {
  ack(): void;
  /** Back to the broker, delivered again after `delayMs` (0: the broker's own pace). */
  nack(delayMs: number): void | Promise<void>;
  term?(): void;
}

/**
 * The one mapping from the handler's answer to the broker (types.ts, MessageHandler): resolved ->
 * ack (delivered, or moved to the dead-letter topic by the runtime); resolved "dropped" (the runtime
 * gave it up: DROP, expired, no route, retries exhausted) -> term where the broker has one, else
 * ack; rejected -> nack, redelivered after `retryAfterMs`. A settle that throws (the channel closed
 * under it) is left to the broker, which delivers the message again: a duplicate, never a loss.
 */
export function deliver(handler: MessageHandler, message: PubSubMessage, settler: Settler, retryAfterMs: (error: unknown) => number): Promise<"done" | "dropped" | "retry"> {
  // Not an async function: the broker's settle runs in the one reaction to the handler's answer (an async
  // frame and its await are a promise and a suspended frame more per message, on every broker's path).
  let handled: Promise<Settlement | void>;
  try {
    handled = handler(message);
  } catch (error) {
    handled = Promise.reject(error as Error);
  }
  return Promise.resolve(handled).then(
    (settlement) => {
      const outcome = settlement === "dropped" ? "dropped" : "done";
      try {
        if (outcome === "dropped" && settler.term) settler.term();
        else settler.ack();
      } catch {
        // See above: the broker keeps what was not settled.
      }
      return outcome;
    },
    (error: unknown) => {
      const delayMs = retryAfterMs(error);
      let nacked: void | Promise<void>;
      try {
        nacked = settler.nack(delayMs);
      } catch {
        return "retry";
      }
      return nacked ? Promise.resolve(nacked).then(retried, retried) : "retry";
    },
  );
}

function retried(): "retry" {
  return "retry";
}

/**
 * Names a subscription takes in this process (a consumer name, a session's client id), per scope (a
 * stream and group): the lowest free one, so a resubscription after a stop (a hot reload) takes its
 * predecessor's name back, and with it what the broker kept for that name, while two live
 * subscriptions never share one.
 */
export class NameClaims {
  private readonly used = new Map<string, Set<string>>();

  /** The first of candidate(0), candidate(1), ... free in `scope`, now taken. */
  claim(scope: string, candidate: (index: number) => string): string {
    const used = this.used.get(scope) ?? new Set<string>();
    this.used.set(scope, used);
    for (let i = 0; ; i++) {
      const name = candidate(i);
      if (used.has(name)) continue;
      used.add(name);
      return name;
    }
  }

  release(scope: string, name: string): void {
    const used = this.used.get(scope);
    used?.delete(name);
    if (used?.size === 0) this.used.delete(scope);
  }
}
