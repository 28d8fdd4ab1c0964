/**
 * fast-check drives the built runtimed over HTTP, endpoint by endpoint, with hostile paths,
 * methods, headers, content types and bodies. Every answer comes within a bound, no 5xx but a
 * documented component failure, no request header echoed unvalidated, and a well-formed request
 * after each case behaves exactly as before. FUZZ_RUNS cases per endpoint (`make fuzz`: 10,000).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { bindingResources, eventRouterInputComponent, type Standins, startStandins } from "../support/azure-standins.js";
import {
  anyJsonText,
  checkAnswer,
  deepJson,
  fuzz,
  fuzzTimeoutMs,
  hostileBody,
  hostileContentType,
  hostileHeaders,
  hostileMethod,
  hostileQuery,
  hostileSegment,
  printSummary,
  send,
  withBody,
  type AnswerRules,
  type FuzzRequest,
  type Target,
} from "../support/fuzz.js";
import { freePort, waitFor } from "../support/ports.js";
import { tempDir } from "../support/tempdirs.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type Reply, type TestApp } from "../support/testapp.js";
import { pubsubAndConfigYaml } from "../support/manifests.js";

const SUBSCRIBER = "https://ingress.example.test/api/fuzz-in";
const SCOPE = "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg1/providers/Microsoft.EventGrid/topics/fuzz";
const CONFIG_ITEMS = { greeting: "hello", limit: { value: "10", version: "3" } };

/** Documented component failures (spec Errors tables): a 5xx with one of these is the component speaking, not a crash. */
const API_RULES: AnswerRules = {
  catalogueErrors: true,
  allowed5xx: ["ERR_PUBSUB_PUBLISH_MESSAGE", "ERR_CONFIGURATION_GET", "ERR_CONFIGURATION_SUBSCRIBE", "ERR_CONFIGURATION_UNSUBSCRIBE", "ERR_SECRET_GET", "ERR_INVOKE_OUTPUT_BINDING"],
};

let standins: Standins;
let sidecar: SidecarProcess;
let app: TestApp;
let resources: { dir: string; remove(): void } | undefined;
let api: Target;
let webhookPort: number;
/** What the app answers to the next delivery on /fuzz/single and /fuzz/bulk. */
let deliveryReply: Reply = { status: 200 };

beforeAll(async () => {
  webhookPort = await freePort();
  const webhookUrl = `http://127.0.0.1:${webhookPort}/api/fuzz-in`;
  standins = await startStandins({ ingress: (url) => (url === SUBSCRIBER ? webhookUrl : undefined) });
  app = await startTestApp({
    subscriptions: [
      { pubsubname: "pubsub", topic: "canon", route: "/canon" },
      { pubsubname: "pubsub", topic: "fuzz-single", route: "/fuzz/single", metadata: { maxRetries: "0" } },
      { pubsubname: "pubsub", topic: "fuzz-bulk", route: "/fuzz/bulk", metadata: { maxRetries: "0" }, bulkSubscribe: { enabled: true, maxMessagesCount: 3, maxAwaitDurationMs: 20 } },
    ],
  });
  app.respond("/fuzz/single", () => deliveryReply);
  app.respond("/fuzz/bulk", () => deliveryReply);
  resources = bindingResources("fuzz-", { clientSecret: standins.clientSecret, topicKey: standins.accessKey, password: "s3cret-value" }, eventRouterInputComponent(standins, {
      name: "fuzz-in",
      subscriptionName: "fuzzin",
      subscriber: SUBSCRIBER,
      handshakePort: webhookPort,
      scope: SCOPE,
      direction: "input, output",
      extraRows: `  - {name: topicEndpoint, value: ${JSON.stringify(standins.topicEndpoint)}}\n  - name: accessKey\n    secretKeyRef: {name: topicKey, key: topicKey}\n`,
    }),);
  const configDir = tempDir("fuzz-config-");
  const configFile = path.join(configDir, "config.yaml");
  writeFileSync(configFile, JSON.stringify(CONFIG_ITEMS));
  writeFileSync(
    path.join(resources.dir, "more.yaml"),
    pubsubAndConfigYaml(configFile),
  );
  sidecar = await startSidecar({ appId: "fuzz-app", args: ["--resources-path", resources.dir, "--app-port", String(app.port)], env: { NODE_EXTRA_CA_CERTS: standins.certs.caFile } });
  api = { port: sidecar.httpPort };
  await waitFor(async () => ((await (await fetch(`${sidecar.url}/v1.0/metadata`)).json()) as { subscriptions: unknown[] }).subscriptions.length === 3, { what: "three subscriptions" });
}, 60_000);

afterAll(async () => {
  printSummary("sidecar");
  await sidecar?.stop("SIGKILL");
  await standins?.close();
  await app?.close();
  resources?.remove();
});

