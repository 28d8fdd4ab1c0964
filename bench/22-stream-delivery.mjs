// 22. Stream subscriptions (HTTP NDJSON and gRPC SubscribeTopicEventsAlpha1) against delivery to a route of
// an HTTP app, one sidecar, one in-memory pub/sub, same run: msg/s (a burst published by 32 concurrent
// publishers, until the last delivery is acknowledged) and publish -> subscriber p99 at a fixed rate. Target:
// the stream is not the slower path (msg/s ratio >= 1, p99 ratio <= 1). The three paths take turns over
// ROUNDS rounds, each in every place, so none pays alone for what the machine does meanwhile; msg/s is the
// median of the rounds', p99 is over every round's deliveries.
import http from "node:http";
import * as grpc from "@grpc/grpc-js";
import { SECONDS, WARM_SECONDS, body1k, fmt, freePort, nowMs, openLoop, percentile, poster, startSidecar, waitFor } from "./lib.mjs";
import { daprProtos } from "../dist/pkg/proto/dapr.js";

const BURST = 4000;
const ROUNDS = 3;
const RATE = 500;
const COMPONENTS = `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: bus}
spec: {type: pubsub.in-memory, version: v1, metadata: []}
`;

/** A subscriber: records publish -> delivery latency (data.t) and counts deliveries; `warm` ones aside. */
function recorder() {
  return { latencies: [], delivered: 0, warm: 0, lastAt: 0, take(data) {
    if (data.warm) this.warm++;
    else {
      this.delivered++;
      this.lastAt = nowMs();
      if (data.t) this.latencies.push(nowMs() - data.t);
    }
  } };
}

/**
 * An NDJSON stream reader. Acknowledgements are coalesced as a subscriber would: at most two ack POSTs in
 * flight, and whatever arrives meanwhile goes in the next one (a list), so acks cost a request per batch.
 */
async function httpStream(baseUrl, topic, rec) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const { port } = new URL(baseUrl);
  let streamId;
  let buffer = "";
  let waiting = [];
  let posting = 0;
  const flush = () => {
    if (posting >= 2 || waiting.length === 0) return;
    const body = JSON.stringify(waiting.map((id) => ({ id })));
    waiting = [];
    posting++;
    const done = () => {
      posting--;
      flush();
    };
    const req = http.request({ host: "127.0.0.1", port, path: `/v1.0-alpha1/subscriptions/stream/${streamId}/ack`, method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => res.resume().on("end", done));
    req.on("error", done);
    req.end(body);
  };
  const request = http.request({ host: "127.0.0.1", port, path: "/v1.0-alpha1/subscriptions/stream", method: "POST", headers: { "content-type": "application/json" } }, (res) => {
    res.setEncoding("utf8");
    res.on("data", (chunk) => {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop();
      for (const line of lines) {
        const frame = JSON.parse(line);
        if (frame.type === "subscribed") streamId = frame.id;
        else if (frame.type === "event") {
          rec.take(frame.event.data);
          waiting.push(frame.id);
        }
      }
      flush();
    });
  });
  request.on("error", () => undefined);
  request.end(JSON.stringify({ pubsubname: "bus", topic }));
  await waitFor(() => streamId !== undefined, { what: "HTTP stream open" });
  return { close: () => (request.destroy(), agent.destroy()) };
}

/** A SubscribeTopicEventsAlpha1 subscriber acknowledging each event_message at once on the same stream. */
async function grpcStream(grpcPort, topic, rec) {
  const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
  const client = new Dapr(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure());
  const call = client.SubscribeTopicEventsAlpha1();
  let open = false;
  call.on("data", (response) => {
    if (response.initial_response) open = true;
    const event = response.event_message;
    if (!event) return;
    rec.take(JSON.parse(event.data.toString("utf8")));
    call.write({ event_processed: { id: event.id, status: { status: "SUCCESS" } } });
  });
  call.on("error", () => undefined);
  call.write({ initial_request: { pubsub_name: "bus", topic } });
  await waitFor(() => open, { what: "gRPC stream open" });
  return { close: () => (call.cancel(), client.close()) };
}

