// 30. The sidecar against the thinnest possible sidecar, per broker (bench/floor/brokers.mjs) and transport: a
// minimal relay (bench/floor/relay.mjs) that hands the body to the same broker client, and whose consumer POSTs
// each message to the app. Both run at once and rounds alternate between them, so drift on a shared machine
// hits both alike; each ratio is the median of its rounds' ratios.
// - publish throughput (closed loop, 32 in flight, 1 KB JSON), HTTP and gRPC: sidecar / relay >= 0.9;
//   on in-memory also over HTTP / a bare node:http server answering 204 (bench/floor/bare-204.mjs): >= 0.8;
// - publish -> app delivery at 1,000 msg/s (open loop, HTTP publish): p99 sidecar / relay <= 1.3, p99.9 reported;
// - CPU per published+delivered message in the same rounds: sidecar / relay <= 1.2.
// Kafka runs on a private single-node broker started for its row (Kafka's jars: `make kafka`; BENCH_KAFKA=host:port
// uses a running one). BENCH_BROKERS=redis,mqtt limits the brokers; BENCH_ROUNDS (default 5) and BENCH_DELIVERY_ROUNDS (default 3) set the rounds.
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { ROOT, SECONDS, WARM_SECONDS, body1k, closedLoop, cpuMs, daprGrpcClient, fmt, freePort, grpcPublish, nowMs, openLoop, percentile, poster, spawnTracked, startSidecar, waitFor } from "./lib.mjs";
import { BROKERS } from "./floor/brokers.mjs";
import { TARGETS, atLeast, atMost } from "./targets.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Delivery rounds per side: each is SECONDS at RATE plus the drain, so fewer than the publish rounds. */
const DELIVERY_ROUNDS = Number(process.env.BENCH_DELIVERY_ROUNDS ?? 3);
const RATE = TARGETS.deliveryRate;
export const PUBSUB = "bus";
const PUBLISH_SECONDS = Math.max(1, SECONDS / 2);

/** The app of both sides: the sidecar delivers to /deliver (a CloudEvent), the relay to /relay (the bare body). */
export async function startApp(topic) {
  const port = await freePort();
  const sides = { deliver: { latencies: [], warm: 0, received: 0 }, relay: { latencies: [], warm: 0, received: 0 } };
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url === "/runtime/subscribe") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify([{ pubsubname: PUBSUB, topic, route: "/deliver" }]));
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const side = sides[req.url.slice(1)];
      const parsed = JSON.parse(Buffer.concat(chunks).toString());
      const data = parsed.specversion ? parsed.data : parsed;
      side.received++;
      if (data.warm) side.warm++;
      else side.latencies.push(nowMs() - data.t);
      res.statusCode = 200;
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return {
    port,
    sides,
    async close() {
      await new Promise((r) => server.close(r));
      server.closeAllConnections();
    },
  };
}

const median = (values) => percentile(values, 50);
const list = (values) => values.map((v) => fmt(v)).join(", ");

/** One delivery round of `side`: RATE msg/s for SECONDS, then until every message arrived; latencies and CPU per message. */
export async function deliveryRound(side, received) {
  received.latencies = [];
  const cpu0 = await cpuMs(side.pid);
  const { errors } = await openLoop(RATE, SECONDS, () => side.publish(body1k({ t: nowMs() })));
  if (errors > 0) throw new Error(`${side.name}: ${errors} publishes failed`);
  await waitFor(() => received.latencies.length >= RATE * SECONDS, { timeoutMs: 60_000, what: `${side.name} deliveries` });
  const cpu = (await cpuMs(side.pid)) - cpu0;
  return { latencies: received.latencies, cpuUsPerMessage: (cpu * 1000) / (RATE * SECONDS) };
}

