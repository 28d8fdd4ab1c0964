import { watch as watchPath, type FSWatcher } from "node:fs";
import path from "node:path";
import type { KubeConfig } from "@kubernetes/client-node";
import type { Logger } from "../diagnostics/logger.js";
import { Backoff } from "../util/backoff.js";

/**
 * What tells the controller a referenced secret may have changed: the file of a
 * `secretstores.local.file` store (its folder watched, as editors and kubelet's atomic writes
 * replace the file), and each referenced Kubernetes Secret (a list + watch of that one name, by
 * field selector: the only Secret reads a Role with resourceNames allows). `secretstores.local.env`
 * is never watched: a process's environment cannot change.
 */
export interface SecretWatchTargets {
  /** store name -> its secretsFile, resolved. */
  files: Map<string, string>;
  /** Kubernetes Secret names in the pod's namespace. */
  kubernetesSecrets: Set<string>;
}

export interface SecretWatcherOptions {
  logger: Logger;
  /** Kubernetes mode: the connection and the pod's namespace. */
  kube?: { kubeConfig: KubeConfig; namespace: string };
  /** A file store's file changed: that store reloads (it reads its file at init), then its dependants are checked. */
  onFileChange: (store: string) => void;
  /** A Kubernetes Secret changed: dependants are checked. */
  onKubernetesChange: (secret: string) => void;
  debounceMs?: number;
}

interface SecretWatch {
  abort?: AbortController;
  timer?: NodeJS.Timeout;
  backoff: Backoff;
  resourceVersion?: string;
  listed?: boolean;
}

export class SecretWatcher {
  private readonly files = new Map<string, { file: string; watcher?: FSWatcher; timer?: NodeJS.Timeout }>();
  private readonly secrets = new Map<string, SecretWatch>();
  private closed = false;

  constructor(private readonly options: SecretWatcherOptions) {}

  /** Converges the watches on the targets of the components applied now. */
  update(targets: SecretWatchTargets): void {
    if (this.closed) return;
    for (const [store, entry] of this.files) {
      if (targets.files.get(store) === entry.file) continue;
      entry.watcher?.close();
      clearTimeout(entry.timer);
      this.files.delete(store);
    }
    for (const [store, file] of targets.files) if (!this.files.has(store)) this.watchFile(store, file);
    for (const [name, entry] of this.secrets) {
      if (targets.kubernetesSecrets.has(name)) continue;
      entry.abort?.abort();
      clearTimeout(entry.timer);
      this.secrets.delete(name);
    }
    if (this.options.kube) for (const name of targets.kubernetesSecrets) if (!this.secrets.has(name)) this.watchSecret(name);
  }

  close(): void {
    this.closed = true;
    for (const entry of this.files.values()) {
      entry.watcher?.close();
      clearTimeout(entry.timer);
    }
    for (const entry of this.secrets.values()) {
      entry.abort?.abort();
      clearTimeout(entry.timer);
    }
    this.files.clear();
    this.secrets.clear();
  }

  private watchFile(store: string, file: string): void {
    const entry: { file: string; watcher?: FSWatcher; timer?: NodeJS.Timeout } = { file };
    this.files.set(store, entry);
    const base = path.basename(file);
    try {
      entry.watcher = watchPath(path.dirname(file), { persistent: false }, (_event, changed) => {
        // Kubernetes' projected volumes swap a `..data` link; any other name is some other file.
        if (changed !== null && changed !== base && !String(changed).startsWith("..")) return;
        clearTimeout(entry.timer);
        entry.timer = setTimeout(() => this.options.onFileChange(store), this.options.debounceMs ?? 100);
      });
      entry.watcher.on("error", (error) => this.options.logger.warn(`watching ${file} for secret rotation failed: ${error.message}; changes are picked up at the next resync`));
    } catch (error) {
      this.options.logger.warn(`cannot watch ${file} for secret rotation: ${(error as Error).message}; changes are picked up at the next resync`);
    }
  }

  private watchSecret(name: string): void {
    const entry: SecretWatch = { backoff: new Backoff({ initialMs: 500, maxMs: 30_000 }) };
    this.secrets.set(name, entry);
    void this.runSecretWatch(name, entry);
  }

  private async runSecretWatch(name: string, entry: SecretWatch): Promise<void> {
    const { kubeConfig, namespace } = this.options.kube!;
    const fieldSelector = `metadata.name=${name}`;
    const retry = (error: unknown): void => {
      if (this.closed || this.secrets.get(name) !== entry) return;
      const delay = entry.backoff.next();
      if (error) this.options.logger.warn(`watching Secret ${name} for rotation failed (${(error as Error).message ?? String(error)}); again in ${delay}ms`);
      entry.timer = setTimeout(() => void this.runSecretWatch(name, entry), error ? delay : 0);
    };
    try {
      const { CoreV1Api, Watch } = await import("@kubernetes/client-node");
      if (!entry.resourceVersion) {
        const list = await kubeConfig.makeApiClient(CoreV1Api).listNamespacedSecret({ namespace, fieldSelector });
        // After a gap (a failed or expired watch) the Secret may have changed unseen: check once.
        if (entry.listed) this.options.onKubernetesChange(name);
        entry.listed = true;
        entry.resourceVersion = list.metadata?.resourceVersion;
      }
      if (this.closed || this.secrets.get(name) !== entry) return;
      entry.abort = await new Watch(kubeConfig).watch(
        `/api/v1/namespaces/${encodeURIComponent(namespace)}/secrets`,
        { fieldSelector, resourceVersion: entry.resourceVersion, allowWatchBookmarks: true },
        (phase, object: { metadata?: { resourceVersion?: string; name?: string } }) => {
          if (phase === "ERROR") {
            entry.resourceVersion = undefined;
            return;
          }
          if (object?.metadata?.resourceVersion) entry.resourceVersion = object.metadata.resourceVersion;
          entry.backoff.reset();
          if ((phase === "ADDED" || phase === "MODIFIED" || phase === "DELETED") && object.metadata?.name === name) this.options.onKubernetesChange(name);
        },
        (error: unknown) => {
          // A clean end (the server's watch timeout) resumes from the last version; 410 Gone relists.
          if ((error as { code?: number } | undefined)?.code === 410 || /410|too old/i.test(String((error as Error | undefined)?.message ?? ""))) entry.resourceVersion = undefined;
          retry(error ?? undefined);
        },
      );
    } catch (error) {
      entry.resourceVersion = undefined;
      retry(error);
    }
  }
}
