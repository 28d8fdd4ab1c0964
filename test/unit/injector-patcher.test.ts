import { describe, expect, it } from "@jest/globals";
import jsonpatch from "fast-json-patch";
import type { IContainer } from "kubernetes-models/v1/Container";
import { Pod } from "kubernetes-models/v1/Pod";
import { parseOptions } from "../../cmd/runtimed/options.js";
import { createPatch, defaultAppId, type InjectorConfig, type JsonPatchAdd } from "../../pkg/injector/patcher.js";
import { deploymentPod, POD_TEMPLATE_HASH } from "./injector-fixtures.js";

const CONFIG: InjectorConfig = { sidecarImage: "ghcr.io/example/runtimed:0.1.0", skipNamespaces: ["kube-system", "kube-public", "runtime-system"] };

/** The sidecar as a test reads it: everything the patcher sets is present. */
type Container = Required<Pick<IContainer, "name" | "image" | "args" | "env" | "ports" | "securityContext">> & IContainer & { readinessProbe: { httpGet: unknown }; livenessProbe: { httpGet: unknown } };
type PodDoc = { metadata: Record<string, unknown>; spec: { containers: Container[] } };

function inject(pod: Record<string, unknown>, namespace = "shop", config = CONFIG): { patched: PodDoc; patch: JsonPatchAdd[]; appId: string } {
  const annotations = (pod.metadata as { annotations?: Record<string, string> }).annotations;
  const decision = createPatch(pod, namespace, annotations, config);
  if (decision.kind !== "patch") throw new Error(`expected a patch, got ${JSON.stringify(decision)}`);
  const patched = jsonpatch.applyPatch(jsonpatch.deepClone(pod), decision.patch, true, false).newDocument as PodDoc;
  // The resulting pod must be a valid Pod for the API server's schema (kubernetes-models validates offline).
  new Pod({ ...(patched as object), metadata: { ...patched.metadata, creationTimestamp: undefined } } as never).validate();
  return { patched, patch: decision.patch, appId: decision.appId };
}

function sidecar(pod: PodDoc): Container {
  const found = pod.spec.containers.find((c) => c.name === "runtimed");
  if (!found) throw new Error("no runtimed container");
  return found;
}

function argValue(args: string[], flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i < 0 ? undefined : args[i + 1];
}

