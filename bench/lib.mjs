// Shared helpers of the benchmarks (plain ESM: they need only `make build`, no TypeScript step).
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { Duplex } from "node:stream";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The sidecar as shipped: bundled by `make build` (scripts/bundle.mjs). */
export const SIDECAR_MAIN = path.join(ROOT, "dist/runtimed/main.js");
/**
 * BENCH_RUNTIMED=<path of main.js> measures another build (e.g. a checkout of main, for a before/after table): its
 * bundle (dist/runtimed/main.js) or, for a build from before the bundle, tsc's dist/cmd/runtimed/main.js.
 */
export const RUNTIMED = process.env.BENCH_RUNTIMED ?? SIDECAR_MAIN;
/** The same sidecar as tsc wrote it, one file per module, each library loaded from node_modules. */
export const UNBUNDLED_MAIN = path.join(ROOT, "dist/cmd/runtimed/main.js");
/**
 * The environment the sidecar's container image gives it: the `ENV` lines of the final stage of the Dockerfile beside
 * the build measured (glibc's malloc settings among them, which a process reads only at its start). Every sidecar a
 * benchmark starts gets it, so it runs as deployed; a build without a Dockerfile gets none.
 */
export async function deployedEnvironment(runtimed = RUNTIMED) {
  // The checkout's root: two folders above the bundle's main.js, three above tsc's.
  const candidates = ["../../Dockerfile", "../../../Dockerfile"].map((up) => path.resolve(path.dirname(runtimed), up));
  let text = "";
  for (const dockerfile of candidates) if (!text) text = await readFile(dockerfile, "utf8").catch(() => "");
  const finalStage = text.split(/^FROM\s/m).at(-1);
  const env = {};
  for (const [, pairs] of finalStage.matchAll(/^ENV\s+(.+)$/gm)) {
    for (const [, name, quoted, plain] of pairs.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(?:"([^"]*)"|(\S*))/g)) env[name] = quoted ?? plain;
  }
  return env;
}
export const REDIS_HOST = process.env.BENCH_REDIS ?? "127.0.0.1:6379";
/** Seconds per measured phase; BENCH_SECONDS=1 for a smoke run. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Warm-up of a server before an open-loop measurement at 1000 msg/s: one second (1000 requests) left
 * the sidecar's first measured seconds still being compiled (p90 1.0 ms, then 0.6 ms once warm).
 * Every server measured gets the same.
 */
export const WARM_SECONDS = 3;

/** A 1 KB JSON body (the brief's payload), `extra` merged in. */
export function body1k(extra = {}) {
  const base = { id: "order-1", customer: "c-42", items: [{ sku: "sku-1", qty: 1 }], ...extra };
  const pad = 1024 - JSON.stringify({ ...base, pad: "" }).length;
  return JSON.stringify({ ...base, pad: "x".repeat(Math.max(0, pad)) });
}

// Below Linux's ephemeral range (32768-60999): a port listen(0) gave out can be taken by an outgoing
// connection's source port before the sidecar binds it (benchmark 9 once failed so, with EADDRINUSE).
export async function freePort() {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_768);
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port in 20000-32767 after 100 draws");
}

export async function waitFor(check, { timeoutMs = 15_000, what = "condition", intervalMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

const children = new Set();
/** Every child a benchmark starts is killed by pid on exit, whatever happens. */
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/** `graceful`: stop with SIGTERM (a profiled process writes its profile on a clean exit), else SIGKILL. */
export function spawnTracked(command, args, { graceful = false, ...options } = {}) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], ...options });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  children.add(child);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    child,
    output: () => output,
    async stop() {
      // SIGTERM first: a profiled sidecar writes its profile on a clean exit.
      if (child.exitCode === null && child.signalCode === null) child.kill(graceful || process.env.BENCH_NODE_ARGS ? "SIGTERM" : "SIGKILL");
      await exited;
      children.delete(child);
    },
  };
}

