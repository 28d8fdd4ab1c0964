/**
 * The sidecar's probes and placement, as annotations tune them (Dapr's `dapr.io/sidecar-*-probe-*`
 * and `dapr.io/enable-native-sidecar`, under `runtime.io/`). Kept apart from annotations.ts: these
 * settings shape the container, not the runtimed command line.
 */
import type { IProbe } from "kubernetes-models/v1/Probe";
import { parseBool } from "../util/parse.js";

export const PROBE_ANNOTATIONS = {
  livenessDelay: "runtime.io/sidecar-liveness-probe-delay-seconds",
  livenessTimeout: "runtime.io/sidecar-liveness-probe-timeout-seconds",
  livenessPeriod: "runtime.io/sidecar-liveness-probe-period-seconds",
  livenessThreshold: "runtime.io/sidecar-liveness-probe-threshold",
  readinessDelay: "runtime.io/sidecar-readiness-probe-delay-seconds",
  readinessTimeout: "runtime.io/sidecar-readiness-probe-timeout-seconds",
  readinessPeriod: "runtime.io/sidecar-readiness-probe-period-seconds",
  readinessThreshold: "runtime.io/sidecar-readiness-probe-threshold",
  nativeSidecar: "runtime.io/enable-native-sidecar",
} as const;

/** Dapr's injector defaults (pkg/injector/patcher): delays 3 s, timeouts 3 s, periods 6 s, thresholds 3. */
export const PROBE_DEFAULTS = { delaySeconds: 3, timeoutSeconds: 3, periodSeconds: 6, threshold: 3 } as const;

export interface ProbeTimings {
  initialDelaySeconds: number;
  timeoutSeconds: number;
  periodSeconds: number;
  failureThreshold: number;
}

export interface SidecarPlacement {
  liveness: ProbeTimings;
  readiness: ProbeTimings;
  /** An init container with restartPolicy Always (Kubernetes native sidecars, 1.29+): starts before and stops after the app. */
  nativeSidecar: boolean;
}

export type PlacementResult = { ok: true; value: SidecarPlacement } | { ok: false; errors: string[] };

/** Parses the probe and native-sidecar annotations; `nativeSidecarDefault` is the chart-wide choice. */
export function parsePlacement(annotations: Readonly<Record<string, string>> | undefined, nativeSidecarDefault = false): PlacementResult {
  const errors: string[] = [];
  const number = (key: string, fallback: number, min: number): number => {
    const raw = annotations?.[key]?.trim();
    if (raw === undefined) return fallback;
    if (/^\d+$/.test(raw) && Number(raw) >= min) return Number(raw);
    errors.push(`annotation ${key}: ${JSON.stringify(raw)} is not a whole number of at least ${min}`);
    return fallback;
  };
  const timings = (delay: string, timeout: string, period: string, threshold: string): ProbeTimings => ({
    initialDelaySeconds: number(delay, PROBE_DEFAULTS.delaySeconds, 0),
    timeoutSeconds: number(timeout, PROBE_DEFAULTS.timeoutSeconds, 1),
    periodSeconds: number(period, PROBE_DEFAULTS.periodSeconds, 1),
    failureThreshold: number(threshold, PROBE_DEFAULTS.threshold, 1),
  });
  const a = PROBE_ANNOTATIONS;
  const liveness = timings(a.livenessDelay, a.livenessTimeout, a.livenessPeriod, a.livenessThreshold);
  const readiness = timings(a.readinessDelay, a.readinessTimeout, a.readinessPeriod, a.readinessThreshold);
  let nativeSidecar = nativeSidecarDefault;
  const native = annotations?.[a.nativeSidecar]?.trim();
  if (native !== undefined) {
    const parsed = parseBool(native);
    if (parsed === undefined) errors.push(`annotation ${a.nativeSidecar}: ${JSON.stringify(native)} must be true or false`);
    else nativeSidecar = parsed;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { liveness, readiness, nativeSidecar } };
}

/**
 * Liveness asks only whether the sidecar's process serves its port (a TCP connect, as daprd 1.18's
 * injector does): `/v1.0/healthz` waits for the app channel (spec note 8) and `/v1.0/healthz/outbound`
 * for the brokers, and neither a slow app nor a broker outage is cured by restarting the sidecar.
 * Readiness keeps the app gate: `/v1.0/healthz`, so the pod takes traffic once the app is reachable.
 */
export function sidecarProbes(port: number, placement: SidecarPlacement): { livenessProbe: IProbe; readinessProbe: IProbe } {
  return {
    livenessProbe: { tcpSocket: { port }, ...placement.liveness },
    readinessProbe: { httpGet: { path: "/v1.0/healthz", port }, ...placement.readiness },
  };
}
