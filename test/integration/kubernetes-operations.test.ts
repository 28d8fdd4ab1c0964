import { writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import { createLogger } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import type { Condition } from "../../pkg/statuscontroller/conditions.js";
import { StatusController } from "../../pkg/statuscontroller/controller.js";
import { COMPONENTS, CONFIGURATIONS, EVENTS, FakeApiServer, RESILIENCIES, SUBSCRIPTIONS, type KubeObject, type RequestRecord } from "../support/fake-apiserver.js";
import { helmPresent, template, type Manifest } from "../support/helm.js";
import { publishNumbered } from "../support/drills.js";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { PrivateRedis } from "./pubsub-redis-server.js";

/**
 * Operating in a cluster, end to end against the fake API server (the real @kubernetes/client-node
 * on the wire): the built sidecar in kubernetes mode writes Events on its Components, the status
 * controller folds them into `Loaded` and `Ready`, a rotated Kubernetes Secret reloads the
 * component that references it (a private redis-server's ACL password), a wrong value keeps the old
 * instance serving and says why, and the chart's Roles grant exactly the calls both made.
 */
const NS = "shop";
const POD = "checkout-5d8f7c9b6-x2x4q";
const SIDECAR_TOKEN = "sidecar-sa";
const CONTROLLER_TOKEN = "status-controller-sa";

const condition = (o: KubeObject | undefined, type: string): Condition | undefined => ((o?.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).find((c) => c.type === type);

/** The RBAC (apiGroup, resource, verb) a request needs, as kube-apiserver's authorizer derives it. */
function permissionOf(r: RequestRecord): string {
  const parts = r.path.split("/").filter(Boolean);
  const group = parts[0] === "api" ? "" : parts[1]!;
  const rest = parts[0] === "api" ? parts.slice(2) : parts.slice(3);
  const [, , plural, name, sub] = rest;
  const verb = r.method === "GET" ? (name ? "get" : r.watch ? "watch" : "list") : ({ POST: "create", PUT: "update", PATCH: "patch", DELETE: "delete" } as Record<string, string>)[r.method]!;
  return `${group}/${plural}${sub ? `/${sub}` : ""}:${verb}`;
}

function granted(roles: Manifest[]): Set<string> {
  const out = new Set<string>();
  for (const role of roles) for (const rule of role.rules as Array<{ apiGroups: string[]; resources: string[]; verbs: string[] }>) {
    for (const group of rule.apiGroups) for (const resource of rule.resources) for (const verb of rule.verbs) out.add(`${group}/${resource}:${verb}`);
  }
  return out;
}

describe("operating in a cluster: Events, status, Secret rotation, least-privilege RBAC (built sidecar, fake API server)", () => {
  let api: FakeApiServer;
  let redis: PrivateRedis;
  let admin: Redis;
  let sidecar: SidecarProcess;
  let controller: StatusController;

  const sidecarEvents = (component: string, reason?: string): KubeObject[] =>
    api.list(EVENTS, NS).filter((e) => (e.involvedObject as { name: string }).name === component && (reason === undefined || e.reason === reason));
  const rotations = async (result: string): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
    return Number(new RegExp(`runtime_component_secret_rotation_total\\{component="orders",result="${result}",app_id="checkout"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  };

  beforeAll(async () => {
    api = await FakeApiServer.start();
    redis = await PrivateRedis.start();
    admin = new Redis({ host: "127.0.0.1", port: redis.port, lazyConnect: true });
    await admin.connect();
    await admin.call("ACL", "SETUSER", "app", "on", ">pw-one", "~*", "&*", "+@all");
    api.putSecret(NS, "redis-auth", { password: "pw-one" });
    api.create(CONFIGURATIONS, NS, { metadata: { name: "appconfig" }, spec: {} });
    api.create(SUBSCRIPTIONS, NS, { metadata: { name: "orders-sub" }, spec: { pubsubname: "orders", topic: "orders", routes: { default: "/orders" } } });
    api.create(RESILIENCIES, NS, { metadata: { name: "res" }, spec: { policies: { timeouts: { general: "5s" } }, targets: {} } });
    api.create(COMPONENTS, NS, {
      metadata: { name: "orders" },
      spec: { type: "pubsub.redis", version: "v1", metadata: [{ name: "redisHost", value: redis.address }, { name: "redisUsername", value: "app" }, { name: "redisPassword", secretKeyRef: { name: "redis-auth", key: "password" } }] },
    });
    api.create(COMPONENTS, NS, { metadata: { name: "broken" }, spec: { type: "secretstores.local.file", version: "v1", ignoreErrors: true, metadata: [{ name: "secretsFile", value: "/nonexistent/secrets.json" }] } });

    controller = new StatusController({
      kubeConfig: api.kubeConfig(CONTROLLER_TOKEN),
      namespaces: [NS],
      registries: builtinRegistries(),
      logger: createLogger({ appId: "status-controller", level: "error", json: true, stream: new PassThrough() }),
      metrics: new Metrics({ processMetrics: false }),
      leaderElection: { namespace: "runtime-system", leaseName: "rt-runtime-status-controller", identity: "controller-0", leaseDurationMs: 1000, retryPeriodMs: 100 },
      retry: { initialMs: 50, maxMs: 500 },
    });
    await controller.start();

    const kubeconfig = path.join(tempDir("kube-ops-"), "config");
    await writeFile(kubeconfig, api.kubeConfig(SIDECAR_TOKEN).exportConfig());
    sidecar = await startSidecar({ appId: "checkout", args: ["--mode", "kubernetes", "--config", "appconfig", "--listen-address", "127.0.0.1"], env: { NAMESPACE: NS, POD_NAME: POD, KUBECONFIG: kubeconfig } });
  });

  afterAll(async () => {
    await sidecar?.stop("SIGKILL");
    await controller?.close();
    admin?.disconnect();
    await redis?.kill();
    await api?.close();
  });

  it("writes Loaded and InitFailed Events naming the pod, aggregated into one Event whose count grows; the controller summarises them", async () => {
    await waitFor(() => sidecarEvents("orders", "Loaded").length === 1 && sidecarEvents("broken", "InitFailed").length === 1, { what: `the sidecar's Events\n${sidecar.output()}` });
    const loaded = sidecarEvents("orders", "Loaded")[0]!;
    expect(loaded).toMatchObject({ type: "Normal", reportingInstance: POD, source: { component: "runtimed", host: POD }, involvedObject: { kind: "Component", name: "orders", namespace: NS, apiVersion: "runtime.io/v1alpha1" } });
    expect(loaded.metadata.annotations).toEqual({ "runtime.io/generation": "1" });
    // The failed component is retried with backoff: the same Event counts up instead of multiplying.
    await waitFor(() => Number(sidecarEvents("broken", "InitFailed")[0]!.count) >= 2, { what: "an aggregated InitFailed" });
    expect(sidecarEvents("broken", "InitFailed")).toHaveLength(1);
    expect(sidecarEvents("broken", "InitFailed")[0]).toMatchObject({ type: "Warning", message: expect.stringMatching(/secretsFile.*\/nonexistent\/secrets\.json/) });

    await waitFor(() => condition(api.get(COMPONENTS, NS, "orders"), "Loaded")?.status === "True" && condition(api.get(COMPONENTS, NS, "broken"), "Loaded")?.status === "False", { what: "the Loaded conditions" });
    expect(condition(api.get(COMPONENTS, NS, "orders"), "Loaded")!.message).toBe("1 sidecar(s) run this generation");
    expect(condition(api.get(COMPONENTS, NS, "broken"), "Ready")).toMatchObject({ status: "False", reason: "InitFailed" });
    expect(condition(api.get(COMPONENTS, NS, "broken"), "Ready")!.message).toContain(POD);
  });

  it("reloads the component when its Kubernetes Secret changes, and it authenticates with the new password", async () => {
    await admin.call("ACL", "SETUSER", "app", ">pw-two");
    api.putSecret(NS, "redis-auth", { password: "pw-two" });
    await waitFor(async () => (await rotations("success")) === 1, { what: `the rotation\n${sidecar.output()}` });
    await waitFor(() => sidecarEvents("orders", "Reloaded").length === 1, { what: "the Reloaded Event" });
    await admin.call("ACL", "SETUSER", "app", "<pw-one");
    await admin.call("CLIENT", "KILL", "USER", "app");
    await waitFor(async () => publishNumbered(sidecar, "orders", "orders", 1, 2000), { what: "a publish with the new password" });
    // A Secret nobody references changes, and the referenced one is rewritten unchanged: nothing reloads
    // (checked in the next test, once a later change of the same watch has been handled).
    api.putSecret(NS, "unrelated", { token: "x" });
    api.putSecret(NS, "redis-auth", { password: "pw-two" });
  });

  it("a rotation to a wrong value keeps the old instance serving; the Event and the Loaded condition say why", async () => {
    api.putSecret(NS, "redis-auth", { password: "wrong" });
    await waitFor(() => sidecarEvents("orders", "ReloadFailed").length === 1, { what: `the ReloadFailed Event\n${sidecar.output()}` });
    const failed = sidecarEvents("orders", "ReloadFailed")[0]!;
    expect(failed.type).toBe("Warning");
    expect(failed.message).toMatch(/WRONGPASS|invalid username-password/);
    expect(failed.message).toMatch(/the old instance keeps serving$/);
    expect(failed.message).not.toContain("wrong\"");
    expect(await publishNumbered(sidecar, "orders", "orders", 2)).toBe(true);
    expect(await rotations("success")).toBe(1);
    expect(sidecarEvents("orders", "Reloaded")).toHaveLength(1);
    await waitFor(() => condition(api.get(COMPONENTS, NS, "orders"), "Loaded")?.reason === "ReloadFailed", { what: "Loaded False: ReloadFailed" });
  });

  it("the chart's Roles grant exactly the calls the sidecar and the status controller made", () => {
    if (!helmPresent()) return;
    const manifests = template(["--set", "sidecarRBAC.namespaces={shop}", "--set", "sidecarRBAC.secrets.enabled=true", "--set", "sidecarRBAC.secrets.names={redis-auth}"]);
    const roles = (name: string): Manifest[] => manifests.filter((m) => m.kind === "Role" && m.metadata.name.startsWith(name));
    const used = (token: string): Set<string> => new Set(api.requests.filter((r) => r.token === token).map(permissionOf));

    expect([...used(SIDECAR_TOKEN)]).toEqual(expect.arrayContaining(["/secrets:get", "/secrets:list", "/secrets:watch", "/events:create", "/events:update", "runtime.io/configurations:get"]));
    expect([...used(SIDECAR_TOKEN)].sort()).toEqual([...granted(roles("rt-runtime-sidecar"))].sort());
    expect([...used(CONTROLLER_TOKEN)].sort()).toEqual([...granted(roles("rt-runtime-status-controller"))].sort());
    // resourceNames: every Secret read names a Secret of the list, by path or by field selector.
    const sidecarRole = roles("rt-runtime-sidecar")[0]!;
    const names = (sidecarRole.rules as Array<{ resources: string[]; resourceNames?: string[] }>).find((r) => r.resources.includes("secrets"))!.resourceNames;
    expect(names).toEqual(["redis-auth"]);
    for (const r of api.requests.filter((q) => q.token === SIDECAR_TOKEN && q.path.includes("/secrets"))) {
      const name = r.path.split("/")[6] ?? /^metadata\.name=(.+)$/.exec(r.fieldSelector ?? "")?.[1];
      expect({ path: r.path, name }).toEqual({ path: r.path, name: "redis-auth" });
    }
  });
});
