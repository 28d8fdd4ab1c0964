import type { ComponentResource } from "../apis/types.js";
import type { Registries } from "../components/builtins.js";
import { COMPONENT_KINDS, DEFAULT_GRACEFUL_SHUTDOWN_MS, kindOfType, loadRank, type ComponentContext } from "../components/component.js";
import { ComponentMetadata } from "../components/metadata.js";
import { scoped, type Logger } from "../diagnostics/logger.js";
import type { Metrics } from "../diagnostics/metrics.js";
import { parseDurationMs } from "../util/parse.js";
import { InFlight, type ComponentEntry, type ComponentStore } from "./store.js";

export const DEFAULT_INIT_TIMEOUT_MS = 5000;

/** Parts that use a component and must let go of it before it is swapped or removed (subscriptions, input bindings). */
export interface ComponentListener {
  /** Before an instance stops serving: drain what uses it (in-flight work finishes). */
  beforeDetach?(entry: ComponentEntry): Promise<void>;
  /** After an instance starts serving: start what uses it. */
  afterAttach?(entry: ComponentEntry): Promise<void>;
}

export class ComponentInitError extends Error {
  constructor(readonly componentName: string, readonly type: string, cause: unknown) {
    super(`component ${JSON.stringify(componentName)} (${type}) failed to initialise: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "ComponentInitError";
  }
}

export interface ProcessorDeps {
  registries: Registries;
  store: ComponentStore;
  logger: Logger;
  metrics: Metrics;
  /** The context every component gets, minus what is specific to it. */
  context: Omit<ComponentContext, "name" | "type" | "logger">;
  /** The secret store secretKeyRefs use when a component names none (kubernetes mode: `kubernetes`). */
  defaultSecretStore?: string;
}

/**
 * Initialises, swaps and closes components: the only writer of the component store. A swap inits
 * the new instance first, so a failed update keeps the old one serving.
 */
export class Processor {
  private readonly listeners: ComponentListener[] = [];
  private readonly logger: Logger;
  /** One change at a time: a reload and a shutdown must not interleave on the same store. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: ProcessorDeps) {
    this.logger = scoped(deps.logger, "runtime.processor");
  }

  addListener(listener: ComponentListener): void {
    this.listeners.push(listener);
  }

  /** Creates or replaces a component. Rejects with ComponentInitError; the previous instance then keeps serving. */
  apply(resource: ComponentResource): Promise<void> {
    return this.serialise(() => this.applyNow(resource));
  }

  remove(name: string): Promise<void> {
    return this.serialise(async () => {
      const entry = this.deps.store.entry(name);
      if (!entry) return;
      await this.detach(entry);
      this.deps.store.delete(name);
      await this.closeWhenIdle(entry);
      this.logger.info(`component ${name} (${entry.resource.spec.type}) removed`);
    });
  }

  closeAll(): Promise<void> {
    return this.serialise(async () => {
      // Reverse of load order: users of secret stores go first.
      const entries = this.deps.store.list().sort((a, b) => loadRank(b.resource.spec.type) - loadRank(a.resource.spec.type));
      for (const entry of entries) {
        await this.detach(entry);
        this.deps.store.delete(entry.name);
        await this.closeQuietly(entry);
      }
    });
  }

  private serialise<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async applyNow(resource: ComponentResource): Promise<void> {
    const { name } = resource.metadata;
    const { type, version } = resource.spec;
    const previous = this.deps.store.entry(name);
    try {
      const entry = await this.initialise(resource);
      if (previous) await this.detach(previous);
      this.deps.store.set(entry);
      try {
        // The new instance's subscriptions start before the old instance closes: closing waits for the publishes
        // that took it and for the broker's goodbyes, and deliveries would pause all that time.
        await this.attach(entry);
      } finally {
        if (previous) await this.closeWhenIdle(previous);
      }
      this.deps.metrics.componentInit.inc({ type, success: "true" });
      this.logger.info(`component ${name} (${type}/${version}) ${previous ? "updated" : "loaded"}`);
    } catch (error) {
      this.deps.metrics.componentInit.inc({ type, success: "false" });
      const failure = error instanceof ComponentInitError ? error : new ComponentInitError(name, type, error);
      this.deps.store.recordFailure({ name, type, error: failure.message, keptPrevious: previous !== undefined });
      this.logger.error(previous ? `${failure.message}; the previous instance keeps serving` : failure.message);
      throw failure;
    }
  }

  private async initialise(resource: ComponentResource): Promise<ComponentEntry> {
    const { name } = resource.metadata;
    const { type, version } = resource.spec;
    const kind = kindOfType(type);
    if (!kind) throw new ComponentInitError(name, type, new Error(`unknown component kind ${JSON.stringify(type.split(".")[0])}; known kinds: ${COMPONENT_KINDS.join(", ")}`));
    const registry = this.deps.registries[kind];
    const instance = await registry.create(type, version, {
      ...this.deps.context,
      name,
      type: registry.canonicalType(type),
      logger: scoped(this.deps.logger, `runtime.${registry.canonicalType(type)}`, name),
    });
    const metadata = await this.resolveMetadata(resource);
    const timeoutMs = resource.spec.initTimeout ? (parseDurationMs(resource.spec.initTimeout) ?? DEFAULT_INIT_TIMEOUT_MS) : DEFAULT_INIT_TIMEOUT_MS;
    try {
      await withTimeout(instance.init(metadata), timeoutMs, `init did not finish within ${timeoutMs}ms (spec.initTimeout)`);
    } catch (error) {
      // A timed-out init may still be connecting; close so it does not linger.
      instance.close().catch(() => undefined);
      throw new ComponentInitError(name, type, error);
    }
    return { kind, name, resource, instance, inFlight: new InFlight() } as ComponentEntry;
  }

  /** Replaces secretKeyRefs by values from `auth.secretStore` (or the mode's default store). */
  private async resolveMetadata(resource: ComponentResource): Promise<ComponentMetadata> {
    const { name } = resource.metadata;
    const values: Array<[string, string]> = [];
    for (const item of resource.spec.metadata) {
      if (!item.secretKeyRef) {
        values.push([item.name, item.value ?? ""]);
        continue;
      }
      const storeName = resource.auth?.secretStore ?? this.deps.defaultSecretStore;
      const field = `metadata field ${JSON.stringify(item.name)}`;
      if (!storeName) throw new ComponentInitError(name, resource.spec.type, new Error(`${field} uses secretKeyRef but the component names no auth.secretStore`));
      const store = this.deps.store.get("secretstores", storeName);
      if (!store) throw new ComponentInitError(name, resource.spec.type, new Error(`${field}: secret store ${JSON.stringify(storeName)} is not loaded`));
      const key = item.secretKeyRef.key ?? item.secretKeyRef.name;
      const secret = await store.getSecret({ name: item.secretKeyRef.name, metadata: {} });
      const value = secret?.[key];
      if (value === undefined) throw new ComponentInitError(name, resource.spec.type, new Error(`${field}: secret ${JSON.stringify(item.secretKeyRef.name)} key ${JSON.stringify(key)} not found in store ${JSON.stringify(storeName)}`));
      this.deps.context.redactor.add(value);
      values.push([item.name, value]);
    }
    return new ComponentMetadata(name, resource.spec.type, values);
  }

  private async detach(entry: ComponentEntry): Promise<void> {
    for (const listener of this.listeners) await listener.beforeDetach?.(entry);
  }

  private async attach(entry: ComponentEntry): Promise<void> {
    for (const listener of this.listeners) await listener.afterAttach?.(entry);
  }

  /** A replaced or removed instance: the calls that already took it finish first (within the grace period). */
  private async closeWhenIdle(entry: ComponentEntry): Promise<void> {
    await entry.inFlight?.idle(this.deps.context.gracefulShutdownMs ?? DEFAULT_GRACEFUL_SHUTDOWN_MS);
    await this.closeQuietly(entry);
  }

  private async closeQuietly(entry: ComponentEntry): Promise<void> {
    try {
      await entry.instance.close();
    } catch (error) {
      this.logger.warn(`closing component ${entry.name}: ${(error as Error).message}`);
    }
  }
}

export async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
