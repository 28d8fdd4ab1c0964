// 21. Delivery over the gRPC app channel (Dapr's AppCallback.OnTopicEvent) against the HTTP app channel (POST
// of the CloudEvent): publish -> app p99 at 1,000 msg/s and the sidecar's CPU per message, in-memory pub/sub,
// the same 1 KB event, the apps in this process (plain node:http; plain grpc-js from the vendored protos).
// A report, not a gate: the ratio is the gRPC figure over the HTTP one.
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import * as grpc from "@grpc/grpc-js";
import { ROOT, SECONDS, WARM_SECONDS, body1k, cpuMs, cpuQuiet, fmt, freePort, openLoop, percentile, poster, startSidecar, waitFor } from "./lib.mjs";

/** BENCH21_RATE lowers the rate to tell a throughput ceiling from a per-message cost. */
const RATE = Number(process.env.BENCH21_RATE ?? 1000);
const nowMs = () => performance.timeOrigin + performance.now();

/** An HTTP app: declares the subscription, records publish -> delivery time carried in data.t. */
async function httpApp(port, onData) {
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/runtime/subscribe") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([{ pubsubname: "pubsub", topic: "orders", route: "/orders" }]));
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      onData(JSON.parse(Buffer.concat(chunks).toString()).data);
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return { close: () => new Promise((r) => { server.close(r); server.closeAllConnections(); }) };
}

/** A gRPC app serving AppCallback (ListTopicSubscriptions, OnTopicEvent) with grpc-js. */
async function grpcApp(port, onData) {
  const { daprProtos } = await import(path.join(ROOT, "dist/pkg/proto/dapr.js"));
  const v1 = daprProtos().appCallback.dapr.proto.runtime.v1;
  const server = new grpc.Server();
  const unimplemented = (_call, callback) => callback({ code: grpc.status.UNIMPLEMENTED });
  server.addService(v1.AppCallback.service, {
    ListTopicSubscriptions: (_call, callback) => callback(null, { subscriptions: [{ pubsub_name: "pubsub", topic: "orders", routes: { default: "orders" } }] }),
    OnTopicEvent: (call, callback) => {
      onData(JSON.parse(call.request.data.toString()));
      callback(null, { status: "SUCCESS" });
    },
    OnInvoke: unimplemented,
    ListInputBindings: unimplemented,
    OnBindingEvent: unimplemented,
    OnBulkTopicEvent: unimplemented,
  });
  await new Promise((resolve, reject) => server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (e) => (e ? reject(e) : resolve())));
  return { close: () => new Promise((r) => server.tryShutdown(() => r())) };
}

async function measure(protocol) {
  const latencies = [];
  let warm = 0;
  const onData = (data) => (data.warm ? warm++ : latencies.push(nowMs() - data.t));
  const appPort = await freePort();
  const app = protocol === "grpc" ? await grpcApp(appPort, onData) : await httpApp(appPort, onData);
  const sidecar = await startSidecar({ appId: `bench21-${protocol}`, appPort, args: ["--app-protocol", protocol] });
  const client = poster(sidecar.url);
  const publishPath = "/v1.0/publish/pubsub/orders";
  try {
    await waitFor(async () => (await client.post(publishPath, body1k({ warm: true }))) === 204 && warm > 0, { timeoutMs: 20_000, what: `${protocol} subscription delivering` });
    await openLoop(RATE, WARM_SECONDS, () => client.post(publishPath, body1k({ warm: true })).then((s) => s === 204));
    await cpuQuiet(sidecar.child.pid);
    const cpu0 = await cpuMs(sidecar.child.pid);
    const harness0 = process.cpuUsage();
    await openLoop(RATE, SECONDS, () => client.post(publishPath, body1k({ t: nowMs() })).then((s) => s === 204));
    await waitFor(() => latencies.length >= RATE * SECONDS, { timeoutMs: 30_000, what: `all ${protocol} deliveries` });
    const cpu = (await cpuMs(sidecar.child.pid)) - cpu0;
    const harness = process.cpuUsage(harness0);
    // The sidecar's CPU covers the publish as well as the delivery: the same for both sides, so the difference is the channel's.
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuUsPerMessage: (cpu * 1000) / latencies.length, harnessUsPerMessage: (harness.user + harness.system) / latencies.length };
  } finally {
    client.close();
    await sidecar.stop();
    await app.close();
  }
}

/** Each side measured twice in the order http, grpc, grpc, http, keeping its better round: a shared machine's bursts hit one round, rarely both. */
export async function run() {
  const rounds = { http: [], grpc: [] };
  for (const protocol of ["http", "grpc", "grpc", "http"]) rounds[protocol].push(await measure(protocol));
  const best = (side) => ({ p50: Math.min(...side.map((r) => r.p50)), p99: Math.min(...side.map((r) => r.p99)), cpuUsPerMessage: Math.min(...side.map((r) => r.cpuUsPerMessage)), harnessUsPerMessage: Math.min(...side.map((r) => r.harnessUsPerMessage)) });
  const httpSide = best(rounds.http);
  const grpcSide = best(rounds.grpc);
  const row = (what, h, g, unit, digits) => ({ name: `21 delivery over the gRPC app channel / the HTTP app channel: ${what}`, baseline: `${fmt(h, digits)} ${unit}`, sidecar: `${fmt(g, digits)} ${unit}`, ratio: g / h, target: "report", pass: true });
  return [
    { ...row(`publish -> app p99 at ${RATE} msg/s`, httpSide.p99, grpcSide.p99, "ms", 3), extra: `p50 ${fmt(grpcSide.p50, 3)} vs ${fmt(httpSide.p50, 3)} ms` },
    { ...row("sidecar CPU per message (publish + delivery)", httpSide.cpuUsPerMessage, grpcSide.cpuUsPerMessage, "µs", 0), extra: `the harness (publisher and app) ${fmt(grpcSide.harnessUsPerMessage, 0)} vs ${fmt(httpSide.harnessUsPerMessage, 0)} µs per message` },
  ];
}