/** The built sidecar as a process on free ports; resolves once /v1.0/healthz/outbound answers 204. */
export async function startSidecar({ appId = "bench", appPort, components, args: extraArgs = [], nodeArgs: ownNodeArgs = [], env: ownEnv = {}, readyPollMs = 50, runtimed = RUNTIMED } = {}) {
  const httpPort = await freePort();
  const metricsPort = await freePort();
  const grpcPort = await freePort();
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the sidecar.
  const nodeArgs = [...ownNodeArgs, ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean)];
  const args = [...nodeArgs, runtimed, "--app-id", appId, "--http-port", String(httpPort), "--metrics-port", String(metricsPort), "--grpc-port", String(grpcPort), "--log-level", "warn"];
  if (appPort !== undefined) args.push("--app-port", String(appPort));
  args.push(...extraArgs);
  const dir = components ? await mkdtemp(path.join(os.tmpdir(), "runtimed-bench-")) : undefined;
  if (dir) {
    await writeFile(path.join(dir, "components.yaml"), components);
    args.push("--resources-path", dir);
  }
  const spawned = spawnTracked(process.execPath, args, { env: { PATH: process.env.PATH ?? "", ...(await deployedEnvironment(runtimed)), ...ownEnv }, graceful: nodeArgs.length > 0 });
  const proc = {
    ...spawned,
    async stop() {
      await spawned.stop();
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
  const url = `http://127.0.0.1:${httpPort}`;
  try {
    await waitFor(async () => (await fetch(`${url}/v1.0/healthz/outbound`)).status === 204, { what: "sidecar ready", intervalMs: readyPollMs, timeoutMs: 30_000 });
  } catch (error) {
    await proc.stop();
    throw new Error(`${error.message}\n${proc.output()}`);
  }
  return { ...proc, url, httpPort, metricsPort, grpcPort };
}

export function redisComponent(name, extra = "") {
  return `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: pubsub.redis
  version: v1
  metadata:
  - {name: redisHost, value: "${REDIS_HOST}"}
${extra}`;
}

/** Read and write syscalls (syscr, syscw) a process has made so far, from /proc/<pid>/io (Linux). */
export async function syscalls(pid) {
  const io = await readFile(`/proc/${pid}/io`, "utf8");
  return { reads: Number(/syscr:\s+(\d+)/.exec(io)?.[1]), writes: Number(/syscw:\s+(\d+)/.exec(io)?.[1]) };
}

/** Resident set size of a process from /proc (Linux), in bytes. */
export async function rssBytes(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return kb * 1024;
}

/** CPU time (user + system) a process has used, from /proc (Linux), in ms. */
export async function cpuMs(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Resolves once the process has used under 2 ms of CPU in each of two consecutive 100 ms windows (or
 * after `timeoutMs`): a side measured right after another must not share the machine with the
 * other's after-load work (a last export, a memory-reducing collection when the load stops).
 */
export async function cpuQuiet(pid, { timeoutMs = 3000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let quietWindows = 0;
  let last = await cpuMs(pid);
  while (quietWindows < 2 && Date.now() < deadline) {
    await sleep(100);
    const now = await cpuMs(pid);
    quietWindows = now - last < 2 ? quietWindows + 1 : 0;
    last = now;
  }
}

export function percentile(sortedOrValues, p) {
  const values = [...sortedOrValues].sort((a, b) => a - b);
  if (values.length === 0) return NaN;
  return values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
}

/** Keep-alive POSTs from this process (one agent, so connections are reused as autocannon does). */
export function poster(baseUrl, maxSockets = 64) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(baseUrl);
  return {
    post(pathname, body, contentType = "application/json") {
      return new Promise((resolve, reject) => {
        const req = http.request({ host: hostname, port, path: pathname, method: "POST", agent, headers: { "content-type": contentType, "content-length": Buffer.byteLength(body) } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode));
        });
        req.on("error", reject);
        req.end(body);
      });
    },
    /** As post, but resolves { status, errorCode } (the answer's errorCode when it is not 2xx). */
    postForAnswer(pathname, body, contentType = "application/json") {
      return new Promise((resolve, reject) => {
        const req = http.request({ host: hostname, port, path: pathname, method: "POST", agent, headers: { "content-type": contentType, "content-length": Buffer.byteLength(body) } }, (res) => {
          if (res.statusCode < 300) {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode }));
            return;
          }
          const chunks = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString();
            let errorCode;
            try {
              errorCode = JSON.parse(text).errorCode;
            } catch {
              errorCode = text.slice(0, 80);
            }
            resolve({ status: res.statusCode, errorCode, message: text });
          });
        });
        req.on("error", reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * Open loop at `rate` per second for `seconds`: every due `send()` is started on schedule whether or
 * not earlier ones finished (no coordinated omission); each is timed with process.hrtime from when it
 * was sent. Due sends fire on 1 ms timer ticks: spinning on setImmediate would burn one of the
 * machine's two cores in the harness and starve the process being measured. Returns ms.
 */
export async function openLoop(rate, seconds, send) {
  const total = Math.round(rate * seconds);
  const latencies = [];
  const inFlight = [];
  let errors = 0;
  let sent = 0;
  const start = process.hrtime.bigint();
  while (sent < total) {
    const elapsedS = Number(process.hrtime.bigint() - start) / 1e9;
    const due = Math.min(total, Math.floor(elapsedS * rate) + 1);
    for (; sent < due; sent++) {
      const t0 = process.hrtime.bigint();
      inFlight.push(
        send(sent).then(
          (ok) => {
            if (ok === false) errors++;
            else latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
          },
          () => errors++,
        ),
      );
    }
    if (sent < total) await sleep(1);
  }
  await Promise.all(inFlight);
  return { latencies, errors };
}

/**
 * Runs `fn` while watching this (the measuring) process's event-loop delay: a delivery tail that
 * coincides with the harness itself being held up is the machine stalling every process at once (on
 * this 2-core VM a pause of a few ms every ~5 s, far longer under load), not the path measured.
 * Resolves with fn's result and the delay's p99 and max in ms.
 */
export async function watchingHarness(fn) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  try {
    const result = await fn();
    return { result, harness: { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 } };
  } finally {
    histogram.disable();
  }
}

