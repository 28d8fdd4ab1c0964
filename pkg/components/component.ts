import type { KubeConfig } from "@kubernetes/client-node";
import type { Logger, SecretRedactor } from "../diagnostics/logger.js";
import type { Metrics } from "../diagnostics/metrics.js";
import type { ComponentMetadata } from "./metadata.js";

/**
 * The building blocks; a component's kind is the first segment of its type (`pubsub.redis` -> pubsub).
 * Secret stores come first: other components' secretKeyRefs resolve through them, so they are
 * initialised before and closed after the rest (loadRank).
 */
/** How long a component waits for its work in flight when the context names no grace period: --graceful-shutdown-seconds' default. */
export const DEFAULT_GRACEFUL_SHUTDOWN_MS = 5000;

export const COMPONENT_KINDS = ["secretstores", "pubsub", "configuration", "bindings"] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

/** Initialisation order of a component type: secret stores (0) before every other kind (1); close in reverse. */
export function loadRank(type: string): number {
  return kindOfType(type) === "secretstores" ? 0 : 1;
}

export function kindOfType(type: string): ComponentKind | undefined {
  const prefix = type.split(".")[0];
  return (COMPONENT_KINDS as readonly string[]).includes(prefix ?? "") ? (prefix as ComponentKind) : undefined;
}

/** What every component has, whatever its kind (components-contrib's shape). */
export interface Component {
  /** Parses metadata and connects; a rejection fails the component (startup stops unless ignoreErrors). */
  init(metadata: ComponentMetadata): Promise<void>;
  /** Releases connections; must be safe to call after a failed or timed-out init. */
  close(): Promise<void>;
  /** Capabilities shown in /v1.0/metadata and used to gate conformance tests. */
  features?(): string[];
}

/**
 * Optional ability: a component whose backend connection can drop while it lives says whether it
 * is up, so the outbound health probe reports it while it is down (spec endpoint 9).
 */
export interface HealthReporter {
  healthy(): boolean;
}

export function reportsHealth(component: object): component is HealthReporter {
  return typeof (component as Partial<HealthReporter>).healthy === "function";
}

/** What a factory is given: everything a component may need from the process, so no component reads process.env. */
export interface ComponentContext {
  name: string;
  type: string;
  appId: string;
  logger: Logger;
  metrics: Metrics;
  redactor: SecretRedactor;
  /** The process environment, as cmd/ read it (the env secret store serves from it). */
  env: Readonly<Record<string, string | undefined>>;
  /** Names of environment variables no component may hand out (the sidecar's own tokens). */
  protectedEnv: readonly string[];
  /** The pod's namespace in kubernetes mode. */
  namespace?: string;
  /** The API server connection in kubernetes mode. */
  kubeConfig?: KubeConfig;
  /** Epoch ms; message expiry reads it (tests inject a clock so TTLs pass without waiting). Default Date.now. */
  now?: () => number;
  /** How long close() waits for work in flight (the sidecar's --graceful-shutdown-seconds); DEFAULT_GRACEFUL_SHUTDOWN_MS when absent. */
  gracefulShutdownMs?: number;
}

/**
 * One metadata field a component reads, described once (components-contrib's `metadata.yaml` is the model):
 * its docs page and `runtimed validate` are checked against this list, so neither can drift from the code.
 * Each component folder keeps its list in `fields.ts`, which imports nothing heavier than this type.
 */
export interface MetadataField {
  name: string;
  type: "string" | "number" | "bool" | "duration" | "bytes" | "enum";
  description: string;
  required?: boolean;
  /** As written in a manifest (`"100ms"`, `"true"`); absent when there is none or it is derived (say so in the description). */
  default?: string;
  /** Other names read for the same field (Dapr's older names). */
  aliases?: readonly string[];
  /** For `enum`: the accepted values. */
  allowed?: readonly string[];
  /** Holds a credential: shown redacted, best set through a secretKeyRef. */
  sensitive?: boolean;
}
