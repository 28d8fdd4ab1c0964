// runtimed's own cost of publishing and delivering one message over the HTTP app channel, without the HTTP
// publish (bench/http-publish-ab.mjs measures that): the publisher, pubsub.in-memory, the subscription runner
// (routing, the built-in resiliency policy through the registry, metrics) and the HTTP app channel, POSTing each
// event to an app in a process of its own that answers 200 with no body, as benchmark 30's app does. Two builds
// and the minimal relay's in-memory path (the body on the next tick, a bare http.request to the app) run in one
// process in alternating rounds at RATE msg/s, so the machine's load hits all alike: CPU of this process per
// message (process.cpuUsage) and bytes allocated per message (heap sampling, garbage included).
// `BENCH_RUNTIMED=/work/wt/base/dist/cmd/runtimed/main.js node bench/delivery-ab.mjs` compares this build ("now")
// with that one ("before"); RATE, SECONDS, ROUNDS set the load; DETAIL=<n> lists the n largest allocations by
// runtimed frame; ALLOC_PASSES (2) the allocation sampling passes of 2 s each.
import http from "node:http";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { body1k, freePort, openLoop, ROOT, spawnTracked, waitFor } from "./lib.mjs";

if (!process.env.BENCH_RUNTIMED) throw new Error("set BENCH_RUNTIMED to the other build's dist/cmd/runtimed/main.js");
const RATE = Number(process.env.RATE ?? 1000), SECONDS = Number(process.env.SECONDS ?? 4), ROUNDS = Number(process.env.ROUNDS ?? 6);
const specs = [["now", path.join(ROOT, "dist")], ["before", path.resolve(path.dirname(process.env.BENCH_RUNTIMED), "../..")], ["relay", "relay"]].filter(
  // SIDES=now,relay: only those (a profile of one side, `node --cpu-prof`).
  ([name]) => !process.env.SIDES || process.env.SIDES.split(",").includes(name),
);

// The app: its own process, so only the delivering side's CPU is counted here.
const appPort = await freePort();
const appSource = `require("node:http").createServer((req, res) => { req.resume(); req.on("end", () => { res.statusCode = 200; res.end(); }); }).listen(${appPort}, "127.0.0.1", () => console.log("listening"));`;
const app = spawnTracked(process.execPath, ["-e", appSource]);
await waitFor(() => app.output().includes("listening"), { what: "app" });

async function sidecarSide(dist) {
  const { inProcessPublishStack } = await import("./lib.mjs");
  const { SubscriptionRunner } = await import(`${dist}/pkg/runtime/pubsub/runner.js`);
  const { EVENT_TYPES } = await import(`${dist}/pkg/runtime/pubsub/envelope.js`);
  const { HttpAppChannel } = await import(`${dist}/pkg/runtime/appchannel/http.js`);
  const { ResiliencyRegistry } = await import(`${dist}/pkg/runtime/resiliency/index.js`);
  const { ctx, metrics, logger } = await inProcessPublishStack(dist);
  const instance = ctx.store.entry("bus").instance;
  let done = 0;
  // Counts settled deliveries: the in-memory broker's handler resolves once the app answered.
  const subscribe = instance.subscribe.bind(instance);
  instance.subscribe = (request, handler, signal) =>
    subscribe(
      request,
      (message) => {
        const settled = handler(message);
        settled.then(() => done++, () => done++);
        return settled;
      },
      signal,
    );
  const appChannel = new HttpAppChannel({ address: "127.0.0.1", port: appPort, timeoutMs: 60_000, maxReplyBytes: 4 << 20 });
  const runner = new SubscriptionRunner({ pubsubName: "bus", topic: "orders", rules: [], defaultRoute: "/deliver", metadata: {}, type: "PROGRAMMATIC" }, instance, {
    appId: "bench",
    appChannel,
    logger,
    // The publisher's: a metric name registers once per registry.
    metrics: ctx.pubsub.deps.metrics,
    defaultConcurrency: -1 >>> 1,
    eventTypes: EVENT_TYPES.dapr,
    dialect: "dapr",
    resiliency: new ResiliencyRegistry({ logger, metrics }),
    messagingSystem: "in-memory",
  });
  await runner.start();
  return {
    done: () => done,
    send: (body) => ctx.pubsub.publish({ pubsubName: "bus", topic: "orders", body, contentType: "application/json", metadata: {} }),
  };
}

