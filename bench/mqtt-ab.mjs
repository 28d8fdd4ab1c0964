// pubsub.mqtt3's own cost against the relay's mqtt.js code (bench/floor/clients.mjs `mqtt`), in one process, against
// the Mosquitto of BENCH_MQTT (default 127.0.0.1:1883), in alternating rounds so the machine's load hits all alike.
// The component is made through the built-in registry and driven as the runtime drives it (publish(), subscribe()
// with a handler answering on the next turn); "before" is the same component from BENCH_RUNTIMED's build, if set.
// - publish: 32 in flight (saturation) and 1,000 msg/s: CPU per publish (process.cpuUsage) and bytes allocated
//   per publish (heap sampling, garbage included);
// - delivery (MODE=delivery): one shared publisher at 1,000 msg/s to each side's topic; CPU and allocation per
//   delivered message, the publisher's own cost included alike on every side.
// `node bench/mqtt-ab.mjs`, `MODE=delivery node bench/mqtt-ab.mjs`; DETAIL=<n> lists the n largest allocations.
import path from "node:path";
import { Session } from "node:inspector/promises";
import { allocationsByFunction, body1k, ROOT, registryComponent, sidecarApiServer, relayApiServer, fakeHttpPublisher } from "./lib.mjs";

const URL = process.env.BENCH_MQTT ?? "mqtt://127.0.0.1:1883";
const MODE = process.env.MODE ?? "publish";
const ROUNDS = Number(process.env.ROUNDS ?? 8);
const N = Number(process.env.N ?? 20000);
const RATE_SECONDS = Number(process.env.RATE_SECONDS ?? 3);
const builds = [["now", path.join(ROOT, "dist")]];
if (process.env.BENCH_RUNTIMED) builds.push(["before", path.resolve(path.dirname(process.env.BENCH_RUNTIMED), "../..")]);
const { connectAsync } = await import("mqtt");
const tag = `${process.pid}-${Date.now().toString(36)}`;
const data = Buffer.from(body1k());

async function relayClient(clientId, options = {}) {
  const client = await connectAsync(URL, { clientId, log: () => undefined, ...options });
  client.stream.setNoDelay?.(true);
  return client;
}

const component = (dist, name) => registryComponent(dist, "pubsub.mqtt3", name, `ab-${name}-${tag}`, { url: URL.replace(/^mqtt:/, "tcp:"), cleanSession: "true" });




const sides = [];
if (MODE === "http") {
  const { CLIENTS } = await import("./floor/clients.mjs");
  const relayMqtt = await CLIENTS.mqtt({ url: URL });
  sides.push({ name: "relay", http: fakeHttpPublisher(relayApiServer(relayMqtt), data), close: () => relayMqtt.close() });
  for (const [name, dist] of builds) {
    const pubsub = await component(dist, name);
    sides.push({ name, http: fakeHttpPublisher(await sidecarApiServer(dist, { type: "pubsub.mqtt3", instance: pubsub }), data), close: () => pubsub.close() });
  }
  if (process.env.INMEMORY) {
    const relayMem = await CLIENTS.inmemory({});
    sides.push({ name: "relay-mem", http: fakeHttpPublisher(relayApiServer(relayMem), data), close: () => relayMem.close() });
    const { InMemoryPubSub } = await import(`${builds[0][1]}/pkg/components/pubsub/inmemory/inmemory.js`);
    sides.push({ name: "now-mem", http: fakeHttpPublisher(await sidecarApiServer(builds[0][1], { type: "pubsub.in-memory", instance: new InMemoryPubSub() }), data), close: () => undefined });
  }
} else if (MODE === "publish") {
  const relay = await relayClient(`ab-relay-pub-${tag}`);
  sides.push({ name: "relay", publish: (topic, body) => relay.publishAsync(topic, body, { qos: 1 }), close: () => relay.endAsync() });
  for (const [name, dist] of builds) {
    const pubsub = await component(dist, name);
    sides.push({ name, publish: (topic, body) => pubsub.publish({ topic, data: body, metadata: {} }), close: () => pubsub.close() });
  }
} else {
  // Every side's messages come from one publisher (the relay's code) to the side's own topic.
  const publisher = await relayClient(`ab-pub-${tag}`);
  const waiting = new Map();
  const received = (name) => {
    const w = waiting.get(name);
    if (w && --w.left === 0) w.resolve();
  };
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  {
    const name = "relay";
    const subscriber = await relayClient(`ab-relay-sub-${tag}`, { clean: true });
    const held = new Error("acknowledged once the app answered");
    subscriber.handleMessage = (packet, done) => {
      void nextTurn().then(() => (received(name), subscriber._sendPacket({ cmd: "puback", messageId: packet.messageId })));
      done(held);
    };
    const topic = `ab/${tag}/relay`;
    await subscriber.subscribeAsync(topic, { qos: 1 });
    sides.push({ name, topic, close: () => subscriber.endAsync() });
  }
  for (const [name, dist] of builds) {
    const pubsub = await component(dist, name);
    const topic = `ab/${tag}/${name}`;
    const abort = new AbortController();
    await pubsub.subscribe({ topic, metadata: {} }, async () => (await nextTurn(), received(name)), abort.signal);
    sides.push({ name, topic, close: () => (abort.abort(), pubsub.close()) });
  }
  for (const side of sides) {
    // n messages at `rate`/s (Infinity: 32 in flight), resolving once all were delivered.
    side.run = (n, rate) => {
      const done = new Promise((resolve) => waiting.set(side.name, { left: n, resolve }));
      return Promise.all([done, send((topic, body) => publisher.publishAsync(topic, body, { qos: 1 }), side.topic, n, rate)]);
    };
  }
  sides.publisher = publisher;
}

