/**
 * The `runtime.io/*` pod annotations (docs/operations.md "Annotations") parsed into typed settings. Every bad
 * value yields a message naming the annotation, the value and what is expected, so the refusal in the
 * AdmissionReview tells the user exactly what to fix.
 */
import { parseBool } from "../util/parse.js";

export const ANNOTATIONS = {
  enabled: "runtime.io/enabled",
  appId: "runtime.io/app-id",
  appPort: "runtime.io/app-port",
  appProtocol: "runtime.io/app-protocol",
  config: "runtime.io/config",
  logLevel: "runtime.io/log-level",
  apiTokenSecret: "runtime.io/api-token-secret",
  appTokenSecret: "runtime.io/app-token-secret",
  enableMetrics: "runtime.io/enable-metrics",
  metricsPort: "runtime.io/metrics-port",
  sidecarImage: "runtime.io/sidecar-image",
  cpuRequest: "runtime.io/sidecar-cpu-request",
  cpuLimit: "runtime.io/sidecar-cpu-limit",
  memoryRequest: "runtime.io/sidecar-memory-request",
  memoryLimit: "runtime.io/sidecar-memory-limit",
  env: "runtime.io/env",
} as const;

export const APP_PROTOCOLS = ["http", "grpc"] as const;

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type SidecarLogLevel = (typeof LOG_LEVELS)[number];

/** Env names the injector sets itself; `runtime.io/env` may not override them (a token must come from a secret). */
export const RESERVED_ENV = ["NAMESPACE", "POD_NAME", "RUNTIME_API_TOKEN", "APP_API_TOKEN", "DAPR_API_TOKEN"] as const;

export interface SidecarResources {
  requests: { cpu?: string; memory?: string };
  limits: { cpu?: string; memory?: string };
}

export interface SidecarAnnotations {
  appId?: string;
  appPort?: number;
  appProtocol?: (typeof APP_PROTOCOLS)[number];
  config?: string;
  logLevel?: SidecarLogLevel;
  apiTokenSecret?: string;
  appTokenSecret?: string;
  enableMetrics?: boolean;
  metricsPort?: number;
  sidecarImage?: string;
  resources: SidecarResources;
  env: Array<{ name: string; value: string }>;
}

export type AnnotationsResult = { ok: true; value: SidecarAnnotations } | { ok: false; errors: string[] };

/** Dapr's app-id rule: a DNS label (the id becomes a consumer group, a CloudEvent source and a scope key). */
const APP_ID = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
/** A Kubernetes object name (DNS-1123 subdomain): Secret and Configuration names. */
const OBJECT_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** An image reference: no whitespace or control characters; the registry validates the rest. */
const IMAGE = /^[A-Za-z0-9][A-Za-z0-9._\-/:@]{0,254}$/;

const RUNTIME_PREFIX = "runtime.io/";
const DAPR_PREFIX = "dapr.io/";

/**
 * A pod's annotations with Dapr's `dapr.io/<name>` read as `runtime.io/<name>` wherever the pod does not
 * set the runtime.io one (daprd's injector reads the same names), so a Dapr pod spec works unchanged;
 * `named` puts the name the pod used back into a message about it.
 */
export function withDaprNames(annotations: Readonly<Record<string, string>> | undefined): { annotations: Record<string, string> | undefined; named: (message: string) => string } {
  if (!annotations) return { annotations, named: (message) => message };
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  const fromDapr = new Set<string>();
  for (const [key, value] of Object.entries(annotations)) out[key] = value;
  for (const [key, value] of Object.entries(annotations)) {
    if (!key.startsWith(DAPR_PREFIX)) continue;
    const ours = RUNTIME_PREFIX + key.slice(DAPR_PREFIX.length);
    if (annotations[ours] !== undefined) continue;
    out[ours] = value;
    fromDapr.add(ours);
  }
  const named = (message: string): string => message.replace(/runtime\.io\/[a-z0-9-]+/g, (key) => (fromDapr.has(key) ? DAPR_PREFIX + key.slice(RUNTIME_PREFIX.length) : key));
  return { annotations: out, named };
}

