// Where the sidecar's delivery time goes, against the minimal relay's: both run with --cpu-prof and --trace-gc
// while each takes TARGETS.deliveryRate msg/s for BENCH_SECONDS (publish over HTTP, delivery to the app), one
// after the other, as in benchmark 30. Prints, per process, CPU per message, the GC summary (count, total and
// longest pause per kind) and the heaviest functions by self time, grouped by where they live (runtimed's own
// code, a library, Node's internals); keeps the profiles in .bench/profile-<broker>-<time>/ for a closer look
// (Chrome DevTools or speedscope open them), the allocation samples (garbage included) beside them.
// `node bench/profile-delivery.mjs [broker]` (default redis; a bench/floor/brokers.mjs id). Needs `make build`.
//
// PERF=1 samples on-CPU time instead, kernel included, with `perf record -e cpu-clock` on each process during its
// measured window (node runs with --perf-basic-prof so JavaScript frames have names). V8's profiler samples wall
// time: a write to a loopback socket that wakes its reader and is preempted by it counts there as the writer's,
// which on a busy 2-core machine made writev and writeLatin1String look twice the relay's. perf counts only the
// time the process ran. Prints each side's user/kernel split and its heaviest symbols, and the symbols whose
// samples per message differ most between the two.
import { spawn, execFileSync } from "node:child_process";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { ROOT, SECONDS, WARM_SECONDS, body1k, fmt, freePort, openLoop, percentile, poster, spawnTracked, startSidecar, waitFor } from "./lib.mjs";
import { BROKERS } from "./floor/brokers.mjs";
import { PUBSUB, deliveryRound, startApp } from "./30-floor.mjs";
import { TARGETS } from "./targets.mjs";
import { allocationsOf, inspectorSession } from "./inspector.mjs";

const broker = BROKERS.find((b) => b.id === (process.argv[2] ?? "redis"));
if (!broker) throw new Error(`unknown broker ${process.argv[2]}; known: ${BROKERS.map((b) => b.id).join(", ")}`);
const out = path.join(ROOT, ".bench", `profile-${broker.id}-${new Date().toISOString().replace(/[:.]/g, "-")}`);
const dirs = { sidecar: path.join(out, "sidecar"), relay: path.join(out, "relay") };
for (const dir of Object.values(dirs)) await mkdir(dir, { recursive: true });
const inspectPorts = { sidecar: await freePort(), relay: await freePort() };
const PERF = Boolean(process.env.PERF);
// PERF=jit names JavaScript through jitdump files (written to the current directory, merged by `perf inject --jit`),
// which keep each code object's lifetime: the plain map file names an address by whichever function last had it,
// and code moved or collected during the window then names callers wrongly.
const perfArgs = process.env.PERF === "jit" ? ["--perf-prof", "--interpreted-frames-native-stack"] : ["--perf-basic-prof"];
const profiling = (key) => [...(PERF ? perfArgs : ["--cpu-prof", `--cpu-prof-dir=${dirs[key]}`]), "--trace-gc", `--inspect=127.0.0.1:${inspectPorts[key]}`];

