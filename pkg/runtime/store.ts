import type { ComponentResource } from "../apis/types.js";
import type { KindInstances } from "../components/builtins.js";
import type { ComponentKind } from "../components/component.js";

export interface ComponentEntry<K extends ComponentKind = ComponentKind> {
  kind: K;
  name: string;
  resource: ComponentResource;
  instance: KindInstances[K];
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