function relaySide() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  let done = 0;
  const deliver = (body) => {
    const req = http.request({ host: "127.0.0.1", port: appPort, path: "/relay", method: "POST", agent, headers: { "content-type": "application/json", "content-length": body.length } }, (res) => {
      res.resume();
      res.on("end", () => done++);
    });
    req.on("error", () => done++);
    req.end(body);
  };
  return {
    done: () => done,
    send: (body) => {
      const copy = Buffer.from(body);
      setImmediate(() => deliver(copy));
      return Promise.resolve();
    },
  };
}

const sides = [];
for (const [name, dist] of specs) sides.push({ name, ...(dist === "relay" ? relaySide() : await sidecarSide(dist)), cpu: [], alloc: [] });
const body = Buffer.from(JSON.stringify(body1k()));

/** RATE msg/s for `seconds`, then until every message was answered. */
async function round(side, seconds) {
  const target = side.done() + Math.round(RATE * seconds);
  const { errors } = await openLoop(RATE, seconds, () => side.send(body));
  if (errors) throw new Error(`${side.name}: ${errors} publishes failed`);
  await waitFor(() => side.done() >= target, { what: `${side.name} deliveries`, intervalMs: 5 });
}

for (const s of sides) await round(s, 2);
if (process.env.COUNT) {
  // COUNT=1: async resources (promises, ticks, timers...) created per message, by type, beside the relay's; the
  // harness's own (the open loop's timers and promises) are in every side's count alike.
  const { createHook } = await import("node:async_hooks");
  let counts;
  createHook({ init: (_id, type) => counts && counts.set(type, (counts.get(type) ?? 0) + 1) }).enable();
  for (const s of sides) {
    counts = new Map();
    await round(s, 1);
    const seen = counts;
    counts = undefined;
    console.log(`${s.name.padEnd(8)} async resources per message: ${[...seen].sort((a, b) => b[1] - a[1]).map(([type, n]) => `${type} ${(n / RATE).toFixed(2)}`).join(", ")}`);
  }
}
for (let r = 0; r < ROUNDS; r++) {
  for (const s of r % 2 ? [...sides].reverse() : sides) {
    const c0 = process.cpuUsage();
    await round(s, SECONDS);
    const c = process.cpuUsage(c0);
    s.cpu.push((c.user + c.system) / (RATE * SECONDS));
  }
}
const session = new Session();
session.connect();
for (let pass = 0; pass < Number(process.env.ALLOC_PASSES ?? 2); pass++) {
  for (const s of sides) {
    await session.post("HeapProfiler.startSampling", { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    await round(s, 2);
    const { profile } = await session.post("HeapProfiler.stopSampling");
    const n = RATE * 2;
    let total = 0;
    const fns = new Map();
    const walk = (node, owner) => {
      const f = node.callFrame;
      const here = f.url.includes("/dist/pkg/") ? `${f.functionName || "(anon)"} ${f.url.replace(/^.*\/dist\/pkg\//, "")}:${f.lineNumber + 1}` : owner;
      total += node.selfSize;
      if (node.selfSize) {
        const key = `${here} <- ${f.functionName || "(anon)"} ${f.url.replace(/^.*\//, "")}:${f.lineNumber + 1}`;
        fns.set(key, (fns.get(key) ?? 0) + node.selfSize);
      }
      for (const child of node.children ?? []) walk(child, here);
    };
    walk(profile.head, "(node)");
    if (process.env.DETAIL && pass === 0) {
      console.log("--", s.name);
      for (const [k, b] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.DETAIL))) console.log((b / n).toFixed(0).padStart(6), k);
    }
    s.alloc.push(total / n);
  }
}
const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};
console.log(`in-process publish + HTTP delivery, ${ROUNDS} alternating rounds of ${RATE} msg/s for ${SECONDS} s`);
const [ref] = sides;
for (const s of sides) {
  console.log(`${s.name.padEnd(8)} CPU us/msg median ${med(s.cpu).toFixed(1)} [${s.cpu.map((x) => x.toFixed(1)).join(" ")}] allocated B/msg ${s.alloc.map((x) => x.toFixed(0)).join(", ")}`);
  if (s !== ref) console.log(`   ${ref.name}/${s.name} CPU ratio median ${med(ref.cpu.map((x, i) => x / s.cpu[i])).toFixed(3)}`);
}
await app.stop();
process.exit(0);