const tag = Date.now().toString(36);
const topics = { sidecar: `profile-s-${tag}`, relay: `profile-r-${tag}` };
// A broker private to the run (Kafka) starts here and stops at the end.
await broker.start?.();
await broker.prepare(Object.values(topics));
const app = await startApp(topics.sidecar);
const sidecar = await startSidecar({ appId: `profile-${tag}`, appPort: app.port, components: broker.component(PUBSUB), nodeArgs: profiling("sidecar") });
const relayHttp = await freePort();
const relay = spawnTracked(process.execPath, [...profiling("relay"), path.join(ROOT, "bench/floor/relay.mjs"), broker.id, JSON.stringify(broker.settings), String(relayHttp), String(await freePort()), topics.relay, String(app.port)], { graceful: true });
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
  // The measured window of each side: its monotonic clock bounds (the profiles' clock, CLOCK_MONOTONIC on Linux)
  // and its stretch of --trace-gc output.
  for (const [key, side] of Object.entries(sides)) {
    const proc = key === "sidecar" ? sidecar : relay;
    const inspector = await inspectorSession(inspectPorts[key]);
    // Every sampled allocation, the garbage too: what a message costs the young generation.
    if (!PERF) await inspector.send("HeapProfiler.startSampling", { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    const from = { us: Number(process.hrtime.bigint() / 1000n), output: proc.output().length };
    const perf = PERF ? await perfRecord(side.pid, path.join(dirs[key], "perf.data")) : undefined;
    results[key] = await deliveryRound(side, side.received);
    await perf?.stop();
    if (!PERF) {
      results[key].allocations = (await inspector.send("HeapProfiler.stopSampling")).profile;
      await writeFile(path.join(dirs[key], "allocations.heapprofile"), JSON.stringify(results[key].allocations));
    }
    inspector.close();
    results[key].window = { fromUs: from.us, toUs: Number(process.hrtime.bigint() / 1000n), gc: proc.output().slice(from.output) };
  }
} finally {
  sidecarPost.close();
  relayPost.close();
  await sidecar.stop();
  await relay.stop();
  await app.close();
  await broker.cleanup(Object.values(topics), `profile-${tag}`).catch(() => undefined);
  await broker.stop?.();
}

/** Where a function lives: runtimed's own code, a library (by package), Node's internals, or a V8 pseudo-frame. */
function placeOf(url, functionName) {
  if (!url) return functionName || "(anonymous)";
  if (url.includes("/node_modules/")) return url.split("/node_modules/").pop().split("/").slice(0, url.includes("/node_modules/@") ? 2 : 1).join("/");
  if (url.startsWith("node:")) return "node internals";
  return url.includes("/dist/") ? "runtimed" : path.basename(url);
}

/**
 * Self time per function and per place (runtimed, a library, Node) from a .cpuprofile, over the samples taken
 * in `window` (all of them when none falls in it). Counted in samples times the sampling interval: a sample's
 * own time delta also holds the time the process was not running, which on a loaded machine puts 100 ms on
 * whichever function happened to be on the stack.
 */
function selfTimes(profile, window) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const at = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) at.push((t += delta));
  const inWindow = profile.samples.map((_, i) => at[i] >= window.fromUs && at[i] <= window.toUs);
  const whole = !inWindow.some(Boolean);
  const intervalMs = percentile(profile.timeDeltas, 50) / 1000;
  const self = new Map();
  profile.samples.forEach((id, i) => {
    if (whole || inWindow[i]) self.set(id, (self.get(id) ?? 0) + intervalMs);
  });
  const functions = new Map();
  const places = new Map();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const place = placeOf(url, functionName);
    const name = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*\/(dist|node_modules)\//, "$1/")}:${lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    places.set(place, (places.get(place) ?? 0) + ms);
  }
  return { functions, places, whole };
}

/** --trace-gc lines: per kind, count, total and longest pause (ms). */
function gcSummary(output) {
  const kinds = new Map();
  for (const match of output.matchAll(/ms: (Scavenge|Minor Mark-Compact|Mark-Compact \(reduce\)|Mark-Compact|Mark-sweep) .*?, ([\d.]+) \/ ([\d.]+) ms/g)) {
    const kind = kinds.get(match[1]) ?? { count: 0, totalMs: 0, maxMs: 0 };
    const pause = Number(match[2]);
    kind.count++;
    kind.totalMs += pause;
    kind.maxMs = Math.max(kind.maxMs, pause);
    kinds.set(match[1], kind);
  }
  return [...kinds].map(([kind, k]) => `${kind} ${k.count}x, ${fmt(k.totalMs, 1)} ms total, longest ${fmt(k.maxMs, 1)} ms`).join("; ") || "none";
}

/**
 * What the heap grew by between collections (each one's size before it, less the previous one's after), in KB
 * per message; and the heap after the last collection: allocation and retention seen through --trace-gc alone.
 */
function allocation(output, messages) {
  let allocatedMB = 0;
  let previousAfter;
  let lastAfter;
  for (const match of output.matchAll(/ms: [A-Za-z -]+?(?: \(reduce\))? ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/g)) {
    const before = Number(match[1]);
    if (previousAfter !== undefined) allocatedMB += Math.max(0, before - previousAfter);
    previousAfter = lastAfter = Number(match[2]);
  }
  return lastAfter === undefined ? "no collection" : `about ${fmt((allocatedMB * 1024) / messages, 1)} KB allocated per message, ${fmt(lastAfter, 1)} MB live after the last collection`;
}

