/**
 * The pure part of the injector: (pod, namespace, annotations, config) -> an RFC 6902 patch that adds
 * the `runtimed` container (docs/operations.md "The injector"). No I/O, no clock: the webhook wraps it.
 */
import type { IContainer } from "kubernetes-models/v1/Container";
import type { IContainerPort } from "kubernetes-models/v1/ContainerPort";
import type { IEnvVar } from "kubernetes-models/v1/EnvVar";
import { heapFlags, MIN_OLD_SPACE_MIB, oldSpaceFor } from "../diagnostics/heap.js";
import { injectionRequested, isValidAppId, parseAnnotations, withDaprNames, parseQuantity, type SidecarAnnotations, type SidecarResources } from "./annotations.js";
import { parsePlacement, sidecarProbes, type SidecarPlacement } from "./probes.js";

export const SIDECAR_CONTAINER_NAME = "runtimed";
export const SIDECAR_HTTP_PORT = 3500;
export const DEFAULT_METRICS_PORT = 9090;
/** The key inside the secrets named by runtime.io/api-token-secret and runtime.io/app-token-secret (Dapr's convention). */
export const TOKEN_SECRET_KEY = "token";

export interface InjectorConfig {
  sidecarImage: string;
  imagePullPolicy?: "Always" | "IfNotPresent" | "Never";
  /** Namespaces never injected: kube-system, kube-public and the release namespace (ARCHITECTURE.md "Hardening"). */
  skipNamespaces: readonly string[];
  defaultLogLevel?: string;
  defaultMetricsPort?: number;
  /** Chart-wide sidecar requests and limits; the runtime.io/sidecar-* annotations override each value. */
  sidecarResources?: SidecarResources;
  /** Chart-wide default of runtime.io/enable-native-sidecar. */
  nativeSidecar?: boolean;
}

export const DEFAULT_SKIP_NAMESPACES = ["kube-system", "kube-public"] as const;

export interface JsonPatchAdd {
  op: "add";
  path: string;
  value: unknown;
}

export type PatchDecision =
  | { kind: "skip"; reason: string }
  | { kind: "patch"; appId: string; patch: JsonPatchAdd[] }
  | { kind: "invalid"; errors: string[] };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (!isObject(value)) return out;
  for (const [key, v] of Object.entries(value)) if (typeof v === "string") out[key] = v;
  return out;
}

/**
 * The app-id when no annotation names it: the owning Deployment's name (a ReplicaSet owner minus its
 * `pod-template-hash` suffix), else the owner's name, else the pod's name (its generateName trimmed).
 */
export function defaultAppId(pod: unknown): string | undefined {
  const meta = isObject(pod) && isObject(pod.metadata) ? pod.metadata : {};
  const owners = Array.isArray(meta.ownerReferences) ? meta.ownerReferences.filter(isObject) : [];
  const owner = owners.find((o) => o.controller === true) ?? owners[0];
  if (owner && typeof owner.name === "string" && owner.name !== "") {
    const hash = stringRecord(meta.labels)["pod-template-hash"];
    if (owner.kind === "ReplicaSet" && hash && owner.name.endsWith(`-${hash}`)) return owner.name.slice(0, -hash.length - 1);
    return owner.name;
  }
  if (typeof meta.name === "string" && meta.name !== "") return meta.name;
  if (typeof meta.generateName === "string" && meta.generateName !== "") return meta.generateName.replace(/-+$/, "");
  return undefined;
}

