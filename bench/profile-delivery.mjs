// Where the sidecar's delivery time goes, against the minimal relay's: both run with --cpu-prof and --trace-gc
// while each takes TARGETS.deliveryRate msg/s for BENCH_SECONDS (publish over HTTP, delivery to the app), one
// after the other, as in benchmark 30. Prints, per process, CPU per message, the GC summary (count, total and
// longest pause per kind) and the heaviest functions by self time, grouped by where they live (runtimed's own
// code, a library, Node's internals); keeps the profiles in .bench/profile-<broker>-<time>/ for a closer look
// (Chrome DevTools or speedscope open them).
// `node bench/profile-delivery.mjs [broker]` (default redis; a bench/floor/brokers.mjs id). Needs `make build`.
import { mkdir, readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { ROOT, SECONDS, WARM_SECONDS, body1k, fmt, freePort, openLoop, percentile, poster, spawnTracked, startSidecar, waitFor } from "./lib.mjs";
import { BROKERS } from "./floor/brokers.mjs";
import { PUBSUB, deliveryRound, startApp } from "./30-floor.mjs";
import { TARGETS } from "./targets.mjs";

const broker = BROKERS.find((b) => b.id === (process.argv[2] ?? "redis"));
if (!broker) throw new Error(`unknown broker ${process.argv[2]}; known: ${BROKERS.map((b) => b.id).join(", ")}`);
const out = path.join(ROOT, ".bench", `profile-${broker.id}-${new Date().toISOString().replace(/[:.]/g, "-")}`);
const dirs = { sidecar: path.join(out, "sidecar"), relay: path.join(out, "relay") };
for (const dir of Object.values(dirs)) await mkdir(dir, { recursive: true });
const profiling = (dir) => ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--trace-gc"];

const tag = Date.now().toString(36);
const topics = { sidecar: `profile-s-${tag}`, relay: `profile-r-${tag}` };
await broker.prepare(Object.values(topics));
const app = await startApp(topics.sidecar);
const sidecar = await startSidecar({ appId: `profile-${tag}`, appPort: app.port, components: broker.component(PUBSUB), nodeArgs: profiling(dirs.sidecar) });
const relayHttp = await freePort();
const relay = spawnTracked(process.execPath, [...profiling(dirs.relay), path.join(ROOT, "bench/floor/relay.mjs"), broker.id, JSON.stringify(broker.settings), String(relayHttp), String(await freePort()), topics.relay, String(app.port)], { graceful: true });
const sidecarPost = poster(sidecar.url);
const relayPost = poster(`http://127.0.0.1:${relayHttp}`);
const sides = {
  sidecar: { name: "sidecar", pid: sidecar.child.pid, publish: (b) => sidecarPost.post(`/v1.0/publish/${PUBSUB}/${topics.sidecar}`, b).then((s) => s === 204), received: app.sides.deliver },
  relay: { name: "relay", pid: relay.child.pid, publish: (b) => relayPost.post(`/publish/${topics.relay}`, b).then((s) => s === 204), received: app.sides.relay },
};
const results = {};
try {
  await waitFor(() => relay.output().includes("listening"), { what: "relay", timeoutMs: 30_000 });
  for (const side of Object.values(sides)) {
    await waitFor(async () => (await side.publish(body1k({ warm: true }))) && side.received.warm > 0, { timeoutMs: 30_000, what: `${side.name} delivering` });
    await openLoop(TARGETS.deliveryRate, WARM_SECONDS, () => side.publish(body1k({ warm: true })));
  }
  for (const [key, side] of Object.entries(sides)) results[key] = await deliveryRound(side, side.received);
} finally {
  sidecarPost.close();
  relayPost.close();
  await sidecar.stop();
  await relay.stop();
  await app.close();
  await broker.cleanup(Object.values(topics), `profile-${tag}`).catch(() => undefined);
}

/** Self time per function and per place (runtimed, a library, Node) from a .cpuprofile. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const functions = new Map();
  const places = new Map();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const place = !url ? functionName || "(anonymous)" : url.includes("/node_modules/") ? url.split("/node_modules/").pop().split("/").slice(0, url.includes("/node_modules/@") ? 2 : 1).join("/") : url.startsWith("node:") ? "node internals" : url.includes("/dist/") ? "runtimed" : path.basename(url);
    const name = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*\/(dist|node_modules)\//, "$1/")}:${lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    places.set(place, (places.get(place) ?? 0) + ms);
  }
  return { functions, places };
}

/** --trace-gc lines: per kind, count, total and longest pause (ms). */
function gcSummary(output) {
  const kinds = new Map();
  for (const match of output.matchAll(/ms: (Scavenge|Mark-Compact|Minor Mark-Compact|Mark-Compact \(reduce\)|Mark-sweep)[^,]*, ([\d.]+) \/ ([\d.]+) ms/g)) {
    const kind = kinds.get(match[1]) ?? { count: 0, totalMs: 0, maxMs: 0 };
    const pause = Number(match[2]);
    kind.count++;
    kind.totalMs += pause;
    kind.maxMs = Math.max(kind.maxMs, pause);
    kinds.set(match[1], kind);
  }
  return [...kinds].map(([kind, k]) => `${kind} ${k.count}x, ${fmt(k.totalMs, 1)} ms total, longest ${fmt(k.maxMs, 1)} ms`).join("; ") || "none";
}

const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
for (const [key, proc] of [["sidecar", sidecar], ["relay", relay]]) {
  const files = (await readdir(dirs[key])).filter((f) => f.endsWith(".cpuprofile"));
  const r = results[key];
  console.log(`\n== ${key} (${broker.label}, ${TARGETS.deliveryRate} msg/s for ${SECONDS} s): p50 ${fmt(percentile(r.latencies, 50), 2)} ms, p99 ${fmt(percentile(r.latencies, 99), 2)} ms, p99.9 ${fmt(percentile(r.latencies, 99.9), 2)} ms, CPU ${fmt(r.cpuUsPerMessage, 0)} us/message`);
  console.log(`GC (whole run): ${gcSummary(proc.output())}`);
  if (files.length === 0) {
    console.log("no CPU profile written");
    continue;
  }
  const { functions, places } = selfTimes(JSON.parse(await readFile(path.join(dirs[key], files[0]), "utf8")));
  const total = [...places.values()].reduce((a, b) => a + b, 0);
  console.log(`self time by place (whole run, ${fmt(total, 0)} ms sampled): ${top(places, 10).map(([p, ms]) => `${p} ${fmt((100 * ms) / total, 1)}%`).join(", ")}`);
  for (const [name, ms] of top(functions, 15)) console.log(`  ${fmt(ms, 0).padStart(6)} ms  ${name}`);
}
console.log(`\nprofiles: ${out}`);
process.exit(0);
