/**
 * The chart's monitoring objects (Grafana dashboard ConfigMap, PrometheusRule, PodMonitor; all off by
 * default) render as valid objects, and every metric they query exists in a running sidecar's /metrics
 * after a publish, a delivery and a dead-letter: no panel or alert on a metric that does not exist.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { CHART, helm, helmPresent, one, template, type Manifest } from "../support/helm.js";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

const ON = ["--set", "grafanaDashboard.enabled=true", "--set", "prometheusRule.enabled=true", "--set", "podMonitor.enabled=true"];

interface Panel {
  title: string;
  type: string;
  targets?: Array<{ expr: string }>;
}

function dashboardOf(manifests: Manifest[]): { panels: Panel[]; templating: { list: Array<{ query: unknown }> } } {
  const configMap = one(manifests, "ConfigMap");
  return JSON.parse(configMap.data["runtimed.json"] as string) as ReturnType<typeof dashboardOf>;
}

function rulesOf(manifests: Manifest[]): Array<{ alert: string; expr: string; labels: Record<string, string> }> {
  return one(manifests, "PrometheusRule").spec.groups.flatMap((g: { rules: unknown[] }) => g.rules);
}

/** Every runtime_* series name a PromQL text names. */
function seriesNames(queries: string[]): string[] {
  return [...new Set(queries.flatMap((q) => q.match(/runtime_[a-z0-9_]+/g) ?? []))].sort();
}

/** The family a series belongs to: itself when declared so (a counter may end in _count), else the histogram's. */
function familyOf(series: string, declared: Set<string>): string {
  return declared.has(series) ? series : series.replace(/_(bucket|sum|count)$/, "");
}

(helmPresent() ? describe : describe.skip)("the chart's dashboard, alerts and PodMonitor", () => {
  let manifests: Manifest[];
  beforeAll(() => {
    manifests = template(ON);
  });

  it("are off by default", () => {
    expect(template().map((m) => m.kind)).not.toEqual(expect.arrayContaining(["PrometheusRule"]));
    expect(template().filter((m) => ["ConfigMap", "PrometheusRule", "PodMonitor"].includes(m.kind))).toEqual([]);
  });

  it("pass helm lint --strict when switched on", () => {
    const result = helm(["lint", "--strict", CHART, ...ON]);
    expect(result.stderr + result.stdout).toContain("0 chart(s) failed");
    expect(result.status).toBe(0);
  });

  it("render a dashboard ConfigMap the Grafana sidecar discovers, valid against the Kubernetes schema", () => {
    const configMap = one(manifests, "ConfigMap");
    new ConfigMap(configMap).validate();
    expect(configMap.metadata.labels).toMatchObject({ grafana_dashboard: "1" });
    const dashboard = dashboardOf(manifests);
    // The file shipped is the one rendered, byte for byte.
    expect(configMap.data["runtimed.json"]).toBe(readFileSync(path.join(CHART, "dashboards/runtimed.json"), "utf8"));
    const titles = dashboard.panels.map((p) => p.title.toLowerCase()).join(" | ");
    for (const topic of ["request rate", "latency", "error", "publish", "delivery", "retries", "dead-letter", "readiness", "hot reload", "memory", "cpu", "restart"]) expect(titles).toContain(topic);
    for (const panel of dashboard.panels.filter((p) => p.type !== "row")) expect(panel.targets?.length).toBeGreaterThan(0);
  });

  it("render the namespace and labels asked for", () => {
    const custom = template([...ON, "--set", "grafanaDashboard.namespace=monitoring", "--set-string", "grafanaDashboard.annotations.grafana_folder=Runtime", "--set-string", "prometheusRule.additionalLabels.team=platform"]);
    expect(one(custom, "ConfigMap").metadata).toMatchObject({ namespace: "monitoring", annotations: { grafana_folder: "Runtime" } });
    for (const rule of rulesOf(custom)) expect(rule.labels).toMatchObject({ team: "platform" });
  });

  it("render a PrometheusRule with the four alerts the operations docs name, each with a severity and a summary", () => {
    const rule = one(manifests, "PrometheusRule");
    expect(rule).toMatchObject({ apiVersion: "monitoring.coreos.com/v1", spec: { groups: [expect.objectContaining({ name: expect.any(String) })] } });
    const alerts = rulesOf(manifests);
    expect(alerts.map((a) => a.alert)).toEqual(expect.arrayContaining(["RuntimeDeliveryFailing", "RuntimeDeadLettersGrowing", "RuntimeComponentDown", "RuntimeSidecarRestarting"]));
    for (const alert of alerts) {
      expect(alert.labels.severity).toMatch(/^(warning|critical)$/);
      expect(alert.expr).toMatch(/runtime_/);
      // Template braces for Alertmanager survive helm's own templating.
      expect((alert as unknown as { annotations: { summary: string } }).annotations.summary).not.toContain("<no value>");
    }
  });

  it("render a PodMonitor on the injected sidecars' runtime-metrics port", () => {
    expect(one(manifests, "PodMonitor")).toMatchObject({ apiVersion: "monitoring.coreos.com/v1", spec: { namespaceSelector: { any: true }, podMetricsEndpoints: [{ port: "runtime-metrics", path: "/metrics" }] } });
  });

  describe("against a running sidecar", () => {
    let app: TestApp;
    let sidecar: SidecarProcess;
    beforeAll(async () => {
      app = await startTestApp({ subscriptions: [{ pubsubname: "pubsub", topic: "orders", route: "/orders", deadLetterTopic: "orders-dead" }] });
      // The first message is dropped (to the dead-letter topic), the rest succeed.
      app.respond("/orders", (_r, n) => ({ status: 200, body: { status: n === 1 ? "DROP" : "SUCCESS" } }));
      sidecar = await startSidecar({ appId: "dashboard-app", args: ["--app-port", String(app.port)] });
      await waitFor(async () => (await fetch(`${sidecar.url}/v1.0/healthz`)).status === 204, { what: "sidecar health" });
      for (let n = 0; n < 3; n++) {
        const res = await fetch(`${sidecar.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
        expect(res.status).toBe(204);
      }
      await app.waitForRequests("/orders", 3);
    });
    afterAll(async () => {
      await sidecar?.stop("SIGKILL");
      await app?.close();
    });

    it("exposes every metric family the dashboard and the alert rules query", async () => {
      const dashboard = dashboardOf(manifests);
      const queries = [...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)), ...dashboard.templating.list.map((v) => JSON.stringify(v.query)), ...rulesOf(manifests).map((r) => r.expr)];
      const names = seriesNames(queries);
      expect(names.length).toBeGreaterThan(10);
      let text = "";
      await waitFor(async () => {
        text = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
        return /runtime_pubsub_deadletter_total\{[^}]*\} 1/.test(text);
      }, { what: "the dead-letter counted" });
      const declared = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));
      expect(names.filter((n) => !declared.has(familyOf(n, declared)))).toEqual([]);
      // Families the run above must have produced samples for, not only declared.
      for (const family of ["runtime_http_server_request_count", "runtime_pubsub_egress_total", "runtime_pubsub_ingress_total", "runtime_pubsub_ingress_latency_ms_bucket", "runtime_health_ready", "runtime_component_init_total", "runtime_process_start_time_seconds"]) {
        expect(text).toMatch(new RegExp(`^${family}(\\{| )`, "m"));
      }
      expect(text).toMatch(/^runtime_health_ready\{gate="components",app_id="dashboard-app"\} 1$/m);
    });
  });
});