/** "harness loop delay p99 1.1 / max 23 ms": see watchingHarness. */
export function harnessText(harness) {
  return `p99 ${fmt(harness.p99, 1)} / max ${fmt(harness.max, 0)} ms`;
}

export function fmt(n, digits = 2) {
  return Number.isFinite(n) ? n.toFixed(digits) : String(n);
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes on one machine. */
export const nowMs = () => performance.timeOrigin + performance.now();

/**
 * The subscriber app of the delivery-latency benches: it serves one subscription at /runtime/subscribe and
 * records publish -> app latency (from the CloudEvent's `data.t`) of every message not marked `warm`.
 */
export async function startLatencyApp(subscription) {
  const port = await freePort();
  const latencies = [];
  let warm = 0;
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/runtime/subscribe") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([{ ...subscription, route: "/deliver" }]));
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const data = JSON.parse(Buffer.concat(chunks).toString()).data;
      if (data.warm) warm++;
      else latencies.push(nowMs() - data.t);
      res.statusCode = 200;
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return {
    port,
    latencies,
    async close() {
      await new Promise((r) => server.close(r));
      server.closeAllConnections();
    },
    /**
     * Through the sidecar: warm up until the subscription delivers, then `WARM_SECONDS` at `rate`, then the
     * measured `SECONDS` at `rate`; resolves once every measured message arrived, with the open loop's
     * result and the harness' own loop delay meanwhile (watchingHarness).
     */
    async measure(client, publishPath, rate) {
      await waitFor(async () => (await client.post(publishPath, body1k({ warm: true }))) === 204 && warm > 0, { timeoutMs: 20_000, what: "subscription delivering" });
      await openLoop(rate, WARM_SECONDS, () => client.post(publishPath, body1k({ warm: true })).then((s) => s === 204));
      const { result: published, harness } = await watchingHarness(() => openLoop(rate, SECONDS, () => client.post(publishPath, body1k({ t: nowMs() })).then((s) => s === 204)));
      await waitFor(() => latencies.length >= rate * SECONDS, { timeoutMs: 30_000, what: "all sidecar deliveries" });
      return { ...published, harness };
    },
  };
}

/**
 * What the relay references POST to the app for each stream entry (as the sidecar does: one keep-alive
 * agent, the CloudEvent body); the promise resolves once the app answered or the request failed.
 */
export function appDeliverer(appPort) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  return (body) =>
    new Promise((resolve) => {
      const req = http.request({ host: "127.0.0.1", port: Number(appPort), path: "/deliver", method: "POST", agent, headers: { "content-type": "application/cloudevents+json", "content-length": body.length } }, (res) => {
        res.resume();
        res.on("end", resolve);
      });
      req.on("error", resolve);
      req.end(body);
    });
}

