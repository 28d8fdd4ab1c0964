import type { Logger } from "../../diagnostics/logger.js";
import type { ConfigurationItem, ConfigurationUpdateHandler } from "./types.js";

interface Subscriber {
  /** undefined: every key, including keys created later. */
  keys: ReadonlySet<string> | undefined;
  handler: ConfigurationUpdateHandler;
  signal: AbortSignal;
}

/**
 * The subscribers of one configuration store: each change is filtered to the keys a subscriber
 * asked for and handed over until its signal aborts. Shared by every store so they filter alike.
 */
export class ConfigurationSubscribers {
  private readonly subscribers = new Set<Subscriber>();

  constructor(private readonly logger: Logger) {}

  /** Adds a subscriber; it leaves by itself when `signal` aborts. Returns a function that removes it now. */
  add(keys: readonly string[], handler: ConfigurationUpdateHandler, signal: AbortSignal): () => void {
    const subscriber: Subscriber = { keys: keys.length > 0 ? new Set(keys) : undefined, handler, signal };
    const remove = (): void => {
      this.subscribers.delete(subscriber);
    };
    if (signal.aborted) return remove;
    this.subscribers.add(subscriber);
    signal.addEventListener("abort", remove, { once: true });
    return remove;
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Whether any subscriber cares about `key`. */
  wants(key: string): boolean {
    for (const s of this.subscribers) if (!s.keys || s.keys.has(key)) return true;
    return false;
  }

  /** Hands each subscriber the changes it asked for; a handler's failure is logged, never thrown at the store. */
  dispatch(changes: ReadonlyMap<string, ConfigurationItem>): void {
    if (changes.size === 0) return;
    for (const subscriber of this.subscribers) {
      if (subscriber.signal.aborted) continue;
      const selected = new Map<string, ConfigurationItem>();
      for (const [key, item] of changes) if (!subscriber.keys || subscriber.keys.has(key)) selected.set(key, item);
      if (selected.size === 0) continue;
      subscriber.handler(selected).catch((error: unknown) => {
        this.logger.error(`configuration subscriber failed on keys ${[...selected.keys()].join(", ")}: ${(error as Error).message}`);
      });
    }
  }

  clear(): void {
    this.subscribers.clear();
  }
}

/** Selects `keys` (none: all) from a full item map, as `get` answers (missing keys are absent). */
export function selectItems(all: ReadonlyMap<string, ConfigurationItem>, keys: readonly string[]): Map<string, ConfigurationItem> {
  if (keys.length === 0) return new Map(all);
  const out = new Map<string, ConfigurationItem>();
  for (const key of keys) {
    const item = all.get(key);
    if (item) out.set(key, item);
  }
  return out;
}

/** Items that differ between two snapshots; a key gone from `next` is a deletion, value "" (types.ts). */
export function diffItems(previous: ReadonlyMap<string, ConfigurationItem>, next: ReadonlyMap<string, ConfigurationItem>): Map<string, ConfigurationItem> {
  const changes = new Map<string, ConfigurationItem>();
  for (const [key, item] of next) {
    const before = previous.get(key);
    if (!before || before.value !== item.value || before.version !== item.version || JSON.stringify(before.metadata) !== JSON.stringify(item.metadata)) changes.set(key, item);
  }
  for (const key of previous.keys()) if (!next.has(key)) changes.set(key, { value: "" });
  return changes;
}
