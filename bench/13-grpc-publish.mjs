// 13. gRPC PublishEvent through the sidecar (in-memory pub/sub) / a bare grpc-js server answering Empty to the
// same call: one grpc-js client, 64 calls in flight, 1 KiB JSON. Target >= 0.8. Beside it, reported: the
// same event published over gRPC / over HTTP (keep-alive POSTs, 64 in flight), both through the sidecar.
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { ROOT, SECONDS, body1k, cpuMs, freePort, percentile, poster, spawnTracked, startSidecar, waitFor } from "./lib.mjs";

const IN_FLIGHT = 64;
const ROUNDS = 4;

function daprClient(port) {
  const definition = protoLoader.loadSync("dapr/proto/runtime/v1/dapr.proto", { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [path.join(ROOT, "proto")] });
  const Dapr = grpc.loadPackageDefinition(definition).dapr.proto.runtime.v1.Dapr;
  return new Dapr(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
}

/** Calls per second and the server's CPU per call, with IN_FLIGHT workers each sending as soon as its last call ended. */
async function closedLoop(pid, send) {
  const deadline = Date.now() + Math.max(1, SECONDS / 2) * 1000;
  let done = 0;
  const cpu0 = await cpuMs(pid);
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (Date.now() < deadline) {
      await send();
      done++;
    }
  }));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { rate: done / seconds, cpuUs: ((await cpuMs(pid)) - cpu0) * 1000 / done };
}

function grpcPublisher(client, topic, data) {
  const request = { pubsub_name: "pubsub", topic, data, data_content_type: "application/json", metadata: {} };
  return () => new Promise((resolve, reject) => client.PublishEvent(request, (error) => (error ? reject(error) : resolve())));
}

export async function run() {
  const body = body1k();
  const data = Buffer.from(body);
  const barePort = await freePort();
  const bare = spawnTracked(process.execPath, [path.join(ROOT, "bench/grpc-library.mjs"), "serve", "grpc-js", String(barePort)]);
  await waitFor(() => bare.output().includes("listening"), { what: "bare grpc-js server" });
  const sidecar = await startSidecar({ appId: "bench13" });
  const bareClient = daprClient(barePort);
  const sidecarClient = daprClient(sidecar.grpcPort);
  const http = poster(sidecar.url, IN_FLIGHT);
  const sides = {
    bare: { pid: bare.child.pid, send: grpcPublisher(bareClient, "bench13", data) },
    grpc: { pid: sidecar.child.pid, send: grpcPublisher(sidecarClient, "bench13", data) },
    http: {
      pid: sidecar.child.pid,
      send: async () => {
        const status = await http.post("/v1.0/publish/pubsub/bench13", body);
        if (status !== 204) throw new Error(`HTTP publish answered ${status}`);
      },
    },
  };
  try {
    for (const side of Object.values(sides)) await closedLoop(side.pid, side.send);
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ["bare", "grpc", "http"] : ["http", "grpc", "bare"];
      const measured = {};
      for (const key of order) measured[key] = await closedLoop(sides[key].pid, sides[key].send);
      rounds.push(measured);
    }
    const median = (pick) => percentile(rounds.map(pick), 50);
    const ratio = median((r) => r.grpc.rate / r.bare.rate);
    const versusHttp = median((r) => r.grpc.rate / r.http.rate);
    const cpu = (key) => `${median((r) => r[key].cpuUs).toFixed(0)} us`;
    return [
      { name: "13 gRPC publish calls/s (in-memory) / bare grpc-js Empty", baseline: `${median((r) => r.bare.rate).toFixed(0)} calls/s`, sidecar: `${median((r) => r.grpc.rate).toFixed(0)} calls/s`, ratio, extra: `median of ${ROUNDS} alternating rounds (${rounds.map((r) => (r.grpc.rate / r.bare.rate).toFixed(2)).join(", ")}); server CPU per call ${cpu("bare")} vs ${cpu("grpc")}`, target: ">= 0.8", pass: ratio >= 0.8 },
      { name: "13b gRPC publish / HTTP publish (same event, same sidecar)", baseline: `${median((r) => r.http.rate).toFixed(0)} req/s HTTP`, sidecar: `${median((r) => r.grpc.rate).toFixed(0)} calls/s gRPC`, ratio: versusHttp, extra: `CPU per publish ${cpu("http")} HTTP vs ${cpu("grpc")} gRPC`, target: "report", pass: true },
    ];
  } finally {
    bareClient.close();
    sidecarClient.close();
    http.close();
    await sidecar.stop();
    await bare.stop();
  }
}