/**
 * The floor under any HTTP sidecar's delivery latency: a bare Express process that answers the publish
 * and POSTs the body to an app at once (bench/baseline-express-relay.mjs with no broker), measured the
 * way the sidecar is, at `rate`. Resolves with the percentiles `pcts` of publish -> app, in ms.
 */
export async function httpHopsReference(rate) {
  const app = await startLatencyApp({ pubsubname: "none", topic: "none" });
  const port = await freePort();
  const relay = spawnTracked(process.execPath, [path.join(ROOT, "bench/baseline-express-relay.mjs"), String(port), "none", "none", String(app.port)]);
  const client = poster(`http://127.0.0.1:${port}`);
  try {
    await waitFor(() => relay.output().includes("listening"), { what: "two-hop reference" });
    await app.measure(client, "/publish", rate);
    return { p50: percentile(app.latencies, 50), p99: percentile(app.latencies, 99) };
  } finally {
    client.close();
    await relay.stop();
    await app.close();
  }
}

/** How bench rows print httpHopsReference beside a direct baseline's p99 `directP99`. */
export function hopsText(hops, directP99) {
  return `reference: two bare Express hops and no broker p99 ${fmt(hops.p99, 3)} ms (${fmt(hops.p99 / directP99)}x the direct p99), p50 ${fmt(hops.p50, 3)} ms`;
}

/**
 * The relay references' consumer: consumer group "g" on `topic`, created with the stream, read up to
 * 100 entries at a time on `reader`'s connection; each batch of `[id, fields]` goes to `onEntries`.
 */
export async function relayReader(redis, reader, topic, onEntries) {
  await redis.call("XGROUP", "CREATE", topic, "g", "$", "MKSTREAM");
  void (async () => {
    for (;;) {
      const reply = await reader.callBuffer("XREADGROUP", "GROUP", "g", "c", "COUNT", 100, "BLOCK", 1000, "STREAMS", topic, ">");
      if (reply) onEntries(Array.isArray(reply[0]) ? reply[0][1] : reply[1]);
    }
  })();
}

/**
 * Closed loop: `inFlight` workers, each sending as soon as its last call ended, for `seconds`. Resolves with
 * the calls per second and the CPU per call (us) of process `pid` meanwhile. A failed call throws.
 */
export async function closedLoop(pid, send, { seconds, inFlight = 32 }) {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const cpu0 = await cpuMs(pid);
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < deadline) {
        if ((await send()) === false) throw new Error("a call failed");
        done++;
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return { rate: done / elapsed, cpuUs: (((await cpuMs(pid)) - cpu0) * 1000) / done };
}

