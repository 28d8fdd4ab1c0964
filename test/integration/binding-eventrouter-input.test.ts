import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bindingResources, EVENT_GRID_APP_ID, eventRouterInputComponent, type Standins, startStandins } from "../support/azure-standins.js";
import { freePort, waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";

const SUBSCRIBER = "https://ingress.example.test/api/events-in";
const SCOPE = "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg1/providers/Microsoft.EventGrid/topics/orders";
const APP_TOKEN = "app-token-for-tests";

interface Delivered {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * The input side in the built sidecar with the real @azure/identity and @azure/arm-eventgrid against
 * local HTTPS stand-ins (NODE_EXTRA_CA_CERTS, disableInstanceDiscovery): the event subscription is
 * created at start (after the webhook answers the service's handshake), events reach the app only
 * with a valid Entra ID token, and a restart rewrites the subscription only when it differs.
 */
describe("eventrouter input binding: event subscription and webhook", () => {
  let standins: Standins;
  let sidecar: SidecarProcess;
  let resources: { dir: string; remove(): void } | undefined;
  let handshakePort: number;
  let app: http.Server;
  let appPort: number;
  const delivered: Delivered[] = [];
  let appStatus = 200;

  const webhook = (): string => `http://127.0.0.1:${handshakePort}/api/events-in`;
  const event = (id: string, data: unknown = { n: id }): Record<string, unknown> => ({ specversion: "1.0", id, source: "/orders", type: "com.example.order", datacontenttype: "application/json", data });
  const post = (body: unknown, token: string | undefined, contentType = "application/cloudevents+json"): Promise<Response> =>
    fetch(webhook(), { method: "POST", headers: { "content-type": contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  const start = (): Promise<SidecarProcess> =>
    startSidecar({ appId: "orders-app", args: ["--resources-path", resources!.dir, "--app-port", String(appPort)], env: { NODE_EXTRA_CA_CERTS: standins.certs.caFile, APP_API_TOKEN: APP_TOKEN } });
  const puts = (): number => standins.management.requests.filter((r) => r.method === "PUT").length;

  beforeAll(async () => {
    handshakePort = await freePort();
    standins = await startStandins({ ingress: (url) => (url === SUBSCRIBER ? webhook() : undefined) });
    app = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        // The sidecar also asks the app for pub/sub subscriptions: only the binding's route is recorded.
        if (req.method !== "POST" || req.url !== "/orders-in") {
          res.writeHead(404).end();
          return;
        }
        delivered.push({ path: req.url, headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown> });
        res.writeHead(appStatus).end();
      });
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    appPort = (app.address() as AddressInfo).port;
    resources = bindingResources("eventrouter-in-", { clientSecret: standins.clientSecret }, eventRouterInputComponent(standins, { name: "orders-in", subscriptionName: "ordersin", subscriber: SUBSCRIBER, handshakePort, scope: SCOPE }));
    sidecar = await start();
  }, 60_000);

  afterAll(async () => {
    await sidecar?.stop();
    await standins?.close();
    await new Promise<void>((resolve) => (app ? app.close(() => resolve()) : resolve()));
    resources?.remove();
  });

  it("gets a token with the client credentials and creates the event subscription (webhook, CloudEvents 1.0, Entra ID delivery auth)", () => {
    const tokenCalls = standins.identity.requests.filter((r) => r.method === "POST" && r.path.includes("/oauth2/v2.0/token"));
    expect(tokenCalls.length).toBeGreaterThanOrEqual(1);
    expect(new URLSearchParams(tokenCalls[0]!.body).get("scope")).toBe(`${standins.managementEndpoint}/.default`);
    const [get, put] = standins.management.requests;
    expect(get).toMatchObject({ method: "GET" });
    expect(put).toMatchObject({ method: "PUT" });
    expect(decodeURIComponent(put!.path)).toContain(`${SCOPE}/providers/Microsoft.EventGrid/eventSubscriptions/ordersin?api-version=`);
    expect(JSON.parse(put!.body)).toEqual({
      properties: {
        destination: { endpointType: "WebHook", properties: { endpointUrl: SUBSCRIBER, azureActiveDirectoryTenantId: standins.tenantId, azureActiveDirectoryApplicationIdOrUri: standins.clientId } },
        eventDeliverySchema: "CloudEventSchemaV1_0",
      },
    });
    expect(sidecar.output()).not.toContain(standins.clientSecret);
  });

  it("answers the abuse-protection handshake, and refuses one without an origin", async () => {
    const ok = await fetch(webhook(), { method: "OPTIONS", headers: { "WebHook-Request-Origin": "eventgrid.azure.net" } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("webhook-allowed-origin")).toBe("eventgrid.azure.net");
    const missing = await fetch(webhook(), { method: "OPTIONS" });
    expect(missing.status).toBe(400);
  });

  it("hands an event with a valid token to the app as POST /<binding-name> with the app token; bad tokens get 401 and reach nobody", async () => {
    delivered.length = 0;
    const valid = await post(event("good-1"), await standins.token());
    expect(valid.status).toBe(200);
    const refused = [
      await post(event("expired"), await standins.token({ expiresIn: -600 })),
      await post(event("wrong-aud"), await standins.token({ audience: "api://someone-else" })),
      await post(event("wrong-iss"), await standins.token({ issuer: `${standins.authorityHost}/other-tenant/v2.0` })),
      await post(event("unsigned"), standins.unsignedToken()),
      await post(event("foreign-key"), await standins.token({ key: await standins.foreignKey() })),
      await post(event("missing"), undefined),
      // Right issuer, audience and key, but not Event Grid calling, or without its role.
      await post(event("other-app-v2"), await standins.token({ claims: { azp: "11111111-2222-3333-4444-555555555555", roles: undefined } })),
      await post(event("other-app-v1"), await standins.token({ claims: { ver: "1.0", azp: undefined, appid: "11111111-2222-3333-4444-555555555555" } })),
      await post(event("no-role"), await standins.token({ claims: { roles: undefined } })),
      await post(event("other-role"), await standins.token({ claims: { roles: ["SomethingElse"] } })),
      await post(event("no-caller"), await standins.token({ claims: { azp: undefined } })),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 401]);
    // A v1 token names the caller in appid.
    expect((await post(event("good-v1"), await standins.token({ issuer: `${standins.authorityHost}/${standins.tenantId}/`, claims: { ver: "1.0", azp: undefined, appid: EVENT_GRID_APP_ID } }))).status).toBe(200);
    await waitFor(() => delivered.length >= 2, { what: "delivery to the app" });
    expect(delivered.map((d) => d.body.id)).toEqual(["good-1", "good-v1"]);
    expect(delivered[0]!.path).toBe("/orders-in");
    expect(delivered[0]!.headers["runtime-api-token"]).toBe(APP_TOKEN);
    expect(delivered[0]!.headers["cloudevent.id"]).toBe("good-1");
    expect(delivered[0]!.body).toMatchObject({ id: "good-1", type: "com.example.order", data: { n: "good-1" } });
  });

  it("accepts the subscriber endpoint as audience and delivers a batch in order", async () => {
    delivered.length = 0;
    const res = await post([event("b1"), event("b2"), event("b3")], await standins.token({ audience: SUBSCRIBER }), "application/cloudevents-batch+json");
    expect(res.status).toBe(200);
    expect(delivered.map((d) => d.body.id)).toEqual(["b1", "b2", "b3"]);
  });

  it("answers 500 when the app fails, so the service retries; 400 for a non-CloudEvent; 404 off the subscriber path", async () => {
    appStatus = 503;
    try {
      const failed = await post(event("fails"), await standins.token());
      expect(failed.status).toBe(500);
    } finally {
      appStatus = 200;
    }
    expect((await post({ hello: "world" }, await standins.token())).status).toBe(400);
    const offPath = await fetch(`http://127.0.0.1:${handshakePort}/elsewhere`, { method: "POST", headers: { authorization: `Bearer ${await standins.token()}` }, body: "{}" });
    expect(offPath.status).toBe(404);
  });

  it("answers a refused request only after reading its body, so a caller that closes the connection gets the answer rather than a broken pipe", async () => {
    // Node's client without an agent sends Connection: close; 2 MiB is more than the socket buffers take at once.
    const body = Buffer.alloc(2 * 1024 * 1024, "x");
    const refusal = (method: string, path: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port: handshakePort, method, path, agent: false, headers: { "content-length": String(body.length) } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end(body);
      });
    expect(await refusal("PURGE", "/api/events-in")).toBe(405);
    expect(await refusal("POST", "/api/events-in")).toBe(401);
    expect(await refusal("POST", "/elsewhere")).toBe(404);
  });

  it("caps the webhook body: 413 beyond 4 MiB, nothing delivered", async () => {
    delivered.length = 0;
    const big = await post(event("big", "x".repeat(4 * 1024 * 1024 + 1)), await standins.token());
    expect(big.status).toBe(413);
    expect(delivered).toHaveLength(0);
  });

  it("counts delivered events in runtime_bindings_* metrics", async () => {
    const metrics = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/runtime_bindings_requests_total\{component="orders-in",direction="input",operation="read",success="true",app_id="orders-app"\} [4-9]/);
    expect(metrics).toMatch(/runtime_bindings_requests_total\{component="orders-in",direction="input",operation="read",success="false",app_id="orders-app"\} [1-9]/);
  });

  it("on restart leaves an identical subscription alone and rewrites one that differs", async () => {
    await sidecar.stop();
    const putsBefore = puts();
    sidecar = await start();
    expect(puts()).toBe(putsBefore);
    expect(sidecar.output()).toMatch(/event subscription ordersin .* is up to date/);

    await sidecar.stop();
    const stored = [...standins.subscriptions.values()][0] as { properties: { eventDeliverySchema: string } };
    stored.properties.eventDeliverySchema = "EventGridSchema";
    sidecar = await start();
    expect(puts()).toBe(putsBefore + 1);
    expect(sidecar.output()).toMatch(/differs \(delivery schema\); updating/);
    // Everything went to the stand-ins: token, management and signing-key calls all recorded there.
    expect(standins.identity.requests.some((r) => r.path.endsWith("/discovery/v2.0/keys"))).toBe(true);
  }, 60_000);
});
