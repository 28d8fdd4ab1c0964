import { Writable } from "node:stream";
import type { ComponentContext, ComponentKind } from "../../pkg/components/component.js";
import { builtinRegistries, type KindInstances, type Registries } from "../../pkg/components/builtins.js";
import { createLogger, SecretRedactor } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import { brokerAvailable, type BROKERS } from "../support/brokers.js";

/** A component context whose log lines a test can read back. */
export function testContext(type: string, overrides: Partial<ComponentContext> = {}): ComponentContext & { logs(): string } {
  let logs = "";
  const redactor = new SecretRedactor();
  const stream = new Writable({ write: (chunk, _encoding, done) => ((logs += String(chunk)), done()) });
  return {
    name: "conformance",
    type,
    appId: "conformance-app",
    logger: createLogger({ appId: "conformance-app", level: "debug", json: true, stream }, redactor),
    metrics: new Metrics({ processMetrics: false }),
    redactor,
    env: {},
    protectedEnv: [],
    logs: () => logs,
    ...overrides,
  };
}

/** What every conformance table entry has: the component type and the broker it needs, if any. */
export interface ConformanceTarget {
  type: string;
  /** A label when one type runs in several set-ups (multiValued on and off). */
  variant?: string;
  /** A shared broker the target needs (CI fails without it; elsewhere the target is skipped with a message). */
  broker?: keyof typeof BROKERS;
  /** Registers a type the built-ins do not have (a fake broker defined in a test). */
  register?: (registries: Registries) => void;
}

export function targetTitle(target: ConformanceTarget): string {
  return `${target.type}${target.variant ? ` (${target.variant})` : ""}`;
}

/** Whether the target can run here: its broker is reachable (brokerAvailable throws in CI when it is not). */
export async function targetAvailable(target: ConformanceTarget): Promise<boolean> {
  return target.broker === undefined || (await brokerAvailable(target.broker));
}

/**
 * Creates the component through the built-in registry, as the sidecar does, so a wrong or missing
 * registration fails the suite rather than passing beside it.
 */
export async function createThroughRegistry<K extends ComponentKind>(kind: K, target: ConformanceTarget, context: ComponentContext): Promise<KindInstances[K]> {
  const registries = builtinRegistries();
  target.register?.(registries);
  const registry = registries[kind] as unknown as { create(type: string, version: string, context: ComponentContext): Promise<KindInstances[K]> };
  return registry.create(target.type, "v1", context);
}

/** One entry per type: the table names the target a test file runs. */
export function findTarget<T extends ConformanceTarget>(table: readonly T[], title: string): T {
  const found = table.find((t) => targetTitle(t) === title);
  if (!found) throw new Error(`no conformance target ${JSON.stringify(title)}; the table has ${table.map(targetTitle).join(", ")}`);
  return found;
}