/** n publishes, 32 in flight when rate is Infinity, else paced at `rate`/s (each awaited in the background). */
async function send(publish, topic, n, rate) {
  if (rate === Infinity) {
    let left = n;
    await Promise.all(Array.from({ length: 32 }, async () => { while (left-- > 0) await publish(topic, data); }));
    return;
  }
  const started = performance.now();
  const all = [];
  for (let sent = 0; sent < n; ) {
    const due = Math.min(n, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    for (; sent < due; sent++) all.push(publish(topic, data));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(all);
}

if (process.env.ONLY) sides.splice(0, sides.length, ...sides.filter((s) => s.name === process.env.ONLY));
const run = (side, n, rate) => (MODE === "http" ? side.http(`ab/${tag}/${side.name}`, n) : MODE === "publish" ? send(side.publish, `ab/${tag}/${side.name}`, n, rate) : side.run(n, rate));
const med = (a) => { const s = [...a].sort((x, y) => x - y); return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2; };
const loads = [["saturation (32 in flight)", Infinity, N], ...(MODE === "http" ? [] : [["1,000 msg/s", 1000, 1000 * RATE_SECONDS]])];
for (const side of sides) await run(side, 5000, Infinity);
for (const [label, rate, n] of loads) {
  for (const side of sides) side.cpu = [];
  for (let r = 0; r < ROUNDS; r++) for (const side of r % 2 ? [...sides].reverse() : sides) {
    const c0 = process.cpuUsage();
    await run(side, n, rate);
    const c = process.cpuUsage(c0);
    side.cpu.push((c.user + c.system) / n);
  }
  console.log(`${MODE}, ${label}, ${ROUNDS} alternating rounds of ${n}:`);
  for (const side of sides) console.log(`  ${side.name.padEnd(7)} CPU us/msg median ${med(side.cpu).toFixed(1)} [${side.cpu.map((x) => x.toFixed(1)).join(" ")}]${side === sides[0] ? "" : ` ratio to ${sides[0].name} ${med(side.cpu.map((x, i) => x / sides[0].cpu[i])).toFixed(2)}`}`);
}

const session = new Session();
session.connect();
const SAMPLED = 5000;
for (const [label, rate] of [["saturation", Infinity], ...(MODE === "http" ? [] : [["1,000 msg/s", 1000]])]) {
  for (const side of sides) side.alloc = [];
  for (const pass of [0, 1]) for (const side of sides) {
    // PROMOTED=1: only what outlived the young generation (promoted, then freed by a major GC or still live).
    const promoted = Boolean(process.env.PROMOTED);
    await session.post("HeapProfiler.startSampling", { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !promoted });
    await run(side, SAMPLED, rate);
    // What the run left in the young generation is not counted as surviving: two scavenges first (--expose-gc).
    if (promoted) for (let i = 0; i < 2; i++) globalThis.gc?.({ type: "minor" });
    const { profile } = await session.post("HeapProfiler.stopSampling");
    const { total, byFunction: fns } = allocationsByFunction(profile);
    if (process.env.DETAIL && pass === 0) {
      console.log(`-- ${side.name}, ${label}, B/msg by allocating frame`);
      for (const [k, b] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.DETAIL))) console.log((b / SAMPLED).toFixed(0).padStart(6), k);
    }
    side.alloc.push(total / SAMPLED);
  }
  console.log(`${MODE}, ${label}, allocated per message (2 sampled runs of ${SAMPLED}): ${sides.map((s) => `${s.name} ${s.alloc.map((x) => (x / 1024).toFixed(2)).join(", ")} KB`).join("; ")}`);
}
for (const side of sides) await side.close();
await sides.publisher?.endAsync();
process.exit(0);
