// pubsub.kafka's own cost of a publish against the relay's kafkajs client (bench/floor/clients.mjs `kafka`), in one
// process on one private KRaft broker (test/kafka/cluster.mjs; `make kafka` first; BENCH_KAFKA=host:port uses a
// running one): the component made through the built-in registry and initialised as the sidecar does, publishing
// what the sidecar hands it (a 1 KB body, content type application/cloudevents+json, no metadata), IN_FLIGHT
// publishes outstanding (default 32), each side on its own topic of 4 partitions. Alternating rounds; CPU per publish
// (process.cpuUsage: the broker runs in its own process) and bytes allocated per publish (heap sampling, garbage
// included), produce requests and records each per producer. BENCH_RUNTIMED=<other build's dist/cmd/runtimed/main.js>
// adds that build's component ("before"); DETAIL=<n> lists the n frames whose allocations differ most from the relay's,
// PROFILE=<n> the n frames whose self time does (one profiled run per side).
import path from "node:path";
import { Session } from "node:inspector/promises";
import kafkajs, { Kafka, logLevel } from "kafkajs";
import { startKafka } from "../test/kafka/cluster.mjs";
import { CLIENTS } from "./floor/clients.mjs";
import { allocationsByFunction, body1k, ROOT } from "./lib.mjs";

// Produce requests and records of each side's producer (this checkout's kafkajs: the relay's and "now"'s), to see
// that both batch alike.
const produced = [];
let creating = "";
const makeProducer = kafkajs.Kafka.prototype.producer;
kafkajs.Kafka.prototype.producer = function (...args) {
  const producer = makeProducer.apply(this, args);
  const send = producer.send;
  const counts = { side: creating, requests: 0, records: 0 };
  produced.push(counts);
  producer.send = (request) => ((counts.requests += 1), (counts.records += request.messages.length), send(request));
  return producer;
};

const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 32);
const N = Number(process.env.N ?? 20_000);
const ROUNDS = Number(process.env.ROUNDS ?? 8);
const value = Buffer.from(body1k());

const cluster = process.env.BENCH_KAFKA ? undefined : await startKafka({ fullJit: true });
const bootstrap = process.env.BENCH_KAFKA ?? cluster.bootstrap;
const admin = new Kafka({ clientId: "ab-admin", brokers: bootstrap.split(","), logLevel: logLevel.NOTHING }).admin();
await admin.connect();

async function componentSide(name, dist, contentType = "application/cloudevents+json") {
  const { builtinRegistries } = await import(`${dist}/pkg/components/builtins.js`);
  const { ComponentMetadata } = await import(`${dist}/pkg/components/metadata.js`);
  const { createLogger, SecretRedactor } = await import(`${dist}/pkg/diagnostics/logger.js`);
  const { Metrics } = await import(`${dist}/pkg/diagnostics/metrics.js`);
  const context = { name: "bus", type: "pubsub.kafka", appId: "bench", logger: createLogger({ appId: "bench", level: "warn", json: false }), metrics: new Metrics({ processMetrics: false }), redactor: new SecretRedactor(), env: {}, protectedEnv: [] };
  creating = name;
  const pubsub = await builtinRegistries().pubsub.create("pubsub.kafka", "v1", context);
  await pubsub.init(ComponentMetadata.of("bus", "pubsub.kafka", { brokers: bootstrap, authType: "none", disableTls: "true" }));
  const topic = `ab-${name}`;
  return { name, topic, publish: () => pubsub.publish({ topic, data: value, contentType, metadata: {} }), close: () => pubsub.close() };
}
async function relaySide() {
  creating = "relay";
  const client = await CLIENTS.kafka({ brokers: bootstrap.split(",") });
  const topic = "ab-relay";
  return { name: "relay", topic, publish: () => client.publish(topic, value), close: () => client.close() };
}

const sides = [await relaySide(), await componentSide("now", path.join(ROOT, "dist"))];
// NO_TYPE=1: the component also without a content type, so its records carry no header (what the header costs).
if (process.env.NO_TYPE) sides.push(await componentSide("no-type", path.join(ROOT, "dist"), undefined));
if (process.env.BENCH_RUNTIMED) sides.push(await componentSide("before", path.resolve(path.dirname(process.env.BENCH_RUNTIMED), "../..")));
await admin.createTopics({ topics: sides.map((s) => ({ topic: s.topic, numPartitions: 4 })), waitForLeaders: true });

