import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import pg from "pg";
import { brokerAvailable, BROKERS } from "../support/brokers.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * Resiliency against the built sidecar as a process, on the shared Redis (unique streams, deleted
 * afterwards) and PostgreSQL (a view that sleeps, dropped afterwards). Policy durations are short so
 * the whole file takes seconds.
 */
const redisUp = await brokerAvailable("redis");
const postgresUp = await brokerAvailable("postgres");
const run = `res${process.pid}${Date.now().toString(36)}`;
const APP_ID = `resiliency-${run}`;
const T = { retries: `${run}-retries`, breaker: `${run}-breaker`, traffic: `${run}-traffic` };
const TABLE = `cfg_${run}`;
const PG_URL = `postgres://postgres@${BROKERS.postgres.host}:${BROKERS.postgres.port}/test`;

const redisComponent = (name: string, extra: string): string => `apiVersion: dapr.io/v1alpha1
kind: Component
metadata:
  name: ${name}
spec:
  type: pubsub.redis
  version: v1
  metadata:
    - name: redisHost
      value: ${BROKERS.redis.host}:${BROKERS.redis.port}
    - name: redeliverInterval
      value: 60s
    - name: processingTimeout
      value: 60s
${extra}`;

const COMPONENTS = `${redisComponent("flaky", "")}---
${redisComponent("guarded", `    - name: concurrency
      value: "1"
    - name: queueDepth
      value: "2"
`)}---
${redisComponent("busy", "")}---
apiVersion: dapr.io/v1alpha1
kind: Component
metadata:
  name: slowstore
spec:
  type: configuration.postgresql
  version: v1
  initTimeout: 10s
  metadata:
    - name: connectionString
      value: ${PG_URL}
    - name: table
      value: ${TABLE}_view
`;

const resiliency = (slowstoreOutbound: string, busyRetry: string, trip = "consecutiveFailures >= 3"): string => `apiVersion: dapr.io/v1alpha1
kind: Resiliency
metadata:
  name: resiliency
scopes:
  - ${APP_ID}
spec:
  policies:
    timeouts:
      fast: 300ms
    retries:
      three:
        policy: constant
        duration: 20ms
        maxRetries: 3
      forever:
        policy: constant
        duration: 20ms
        maxRetries: -1
      quick:
        policy: exponential
        initialInterval: 10ms
        maxInterval: 40ms
        maxRetries: -1
    circuitBreakers:
      cb:
        maxRequests: 1
        timeout: 1s
        trip: "${trip}"
  targets:
    apps:
      someone-else:
        retry: three
    components:
      flaky:
        inbound:
          retry: three
      guarded:
        inbound:
          retry: forever
          circuitBreaker: cb
      busy:
        inbound:
          retry: ${busyRetry}
      slowstore:
        outbound: ${slowstoreOutbound}
`;