function containersOf(pod: unknown, field: "containers" | "initContainers" = "containers"): Json[] {
  const spec = isObject(pod) && isObject(pod.spec) ? pod.spec : undefined;
  const list = spec?.[field];
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/** Decides and builds the patch. Non-pods are the webhook's business; this sees only pod objects. */
export function createPatch(pod: unknown, namespace: string, podAnnotations: Readonly<Record<string, string>> | undefined, config: InjectorConfig): PatchDecision {
  const { annotations, named } = withDaprNames(podAnnotations);
  const decision = decide(pod, namespace, annotations, config);
  return decision.kind === "invalid" ? { ...decision, errors: decision.errors.map(named) } : decision;
}

function decide(pod: unknown, namespace: string, annotations: Readonly<Record<string, string>> | undefined, config: InjectorConfig): PatchDecision {
  if (config.skipNamespaces.includes(namespace)) return { kind: "skip", reason: `namespace ${namespace} is never injected` };
  // The label of the same name opts in too: it is what the webhook's default objectSelector matches.
  if (!injectionRequested(annotations) && !injectionRequested(stringRecord(isObject(pod) && isObject(pod.metadata) ? pod.metadata.labels : undefined))) {
    return { kind: "skip", reason: "runtime.io/enabled is not \"true\"" };
  }
  const containers = containersOf(pod);
  if (containers.length === 0) return { kind: "invalid", errors: ["the pod has no containers"] };
  if (containers.some((c) => c.name === SIDECAR_CONTAINER_NAME)) return { kind: "skip", reason: `the pod already has a ${SIDECAR_CONTAINER_NAME} container` };
  // A native sidecar (restartPolicy Always) runs among the init containers; names are unique across both lists.
  if (containersOf(pod, "initContainers").some((c) => c.name === SIDECAR_CONTAINER_NAME)) {
    return { kind: "skip", reason: `the pod already has a ${SIDECAR_CONTAINER_NAME} init container (a native sidecar)` };
  }

  const parsed = parseAnnotations(annotations);
  const placement = parsePlacement(annotations, config.nativeSidecar);
  if (!parsed.ok || !placement.ok) return { kind: "invalid", errors: [...(parsed.ok ? [] : parsed.errors), ...(placement.ok ? [] : placement.errors)] };
  const settings = parsed.value;
  const errors: string[] = [];
  const appId = settings.appId ?? defaultAppId(pod);
  if (appId === undefined) errors.push("cannot derive an app id: set the annotation runtime.io/app-id");
  else if (settings.appId === undefined && !isValidAppId(appId)) {
    errors.push(`the derived app id ${JSON.stringify(appId)} is not a valid app id: set the annotation runtime.io/app-id`);
  }
  const metricsEnabled = settings.enableMetrics ?? true;
  const metricsPort = settings.metricsPort ?? config.defaultMetricsPort ?? DEFAULT_METRICS_PORT;
  errors.push(...portConflicts(containers, settings, metricsEnabled ? metricsPort : undefined));
  if (errors.length > 0 || appId === undefined) return { kind: "invalid", errors };

  const sidecar = sidecarContainer(appId, settings, metricsEnabled, metricsPort, config, placement.value);
  // A native sidecar goes first among the init containers, so the ones after it can already call it.
  const initContainers = containersOf(pod, "initContainers");
  const patch: JsonPatchAdd[] = !placement.value.nativeSidecar
    ? [{ op: "add", path: "/spec/containers/-", value: sidecar }]
    : [initContainers.length > 0 || (isObject(pod) && isObject(pod.spec) && Array.isArray(pod.spec.initContainers))
      ? { op: "add", path: "/spec/initContainers/0", value: { ...sidecar, restartPolicy: "Always" } }
      : { op: "add", path: "/spec/initContainers", value: [{ ...sidecar, restartPolicy: "Always" }] }];
  containers.forEach((container, index) => {
    const env = Array.isArray(container.env) ? container.env : undefined;
    if (env?.some((e) => isObject(e) && e.name === "RUNTIME_HTTP_PORT")) return;
    const variable: IEnvVar = { name: "RUNTIME_HTTP_PORT", value: String(SIDECAR_HTTP_PORT) };
    patch.push(env ? { op: "add", path: `/spec/containers/${index}/env/-`, value: variable } : { op: "add", path: `/spec/containers/${index}/env`, value: [variable] });
  });
  return { kind: "patch", appId, patch };
}

/** Ports share the pod's network namespace: a clash would make one of the containers fail to bind at run time. */
function portConflicts(containers: Json[], settings: SidecarAnnotations, metricsPort: number | undefined): string[] {
  const errors: string[] = [];
  const ours = new Map<number, string>([[SIDECAR_HTTP_PORT, "the sidecar's HTTP port"]]);
  if (metricsPort !== undefined) {
    if (metricsPort === SIDECAR_HTTP_PORT) errors.push(`annotation runtime.io/metrics-port: ${metricsPort} is the sidecar's HTTP port`);
    else ours.set(metricsPort, "the sidecar's metrics port (runtime.io/metrics-port)");
  }
  if (settings.appPort !== undefined && ours.has(settings.appPort)) errors.push(`annotation runtime.io/app-port: ${settings.appPort} is ${ours.get(settings.appPort)!}`);
  for (const container of containers) {
    for (const port of Array.isArray(container.ports) ? container.ports.filter(isObject) : []) {
      const used = typeof port.containerPort === "number" ? ours.get(port.containerPort) : undefined;
      if (used) errors.push(`container ${String(container.name)} declares port ${String(port.containerPort)}, which is ${used}`);
    }
  }
  return errors;
}

function sidecarContainer(appId: string, settings: SidecarAnnotations, metricsEnabled: boolean, metricsPort: number, config: InjectorConfig, placement: SidecarPlacement): IContainer {
  const args = ["--mode", "kubernetes", "--app-id", appId, "--http-port", String(SIDECAR_HTTP_PORT)];
  if (settings.appPort !== undefined) args.push("--app-port", String(settings.appPort));
  if (settings.appProtocol !== undefined) args.push("--app-protocol", settings.appProtocol);
  args.push("--log-level", settings.logLevel ?? config.defaultLogLevel ?? "info");
  if (settings.config !== undefined) args.push("--config", settings.config);
  args.push(`--enable-metrics=${String(metricsEnabled)}`, "--metrics-port", String(metricsPort));

  const env: IEnvVar[] = [
    { name: "NAMESPACE", valueFrom: { fieldRef: { fieldPath: "metadata.namespace" } } },
    { name: "POD_NAME", valueFrom: { fieldRef: { fieldPath: "metadata.name" } } },
  ];
  // References only (ARCHITECTURE.md "Hardening"): the kubelet resolves them, the patch never holds a token.
  if (settings.apiTokenSecret) env.push({ name: "RUNTIME_API_TOKEN", valueFrom: { secretKeyRef: { name: settings.apiTokenSecret, key: TOKEN_SECRET_KEY } } });
  if (settings.appTokenSecret) env.push({ name: "APP_API_TOKEN", valueFrom: { secretKeyRef: { name: settings.appTokenSecret, key: TOKEN_SECRET_KEY } } });
  env.push(...settings.env);

  const ports: IContainerPort[] = [{ name: "runtime-http", containerPort: SIDECAR_HTTP_PORT, protocol: "TCP" }];
  if (metricsEnabled) ports.push({ name: "runtime-metrics", containerPort: metricsPort, protocol: "TCP" });
  const container: IContainer = {
    name: SIDECAR_CONTAINER_NAME,
    image: settings.sidecarImage ?? config.sidecarImage,
    imagePullPolicy: config.imagePullPolicy ?? "IfNotPresent",
    args,
    env,
    ports,
    ...sidecarProbes(SIDECAR_HTTP_PORT, placement),
    securityContext: {
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ["ALL"] },
      seccompProfile: { type: "RuntimeDefault" },
    },
  };
  const requests = { ...config.sidecarResources?.requests, ...settings.resources.requests };
  const limits = { ...config.sidecarResources?.limits, ...settings.resources.limits };
  // The heap sized to the limit from the first instant (pkg/diagnostics/heap.ts), so the sidecar never
  // re-executes itself to size it; a NODE_OPTIONS of the pod's runtime.io/env is left alone.
  const limitBytes = limits.memory === undefined ? undefined : parseQuantity(limits.memory);
  if (limitBytes !== undefined && oldSpaceFor(limitBytes) >= MIN_OLD_SPACE_MIB && !env.some((e) => e.name === "NODE_OPTIONS")) {
    env.push({ name: "NODE_OPTIONS", value: heapFlags(limitBytes).join(" ") });
  }
  if (Object.keys(requests).length > 0 || Object.keys(limits).length > 0) {
    container.resources = {};
    if (Object.keys(requests).length > 0) container.resources.requests = { ...requests };
    if (Object.keys(limits).length > 0) container.resources.limits = { ...limits };
  }
  return container;
}