/** The process is alive and a well-formed request answers exactly as before the case. */
async function stillWell(): Promise<void> {
  if (sidecar.child.exitCode !== null || sidecar.child.signalCode !== null) throw new Error(`the sidecar exited\n${sidecar.output().slice(-2000)}`);
  const health = await send(api, { method: "GET", path: "/v1.0/healthz", headers: {} });
  if (health.status !== 204) throw new Error(`healthz answered ${health.status}`);
}

const api_ = async (request: FuzzRequest, rules: AnswerRules = API_RULES): Promise<void> => {
  const reply = await send(api, request);
  checkAnswer(request, reply, rules);
  await stillWell();
};

/** Never the one route that is meant to stop the process. */
const notShutdown = (p: string): boolean => {
  let decoded = p;
  try {
    decoded = decodeURIComponent(p);
  } catch {
    // undecodable: compare as is
  }
  return !/\/shutdown\/*(\?|$)/i.test(p) && !/\/shutdown\/*(\?|$)/i.test(decoded);
};

const topicPath = fc.array(hostileSegment, { minLength: 0, maxLength: 3 }).map((segments) => segments.join("/"));

describe("fuzzing the built sidecar over HTTP", () => {
  it(
    "publish: POST /v1.0/publish/<pubsub>/<topic>",
    async () => {
      await fuzz(
        "publish",
        [fc.constantFrom("pubsub", "nope", "%2e%2e", "PUBSUB"), topicPath, hostileQuery, hostileMethod, hostileHeaders, hostileContentType, hostileBody],
        async (pubsub, topic, query, method, headers, contentType, body) => {
          await api_(withBody(method, `/v1.0/publish/${pubsub}/${topic}${query}`, headers, contentType, body));
        },
      );
      const canonical = await send(api, withBody("POST", "/v1.0/publish/pubsub/canon", {}, "application/json", Buffer.from('{"n":1}')));
      expect(canonical.status).toBe(204);
      await app.waitForRequests("/canon", 1);
    },
    fuzzTimeoutMs(),
  );

  it(
    "bulk publish: POST /v1.0-alpha1/publish/bulk/<pubsub>/<topic>",
    async () => {
      const entry = fc.record(
        { entryId: fc.oneof(fc.string({ maxLength: 6 }), fc.constant("1"), fc.integer()), event: fc.oneof(anyJsonText, deepJson).map((t) => ({ raw: t })), contentType: hostileContentType, metadata: fc.oneof(fc.constant(undefined), fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 })) },
        { requiredKeys: [] },
      );
      const bulkBody = fc.oneof(
        hostileBody,
        fc.array(entry, { maxLength: 4 }).map((entries) =>
          Buffer.from(`[${entries.map((e) => `{${[e.entryId !== undefined ? `"entryId":${JSON.stringify(e.entryId)}` : "", e.event ? `"event":${e.event.raw}` : "", e.contentType !== undefined ? `"contentType":${JSON.stringify(e.contentType)}` : "", e.metadata ? `"metadata":${JSON.stringify(e.metadata)}` : ""].filter((x) => x !== "").join(",")}}`).join(",")}]`),
        ),
      );
      await fuzz(
        "bulk publish",
        [fc.constantFrom("/v1.0-alpha1/publish/bulk", "/v1.0/publish/bulk"), fc.constantFrom("pubsub", "nope"), topicPath, hostileQuery, hostileMethod, hostileHeaders, fc.oneof({ weight: 3, arbitrary: fc.constant("application/json") }, { weight: 1, arbitrary: hostileContentType }), bulkBody],
        async (prefix, pubsub, topic, query, method, headers, contentType, body) => {
          await api_(withBody(method, `${prefix}/${pubsub}/${topic}${query}`, headers, contentType, body));
        },
      );
    },
    fuzzTimeoutMs(),
  );

  it(
    "delivery replies: the app answers deliveries (single and bulk) with any status, type and body",
    async () => {
      const reply = fc.record({
        status: fc.oneof(fc.constantFrom(200, 204, 404, 500, 503, 302, 400), fc.integer({ min: 200, max: 599 })),
        body: fc.oneof(
          fc.constant(undefined),
          fc.constantFrom({ status: "SUCCESS" }, { status: "DROP" }, { status: "RETRY" }, { status: 42 }, { statuses: [{ entryId: "x", status: "SUCCESS" }] }, { statuses: "nope" }, { statuses: [null, 1, { entryId: {} }] }),
          hostileBody,
        ),
      });
      let delivered = 0;
      await fuzz("delivery replies (test app)", [fc.constantFrom("fuzz-single", "fuzz-bulk"), reply, fc.oneof(anyJsonText, deepJson)], async (topic, answer, data) => {
        deliveryReply = answer as Reply;
        const route = topic === "fuzz-single" ? "/fuzz/single" : "/fuzz/bulk";
        const before = app.on(route).length;
        const published = await send(api, withBody("POST", `/v1.0/publish/pubsub/${topic}`, {}, "application/json", Buffer.from(data)));
        if (published.status === 400) return; // nested too deep: refused at the door, as the deep-JSON tests show
        if (published.status !== 204) throw new Error(`publish answered ${published.status}`);
        await app.waitForRequests(route, before + 1, 10_000);
        delivered++;
        await stillWell();
      });
      expect(delivered).toBeGreaterThan(0);
      deliveryReply = { status: 200 };
      // The canonical delivery still goes through.
      const before = app.on("/canon").length;
      expect((await send(api, withBody("POST", "/v1.0/publish/pubsub/canon", {}, "application/json", Buffer.from('{"n":2}')))).status).toBe(204);
      await app.waitForRequests("/canon", before + 1);
    },
    fuzzTimeoutMs(120),
  );

  it(
    "configuration: get, subscribe and unsubscribe",
    async () => {
      const canonicalGet = async (): Promise<string> => (await send(api, { method: "GET", path: "/v1.0/configuration/config?key=greeting&key=limit", headers: {} })).body.toString();
      const expected = await canonicalGet();
      expect(JSON.parse(expected)).toEqual({ greeting: { value: "hello" }, limit: { value: "10", version: "3" } });
      await fuzz(
        "configuration get/subscribe/unsubscribe",
        [fc.constantFrom("/v1.0", "/v1.0-alpha1"), fc.constantFrom("config", "nope", "%2e%2e", "__proto__"), fc.constantFrom("", "/subscribe", "/sub-id/unsubscribe", "/x/y/unsubscribe", "/subscribe/extra"), hostileQuery, hostileMethod, hostileHeaders, hostileContentType, hostileBody],
        async (prefix, store, action, query, method, headers, contentType, body) => {
          const request = withBody(method, `${prefix}/configuration/${store}${action}${query}`, headers, contentType, body);
          const reply = await send(api, request);
          checkAnswer(request, reply, API_RULES);
          // A subscription the case opened is closed again, so 10,000 cases do not pile up streams.
          if (action === "/subscribe" && method === "HEAD" && reply.status < 400) throw new Error("HEAD opened a configuration subscription");
          if (action === "/subscribe" && reply.status === 200) {
            const { id } = JSON.parse(reply.body.toString()) as { id: string };
            const closed = await send(api, { method: "GET", path: `/v1.0/configuration/${store}/${encodeURIComponent(id)}/unsubscribe`, headers: {} });
            if (closed.status !== 200) throw new Error(`unsubscribe answered ${closed.status}`);
          }
          if ((await canonicalGet()) !== expected) throw new Error("the canonical configuration read changed");
        },
      );
    },
    fuzzTimeoutMs(),
  );

  it(
    "secrets: GET /v1.0/secrets/<store>/<name> and /bulk",
    async () => {
      const canonical = async (): Promise<string> => (await send(api, { method: "GET", path: "/v1.0/secrets/secrets/password", headers: {} })).body.toString();
      const expected = await canonical();
      expect(JSON.parse(expected)).toEqual({ password: "s3cret-value" });
      await fuzz(
        "secrets",
        [fc.constantFrom("secrets", "nope", "__proto__", "%2e%2e"), fc.oneof(hostileSegment, fc.constantFrom("password", "bulk", "clientSecret")), hostileQuery, hostileMethod, hostileHeaders, hostileContentType, hostileBody],
        async (store, name, query, method, headers, contentType, body) => {
          await api_(withBody(method, `/v1.0/secrets/${store}/${name}${query}`, headers, contentType, body));
          if ((await canonical()) !== expected) throw new Error("the canonical secret read changed");
        },
      );
    },
    fuzzTimeoutMs(),
  );

  it(
    "bindings: POST /v1.0/bindings/<name>",
    async () => {
      const invokeBody = fc.oneof(
        hostileBody,
        fc.record({ operation: fc.oneof(fc.constant("create"), fc.string({ maxLength: 6 }), fc.integer()), data: fc.oneof(anyJsonText, deepJson), metadata: fc.oneof(anyJsonText, fc.dictionary(fc.oneof(fc.constantFrom("cloudevent.type", "cloudevent.id", "__proto__"), fc.string({ maxLength: 6 })), fc.string({ maxLength: 10 }), { maxKeys: 3 }).map((m) => JSON.stringify(m))) }).map(
          (r) => Buffer.from(`{"operation":${JSON.stringify(r.operation)},"data":${r.data},"metadata":${r.metadata}}`),
        ),
      );
      await fuzz("bindings", [fc.constantFrom("fuzz-in", "nope", "secrets", "pubsub"), hostileQuery, hostileMethod, hostileHeaders, hostileContentType, invokeBody], async (name, query, method, headers, contentType, body) => {
        await api_(withBody(method, `/v1.0/bindings/${name}${query}`, headers, contentType, body));
      });
      const canonical = await send(api, withBody("POST", "/v1.0/bindings/fuzz-in", {}, "application/json", Buffer.from('{"operation":"create","data":{"n":1}}')));
      expect(canonical.status).toBe(204);
    },
    fuzzTimeoutMs(),
  );

  it(
    "metadata: GET /v1.0/metadata and PUT /v1.0/metadata/<key>",
    async () => {
      const canonical = async (): Promise<unknown> => {
        const body = JSON.parse((await send(api, { method: "GET", path: "/v1.0/metadata", headers: {} })).body.toString()) as Record<string, unknown>;
        return { id: body.id, components: body.components, subscriptions: body.subscriptions };
      };
      const expected = await canonical();
      await fuzz("metadata", [fc.oneof(fc.constant(""), hostileSegment.map((s) => `/${s}`)), hostileQuery, hostileMethod, hostileHeaders, hostileContentType, hostileBody], async (key, query, method, headers, contentType, body) => {
        await api_(withBody(method, `/v1.0/metadata${key}${query}`, headers, contentType, body));
        expect(await canonical()).toEqual(expected);
      });
    },
    fuzzTimeoutMs(),
  );

  it(
    "any path and method on the API port",
    async () => {
      const anyPath = fc
        .tuple(fc.constantFrom("", "/v1.0", "/v1.0-alpha1", "/V1.0", "//v1.0", "/v1.0/publish", "/v1.0/healthz", "/v1.0/secrets", "/v1.0/bindings"), fc.array(hostileSegment, { maxLength: 4 }), hostileQuery)
        .map(([prefix, segments, query]) => `${prefix}/${segments.join("/")}${query}`)
        .filter(notShutdown);
      await fuzz("any path/method (API)", [anyPath, hostileMethod, hostileHeaders, hostileContentType, hostileBody], async (p, method, headers, contentType, body) => {
        await api_(withBody(method, p, headers, contentType, body));
      });
    },
    fuzzTimeoutMs(),
  );

  it(
    "the eventrouter webhook: handshake, tokens, CloudEvents of any shape",
    async () => {
      const target: Target = { port: webhookPort };
      const good = await standins.token();
      const token = fc.oneof(
        fc.constant(`Bearer ${good}`),
        fc.constant(undefined),
        fc.constantFrom("Bearer", "Bearer ", "Basic abc", `Bearer ${good}x`, `bearer ${standins.unsignedToken()}`, `Bearer ${good.split(".").slice(0, 2).join(".")}.`),
        fc.string({ maxLength: 30 }).map((s) => `Bearer ${s.replace(/[\r\n\0]/g, "")}`),
      );
      const event = fc.record({ specversion: fc.constantFrom('"1.0"', '"0.3"', "1", "null"), id: fc.oneof(fc.constant('"e1"'), anyJsonText), data: fc.oneof(anyJsonText, deepJson) }).map((e) => `{"specversion":${e.specversion},"id":${e.id},"source":"s","type":"t","data":${e.data}}`);
      const body = fc.oneof(hostileBody, event.map((e) => Buffer.from(e)), fc.array(event, { maxLength: 3 }).map((es) => Buffer.from(`[${es.join(",")}]`)));
      await fuzz(
        "eventrouter webhook",
        [fc.oneof({ weight: 4, arbitrary: fc.constant("/api/fuzz-in") }, { weight: 1, arbitrary: fc.array(hostileSegment, { maxLength: 3 }).map((s) => `/${s.join("/")}`) }), hostileMethod, hostileHeaders, token, hostileContentType, body],
        async (p, method, headers, authorization, contentType, payload) => {
          const request = withBody(method, p, authorization === undefined ? headers : { ...headers, authorization }, contentType, payload);
          const reply = await send(target, request);
          // The handshake echoes WebHook-Request-Origin only once it matched the host-name pattern.
          checkAnswer(request, reply, { echoAllowed: { "webhook-allowed-origin": /^[A-Za-z0-9.*:_-]{1,253}$/ } });
          await stillWell();
        },
      );
      const canonical = await send(target, withBody("POST", "/api/fuzz-in", { authorization: `Bearer ${good}` }, "application/cloudevents+json", Buffer.from('{"specversion":"1.0","id":"canon","source":"s","type":"t"}')));
      expect(canonical.status).toBe(200);
    },
    fuzzTimeoutMs(),
  );
});
