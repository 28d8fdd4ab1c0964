import { createHash } from "node:crypto";
import path from "node:path";
import type { ComponentResource } from "../apis/types.js";
import { SecretWatcher, type SecretWatcherOptions, type SecretWatchTargets } from "./secretwatch.js";

/** Reads one secret from a loaded secret store (the composition root wires it to the live store). */
export type SecretLookup = (store: string, secret: string) => Promise<Record<string, string> | undefined>;

export interface SecretRotationOptions {
  lookup: SecretLookup;
  /** The store secretKeyRefs use when a component names none (kubernetes mode: `kubernetes`). */
  defaultSecretStore?: string;
  watcher: Omit<SecretWatcherOptions, "onFileChange" | "onKubernetesChange">;
}

/**
 * Secret rotation's bookkeeping for the controller: a fingerprint (a hash, never the values) of the
 * secrets each Component resolved when it was last applied, and what has asked for a check since.
 * The controller compares fingerprints in its reconcile pass and reloads only the components whose
 * referenced secret changed, with the processor's usual swap (the old instance serves until the new
 * one is initialised, and keeps serving when its init fails).
 */
export class SecretRotation {
  private readonly applied = new Map<string, string>();
  private readonly watcher: SecretWatcher;
  private pendingStores = new Set<string>();
  private pendingCheck = false;

  constructor(private readonly options: SecretRotationOptions, onRequest: () => void) {
    this.watcher = new SecretWatcher({
      ...options.watcher,
      onFileChange: (store) => {
        this.pendingStores.add(store);
        onRequest();
      },
      onKubernetesChange: () => {
        this.pendingCheck = true;
        onRequest();
      },
    });
  }

  /** The store a component's secretKeyRefs resolve through, if it has any. */
  storeOf(component: ComponentResource): string | undefined {
    if (!component.spec.metadata.some((m) => m.secretKeyRef)) return undefined;
    return component.auth?.secretStore ?? this.options.defaultSecretStore;
  }

  /** A hash of the values a component's secretKeyRefs resolve to now; undefined without refs or when unreadable. */
  async fingerprint(component: ComponentResource): Promise<string | undefined> {
    const store = this.storeOf(component);
    if (!store) return undefined;
    const hash = createHash("sha256");
    try {
      for (const item of component.spec.metadata) {
        if (!item.secretKeyRef) continue;
        const secret = await this.options.lookup(store, item.secretKeyRef.name);
        hash.update(JSON.stringify([item.name, secret?.[item.secretKeyRef.key ?? item.secretKeyRef.name] ?? null]));
      }
    } catch {
      return undefined;
    }
    return hash.digest("hex");
  }

  settled(name: string, fingerprint: string | undefined): void {
    if (fingerprint === undefined) this.applied.delete(name);
    else this.applied.set(name, fingerprint);
  }

  forget(name: string): void {
    this.applied.delete(name);
  }

  /** Whether the component's secrets differ from those it was last applied with. */
  async changed(component: ComponentResource): Promise<boolean> {
    const before = this.applied.get(component.metadata.name);
    if (before === undefined) return false;
    const now = await this.fingerprint(component);
    return now !== undefined && now !== before;
  }

  /** Asks for a fingerprint check of every component (the periodic resync: a missed event is caught). */
  requestCheck(): void {
    this.pendingCheck = true;
  }

  /** What asked since the last pass: file stores to reload first, and whether to check fingerprints. */
  take(): { stores: Set<string>; check: boolean } {
    const taken = { stores: this.pendingStores, check: this.pendingCheck || this.pendingStores.size > 0 };
    this.pendingStores = new Set();
    this.pendingCheck = false;
    return taken;
  }

  /** Watches what the applied components reference: file stores' files, Kubernetes Secrets by name. */
  watch(components: readonly ComponentResource[]): void {
    const targets: SecretWatchTargets = { files: new Map(), kubernetesSecrets: new Set() };
    const byName = new Map(components.map((c) => [c.metadata.name, c]));
    for (const component of components) {
      const storeName = this.storeOf(component);
      const store = storeName ? byName.get(storeName) : undefined;
      if (!storeName) continue;
      if (store?.spec.type === "secretstores.local.file") {
        const file = store.spec.metadata.find((m) => m.name === "secretsFile")?.value;
        if (file) targets.files.set(storeName, path.resolve(file));
      } else if (store === undefined ? storeName === this.options.defaultSecretStore : store.spec.type === "secretstores.kubernetes") {
        // The mode's implicit `kubernetes` store, or a declared one: watch each referenced Secret.
        for (const item of component.spec.metadata) if (item.secretKeyRef) targets.kubernetesSecrets.add(item.secretKeyRef.name);
      }
    }
    this.watcher.update(targets);
  }

  close(): void {
    this.watcher.close();
  }
}