/** A grpc-js client of Dapr's runtime API (dapr.proto.runtime.v1.Dapr) at 127.0.0.1:`port`. */
export async function daprGrpcClient(port) {
  const grpc = await import("@grpc/grpc-js");
  const protoLoader = await import("@grpc/proto-loader");
  const definition = protoLoader.loadSync("dapr/proto/runtime/v1/dapr.proto", { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [path.join(ROOT, "proto")] });
  const Dapr = grpc.loadPackageDefinition(definition).dapr.proto.runtime.v1.Dapr;
  return new Dapr(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
}

/** PublishEvent of `data` (a Buffer) to `pubsub`/`topic` on a daprGrpcClient; resolves true, or false on an error. */
export function grpcPublish(client, pubsub, topic, data) {
  const request = { pubsub_name: pubsub, topic, data, data_content_type: "application/json", metadata: {} };
  return new Promise((resolve) => client.PublishEvent(request, (error) => resolve(!error)));
}

/**
 * An in-process publish stack of the build in `dist` (a dist/ folder): the component store with `pubsub` as `bus`
 * (`{type, instance}`, pubsub.in-memory when not given), the publisher, metrics, a quiet logger and the universal
 * API's context, for the A/B tools that drive a transport's handlers without a socket (grpc-handler-ab.mjs,
 * http-publish-ab.mjs, mqtt-ab.mjs).
 */
export async function inProcessPublishStack(dist, pubsub) {
  const { Universal } = await import(`${dist}/pkg/api/universal/index.js`);
  const { ComponentStore, InFlight } = await import(`${dist}/pkg/runtime/store.js`);
  const { PubSubPublisher } = await import(`${dist}/pkg/runtime/pubsub/publisher.js`);
  const { PubSubMetrics } = await import(`${dist}/pkg/runtime/pubsub/metrics.js`);
  const { Metrics } = await import(`${dist}/pkg/diagnostics/metrics.js`);
  const { createLogger } = await import(`${dist}/pkg/diagnostics/logger.js`);
  const { InMemoryPubSub } = await import(`${dist}/pkg/components/pubsub/inmemory/inmemory.js`);
  const metrics = new Metrics({ appId: "bench" });
  const logger = createLogger({ appId: "bench", level: "warn", json: false });
  const store = new ComponentStore();
  const { type, instance } = pubsub ?? { type: "pubsub.in-memory", instance: new InMemoryPubSub() };
  store.set({ kind: "pubsub", name: "bus", resource: { apiVersion: "dapr.io/v1alpha1", kind: "Component", metadata: { name: "bus" }, spec: { type, version: "v1", metadata: [] } }, instance, inFlight: new InFlight() });
  const publisher = new PubSubPublisher({ appId: "bench", store, metrics: new PubSubMetrics(metrics) });
  const ctx = { appId: "bench", runtimeVersion: "x", store, readiness: { ready: () => true }, metrics, logger, extended: new Map(), enabledFeatures: [], subscriptions: () => [], requestShutdown() {}, pubsub: publisher };
  return { ctx, api: new Universal(ctx), metrics, logger };
}

/**
 * `connections` keep-alive connections to `server` (Duplex streams handed to its "connection" event), one request
 * in flight on each; each next request is written from a callback of its own (setImmediate), as a socket's read
 * comes, so what a write batching gathers is what it would. `run(request, n)` writes the raw HTTP `request` n times
 * in all and resolves once each was answered 204 (rejects when any was not).
 */
export function fakeConnections(server, connections = 32) {
  const conns = [];
  let onDone = null, left = 0, bad = 0, active = 0, request;
  for (let i = 0; i < connections; i++) {
    const conn = new Duplex({
      read() {},
      write(chunk, _enc, cb) {
        const text = chunk.toString("latin1");
        if (text.startsWith("HTTP/1.1 ")) {
          if (!text.startsWith("HTTP/1.1 204")) bad++;
          if (left > 0) {
            left--;
            setImmediate(() => conn.push(request));
          } else if (--active === 0) onDone();
        }
        cb();
      },
    });
    conn.remoteAddress = "127.0.0.1";
    conn.setTimeout = () => conn;
    conn.setNoDelay = () => conn;
    conn.setKeepAlive = () => conn;
    server.emit("connection", conn);
    conns.push(conn);
  }
  return (raw, n) =>
    new Promise((resolve, reject) => {
      request = raw;
      left = n - conns.length;
      active = conns.length;
      bad = 0;
      onDone = () => (bad ? reject(new Error(`${bad} answers other than 204`)) : resolve());
      for (const c of conns) c.push(request);
    });
}

/** A sampled allocation profile (HeapProfiler) in bytes: in all, and by allocating function (`name file:line`). */
export function allocationsByFunction(profile) {
  let total = 0;
  const byFunction = new Map();
  const walk = (node) => {
    const f = node.callFrame;
    total += node.selfSize;
    if (node.selfSize) {
      const key = `${f.functionName || "(anon)"} ${f.url.replace(/^.*\/(node_modules|dist)\//, "")}:${f.lineNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(profile.head);
  return { total, byFunction };
}

/**
 * A pub/sub component of `dist`'s build made through its built-in registry and initialised as the sidecar does
 * (a quiet logger, metrics without process metrics), for the in-process A/B tools (mqtt-ab.mjs, redis-ab.mjs).
 */
export async function registryComponent(dist, type, name, appId, metadata) {
  const { builtinRegistries } = await import(`${dist}/pkg/components/builtins.js`);
  const { ComponentMetadata } = await import(`${dist}/pkg/components/metadata.js`);
  const { createLogger, SecretRedactor } = await import(`${dist}/pkg/diagnostics/logger.js`);
  const { Metrics } = await import(`${dist}/pkg/diagnostics/metrics.js`);
  const redactor = new SecretRedactor();
  const context = { name, type, appId, logger: createLogger({ appId: "ab", level: "warn", json: false }, redactor), metrics: new Metrics({ processMetrics: false }), redactor, env: {}, protectedEnv: [] };
  const pubsub = await builtinRegistries().pubsub.create(type, "v1", context);
  await pubsub.init(ComponentMetadata.of(name, type, metadata));
  return pubsub;
}

/** The sidecar's HTTP API (the universal API, the publisher, the envelope) over `pubsub` (`{type, instance}`) as `bus`. */
export async function sidecarApiServer(dist, pubsub) {
  const { createApiApp, expressServerOptions } = await import(`${dist}/pkg/api/http/server.js`);
  const { allEndpoints } = await import(`${dist}/pkg/api/http/routes/index.js`);
  const { ctx, api, logger, metrics } = await inProcessPublishStack(dist, pubsub);
  const { app, listener } = createApiApp({ endpoints: allEndpoints(ctx, api), logger, metrics, maxBodyBytes: 4 << 20 });
  const server = http.createServer(expressServerOptions(app), listener);
  server.keepAliveTimeout = 65_000;
  return { server, path: (topic) => `/v1.0/publish/bus/${topic}` };
}

/** bench/floor/relay.mjs' HTTP server over a bench/floor/clients.mjs client. */
export function relayApiServer(client) {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      client.publish(req.url.slice("/publish/".length), Buffer.concat(chunks)).then(
        () => ((res.statusCode = 204), res.end()),
        () => ((res.statusCode = 500), res.end()),
      );
    });
  });
  server.keepAliveTimeout = 60_000;
  return { server, path: (topic) => `/publish/${topic}` };
}

/** 32 fake keep-alive connections (fakeConnections) to `server`; `(topic, n)` resolves once n publishes of `data` to topic were answered 204. */
export function fakeHttpPublisher({ server, path }, data) {
  const run = fakeConnections(server);
  return (topic, n) => run(Buffer.from(`POST ${path(topic)} HTTP/1.1\r\ncontent-type: application/json\r\ncontent-length: ${data.length}\r\nHost: 127.0.0.1:3500\r\nConnection: keep-alive\r\n\r\n${data}`), n);
}

/**
 * An app subscribing to `topic` of `pubsubname` at /deliver that answers each delivery 200 and calls `onDelivery`,
 * listening on a free port (benchmark 10 and redis-syscalls-sequential.mjs count the sidecar's syscalls with it).
 */
export async function subscriberApp(pubsubname, topic, onDelivery) {
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/runtime/subscribe") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([{ pubsubname, topic, route: "/deliver" }]));
      return;
    }
    req.resume();
    req.on("end", () => {
      res.statusCode = 200;
      res.end();
      onDelivery();
    });
  });
  server.keepAliveTimeout = 60_000;
  const port = await freePort();
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return { server, port };
}
