import { CustomObjectsApi, makeInformer, type KubeConfig, type KubernetesObject, type ListWatch } from "@kubernetes/client-node";
import type { Resource } from "../apis/types.js";
import { validateResource } from "../apis/validate.js";
import { scoped, type Logger } from "../diagnostics/logger.js";
import { Backoff, RETRY_DEFAULTS, type BackoffOptions } from "../util/backoff.js";
import { resourceKey } from "./differ.js";
import type { ResourceLoader } from "./loader.js";

/** The runtime.io resources a sidecar reads in its namespace (ARCHITECTURE.md "Identity"; crds/). */
export const WATCHED_RESOURCES = [
  { kind: "Component", group: "runtime.io", version: "v1alpha1", plural: "components" },
  { kind: "Subscription", group: "runtime.io", version: "v2alpha1", plural: "subscriptions" },
  { kind: "Configuration", group: "runtime.io", version: "v1alpha1", plural: "configurations" },
  // Optional: a cluster whose CRDs predate it (helm does not upgrade crds/) answers 404; the sidecar
  // then starts without Resiliency policies and keeps asking, so installing the CRD later works.
  { kind: "Resiliency", group: "runtime.io", version: "v1alpha1", plural: "resiliencies", optional: true },
] as const;

type Watched = (typeof WATCHED_RESOURCES)[number];

export interface KubernetesLoaderOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  logger: Logger;
  /** Informer restarts after an error: capped exponential backoff (default 200ms doubling to 30s). */
  restartBackoff?: BackoffOptions;
  /** Called for each informer error (metrics, tests). */
  onInformerError?: (plural: string, error: unknown) => void;
}

/**
 * Kubernetes mode's loader: one informer per resource type in the pod's namespace. The client's
 * informer relists by itself on 410 Gone and resumes after a clean end, but stops on any other
 * error: each one is wrapped here and restarted with capped backoff.
 */
export class KubernetesLoader implements ResourceLoader {
  readonly description: string;
  private readonly logger: Logger;
  private readonly informers: InformerRunner[];

  constructor(options: KubernetesLoaderOptions) {
    this.description = `kubernetes namespace ${options.namespace}`;
    this.logger = scoped(options.logger, "runtime.controller.kubernetes");
    this.informers = WATCHED_RESOURCES.map((w) => new InformerRunner(w, options, this.logger));
  }

  async start(signal: AbortSignal, onChange: () => void): Promise<void> {
    signal.addEventListener("abort", () => void this.close(), { once: true });
    await Promise.all(this.informers.map((i) => i.start(onChange, signal)));
  }

  snapshot(): Resource[] {
    return this.informers.flatMap((i) => i.resources());
  }

  /** The informers' caches are the truth; their relists (410, restarts) keep them whole. */
  async resync(): Promise<void> {}

  async close(): Promise<void> {
    await Promise.all(this.informers.map((i) => i.stop()));
  }
}

/** One informer, restarted after errors, with the last valid version of each object. */
class InformerRunner {
  private readonly informer: ListWatch<KubernetesObject>;
  private readonly backoff: Backoff;
  private readonly lastValid = new Map<string, Resource>();
  private readonly reported = new Map<string, string>();
  private errors = 0;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  private synced = false;
  private resolveSynced?: () => void;

  constructor(private readonly watched: Watched, private readonly options: KubernetesLoaderOptions, private readonly logger: Logger) {
    const { kubeConfig, namespace } = options;
    const api = kubeConfig.makeApiClient(CustomObjectsApi);
    const { group, version, plural } = watched;
    const list = (): Promise<never> => api.listNamespacedCustomObject({ group, version, namespace, plural }) as Promise<never>;
    this.informer = makeInformer(kubeConfig, `/apis/${group}/${version}/namespaces/${encodeURIComponent(namespace)}/${plural}`, list) as ListWatch<KubernetesObject>;
    this.backoff = new Backoff(options.restartBackoff ?? RETRY_DEFAULTS.informerRestart);
    this.informer.on("error", (error) => this.failed(error));
  }