describe("injector patcher on Deployment-created pods", () => {
  it("adds the runtimed container with image, kubernetes-mode args and the Deployment's name as app id", () => {
    const { patched, appId } = inject(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/app-port": "8080" }));
    expect(appId).toBe("checkout");
    expect(patched.spec.containers.map((c) => c.name)).toEqual(["app", "runtimed"]);
    const c = sidecar(patched);
    expect(c.image).toBe(CONFIG.sidecarImage);
    expect(argValue(c.args, "--mode")).toBe("kubernetes");
    expect(argValue(c.args, "--app-id")).toBe("checkout");
    expect(argValue(c.args, "--app-port")).toBe("8080");
    expect(argValue(c.args, "--log-level")).toBe("info");
    expect(argValue(c.args, "--metrics-port")).toBe("9090");
    expect(c.args).toContain("--enable-metrics=true");
    expect(c.args).not.toContain("--config");
  });

  it("passes args that runtimed's own command line accepts, with the values the annotations gave", () => {
    const { patched } = inject(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/app-port": "8080", "runtime.io/log-level": "debug", "runtime.io/enable-metrics": "false", "runtime.io/metrics-port": "9100" }));
    const options = parseOptions(sidecar(patched).args, { NAMESPACE: "shop" });
    expect(options).toMatchObject({ mode: "kubernetes", appId: "checkout", appPort: 8080, httpPort: 3500, logLevel: "debug", enableMetrics: false, metricsPort: 9100, namespace: "shop", listenAddress: "0.0.0.0" });
  });

  it("injects a pod written for Dapr (dapr.io/enabled, dapr.io/app-id, dapr.io/app-port) as a runtime.io one", () => {
    const { patched, appId } = inject(deploymentPod({ "dapr.io/enabled": "true", "dapr.io/app-id": "orders", "dapr.io/app-port": "8080", "dapr.io/log-level": "debug" }));
    expect(appId).toBe("orders");
    const c = sidecar(patched);
    expect(argValue(c.args, "--app-port")).toBe("8080");
    expect(argValue(c.args, "--log-level")).toBe("debug");
  });

  it("refuses a bad Dapr annotation naming it as the pod spelled it", () => {
    const decision = createPatch(deploymentPod({ "dapr.io/enabled": "true", "dapr.io/app-port": "http" }), "shop", { "dapr.io/enabled": "true", "dapr.io/app-port": "http" }, CONFIG);
    expect(decision.kind).toBe("invalid");
    expect(decision.kind === "invalid" ? decision.errors.join("\n") : "").toContain("annotation dapr.io/app-port:");
  });

  it("passes the app protocol annotation (runtime.io or dapr.io) as --app-protocol, which runtimed accepts", () => {
    const { patched } = inject(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/app-port": "50051", "dapr.io/app-protocol": "grpc" }));
    expect(argValue(sidecar(patched).args, "--app-protocol")).toBe("grpc");
    expect(parseOptions(sidecar(patched).args, { NAMESPACE: "shop" })).toMatchObject({ appPort: 50051, appProtocol: "grpc" });
    const plain = inject(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/app-port": "8080" })).patched;
    expect(sidecar(plain).args).not.toContain("--app-protocol");
  });

  it("produces pods the schema check would catch if broken (the validation in inject() has teeth)", () => {
    const { patched } = inject(deploymentPod({ "runtime.io/enabled": "true" }));
    (sidecar(patched).ports[0] as { containerPort: unknown }).containerPort = "3500";
    expect(() => new Pod({ ...(patched as object), metadata: { ...patched.metadata, creationTimestamp: undefined } } as never).validate()).toThrow(/containerPort must be integer/);
  });

  it("sets NAMESPACE and POD_NAME from the downward API and ports 3500 and 9090", () => {
    const c = sidecar(inject(deploymentPod({ "runtime.io/enabled": "true" })).patched);
    expect(c.env).toEqual(expect.arrayContaining([
      { name: "NAMESPACE", valueFrom: { fieldRef: { fieldPath: "metadata.namespace" } } },
      { name: "POD_NAME", valueFrom: { fieldRef: { fieldPath: "metadata.name" } } },
    ]));
    expect(c.ports).toEqual([
      { name: "runtime-http", containerPort: 3500, protocol: "TCP" },
      { name: "runtime-metrics", containerPort: 9090, protocol: "TCP" },
    ]);
  });

  it("probes liveness by a TCP connect (independent of the app and the brokers) and readiness on /v1.0/healthz (the app gate), port 3500", () => {
    const c = sidecar(inject(deploymentPod({ "runtime.io/enabled": "true" })).patched);
    expect(c.livenessProbe).toEqual({ tcpSocket: { port: 3500 }, initialDelaySeconds: 3, timeoutSeconds: 3, periodSeconds: 6, failureThreshold: 3 });
    expect(c.readinessProbe).toEqual({ httpGet: { path: "/v1.0/healthz", port: 3500 }, initialDelaySeconds: 3, timeoutSeconds: 3, periodSeconds: 6, failureThreshold: 3 });
  });

  it("tunes each probe's delay, timeout, period and threshold from runtime.io/sidecar-*-probe-* annotations, refusing bad values by name", () => {
    const c = sidecar(inject(deploymentPod({
      "runtime.io/enabled": "true",
      "runtime.io/sidecar-liveness-probe-delay-seconds": "30",
      "runtime.io/sidecar-liveness-probe-period-seconds": "20",
      "runtime.io/sidecar-liveness-probe-threshold": "5",
      "runtime.io/sidecar-readiness-probe-timeout-seconds": "1",
      "runtime.io/sidecar-readiness-probe-delay-seconds": "0",
    })).patched);
    expect(c.livenessProbe).toMatchObject({ initialDelaySeconds: 30, periodSeconds: 20, failureThreshold: 5, timeoutSeconds: 3 });
    expect(c.readinessProbe).toMatchObject({ initialDelaySeconds: 0, timeoutSeconds: 1, periodSeconds: 6 });
    const bad = createPatch(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/sidecar-liveness-probe-period-seconds": "0", "runtime.io/enable-native-sidecar": "sure" }), "shop", { "runtime.io/enabled": "true", "runtime.io/sidecar-liveness-probe-period-seconds": "0", "runtime.io/enable-native-sidecar": "sure" }, CONFIG);
    expect(bad).toEqual({ kind: "invalid", errors: [
      'annotation runtime.io/sidecar-liveness-probe-period-seconds: "0" is not a whole number of at least 1',
      'annotation runtime.io/enable-native-sidecar: "sure" must be true or false',
    ] });
  });

  it("adds a native sidecar (the first init container, restartPolicy Always) when runtime.io/enable-native-sidecar or the chart asks", () => {
    const pod = deploymentPod({ "runtime.io/enabled": "true" });
    (pod.spec as { initContainers?: unknown[] }).initContainers = [{ name: "migrate", image: "busybox" }];
    const { patched } = inject(pod, "shop", { ...CONFIG, nativeSidecar: true });
    const spec = patched.spec as unknown as { containers: Container[]; initContainers: Array<Container & { restartPolicy?: string }> };
    expect(spec.containers.map((c) => c.name)).toEqual(["app"]);
    expect(spec.initContainers.map((c) => [c.name, c.restartPolicy])).toEqual([["runtimed", "Always"], ["migrate", undefined]]);
    const annotated = inject(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/enable-native-sidecar": "true" })).patched as unknown as { spec: { initContainers: Array<{ name: string; restartPolicy: string }> } };
    expect(annotated.spec.initContainers.map((c) => [c.name, c.restartPolicy])).toEqual([["runtimed", "Always"]]);
    const optedOut = inject(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/enable-native-sidecar": "false" }), "shop", { ...CONFIG, nativeSidecar: true }).patched;
    expect(optedOut.spec.containers.map((c) => c.name)).toEqual(["app", "runtimed"]);
  });

  it("takes chart-wide sidecar requests and limits, each overridden by its annotation", () => {
    const config: InjectorConfig = { ...CONFIG, sidecarResources: { requests: { cpu: "50m", memory: "96Mi" }, limits: { memory: "256Mi" } } };
    expect(sidecar(inject(deploymentPod({ "runtime.io/enabled": "true" }), "shop", config).patched).resources).toEqual({ requests: { cpu: "50m", memory: "96Mi" }, limits: { memory: "256Mi" } });
    expect(sidecar(inject(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/sidecar-memory-limit": "512Mi" }), "shop", config).patched).resources).toEqual({ requests: { cpu: "50m", memory: "96Mi" }, limits: { memory: "512Mi" } });
  });

  it("sizes the sidecar's old space to 60% of its memory limit and its semi-spaces to 8 MiB through NODE_OPTIONS, unless runtime.io/env sets NODE_OPTIONS", () => {
    const config: InjectorConfig = { ...CONFIG, sidecarResources: { requests: {}, limits: { memory: "256Mi" } } };
    const env = (annotations: Record<string, string>): Array<{ name: string; value?: string }> => sidecar(inject(deploymentPod({ "runtime.io/enabled": "true", ...annotations }), "shop", config).patched).env;
    expect(env({})).toContainEqual({ name: "NODE_OPTIONS", value: "--max-old-space-size=153 --max-semi-space-size=8" });
    expect(env({ "runtime.io/sidecar-memory-limit": "1Gi" })).toContainEqual({ name: "NODE_OPTIONS", value: "--max-old-space-size=614 --max-semi-space-size=16" });
    expect(env({ "runtime.io/env": "NODE_OPTIONS=--max-old-space-size=64" }).filter((e) => e.name === "NODE_OPTIONS")).toEqual([{ name: "NODE_OPTIONS", value: "--max-old-space-size=64" }]);
    expect(sidecar(inject(deploymentPod({ "runtime.io/enabled": "true" })).patched).env.map((e) => e.name)).not.toContain("NODE_OPTIONS");
  });

  it("takes the runtime.io/enabled label as the opt-in too (what the webhook's default objectSelector matches)", () => {
    const pod = deploymentPod({}, { labels: { "runtime.io/enabled": "true" } });
    expect(sidecar(inject(pod).patched).name).toBe("runtimed");
  });

  it("runs the sidecar non-root, read-only, without privilege escalation and with ALL capabilities dropped", () => {
    const c = sidecar(inject(deploymentPod({ "runtime.io/enabled": "true" })).patched);
    expect(c.securityContext).toMatchObject({ runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] } });
  });

  it("puts token secret references, never values, into the env", () => {
    const c = sidecar(inject(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/api-token-secret": "runtime-api-token", "runtime.io/app-token-secret": "app-token" })).patched);
    expect(c.env).toEqual(expect.arrayContaining([
      { name: "RUNTIME_API_TOKEN", valueFrom: { secretKeyRef: { name: "runtime-api-token", key: "token" } } },
      { name: "APP_API_TOKEN", valueFrom: { secretKeyRef: { name: "app-token", key: "token" } } },
    ]));
    expect(c.env.filter((e: { name: string; value?: string }) => /TOKEN/.test(e.name) && e.value !== undefined)).toEqual([]);
  });

  it("takes app id, log level, config, metrics, image, resources and extra env from annotations", () => {
    const { patched, appId } = inject(deploymentPod({
      "runtime.io/enabled": "True",
      "runtime.io/app-id": "orders",
      "runtime.io/log-level": "DEBUG",
      "runtime.io/config": "tracing",
      "runtime.io/metrics-port": "9191",
      "runtime.io/sidecar-image": "registry.local:5000/runtimed@sha256:abc",
      "runtime.io/sidecar-cpu-request": "100m",
      "runtime.io/sidecar-cpu-limit": "1",
      "runtime.io/sidecar-memory-request": "64Mi",
      "runtime.io/sidecar-memory-limit": "256Mi",
      "runtime.io/env": "GOMAXPROCS=2, NODE_OPTIONS=--max-old-space-size=200",
    }));
    expect(appId).toBe("orders");
    const c = sidecar(patched);
    expect(argValue(c.args, "--app-id")).toBe("orders");
    expect(argValue(c.args, "--log-level")).toBe("debug");
    expect(argValue(c.args, "--config")).toBe("tracing");
    expect(argValue(c.args, "--metrics-port")).toBe("9191");
    expect(c.image).toBe("registry.local:5000/runtimed@sha256:abc");
    expect(c.resources).toEqual({ requests: { cpu: "100m", memory: "64Mi" }, limits: { cpu: "1", memory: "256Mi" } });
    expect(c.env).toEqual(expect.arrayContaining([{ name: "GOMAXPROCS", value: "2" }, { name: "NODE_OPTIONS", value: "--max-old-space-size=200" }]));
    expect(c.ports).toContainEqual({ name: "runtime-metrics", containerPort: 9191, protocol: "TCP" });
  });

  it("drops the metrics port and passes --enable-metrics=false when metrics are off", () => {
    const c = sidecar(inject(deploymentPod({ "runtime.io/enabled": "true", "runtime.io/enable-metrics": "false" })).patched);
    expect(c.args).toContain("--enable-metrics=false");
    expect(c.ports).toEqual([{ name: "runtime-http", containerPort: 3500, protocol: "TCP" }]);
  });

  it("gives every app container RUNTIME_HTTP_PORT, appending to an existing env and creating a missing one", () => {
    const pod = deploymentPod({ "runtime.io/enabled": "true" }, {
      containers: [
        { name: "app", image: "a", env: [{ name: "LOG_FORMAT", value: "json" }] },
        { name: "worker", image: "b" },
        { name: "pinned", image: "c", env: [{ name: "RUNTIME_HTTP_PORT", value: "3500" }] },
      ],
    });
    const { patched } = inject(pod);
    const [app, worker, pinned] = patched.spec.containers;
    expect(app!.env).toEqual([{ name: "LOG_FORMAT", value: "json" }, { name: "RUNTIME_HTTP_PORT", value: "3500" }]);
    expect(worker!.env).toEqual([{ name: "RUNTIME_HTTP_PORT", value: "3500" }]);
    expect(pinned!.env).toEqual([{ name: "RUNTIME_HTTP_PORT", value: "3500" }]);
    expect(sidecar(patched).env.some((e: { name: string }) => e.name === "RUNTIME_HTTP_PORT")).toBe(false);
  });

  it("passes pods without runtime.io/enabled \"true\", in skipped namespaces, or already carrying runtimed", () => {
    expect(createPatch(deploymentPod({}), "shop", {}, CONFIG).kind).toBe("skip");
    expect(createPatch(deploymentPod({ "runtime.io/enabled": "false" }), "shop", { "runtime.io/enabled": "false" }, CONFIG).kind).toBe("skip");
    expect(createPatch(deploymentPod({ "runtime.io/enabled": "yes" }), "shop", { "runtime.io/enabled": "yes" }, CONFIG).kind).toBe("skip");
    for (const ns of ["kube-system", "kube-public", "runtime-system"]) {
      expect(createPatch(deploymentPod({ "runtime.io/enabled": "true" }), ns, { "runtime.io/enabled": "true" }, CONFIG)).toMatchObject({ kind: "skip", reason: expect.stringContaining(ns) });
    }
    const injected = inject(deploymentPod({ "runtime.io/enabled": "true" })).patched;
    expect(createPatch(injected, "shop", { "runtime.io/enabled": "true" }, CONFIG).kind).toBe("skip");
  });

  it("passes a pod already running runtimed among its init containers (a native sidecar), and still injects beside other init containers", () => {
    const withInit = (initContainers: unknown[]): Record<string, unknown> => {
      const pod = deploymentPod({ "runtime.io/enabled": "true" });
      (pod.spec as Record<string, unknown>).initContainers = initContainers;
      return pod;
    };
    const native = createPatch(withInit([{ name: "runtimed", image: "x", restartPolicy: "Always" }]), "shop", { "runtime.io/enabled": "true" }, CONFIG);
    expect(native).toMatchObject({ kind: "skip", reason: expect.stringContaining("init container") });
    expect(createPatch(withInit([{ name: "migrate", image: "m" }]), "shop", { "runtime.io/enabled": "true" }, CONFIG).kind).toBe("patch");
  });

  it("refuses bad annotation values with messages naming the annotation, even with other valid ones", () => {
    const annotations = { "runtime.io/enabled": "true", "runtime.io/app-port": "http", "runtime.io/log-level": "verbose" };
    const decision = createPatch(deploymentPod(annotations), "shop", annotations, CONFIG);
    expect(decision.kind).toBe("invalid");
    const errors = decision.kind === "invalid" ? decision.errors : [];
    expect(errors).toEqual([
      'annotation runtime.io/app-port: "http" is not a port number (1-65535)',
      'annotation runtime.io/log-level: "verbose" is not one of error, warn, info, debug',
    ]);
  });

  it("refuses port clashes between the sidecar and the app", () => {
    const annotations = { "runtime.io/enabled": "true", "runtime.io/app-port": "3500" };
    const clash = createPatch(deploymentPod(annotations), "shop", annotations, CONFIG);
    expect(clash).toMatchObject({ kind: "invalid", errors: ["annotation runtime.io/app-port: 3500 is the sidecar's HTTP port"] });
    const declares = { "runtime.io/enabled": "true" };
    const pod = deploymentPod(declares, { containers: [{ name: "app", image: "a", ports: [{ containerPort: 9090 }] }] });
    expect(createPatch(pod, "shop", declares, CONFIG)).toMatchObject({ kind: "invalid", errors: [expect.stringContaining("container app declares port 9090")] });
  });

  it("refuses a derived app id that is not valid and asks for runtime.io/app-id", () => {
    const annotations = { "runtime.io/enabled": "true" };
    const pod = deploymentPod(annotations, { deployment: "web.frontend" });
    expect(createPatch(pod, "shop", annotations, CONFIG)).toMatchObject({ kind: "invalid", errors: [expect.stringContaining("set the annotation runtime.io/app-id")] });
  });
});

describe("default app id", () => {
  it("is the Deployment name: the ReplicaSet owner minus its pod-template-hash", () => {
    expect(defaultAppId(deploymentPod({}, { deployment: "cart-api" }))).toBe("cart-api");
  });

  it("is the owner's name when the owner is not a hashed ReplicaSet", () => {
    const pod = { metadata: { generateName: "db-", ownerReferences: [{ kind: "StatefulSet", name: "db", controller: true }] } };
    expect(defaultAppId(pod)).toBe("db");
    const rs = { metadata: { labels: { "pod-template-hash": "zzz" }, ownerReferences: [{ kind: "ReplicaSet", name: "standalone-rs", controller: true }] } };
    expect(defaultAppId(rs)).toBe("standalone-rs");
  });

  it("prefers the controller owner over other owners", () => {
    const pod = { metadata: { labels: { "pod-template-hash": POD_TEMPLATE_HASH }, ownerReferences: [{ kind: "Foo", name: "other" }, { kind: "ReplicaSet", name: `web-${POD_TEMPLATE_HASH}`, controller: true }] } };
    expect(defaultAppId(pod)).toBe("web");
  });

  it("is the pod's name, or its generateName without the trailing dash, without owners", () => {
    expect(defaultAppId({ metadata: { name: "debug-pod" } })).toBe("debug-pod");
    expect(defaultAppId({ metadata: { generateName: "batch-" } })).toBe("batch");
    expect(defaultAppId({ metadata: {} })).toBeUndefined();
  });
});
