// pubsub.redis' own cost against the relay's ioredis code (bench/floor/clients.mjs `redis`), in one process, against
// the Redis of BENCH_REDIS (default 127.0.0.1:6379), in alternating rounds so the machine's load hits all alike.
// The component is made through the built-in registry; "before" is the same component from BENCH_RUNTIMED's build.
// - MODE=http (default): benchmark 30's HTTP publish without a socket or a client: the sidecar's HTTP API listener
//   (bench/lib.mjs' inProcessPublishStack over the component) and the relay's node:http handler, each fed through
//   32 fake keep-alive connections (bench/lib.mjs' fakeConnections); the XADDs go to Redis for real.
// - MODE=publish: the component's publish() against the relay client's publish(), IN_FLIGHT (32) at once; with
//   IN_FLIGHT=1 the wall time per publish is the round trip a lone publish takes.
// Prints CPU per publish (process.cpuUsage, so the whole process: GC threads included), the process' read and write
// syscalls per publish (/proc/self/io: in MODE=http only the Redis connections make any, so it shows how many
// publishes share a write) and bytes allocated per publish (heap sampling, garbage included). ROUNDS (8), N (20,000); DETAIL=<n> lists the n largest allocations.
import path from "node:path";
import { Session } from "node:inspector/promises";
import { allocationsByFunction, body1k, REDIS_HOST, ROOT, syscalls, registryComponent, sidecarApiServer, relayApiServer, fakeHttpPublisher } from "./lib.mjs";
import { CLIENTS } from "./floor/clients.mjs";

const MODE = process.env.MODE ?? "http";
const ROUNDS = Number(process.env.ROUNDS ?? 8);
const N = Number(process.env.N ?? 20000);
const builds = [["now", path.join(ROOT, "dist")]];
if (process.env.BENCH_RUNTIMED) builds.push(["before", path.resolve(path.dirname(process.env.BENCH_RUNTIMED), "../..")]);
const tag = `${process.pid}-${Date.now().toString(36)}`;
const data = Buffer.from(body1k());
const topics = [];

const component = (dist, name) => registryComponent(dist, "pubsub.redis", name, `ab-${name}-${tag}`, { redisHost: REDIS_HOST });




const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 32);
async function send(publish, topic, n) {
  let left = n;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => { while (left-- > 0) await publish(topic, data); }));
}

const sides = [];
const relayClient = await CLIENTS.redis({ host: REDIS_HOST });
sides.push({ name: "relay", run: MODE === "http" ? fakeHttpPublisher(relayApiServer(relayClient), data) : (topic, n) => send(relayClient.publish, topic, n), close: () => relayClient.close() });
for (const [name, dist] of builds) {
  const pubsub = await component(dist, name);
  sides.push({
    name,
    run: MODE === "http" ? fakeHttpPublisher(await sidecarApiServer(dist, { type: "pubsub.redis", instance: pubsub }), data) : (topic, n) => send((t, body) => pubsub.publish({ topic: t, data: body, metadata: {} }), topic, n),
    close: () => pubsub.close(),
  });
}
const run = (side, n) => {
  const topic = `ab-redis-${tag}-${side.name}`;
  if (!topics.includes(topic)) topics.push(topic);
  return side.run(topic, n);
};
const med = (a) => { const s = [...a].sort((x, y) => x - y); return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2; };
const { Redis } = await import("ioredis");
const [host, port] = REDIS_HOST.split(":");
const admin = new Redis({ host, port: Number(port) });
const trim = () => Promise.all(topics.map((t) => admin.del(t)));

for (const side of sides) await run(side, 5000);
for (const side of sides) Object.assign(side, { cpu: [], reads: [], writes: [], wall: [] });
for (let r = 0; r < ROUNDS; r++) {
  await trim();
  for (const side of r % 2 ? [...sides].reverse() : sides) {
    const io0 = await syscalls(process.pid);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await run(side, N);
    side.wall.push(((performance.now() - t0) * 1000) / N);
    const c = process.cpuUsage(c0);
    const io1 = await syscalls(process.pid);
    side.cpu.push((c.user + c.system) / N);
    side.reads.push((io1.reads - io0.reads) / N);
    side.writes.push((io1.writes - io0.writes) / N);
  }
}
console.log(`${MODE}, ${MODE === "http" ? 32 : IN_FLIGHT} in flight, ${ROUNDS} alternating rounds of ${N}:`);
for (const side of sides) console.log(`  ${side.name.padEnd(7)} CPU us/publish median ${med(side.cpu).toFixed(1)} [${side.cpu.map((x) => x.toFixed(1)).join(" ")}]${side === sides[0] ? "" : ` ratio relay/${side.name} ${med(side.cpu.map((x, i) => sides[0].cpu[i] / x)).toFixed(3)}`}; syscalls (the Redis socket's) ${med(side.reads).toFixed(3)} r + ${med(side.writes).toFixed(3)} w per publish; wall ${med(side.wall).toFixed(1)} us per publish`);
if (builds.length > 1) console.log(`  now/before median of paired ratios ${med(sides[1].cpu.map((x, i) => x / sides[2].cpu[i])).toFixed(3)}`);

const session = new Session();
session.connect();
const SAMPLED = 5000;
for (const side of sides) side.alloc = [];
for (const pass of [0, 1]) for (const side of sides) {
  await session.post("HeapProfiler.startSampling", { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await run(side, SAMPLED);
  const { profile } = await session.post("HeapProfiler.stopSampling");
  const { total, byFunction: fns } = allocationsByFunction(profile);
  if (process.env.DETAIL && pass === 0) {
    console.log(`-- ${side.name}, B/publish by allocating frame`);
    for (const [k, b] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.DETAIL))) console.log((b / SAMPLED).toFixed(0).padStart(6), k);
  }
  side.alloc.push(total / SAMPLED);
}
console.log(`allocated per publish (2 sampled runs of ${SAMPLED}): ${sides.map((s) => `${s.name} ${s.alloc.map((x) => (x / 1024).toFixed(2)).join(", ")} KB`).join("; ")}`);
await trim();
admin.disconnect();
for (const side of sides) await side.close();
process.exit(0);