async function measureBroker(broker) {
  const tag = randomUUID().slice(0, 8);
  const appId = `bench30-${tag}`;
  const topics = { sidecarPublish: `bench30-sp-${tag}`, relayPublish: `bench30-rp-${tag}`, sidecarDeliver: `bench30-sd-${tag}`, relayDeliver: `bench30-rd-${tag}` };
  await broker.prepare(Object.values(topics));
  const app = await startApp(topics.sidecarDeliver);
  const relayHttp = await freePort();
  const relayGrpc = await freePort();
  const relay = spawnTracked(process.execPath, [path.join(ROOT, "bench/floor/relay.mjs"), broker.id, JSON.stringify(broker.settings), String(relayHttp), String(relayGrpc), topics.relayDeliver, String(app.port)]);
  let sidecar;
  const closers = [];
  try {
    sidecar = await startSidecar({ appId, appPort: app.port, components: broker.component(PUBSUB) });
    await waitFor(() => relay.output().includes("listening"), { what: `${broker.label} relay`, timeoutMs: 30_000 });
    const body = body1k();
    const data = Buffer.from(body);
    const sidecarPost = poster(sidecar.url);
    const relayPost = poster(`http://127.0.0.1:${relayHttp}`);
    const sidecarGrpc = await daprGrpcClient(sidecar.grpcPort);
    const relayGrpcClient = await daprGrpcClient(relayGrpc);
    closers.push(() => sidecarPost.close(), () => relayPost.close(), () => sidecarGrpc.close(), () => relayGrpcClient.close());
    const sides = {
      sidecar: {
        name: "sidecar",
        pid: sidecar.child.pid,
        http: () => sidecarPost.post(`/v1.0/publish/${PUBSUB}/${topics.sidecarPublish}`, body).then((s) => s === 204),
        grpc: () => grpcPublish(sidecarGrpc, PUBSUB, topics.sidecarPublish, data),
        publish: (b) => sidecarPost.post(`/v1.0/publish/${PUBSUB}/${topics.sidecarDeliver}`, b).then((s) => s === 204),
        received: app.sides.deliver,
      },
      relay: {
        name: "relay",
        pid: relay.child.pid,
        http: () => relayPost.post(`/publish/${topics.relayPublish}`, body).then((s) => s === 204),
        grpc: () => grpcPublish(relayGrpcClient, PUBSUB, topics.relayPublish, data),
        publish: (b) => relayPost.post(`/publish/${topics.relayDeliver}`, b).then((s) => s === 204),
        received: app.sides.relay,
      },
    };
    if (broker.id === "inmemory") {
      const barePort = await freePort();
      const bare = spawnTracked(process.execPath, [path.join(ROOT, "bench/floor/bare-204.mjs"), String(barePort)]);
      closers.push(() => bare.stop());
      await waitFor(() => bare.output().includes("listening"), { what: "bare node:http 204" });
      const barePost = poster(`http://127.0.0.1:${barePort}`);
      closers.push(() => barePost.close());
      sides.bare = { name: "bare 204", pid: bare.child.pid, http: () => barePost.post("/publish", body).then((s) => s === 204) };
    }

    // Both consumers deliver before anything is measured (the sidecar subscribes once the app answers).
    for (const side of [sides.sidecar, sides.relay]) {
      await waitFor(async () => (await side.publish(body1k({ warm: true }))) && side.received.warm > 0, { timeoutMs: 30_000, what: `${broker.label} ${side.name} delivering` });
    }
    const rows = [];
    const label = broker.label;

    // Publish throughput per transport, alternating sidecar and relay (and the bare server) each round.
    for (const transport of ["http", "grpc"]) {
      const keys = Object.keys(sides).filter((k) => sides[k][transport]);
      for (const key of keys) await closedLoop(sides[key].pid, sides[key][transport], { seconds: 1 });
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        const measured = {};
        for (const key of round % 2 === 0 ? keys : [...keys].reverse()) measured[key] = await closedLoop(sides[key].pid, sides[key][transport], { seconds: PUBLISH_SECONDS });
        rounds.push(measured);
      }
      const ratios = rounds.map((r) => r.sidecar.rate / r.relay.rate);
      const ratio = median(ratios);
      const cpu = (key) => `${fmt(median(rounds.map((r) => r[key].cpuUs)), 0)} us`;
      rows.push({
        name: `30 publish ${transport === "http" ? "HTTP" : "gRPC"} msg/s, ${label}: sidecar / relay`,
        baseline: `${fmt(median(rounds.map((r) => r.relay.rate)), 0)} msg/s`,
        sidecar: `${fmt(median(rounds.map((r) => r.sidecar.rate)), 0)} msg/s`,
        ratio,
        extra: `median of ${ROUNDS} alternating rounds (${list(ratios)}); CPU per publish ${cpu("sidecar")} vs relay ${cpu("relay")}`,
        target: `>= ${TARGETS.publishVsRelay}`,
        pass: atLeast(ratio, TARGETS.publishVsRelay),
      });
      if (sides.bare && transport === "http") {
        const bareRatios = rounds.map((r) => r.sidecar.rate / r.bare.rate);
        const bareRatio = median(bareRatios);
        rows.push({
          name: "30 publish HTTP msg/s, in-memory: sidecar / bare node:http answering 204",
          baseline: `${fmt(median(rounds.map((r) => r.bare.rate)), 0)} msg/s`,
          sidecar: `${fmt(median(rounds.map((r) => r.sidecar.rate)), 0)} msg/s`,
          ratio: bareRatio,
          extra: `median of ${ROUNDS} alternating rounds (${list(bareRatios)}); CPU per request ${cpu("sidecar")} vs bare ${cpu("bare")}`,
          target: `>= ${TARGETS.inMemoryPublishVsBare204}`,
          pass: atLeast(bareRatio, TARGETS.inMemoryPublishVsBare204),
        });
      }
    }

    // Delivery at RATE: warm both, then alternate rounds.
    for (const side of [sides.sidecar, sides.relay]) await openLoop(RATE, WARM_SECONDS, () => side.publish(body1k({ warm: true })));
    const deliveries = { sidecar: [], relay: [] };
    for (let round = 0; round < DELIVERY_ROUNDS; round++) {
      for (const key of round % 2 === 0 ? ["sidecar", "relay"] : ["relay", "sidecar"]) deliveries[key].push(await deliveryRound(sides[key], sides[key].received));
    }
    const p = (key, pct) => deliveries[key].map((r) => percentile(r.latencies, pct));
    const pooled = (key, pct) => percentile(deliveries[key].flatMap((r) => r.latencies), pct);
    const p99Ratios = p("sidecar", 99).map((s, i) => s / p("relay", 99)[i]);
    const p99Ratio = median(p99Ratios);
    rows.push({
      name: `30 delivery p99 at ${RATE} msg/s, ${label}: sidecar / two-hop relay`,
      baseline: `p99 ${fmt(pooled("relay", 99), 1)} ms, p99.9 ${fmt(pooled("relay", 99.9), 1)} ms`,
      sidecar: `p99 ${fmt(pooled("sidecar", 99), 1)} ms, p99.9 ${fmt(pooled("sidecar", 99.9), 1)} ms`,
      ratio: p99Ratio,
      extra: `median of ${deliveries.sidecar.length} alternating rounds' p99 ratios (${list(p99Ratios)}); p50 ${fmt(pooled("sidecar", 50), 2)} vs ${fmt(pooled("relay", 50), 2)} ms; p99.9 ratio ${fmt(pooled("sidecar", 99.9) / pooled("relay", 99.9))}`,
      target: `<= ${TARGETS.deliveryP99VsRelay}`,
      pass: atMost(p99Ratio, TARGETS.deliveryP99VsRelay),
    });
    const cpuRatios = deliveries.sidecar.map((s, i) => s.cpuUsPerMessage / deliveries.relay[i].cpuUsPerMessage);
    const cpuRatio = median(cpuRatios);
    rows.push({
      name: `30 CPU per published+delivered message, ${label}: sidecar / relay`,
      baseline: `${fmt(median(deliveries.relay.map((r) => r.cpuUsPerMessage)), 0)} us`,
      sidecar: `${fmt(median(deliveries.sidecar.map((r) => r.cpuUsPerMessage)), 0)} us`,
      ratio: cpuRatio,
      extra: `at ${RATE} msg/s, median of ${cpuRatios.length} rounds (${list(cpuRatios)})`,
      target: `<= ${TARGETS.cpuPerMessageVsRelay}`,
      pass: atMost(cpuRatio, TARGETS.cpuPerMessageVsRelay),
    });
    return rows;
  } finally {
    for (const close of closers) await close();
    await sidecar?.stop();
    await relay.stop();
    await app.close();
    await broker.cleanup(Object.values(topics), appId).catch((error) => console.error(`${broker.label} cleanup: ${error.message}`));
  }
}

export async function run() {
  const wanted = process.env.BENCH_BROKERS?.split(",");
  const rows = [];
  for (const broker of BROKERS) {
    if (wanted && !wanted.includes(broker.id)) continue;
    if (!(await broker.available())) {
      rows.push({ name: `30 ${broker.label}`, baseline: "-", sidecar: "-", ratio: NaN, extra: `${broker.unavailable ?? "broker not reachable"}: skipped`, target: "-", pass: false });
      continue;
    }
    try {
      await broker.start?.();
      rows.push(...(await measureBroker(broker)));
    } catch (error) {
      // One broker failing leaves the others' rows.
      console.error(`${broker.label}: ${error.stack ?? error}`);
      rows.push({ name: `30 ${broker.label}`, baseline: "-", sidecar: "-", ratio: NaN, extra: `failed: ${String(error.message).split("\n")[0]}`, target: "-", pass: false });
    } finally {
      await broker.stop?.();
    }
  }
  return rows;
}