/** Warms `topic`'s subscriber up until it delivers, then WARM_SECONDS at RATE. */
async function warmUp(client, topic, rec) {
  const path = `/v1.0/publish/bus/${topic}`;
  await waitFor(async () => (await client.post(path, body1k({ warm: true }))) === 204 && rec.warm > 0, { timeoutMs: 20_000, what: `${topic} delivering` });
  await openLoop(RATE, WARM_SECONDS, () => client.post(path, body1k({ warm: true })).then((s) => s === 204));
}

/** One round through `topic`'s subscriber: a burst's msg/s, then SECONDS at RATE whose latencies go to `latencies`. */
async function round(client, topic, rec, latencies) {
  const path = `/v1.0/publish/bus/${topic}`;
  const before = rec.delivered;
  const started = nowMs();
  let next = 0;
  await Promise.all(Array.from({ length: 32 }, async () => {
    while (next < BURST) {
      next++;
      await client.post(path, body1k({}));
    }
  }));
  await waitFor(() => rec.delivered - before >= BURST, { timeoutMs: 60_000, what: `${topic}: the burst delivered` });
  const perSecond = BURST / ((rec.lastAt - started) / 1000);
  rec.latencies.length = 0;
  await openLoop(RATE, SECONDS, () => client.post(path, body1k({ t: nowMs() })).then((s) => s === 204));
  await waitFor(() => rec.latencies.length >= RATE * SECONDS, { timeoutMs: 30_000, what: `${topic}: the fixed-rate run delivered` });
  latencies.push(...rec.latencies);
  return perSecond;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The HTTP app: declares the route subscription and answers 200 to each delivery, recording it. */
async function httpApp(rec) {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/runtime/subscribe") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([{ pubsubname: "bus", topic: "to-app", route: "/deliver" }]));
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      rec.take(JSON.parse(Buffer.concat(chunks).toString()).data);
      res.statusCode = 200;
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return { port, close: () => new Promise((r) => (server.close(r), server.closeAllConnections())) };
}

export async function run() {
  const appRec = recorder();
  const httpRec = recorder();
  const grpcRec = recorder();
  const app = await httpApp(appRec);
  const sidecar = await startSidecar({ appId: "bench21", appPort: app.port, components: COMPONENTS });
  const client = poster(sidecar.url);
  const closers = [];
  try {
    closers.push((await httpStream(sidecar.url, "to-http", httpRec)).close);
    closers.push((await grpcStream(sidecar.grpcPort, "to-grpc", grpcRec)).close);
    const paths = [["to-app", appRec], ["to-http", httpRec], ["to-grpc", grpcRec]];
    const rates = new Map(paths.map(([topic]) => [topic, []]));
    const latencies = new Map(paths.map(([topic]) => [topic, []]));
    for (const [topic, rec] of paths) await warmUp(client, topic, rec);
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < paths.length; i++) {
        const [topic, rec] = paths[(i + r) % paths.length];
        rates.get(topic).push(await round(client, topic, rec, latencies.get(topic)));
      }
    }
    const resultOf = (topic) => ({ perSecond: median(rates.get(topic)), p99: percentile(latencies.get(topic), 99) });
    const appResult = resultOf("to-app");
    const httpResult = resultOf("to-http");
    const grpcResult = resultOf("to-grpc");
    const rows = [];
    for (const [name, result] of [["HTTP stream", httpResult], ["gRPC stream", grpcResult]]) {
      rows.push({
        name: `21 ${name} delivery msg/s`,
        baseline: `${fmt(appResult.perSecond, 0)} msg/s (HTTP app route)`,
        sidecar: `${fmt(result.perSecond, 0)} msg/s`,
        ratio: result.perSecond / appResult.perSecond,
        target: ">= 1",
        pass: result.perSecond >= appResult.perSecond,
      });
      rows.push({
        name: `21 ${name} delivery p99 at ${RATE} msg/s`,
        baseline: `${fmt(appResult.p99)} ms (HTTP app route)`,
        sidecar: `${fmt(result.p99)} ms`,
        ratio: result.p99 / appResult.p99,
        target: "<= 1",
        pass: result.p99 <= appResult.p99,
      });
    }
    return rows;
  } finally {
    for (const close of closers) close();
    client.close();
    await sidecar.stop();
    await app.close();
  }
}
