import type { ComponentResource } from "../apis/types.js";
import type { KindInstances } from "../components/builtins.js";
import type { ComponentKind } from "../components/component.js";

export interface ComponentEntry<K extends ComponentKind = ComponentKind> {
  kind: K;
  name: string;
  resource: ComponentResource;
  instance: KindInstances[K];
  /** Calls in flight on this instance (the processor's entries have one): a replaced instance closes once they end. */
  inFlight?: InFlight;
}

/**
 * Counts the calls in flight on one component instance. A hot reload swaps the store to the new instance
 * at once, but closes the old one only once the calls that already took it have finished (or the grace
 * period passed), so a reload fails none of them.
 */
export class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  enter(): void {
    this.count++;
  }

  leave(): void {
    if (--this.count > 0) return;
    this.count = 0;
    // Nothing waits but during a hot reload: no empty array spliced off on every publish that drains the count.
    if (this.waiters.length === 0) return;
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves once nothing is in flight, or after `timeoutMs`. */
  idle(timeoutMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

export interface ComponentFailure {
  name: string;
  type: string;
  error: string;
  /** True when an older instance of the same component keeps serving. */
  keptPrevious: boolean;
}

/**
 * The live components (Dapr's component store). API handlers only read it; the processor is the
 * only writer. Components are keyed by name across kinds, because a name is unique per app.
 */
export class ComponentStore {
  private readonly entries = new Map<string, ComponentEntry>();
  private readonly failed = new Map<string, ComponentFailure>();

  get<K extends ComponentKind>(kind: K, name: string): KindInstances[K] | undefined {
    const entry = this.entries.get(name);
    return entry && entry.kind === kind ? (entry.instance as KindInstances[K]) : undefined;
  }

  entry(name: string): ComponentEntry | undefined {
    return this.entries.get(name);
  }

  list<K extends ComponentKind>(kind: K): Array<ComponentEntry<K>>;
  list(): ComponentEntry[];
  list(kind?: ComponentKind): ComponentEntry[] {
    const all = [...this.entries.values()];
    return kind ? all.filter((e) => e.kind === kind) : all;
  }

  count(kind: ComponentKind): number {
    let n = 0;
    for (const entry of this.entries.values()) if (entry.kind === kind) n++;
    return n;
  }

  failures(): ComponentFailure[] {
    return [...this.failed.values()];
  }

  /** @internal processor only */
  set(entry: ComponentEntry): void {
    this.entries.set(entry.name, entry);
    this.failed.delete(entry.name);
  }

  /** @internal processor only */
  delete(name: string): ComponentEntry | undefined {
    const entry = this.entries.get(name);
    this.entries.delete(name);
    this.failed.delete(name);
    return entry;
  }

  /** @internal processor only */
  recordFailure(failure: ComponentFailure): void {
    this.failed.set(failure.name, failure);
  }
}
