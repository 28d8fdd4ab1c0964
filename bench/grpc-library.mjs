// Which gRPC server library the sidecar's API uses: a PublishEvent-shaped unary call (1 KiB data) answered
// with Empty by `@grpc/grpc-js` (+ proto-loader) and by `@connectrpc/connect-node` (the Dapr JS SDK's
// generated descriptors), each in its own process, driven by one grpc-js client at 64 calls in flight.
// Rounds alternate between the two so drift on a shared machine hits both alike.
// `node bench/grpc-library.mjs` (a standalone measurement, not part of `make bench`).
import http2 from "node:http2";
import path from "node:path";
import { createRequire } from "node:module";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { ROOT, SECONDS, body1k, cpuMs, freePort, percentile, spawnTracked, waitFor } from "./lib.mjs";

const IN_FLIGHT = 64;
const ROUNDS = 4;
const PROTO_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [path.join(ROOT, "proto")] };

function daprService() {
  const definition = protoLoader.loadSync("dapr/proto/runtime/v1/dapr.proto", PROTO_OPTIONS);
  return grpc.loadPackageDefinition(definition).dapr.proto.runtime.v1.Dapr;
}

async function serveGrpcJs(port) {
  const server = new grpc.Server();
  server.addService(daprService().service, { PublishEvent: (_call, callback) => callback(null, {}) });
  await new Promise((resolve, reject) => server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error) => (error ? reject(error) : resolve())));
}

async function serveConnect(port) {
  const require = createRequire(import.meta.url);
  const { connectNodeAdapter } = require("@connectrpc/connect-node");
  const { Dapr } = require("@dapr/dapr/proto/dapr/proto/runtime/v1/dapr_pb.js");
  const handler = connectNodeAdapter({ routes: (router) => router.service(Dapr, { publishEvent: () => ({}) }, {}) });
  await new Promise((resolve) => http2.createServer(handler).listen(port, "127.0.0.1", resolve));
}

async function measure(client, data, pid) {
  const request = { pubsub_name: "pubsub", topic: "orders", data, data_content_type: "application/json", metadata: {} };
  const deadline = Date.now() + Math.max(1, SECONDS / 2) * 1000;
  let done = 0;
  let errors = 0;
  const cpu0 = await cpuMs(pid);
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (Date.now() < deadline) {
      await new Promise((resolve) => client.PublishEvent(request, (error) => {
        if (error) errors++;
        else done++;
        resolve();
      }));
    }
  }));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (errors > 0) throw new Error(`${errors} calls failed`);
  return { rate: done / seconds, cpuUs: ((await cpuMs(pid)) - cpu0) * 1000 / done };
}

if (process.argv[2] === "serve") {
  const port = Number(process.argv[4]);
  await (process.argv[3] === "grpc-js" ? serveGrpcJs(port) : serveConnect(port));
  console.log("listening");
} else {
  const data = Buffer.from(body1k());
  const Dapr = daprService();
  const sides = [];
  for (const kind of ["grpc-js", "connect-node"]) {
    const port = await freePort();
    const proc = spawnTracked(process.execPath, [path.join(ROOT, "bench/grpc-library.mjs"), "serve", kind, String(port)]);
    await waitFor(() => proc.output().includes("listening"), { what: `${kind} server` });
    sides.push({ kind, proc, client: new Dapr(`127.0.0.1:${port}`, grpc.credentials.createInsecure()), rates: [], cpu: [] });
  }
  try {
    for (const side of sides) await measure(side.client, data, side.proc.child.pid);
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const { rate, cpuUs } = await measure(side.client, data, side.proc.child.pid);
        side.rates.push(rate);
        side.cpu.push(cpuUs);
      }
    }
    console.log(`node ${process.version}, ${IN_FLIGHT} in flight, 1 KiB data, median of ${ROUNDS} alternating rounds`);
    for (const side of sides) {
      console.log(`${side.kind.padEnd(13)} ${percentile(side.rates, 50).toFixed(0)} calls/s (${side.rates.map((r) => r.toFixed(0)).join(", ")}), server CPU ${percentile(side.cpu, 50).toFixed(0)} us per call`);
    }
    console.log(`grpc-js / connect-node: ${(percentile(sides[0].rates, 50) / percentile(sides[1].rates, 50)).toFixed(2)}`);
  } finally {
    for (const side of sides) {
      side.client.close();
      await side.proc.stop();
    }
  }
}