const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
if (PERF) {
  const messages = TARGETS.deliveryRate * SECONDS;
  const bySide = {};
  for (const key of ["sidecar", "relay"]) {
    const r = results[key];
    const { symbols, kernel, total, hz } = perfSymbols(path.join(dirs[key], "perf.data"));
    bySide[key] = { symbols, perMessage: (n) => (n * 1e6) / hz / messages };
    const us = bySide[key].perMessage;
    console.log(`\n== ${key} (${broker.label}, ${TARGETS.deliveryRate} msg/s for ${SECONDS} s): p50 ${fmt(percentile(r.latencies, 50), 2)} ms, p99 ${fmt(percentile(r.latencies, 99), 2)} ms, CPU ${fmt(r.cpuUsPerMessage, 0)} us/message (/proc)`);
    console.log(`on-CPU samples: ${total} (${fmt(us(total), 0)} us/message), kernel ${fmt(us(kernel), 0)} us, user ${fmt(us(total - kernel), 0)} us`);
    const places = new Map();
    for (const [name, n] of symbols) {
      const place = perfPlaceOf(name);
      places.set(place, (places.get(place) ?? 0) + n);
    }
    bySide[key].places = places;
    console.log(`by place: ${top(places, 12).map(([p, n]) => `${p} ${fmt(us(n), 1)}`).join(", ")} (us/message)`);
    for (const [name, n] of top(symbols, 25)) console.log(`  ${fmt(us(n), 1).padStart(6)} us  ${name}`);
  }
  const names = new Set([...bySide.sidecar.symbols.keys(), ...bySide.relay.symbols.keys()]);
  const diff = new Map([...names].map((n) => [n, bySide.sidecar.perMessage(bySide.sidecar.symbols.get(n) ?? 0) - bySide.relay.perMessage(bySide.relay.symbols.get(n) ?? 0)]));
  console.log("\n== sidecar less relay, us per message (largest first)");
  for (const [name, d] of top(diff, 40)) console.log(`  ${fmt(d, 1).padStart(6)} us  ${name}`);
  console.log(`\nperf data: ${out}`);
  process.exit(0);
}
for (const [key, proc] of [["sidecar", sidecar], ["relay", relay]]) {
  const files = (await readdir(dirs[key])).filter((f) => f.endsWith(".cpuprofile"));
  const r = results[key];
  console.log(`\n== ${key} (${broker.label}, ${TARGETS.deliveryRate} msg/s for ${SECONDS} s): p50 ${fmt(percentile(r.latencies, 50), 2)} ms, p99 ${fmt(percentile(r.latencies, 99), 2)} ms, p99.9 ${fmt(percentile(r.latencies, 99.9), 2)} ms, CPU ${fmt(r.cpuUsPerMessage, 0)} us/message`);
  console.log(`GC while measured: ${gcSummary(r.window.gc)}; ${allocation(r.window.gc, TARGETS.deliveryRate * SECONDS)}; whole run: ${gcSummary(proc.output())}`);
  if (files.length === 0) {
    console.log("no CPU profile written");
    continue;
  }
  const { functions, places, whole } = selfTimes(JSON.parse(await readFile(path.join(dirs[key], files[0]), "utf8")), r.window);
  const total = [...places.values()].reduce((a, b) => a + b, 0);
  console.log(`self time by place (${whole ? "whole run: no sample fell in the measured window" : "measured window"}, ${fmt(total, 0)} ms sampled): ${top(places, 10).map(([p, ms]) => `${p} ${fmt((100 * ms) / total, 1)}%`).join(", ")}`);
  for (const [name, ms] of top(functions, 15)) console.log(`  ${fmt(ms, 0).padStart(6)} ms  ${name}`);
  const allocated = allocationsOf(r.allocations, placeOf);
  const messages = TARGETS.deliveryRate * SECONDS;
  const bytes = [...allocated.places.values()].reduce((a, b) => a + b, 0);
  console.log(`allocated (sampled, measured window): ${fmt(bytes / messages / 1024, 1)} KB per message; by place: ${top(allocated.places, 8).map(([p, b]) => `${p} ${fmt(b / messages / 1024, 1)} KB`).join(", ")}`);
  for (const [name, b] of top(allocated.functions, 15)) console.log(`  ${fmt(b / messages, 0).padStart(6)} B/msg  ${name}`);
}
console.log(`\nprofiles: ${out}`);
process.exit(0);