async function run(side, n) {
  let next = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next++ < n) await side.publish();
  }));
}
for (const s of sides) {
  s.cpu = [];
  await run(s, 20_000);
}
for (let r = 0; r < ROUNDS; r++) for (const s of r % 2 ? [...sides].reverse() : sides) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await run(s, N);
  const c = process.cpuUsage(c0);
  s.cpu.push((c.user + c.system) / N);
  (s.rate ??= []).push(N / ((performance.now() - t0) / 1000));
}
const med = (a) => { const s = [...a].sort((x, y) => x - y); return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2; };
const session = new Session();
session.connect();
const M = 5000;
for (const pass of [0, 1]) for (const s of sides) {
  await session.post("HeapProfiler.startSampling", { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await run(s, M);
  const { profile } = await session.post("HeapProfiler.stopSampling");
  const { total, byFunction: fns } = allocationsByFunction(profile);
  if (pass === 0) s.fns = fns;
  (s.alloc ??= []).push(total / M);
}
if (process.env.PROFILE) {
  // Self time per frame, per publish, of one run of each side (the sampling profiler; PROFILE=<n> frames listed).
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  for (const s of sides) {
    await session.post("Profiler.start");
    await run(s, N);
    const { profile } = await session.post("Profiler.stop");
    const self = new Map();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = new Map();
    profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    for (const [id, us] of dt) { const f = byId.get(id).callFrame; const key = `${f.functionName || "(anon)"} ${f.url.replace(/^.*\/(node_modules|dist)\//, "")}:${f.lineNumber + 1}`; self.set(key, (self.get(key) ?? 0) + us); }
    s.self = self;
  }
  for (const s of sides.slice(1)) {
    const keys = new Set([...s.self.keys(), ...sides[0].self.keys()]);
    const diff = [...keys].map((k) => [k, ((s.self.get(k) ?? 0) - (sides[0].self.get(k) ?? 0)) / N, (s.self.get(k) ?? 0) / N]).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
    console.log(`-- ${s.name} - relay, self us/publish (${s.name}'s own)`);
    for (const [k, d, own] of diff.slice(0, Number(process.env.PROFILE))) console.log(d.toFixed(2).padStart(6), own.toFixed(2).padStart(6), k);
  }
}
if (process.env.DETAIL) for (const s of sides.slice(1)) {
  // The frames where this side allocates more (or less) than the relay, per publish.
  const keys = new Set([...s.fns.keys(), ...sides[0].fns.keys()]);
  const diff = [...keys].map((k) => [k, ((s.fns.get(k) ?? 0) - (sides[0].fns.get(k) ?? 0)) / M]).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
  console.log(`-- ${s.name} - relay, B/publish`);
  for (const [k, b] of diff.slice(0, Number(process.env.DETAIL))) console.log(b.toFixed(0).padStart(6), k);
}
console.log(`in-process Kafka publish, ${ROUNDS} alternating rounds of ${N}, ${IN_FLIGHT} in flight`);
const [ref] = sides;
for (const s of sides) {
  console.log(`${s.name.padEnd(7)} CPU us/publish median ${med(s.cpu).toFixed(1)} [${s.cpu.map((x) => x.toFixed(1)).join(" ")}] msg/s median ${med(s.rate).toFixed(0)} allocated B/publish ${s.alloc.map((x) => x.toFixed(0)).join(", ")}`);
  if (s !== ref) console.log(`   ${s.name}/${ref.name} CPU ratio median ${med(s.cpu.map((x, i) => x / ref.cpu[i])).toFixed(3)}`);
}
for (const c of produced) if (c.requests) console.log(`${c.side.padEnd(7)} ${c.requests} produce requests, ${(c.records / c.requests).toFixed(1)} records each`);
for (const s of sides) await s.close();
await admin.disconnect();
await cluster?.stop();
process.exit(0);