/** True when the pod asks for the sidecar (`runtime.io/enabled: "true"`, any case). */
export function injectionRequested(annotations: Readonly<Record<string, string>> | undefined): boolean {
  const value = annotations?.[ANNOTATIONS.enabled];
  return value !== undefined && parseBool(value) === true;
}

export function isValidAppId(value: string): boolean {
  return APP_ID.test(value);
}

/** Parses and validates the annotations of a pod that asked for injection; collects every problem at once. */
export function parseAnnotations(annotations: Readonly<Record<string, string>> | undefined): AnnotationsResult {
  const get = (key: string): string | undefined => {
    const value = annotations?.[key];
    return value === undefined ? undefined : value.trim();
  };
  const errors: string[] = [];
  const bad = (key: string, value: string, expected: string): void => void errors.push(`annotation ${key}: ${JSON.stringify(value)} ${expected}`);
  const value: SidecarAnnotations = { resources: { requests: {}, limits: {} }, env: [] };

  const appId = get(ANNOTATIONS.appId);
  if (appId !== undefined) {
    if (isValidAppId(appId)) value.appId = appId;
    else bad(ANNOTATIONS.appId, appId, "is not a valid app id (lower-case letters, digits and '-', at most 63 characters, starting and ending with a letter or digit)");
  }
  value.appPort = portOf(get(ANNOTATIONS.appPort), ANNOTATIONS.appPort, bad);
  value.metricsPort = portOf(get(ANNOTATIONS.metricsPort), ANNOTATIONS.metricsPort, bad);
  const protocolKey = ANNOTATIONS.appProtocol;
  const protocol = get(protocolKey);
  if (protocol !== undefined) {
    const lower = protocol.toLowerCase();
    if ((APP_PROTOCOLS as readonly string[]).includes(lower)) value.appProtocol = lower as SidecarAnnotations["appProtocol"];
    // daprd's TLS and h2c app protocols are named so that the refusal says what is missing, not just "invalid".
    else if (["https", "grpcs", "h2c"].includes(lower)) bad(protocolKey, protocol, `is a Dapr app protocol runtimed does not speak; use ${APP_PROTOCOLS.join(" or ")}`);
    else bad(protocolKey, protocol, `is not one of ${APP_PROTOCOLS.join(", ")}`);
  }

  const config = get(ANNOTATIONS.config);
  if (config !== undefined) {
    if (OBJECT_NAME.test(config)) value.config = config;
    else bad(ANNOTATIONS.config, config, "is not a valid Configuration name");
  }
  const logLevel = get(ANNOTATIONS.logLevel);
  if (logLevel !== undefined) {
    const level = logLevel.toLowerCase();
    if ((LOG_LEVELS as readonly string[]).includes(level)) value.logLevel = level as SidecarLogLevel;
    else bad(ANNOTATIONS.logLevel, logLevel, `is not one of ${LOG_LEVELS.join(", ")}`);
  }
  for (const [key, field] of [[ANNOTATIONS.apiTokenSecret, "apiTokenSecret"], [ANNOTATIONS.appTokenSecret, "appTokenSecret"]] as const) {
    const name = get(key);
    if (name === undefined) continue;
    if (OBJECT_NAME.test(name)) value[field] = name;
    else bad(key, name, "is not a valid Secret name");
  }
  const enableMetrics = get(ANNOTATIONS.enableMetrics);
  if (enableMetrics !== undefined) {
    const parsed = parseBool(enableMetrics);
    if (parsed === undefined) bad(ANNOTATIONS.enableMetrics, enableMetrics, "must be true or false");
    else value.enableMetrics = parsed;
  }
  const image = get(ANNOTATIONS.sidecarImage);
  if (image !== undefined) {
    if (IMAGE.test(image)) value.sidecarImage = image;
    else bad(ANNOTATIONS.sidecarImage, image, "is not an image reference");
  }
  parseResources(get, value.resources, errors);
  const env = get(ANNOTATIONS.env);
  if (env !== undefined) value.env = parseEnv(env, errors);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

function portOf(raw: string | undefined, key: string, bad: (key: string, value: string, expected: string) => void): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (/^\d+$/.test(raw) && n >= 1 && n <= 65535) return n;
  bad(key, raw, "is not a port number (1-65535)");
  return undefined;
}