(redisUp && postgresUp ? describe : describe.skip)("Resiliency, the built sidecar as a process", () => {
  let app: TestApp;
  let sidecar: SidecarProcess;
  let dir: string;
  let redis: Redis;
  let db: pg.Client;
  let guardedFailing = true;
  const guardedDelivered = new Set<number>();

  const publish = async (pubsub: string, topic: string, n: number): Promise<void> => {
    const res = await fetch(`${sidecar.url}/v1.0/publish/${pubsub}/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
    expect(res.status).toBe(204);
  };
  const numbers = (route: string): number[] => app.on(route).map((r) => r.json<{ data: { n: number } }>().data.n);
  const metrics = async (): Promise<string> => (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
  const pending = async (stream: string): Promise<number> => Number(((await redis.call("XPENDING", stream, APP_ID)) as unknown[])[0]);
  const groupInfo = async (stream: string): Promise<Record<string, unknown>> => {
    const groups = (await redis.call("XINFO", "GROUPS", stream)) as unknown[][];
    const fields = groups.map((g) => Object.fromEntries(Array.from({ length: g.length / 2 }, (_, i) => [String(g[2 * i]), g[2 * i + 1]])));
    return fields.find((g) => g.name === APP_ID)!;
  };
  const getConfig = async (): Promise<{ status: number; ms: number }> => {
    const started = Date.now();
    const res = await fetch(`${sidecar.url}/v1.0/configuration/slowstore?key=slow`);
    await res.arrayBuffer();
    return { status: res.status, ms: Date.now() - started };
  };

  beforeAll(async () => {
    db = new pg.Client({ connectionString: PG_URL });
    await db.connect();
    await db.query(`CREATE TABLE ${TABLE} (key text PRIMARY KEY, value text NOT NULL, version text, metadata jsonb)`);
    await db.query(`INSERT INTO ${TABLE} VALUES ('slow', 'v', '1', NULL)`);
    // A store that answers after two seconds: the view sleeps per row it returns.
    await db.query(`CREATE VIEW ${TABLE}_view AS SELECT key, value, version, metadata FROM ${TABLE} WHERE pg_sleep(2) IS NOT NULL`);
    redis = new Redis({ host: BROKERS.redis.host, port: BROKERS.redis.port, lazyConnect: true });
    await redis.connect();
    app = await startTestApp({
      subscriptions: [
        { pubsubname: "flaky", topic: T.retries, route: "/retries" },
        { pubsubname: "guarded", topic: T.breaker, route: "/breaker", metadata: { maxConcurrency: "1" } },
        { pubsubname: "busy", topic: T.traffic, route: "/traffic" },
      ],
    });
    // /retries: message 0 fails twice then succeeds; message 1 always fails.
    app.respond("/retries", (r) => {
      const n = r.json<{ data: { n: number } }>().data.n;
      const seen = numbers("/retries").filter((m) => m === n).length;
      return n === 1 || seen <= 2 ? { status: 500 } : { status: 200 };
    });
    app.respond("/breaker", (r) => {
      if (guardedFailing) return { status: 503 };
      guardedDelivered.add(r.json<{ data: { n: number } }>().data.n);
      return { status: 200 };
    });
    // /traffic: every message's first attempt fails, so each is delivered through the policy's retry.
    app.respond("/traffic", (r) => {
      const n = r.json<{ data: { n: number } }>().data.n;
      return numbers("/traffic").filter((m) => m === n).length === 1 ? { status: 500 } : { status: 200 };
    });
    dir = await resourcesFolder({ "components.yaml": COMPONENTS, "resiliency.yaml": resiliency("\n          timeout: fast", "forever") });
    sidecar = await startSidecar({ appId: APP_ID, args: ["--app-port", String(app.port), "--resources-path", dir, "--log-level", "debug"] });
    await waitFor(async () => ((await (await fetch(`${sidecar.url}/v1.0/metadata`)).json()) as { subscriptions: unknown[] }).subscriptions.length === 3, { what: "three live subscriptions" });
  }, 30_000);

  afterAll(async () => {
    await sidecar?.stop("SIGKILL");
    await app?.close();
    if (redis) {
      await redis.del(...Object.values(T));
      redis.disconnect();
    }
    if (db) {
      await db.query(`DROP VIEW IF EXISTS ${TABLE}_view`);
      await db.query(`DROP TABLE IF EXISTS ${TABLE}`);
      await db.end();
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("an app that fails twice then succeeds gets exactly three deliveries; one that always fails gets 1 + maxRetries, and the broker keeps it", async () => {
    await publish("flaky", T.retries, 0);
    await publish("flaky", T.retries, 1);
    await waitFor(() => numbers("/retries").filter((n) => n === 1).length >= 4 && numbers("/retries").filter((n) => n === 0).length >= 3, { what: "the retries" });
    // The give-up is not a drop: the message stays pending in the group (redeliverInterval 60s keeps it there during the test).
    await waitFor(async () => (await metrics()).includes(`runtime_resiliency_activations_total{kind="retry",target="flaky",direction="inbound",app_id="${APP_ID}"} 5`), { what: "5 retry activations" });
    expect(numbers("/retries").filter((n) => n === 0)).toHaveLength(3);
    expect(numbers("/retries").filter((n) => n === 1)).toHaveLength(4);
    // Message 0's ack rides on the reader's next read (or leaves on its own within a second): wait for it.
    await waitFor(async () => (await pending(T.retries)) === 1, { what: "message 0 acknowledged, message 1 kept" });
  });

  it("an inbound breaker opens after trip, the broker keeps the messages, and after the app recovers every message is delivered once more", async () => {
    const N = 20;
    for (let n = 0; n < N; n++) await publish("guarded", T.breaker, n);
    await waitFor(() => sidecar.output().includes("circuit breaker cb of guarded inbound is open"), { what: "the breaker to open" });
    // Three failed attempts tripped it; while open nothing reaches the app.
    const atOpen = app.on("/breaker").length;
    expect(atOpen).toBeGreaterThanOrEqual(3);
    expect(await metrics()).toContain(`runtime_resiliency_cb_state{target="guarded",direction="inbound",app_id="${APP_ID}"} 2`);
    // Pulling paused: at most concurrency + queueDepth (3) entries were read; the rest wait unread in the stream.
    const group = await groupInfo(T.breaker);
    expect(await pending(T.breaker)).toBeLessThanOrEqual(3);
    expect(Number(group.lag)).toBeGreaterThanOrEqual(N - 3);
    expect(await redis.xlen(T.breaker)).toBe(N);
    // Half-open after 1s: one trial, which fails, so it opens again; the app sees one request per second at most.
    await waitFor(() => sidecar.output().includes("circuit breaker cb of guarded inbound is half-open"), { what: "half-open" });
    guardedFailing = false;
    await waitFor(() => guardedDelivered.size === N, { timeoutMs: 10_000, what: `all ${N} delivered` });
    await waitFor(async () => (await pending(T.breaker)) === 0, { what: "nothing pending" });
    expect(sidecar.output()).toContain("circuit breaker cb of guarded inbound is closed");
    expect(await metrics()).toContain(`runtime_resiliency_cb_state{target="guarded",direction="inbound",app_id="${APP_ID}"} 0`);
    // Log lines only at state changes, not per attempt.
    expect(sidecar.output().match(/circuit breaker cb of guarded inbound is/g)!.length).toBeLessThan(app.on("/breaker").length);
  });

  it("a timeout on a configuration store call answers 500 within the timeout", async () => {
    const { status, ms } = await getConfig();
    expect(status).toBe(500);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(1500);
    expect(await metrics()).toMatch(/runtime_resiliency_activations_total\{kind="timeout",target="slowstore",direction="outbound",app_id="[^"]+"\} [1-9]/);
  });

  it("editing the Resiliency file under traffic switches policies with nothing lost; a bad edit is reported by file and field and changes nothing", async () => {
    const N = 60;
    let published = 0;
    const traffic = (async () => {
      for (; published < N; published++) await publish("busy", T.traffic, published);
    })();
    // Awaited below; this only keeps a failure before that from being reported as unhandled.
    traffic.catch(() => undefined);
    await waitFor(() => published >= N / 3, { what: "traffic to start" });
    // No timeout on the store any more, and another retry for `busy`.
    await writeFile(path.join(dir, "resiliency.yaml"), resiliency("{}", "quick"));
    await waitFor(() => /resiliency policies in force: flaky inbound, guarded inbound, busy inbound\n/.test(sidecar.output()), { what: "the new policies in force" });
    await traffic;
    await waitFor(() => new Set(numbers("/traffic")).size === N, { timeoutMs: 15_000, what: `all ${N} traffic messages` });
    const config = await getConfig();
    expect(config).toMatchObject({ status: 200 });
    expect(config.ms).toBeGreaterThanOrEqual(1900);
    // A trip that does not compile: rejected by file and field, the policies in force stay.
    await writeFile(path.join(dir, "resiliency.yaml"), resiliency("\n          timeout: fast", "quick", "consecutiveFailures >"));
    await waitFor(() => sidecar.output().includes("spec.policies.circuitBreakers.cb.trip"), { what: "the bad trip reported" });
    const report = sidecar.output().split("\n").find((line) => line.includes("spec.policies.circuitBreakers.cb.trip"))!;
    expect(report).toContain("invalid manifest, keeping the last valid version of this file");
    expect(report).toMatch(/resiliency\.yaml: Resiliency \\?"resiliency\\?": spec\.policies\.circuitBreakers\.cb\.trip/);
    expect((await getConfig()).status).toBe(200);
    await waitFor(async () => (await pending(T.traffic)) === 0, { what: "traffic acknowledged" });
  }, 40_000);
});
