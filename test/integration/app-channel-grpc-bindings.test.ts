import * as grpc from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bindingResources, eventRouterInputComponent, type Standins, startStandins } from "../support/azure-standins.js";
import { startGrpcApp, type GrpcApp } from "../support/grpc-app.js";
import { freePort, waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";

const SUBSCRIBER = "https://ingress.example.test/api/events-in";
const SCOPE = "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg1/providers/Microsoft.EventGrid/topics/orders";
const APP_TOKEN = "app-token-for-grpc-bindings";

/**
 * Input bindings over the gRPC app channel: the eventrouter binding (against the local Azure stand-ins,
 * as in binding-eventrouter-input) hands its events to a plain grpc-js app by OnBindingEvent, for the
 * bindings the app names in ListInputBindings, as daprd does; a failure of the app reaches the source.
 * App health checks run (probes every second, threshold 2): events wait while the app is unhealthy.
 */
describe("input bindings to a gRPC app (ListInputBindings, OnBindingEvent)", () => {
  let standins: Standins;
  let sidecar: SidecarProcess;
  let app: GrpcApp;
  /** One webhook port per binding: each listens on its own. */
  const ports = new Map<string, number>();
  let resources: { dir: string; remove(): void } | undefined;
  let failNext = false;

  const component = (name: string, subscription: string, path: string): string => eventRouterInputComponent(standins, { name, subscriptionName: subscription, subscriber: SUBSCRIBER.replace("events-in", path), handshakePort: ports.get(path)!, scope: SCOPE });
  const event = (id: string): Record<string, unknown> => ({ specversion: "1.0", id, source: "/orders", type: "com.example.order", datacontenttype: "application/json", data: { n: id } });
  const post = async (path: string, id: string): Promise<number> =>
    (await fetch(`http://127.0.0.1:${ports.get(path)}/api/${path}`, { method: "POST", headers: { "content-type": "application/cloudevents+json", authorization: `Bearer ${await standins.token({ audience: SUBSCRIBER.replace("events-in", path) })}` }, body: JSON.stringify(event(id)) })).status;

  beforeAll(async () => {
    for (const path of ["events-in", "unlisted-in"]) ports.set(path, await freePort());
    standins = await startStandins({ ingress: (url) => (url.startsWith("https://ingress.example.test/api/") ? `http://127.0.0.1:${ports.get(new URL(url).pathname.split("/").pop()!)}${new URL(url).pathname}` : undefined) });
    const appPort = await freePort();
    app = await startGrpcApp(appPort, {
      healthy: true,
      bindings: ["orders-in"],
      onBindingEvent: () => {
        if (!failNext) return { reply: {} };
        failNext = false;
        return { error: grpc.status.INTERNAL, details: "the handler failed" };
      },
    });
    resources = bindingResources("grpc-bindings-", { clientSecret: standins.clientSecret }, `${component("orders-in", "ordersin", "events-in")}---\n${component("unlisted-in", "unlistedin", "unlisted-in")}`);
    sidecar = await startSidecar({ appId: "grpc-bindings", args: ["--resources-path", resources.dir, "--app-port", String(appPort), "--app-protocol", "grpc", "--enable-app-health-check", "--app-health-probe-interval", "1", "--app-health-threshold", "2"], env: { NODE_EXTRA_CA_CERTS: standins.certs.caFile, APP_API_TOKEN: APP_TOKEN } });
  }, 60_000);

  afterAll(async () => {
    await sidecar?.stop();
    await app?.close();
    await standins?.close();
    resources?.remove();
  });

  it("hands an event of a listed binding to OnBindingEvent with its name, data, metadata and the app token", async () => {
    expect(await post("events-in", "g-1")).toBe(200);
    await waitFor(() => app.bindingEvents.length === 1, { what: "the binding event" });
    const [call] = app.bindingEvents;
    expect(call!.request.name).toBe("orders-in");
    expect(JSON.parse(call!.request.data.toString())).toMatchObject({ id: "g-1", data: { n: "g-1" } });
    expect(call!.request.metadata["cloudevent.id"]).toBe("g-1");
    expect(call!.metadata["dapr-api-token"]).toBe(APP_TOKEN);
  });

  it("answers the source with a failure when the app fails the event, so it is sent again", async () => {
    failNext = true;
    expect(await post("events-in", "g-2")).toBe(500);
    expect(await post("events-in", "g-2")).toBe(200);
    expect(app.bindingEvents.filter((c) => JSON.parse(c.request.data.toString()).id === "g-2")).toHaveLength(2);
  });

  it("holds an event while the app is unhealthy and hands it over once the app recovers", async () => {
    app.behaviour.healthy = false;
    await waitFor(() => sidecar.output().includes("the app is unhealthy after 2 failed probes"), { what: "the unhealthy transition" });
    const before = app.bindingEvents.length;
    const answer = post("events-in", "h-1");
    const probes = app.healthChecks;
    await waitFor(() => app.healthChecks >= probes + 2, { what: "two more probes while unhealthy" });
    expect(app.bindingEvents).toHaveLength(before);
    app.behaviour.healthy = true;
    expect(await answer).toBe(200);
    expect(app.bindingEvents).toHaveLength(before + 1);
  });

  it("refuses events of a binding the app does not list, without calling it", async () => {
    const before = app.bindingEvents.length;
    expect(await post("unlisted-in", "u-1")).toBe(500);
    expect(app.bindingEvents).toHaveLength(before);
    expect(sidecar.output()).toContain("the app does not take events of input binding unlisted-in");
  });
});