  /** Resolves once the first list and watch succeeded (retrying with backoff until then). */
  start(onChange: () => void, signal: AbortSignal): Promise<void> {
    for (const verb of ["add", "update", "delete"] as const) this.informer.on(verb, () => onChange());
    const synced = new Promise<void>((resolve, reject) => {
      this.resolveSynced = resolve;
      signal.addEventListener("abort", () => reject(new Error("stopped before the first list of runtime.io resources")), { once: true });
    });
    this.run();
    return synced;
  }

  resources(): Resource[] {
    const out: Resource[] = [];
    const present = new Set<string>();
    for (const object of this.informer.list(this.options.namespace)) {
      const resource = this.validated(object);
      if (!resource) continue;
      present.add(resourceKey(resource));
      out.push(resource);
    }
    for (const key of [...this.lastValid.keys()]) if (!present.has(key)) this.lastValid.delete(key);
    return out;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.informer.stop();
  }

  private run(): void {
    if (this.stopped) return;
    const errorsBefore = this.errors;
    this.informer.start().then(
      () => {
        // start() resolves after the list and the watch request; errors arrive by the error callback.
        if (this.errors !== errorsBefore || this.stopped) return;
        this.backoff.reset();
        if (!this.synced) {
          this.synced = true;
          this.logger.info(`${this.watched.plural}: first list synced`);
          this.resolveSynced?.();
        }
      },
      (error: unknown) => this.failed(error),
    );
  }

  private failed(error: unknown): void {
    this.errors++;
    this.options.onInformerError?.(this.watched.plural, error);
    if (this.stopped) return;
    if (!this.synced && "optional" in this.watched && statusOf(error) === 404) {
      this.synced = true;
      this.logger.warn(`${this.watched.plural}.${this.watched.group} is not served (404: its CRD is not installed); starting without them and retrying in the background`);
      this.resolveSynced?.();
    }
    const delay = this.backoff.next();
    this.logger.warn(`${this.watched.plural} informer failed (${describe(error)}); restarting in ${delay}ms`);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delay);
  }

  /**
   * Only the fields a resource carries reach validation (not managedFields, status, ...). An object
   * the CRD schema let through but the loader rejects keeps its last valid version serving.
   */
  private validated(object: KubernetesObject): Resource | undefined {
    const raw = object as KubernetesObject & Record<string, unknown>;
    const meta = object.metadata ?? {};
    const name = meta.name ?? "";
    const key = `${this.watched.kind}/${name}`;
    const result = validateResource({
      apiVersion: raw.apiVersion ?? `${this.watched.group}/${this.watched.version}`,
      kind: raw.kind ?? this.watched.kind,
      metadata: { name, namespace: meta.namespace, resourceVersion: meta.resourceVersion, uid: meta.uid, ...(meta.generation !== undefined ? { generation: meta.generation } : {}) },
      spec: raw.spec,
      ...(raw.auth !== undefined ? { auth: raw.auth } : {}),
      ...(raw.scopes !== undefined ? { scopes: raw.scopes } : {}),
    });
    if (result.ok) {
      this.lastValid.set(key, result.resource);
      this.reported.delete(key);
      return result.resource;
    }
    const previous = this.lastValid.get(key);
    const message = `${this.watched.kind} ${JSON.stringify(name)} (resourceVersion ${meta.resourceVersion ?? "?"}) is invalid: ${result.errors.map((e) => `${e.field}: ${e.message}`).join("; ")}${previous ? "; keeping its last valid version" : "; not loaded"}`;
    if (this.reported.get(key) !== message) {
      this.reported.set(key, message);
      this.logger.error(message);
    }
    return previous;
  }
}

function statusOf(error: unknown): number | undefined {
  const code = (error as { statusCode?: unknown; code?: unknown } | undefined)?.statusCode ?? (error as { code?: unknown } | undefined)?.code;
  return typeof code === "number" ? code : undefined;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as Error & { statusCode?: number; code?: unknown }).statusCode ?? (error as { code?: unknown }).code;
    return code !== undefined ? `${String(code)} ${error.message}` : error.message;
  }
  return String(error);
}
