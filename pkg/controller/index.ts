import type { KubeConfig } from "@kubernetes/client-node";
import type { Resource } from "../apis/types.js";
import type { Logger } from "../diagnostics/logger.js";
import type { BackoffOptions } from "../util/backoff.js";
import { FileLoader } from "./fileloader.js";
import { StaticLoader, type ResourceLoader } from "./loader.js";

export { Controller, type ComponentApplier, type ComponentOutcomeListener, type ControllerOptions, type ResourceListener } from "./controller.js";
export { ComponentEventReporter, type EventReporterOptions } from "./events.js";
export type { ResourceLoader } from "./loader.js";

/** Knobs tests turn down (production keeps the defaults). */
export interface ControllerTuning {
  /** Full resync period (default 60 s). */
  resyncIntervalMs?: number;
  /** Files: quiet time after a change before re-reading (default 100 ms). */
  debounceMs?: number;
  /** Files: how long a file that held resources may read empty before they go (default 2 s). */
  emptySettleMs?: number;
  /** Kubernetes: informer restart backoff (default 200 ms doubling to 30 s). */
  restartBackoff?: BackoffOptions;
  /** Requeue backoff after a failed reconcile pass (default RETRY_DEFAULTS.controllerRequeue). */
  retryBackoff?: BackoffOptions;
}

export interface LoaderChoice {
  mode: "standalone" | "kubernetes";
  resourcesPaths: readonly string[];
  namespace?: string;
  kubeConfig?: KubeConfig;
  /** What standalone mode loads without --resources-path (an in-memory `pubsub`, so a first publish works). */
  embedded: readonly Resource[];
  logger: Logger;
  tuning?: ControllerTuning;
  onInformerError?: (plural: string, error: unknown) => void;
}

/** Kubernetes mode reads the API server (docs/cli.md, `--mode`); standalone reads --resources-path or the embedded default. */
export function selectLoader(choice: LoaderChoice): ResourceLoader {
  if (choice.mode === "kubernetes") {
    if (!choice.kubeConfig) throw new Error("kubernetes mode needs an API server connection (a KubeConfig from cmd/runtimed)");
    if (!choice.namespace) throw new Error("kubernetes mode needs the pod's namespace (NAMESPACE)");
    const { kubeConfig, namespace } = choice;
    return new DeferredLoader(`kubernetes namespace ${namespace}`, async () => {
      const { KubernetesLoader } = await import("./kubeloader.js");
      return new KubernetesLoader({ kubeConfig, namespace, logger: choice.logger, restartBackoff: choice.tuning?.restartBackoff, onInformerError: choice.onInformerError });
    });
  }
  if (choice.resourcesPaths.length === 0) return new StaticLoader(choice.embedded);
  return new FileLoader({ folders: choice.resourcesPaths, logger: choice.logger, debounceMs: choice.tuning?.debounceMs, emptySettleMs: choice.tuning?.emptySettleMs });
}

/**
 * Builds its loader on first start: the Kubernetes loader pulls in @kubernetes/client-node, about a
 * second of start-up that standalone sidecars should not pay.
 */
class DeferredLoader implements ResourceLoader {
  private loader?: ResourceLoader;

  constructor(readonly description: string, private readonly create: () => Promise<ResourceLoader>) {}

  async start(signal: AbortSignal, onChange: () => void): Promise<void> {
    this.loader ??= await this.create();
    await this.loader.start(signal, onChange);
  }

  snapshot(): Resource[] {
    return this.loader?.snapshot() ?? [];
  }

  async resync(): Promise<void> {
    await this.loader?.resync();
  }

  async close(): Promise<void> {
    await this.loader?.close();
  }
}