const QUANTITY = /^(\d+(\.\d+)?|\.\d+)(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei|[eE][+-]?\d+)?$/;
const QUANTITY_FACTOR: Record<string, number> = {
  "": 1, m: 1e-3, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18,
  Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60,
};

/** The value of a Kubernetes quantity (`250m`, `128Mi`, `1e3`); undefined when malformed. */
export function parseQuantity(text: string): number | undefined {
  const match = QUANTITY.exec(text);
  if (!match) return undefined;
  const suffix = match[3] ?? "";
  const factor = /^[eE]/.test(suffix) ? 10 ** Number(suffix.slice(1)) : QUANTITY_FACTOR[suffix]!;
  return Number(match[1]) * factor;
}

function parseResources(get: (key: string) => string | undefined, out: SidecarResources, errors: string[]): void {
  for (const resource of ["cpu", "memory"] as const) {
    const requestKey = resource === "cpu" ? ANNOTATIONS.cpuRequest : ANNOTATIONS.memoryRequest;
    const limitKey = resource === "cpu" ? ANNOTATIONS.cpuLimit : ANNOTATIONS.memoryLimit;
    const request = get(requestKey);
    const limit = get(limitKey);
    const example = resource === "cpu" ? "such as 100m or 0.5" : "such as 64Mi or 1Gi";
    const requestValue = request === undefined ? undefined : parseQuantity(request);
    const limitValue = limit === undefined ? undefined : parseQuantity(limit);
    if (request !== undefined) {
      if (requestValue === undefined) errors.push(`annotation ${requestKey}: ${JSON.stringify(request)} is not a quantity ${example}`);
      else out.requests[resource] = request;
    }
    if (limit !== undefined) {
      if (limitValue === undefined) errors.push(`annotation ${limitKey}: ${JSON.stringify(limit)} is not a quantity ${example}`);
      else out.limits[resource] = limit;
    }
    // The API server would refuse the pod anyway, with a message that does not name the annotation.
    if (requestValue !== undefined && limitValue !== undefined && requestValue > limitValue) {
      errors.push(`annotation ${requestKey}: ${JSON.stringify(request)} is more than ${limitKey} ${JSON.stringify(limit)}`);
    }
  }
}

/** `runtime.io/env: "KEY=value,OTHER=value"` (Dapr's `dapr.io/env` form). */
function parseEnv(raw: string, errors: string[]): Array<{ name: string; value: string }> {
  const out = new Map<string, string>();
  for (const part of raw.split(",")) {
    const entry = part.trim();
    if (entry === "") continue;
    const eq = entry.indexOf("=");
    const name = eq < 0 ? entry : entry.slice(0, eq).trim();
    if (eq < 0) {
      errors.push(`annotation ${ANNOTATIONS.env}: ${JSON.stringify(entry)} is not of the form NAME=value`);
      continue;
    }
    if (!ENV_NAME.test(name)) errors.push(`annotation ${ANNOTATIONS.env}: ${JSON.stringify(name)} is not a valid environment variable name`);
    else if ((RESERVED_ENV as readonly string[]).includes(name)) errors.push(`annotation ${ANNOTATIONS.env}: ${name} is set by the injector and cannot be overridden`);
    else out.set(name, entry.slice(eq + 1).trim());
  }
  return [...out].map(([name, value]) => ({ name, value }));
}
