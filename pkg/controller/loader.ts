import type { Resource } from "../apis/types.js";

/**
 * Where desired resources come from: files under --resources-path or the Kubernetes API (ARCHITECTURE.md
 * "The layers": loaders -> differ -> reconciler). A loader only reports that something may have
 * changed; the controller then reads `snapshot()` and converges (level-based, as controller-runtime reconciles).
 */
export interface ResourceLoader {
  /** For logs: "files under /x", "kubernetes namespace ns". */
  readonly description: string;
  /**
   * Starts reading and watching; resolves once the first complete list is in `snapshot()`
   * (the readiness gate "resources-synced" waits for it). Rejects only when `signal` aborts first.
   */
  start(signal: AbortSignal, onChange: () => void): Promise<void>;
  /** Every valid resource known now, all kinds, before scoping. */
  snapshot(): Resource[];
  /** A full re-read, for the periodic resync (catches what a watch missed). */
  resync(): Promise<void>;
  close(): Promise<void>;
}

/** A fixed set of resources: the embedded default of standalone mode without --resources-path. */
export class StaticLoader implements ResourceLoader {
  readonly description = "embedded defaults";
  constructor(private readonly resources: readonly Resource[]) {}
  async start(): Promise<void> {}
  snapshot(): Resource[] {
    return [...this.resources];
  }
  async resync(): Promise<void> {}
  async close(): Promise<void> {}
}