/** `perf record` of one process's on-CPU time (cpu-clock: the VM has no hardware counters) until `stop()`. */
async function perfRecord(pid, file) {
  const jit = process.env.PERF === "jit";
  const child = spawn("perf", ["record", ...(process.env.PERF === "g" || jit ? ["-g"] : []), ...(jit ? ["-k", "mono"] : []), "-e", "cpu-clock", "-F", "2000", "-p", String(pid), "-o", jit ? `${file}.raw` : file], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr.on("data", (d) => (errors += d));
  // perf prints nothing when it starts; a short wait lets it attach before the window opens.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        child.once("exit", (code) => {
          if (code !== 0 && code !== null) return reject(new Error(`perf record: ${errors}`));
          if (jit) execFileSync("perf", ["inject", "--jit", "-i", `${file}.raw`, "-o", file], { stdio: "ignore" });
          resolve();
        });
        child.kill("SIGINT");
      }),
  };
}

/**
 * Samples per symbol of one perf.data (its own samples, not its callees'), JavaScript frames named from
 * /tmp/perf-<pid>.map with the optimisation tier's prefix dropped so a function counts once; and how many of the
 * samples were in the kernel.
 */
function perfSymbols(file) {
  const text = execFileSync("perf", ["report", "-i", file, "--stdio", "--no-children", "--sort", "dso,sym", "-F", "sample,dso,sym", "--percent-limit", "0"], { encoding: "utf8", maxBuffer: 64 << 20 });
  const header = /# Samples: (\d+)/.exec(text);
  const freq = /(\d+) Hz|cpu-clock:(\d+)/.exec(execFileSync("perf", ["evlist", "-i", file, "-F"], { encoding: "utf8" }));
  const symbols = new Map();
  let kernel = 0;
  let total = 0;
  for (const line of text.split("\n")) {
    const m = /^\s+(\d+)\s+(.+?)\s+\[(.)\]\s+(.*)$/.exec(line);
    if (!m) continue;
    const [, count, dso, where, rawSym] = m;
    const n = Number(count);
    total += n;
    if (where === "k") kernel += n;
    const sym = rawSym.trim().replace(/^(JS:|LazyCompile:|Function:|Builtin:|Script:)?\s*[*~^+-]?'?/, "").replace(/\s+/g, " ").replace(/^(\S*) ?(file:\/\/\/|\/)\S*\/(dist|node_modules)\//, "$1 $3/").replace(/:\d+$/, "");
    // JIT code (the map file's "[JIT] tid n", or jitdump's jitted-<pid>-<n>.so) is named by its function alone, so
    // that the two processes' symbols meet; jitdump names V8's builtins without their Builtins_ prefix.
    const jitted = dso.startsWith("[JIT]") || /^jitted-\d+-\d+\.so$/.test(path.basename(dso));
    const builtin = jitted && !sym.includes(" ") && !sym.startsWith("Builtins_") ? `Builtins_${sym}` : sym;
    const name = `${where === "k" ? "[k] " : ""}${builtin}${jitted ? "" : ` (${path.basename(dso)})`}`;
    symbols.set(name, (symbols.get(name) ?? 0) + n);
  }
  return { symbols, kernel, total: total || Number(header?.[1] ?? 0), hz: Number(freq?.[1] ?? freq?.[2] ?? 2000) };
}

/** Where a perf symbol runs: the kernel, runtimed's JavaScript, a library's, Node's, V8's builtins, V8/Node's C++, libc. */
function perfPlaceOf(name) {
  if (name.startsWith("[k] ")) return "kernel";
  if (/ dist\//.test(name)) return "runtimed JS";
  if (/ node_modules\//.test(name)) return "library JS";
  if (/ node:/.test(name)) return "node JS";
  if (/ bench\/|\.mjs/.test(name)) return "bench JS";
  if (name.startsWith("Builtins_")) return "V8 builtins";
  if (name.includes("(node)")) return "node/V8 C++";
  if (name.includes("(libc")) return "libc";
  return "other";
}
