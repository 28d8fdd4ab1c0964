// `make soak`: publish + deliver through one sidecar at SOAK_RATE msg/s (default 1,000, split evenly over the
// brokers) for SOAK_MINUTES (default 30) after a warm-up, over Redis and one more broker (SOAK_BROKERS, default
// redis,rabbitmq), with a hot reload of every pub/sub component every 5 minutes (scaled with the duration: every
// 30 s in a 3-minute soak; SOAK_RELOAD_SECONDS sets it). Each message carries a sequence number, so a lost one is known by number.
// Passes when, after the warm-up, RSS and heap grow by less than 5%, every minute's delivery p99 stays within 1.3x
// of the first minute's, nothing accepted is lost and no publish is refused after the retries an app would make.
// RSS: the last minute's mean against the first's. Heap: what a full collection leaves in the spaces that hold the
// program's objects (V8's compiled code and bytecode apart), forced over the inspector (bench/inspector.mjs
// liveHeap) at the end of the warm-up and of every minute; the lowest of the first three such probes against the
// lowest of the last three (what is in flight at a probe only adds to it). The heap in use
// between collections is a sawtooth: it rises with each scavenge's survivors and with the old generation filling
// until its next full collection (rare: the sidecar lets the old generation grow 3x), so two minutes' means differ
// by 10% with nothing retained; a leak is what survives a full collection. Each minute holds one probe's pause (an
// ordinary full collection, 30-130 ms round trip on this heap; not the low-memory kind, which would shrink the heap
// and the RSS). The means and lowest samples of the heap in use stay in the table. Prints a table per minute and a
// verdict line; writes the samples (JSON) and a plot (SVG) of RSS, heap, p99 and throughput into .bench/. Exit code
// 1 when it fails.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT, body1k, fmt, freePort, nowMs, percentile, poster, rssBytes, startSidecar, waitFor } from "./lib.mjs";
import { BROKERS } from "./floor/brokers.mjs";
import { constructorTotals, heapSnapshot, inspectorSession, liveHeap, totalsGrowth } from "./inspector.mjs";
import { soakSvg } from "./soak-plot.mjs";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 1000);
const BROKER_IDS = (process.env.SOAK_BROKERS ?? "redis,rabbitmq").split(",");
/**
 * SOAK_RELOADS=off leaves the components alone: the same soak without hot reloads, to tell their cost apart.
 * SOAK_RELOAD_SECONDS sets the interval between reloads (default: every 5 minutes scaled with the duration).
 */
const RELOAD_EVERY_S = process.env.SOAK_RELOADS === "off" ? Infinity : Number(process.env.SOAK_RELOAD_SECONDS ?? (5 * 60 * MINUTES) / 30);
/**
 * SOAK_HEAP_PROBE=off leaves the sidecar's collector alone (no inspector, no forced collection); the heap check then
 * falls back to the per-minute means. SOAK_HEAP_SNAPSHOTS=on also takes a heap snapshot at the end of the warm-up
 * and at the end, and prints what grew between them by constructor: to look for retention, never in a judged run
 * (each snapshot pauses the sidecar for a second or more).
 */
const HEAP_PROBE = process.env.SOAK_HEAP_PROBE !== "off";
const HEAP_SNAPSHOTS = HEAP_PROBE && process.env.SOAK_HEAP_SNAPSHOTS === "on";
/** The heap check compares the lowest of the first this many probes (the warm-up's end first) with the lowest of the last as many. */
const PROBE_WINDOW = Math.max(1, Math.min(3, Math.floor((MINUTES + 1) / 2)));
/**
 * The heap spaces that hold the program's objects, which a leak grows. The check leaves out V8's compiled code
 * and bytecode (code and trusted space): they grow while V8 optimises more functions and compiles a reload's paths
 * again after flushing their bytecode, bounded by the program's size (+0.4 MB of a 22 MB heap over a 10-minute soak),
 * and they are in the total, shown beside it, and in the RSS.
 */
const OBJECT_SPACES = ["new_space", "old_space", "new_large_object_space", "large_object_space"];
/** What a probe found the program's objects to hold (its whole heap when the probe could not say per space). */
const objectBytes = (p) => (p?.spaces ? OBJECT_SPACES.reduce((sum, space) => sum + (p.spaces[space] ?? 0), 0) : (p?.usedBytes ?? NaN));
const codeBytes = (p) => (p?.spaces ? Object.entries(p.spaces).filter(([space]) => space.startsWith("code") || space.startsWith("trusted")).reduce((sum, [, bytes]) => sum + bytes, 0) : NaN);
/** Warm-up (JIT, pools, the first growth of the heap) before anything is compared: a tenth of the soak, 20-60 s. */
const WARM_S = Math.min(60, Math.max(20, MINUTES * 6));
const SAMPLE_MS = 5000;
const MINUTE_MS = 60_000;
const LIMITS = { growth: 0.05, p99VsFirstMinute: 1.3 };
/** A refused publish is retried as an app would: this many times, this far apart. */
const RETRIES = 20;
const RETRY_MS = 100;
/** How long the end waits for publishes still in flight, then for deliveries still due. */
const DRAIN_MS = 120_000;

const brokers = BROKER_IDS.map((id) => {
  const broker = BROKERS.find((b) => b.id === id);
  if (!broker?.reloadToggle) throw new Error(`SOAK_BROKERS: ${id} is not a broker the soak can reload (${BROKERS.filter((b) => b.reloadToggle).map((b) => b.id).join(", ")})`);
  return broker;
});
for (const broker of brokers) if (!(await broker.available())) throw new Error(`${broker.label} does not answer: the soak needs it`);

const tag = Date.now().toString(36);
const appId = `soak-${tag}`;
const topicOf = (broker) => `soak-${broker.id}-${tag}`;
const pubsubOf = (broker) => `soak-${broker.id}`;
const resources = await mkdtemp(path.join(os.tmpdir(), "runtimed-soak-"));
const writeComponent = (broker, variant) => {
  const [name, ...values] = broker.reloadToggle;
  return writeFile(path.join(resources, `${broker.id}.yaml`), broker.component(pubsubOf(broker), { [name]: values[variant % 2] }));
};

/**
 * Which sequence numbers (0, 1, 2, …) were seen, one byte each. A Set of 1.8 million numbers would make the
 * harness's own heap grow all soak long, with rehashes and longer collections that stall its event loop: those
 * stalls land on the latencies it measures, later minutes more than the first.
 */
class SeqFlags {
  #flags = new Uint8Array(1 << 16);
  size = 0;
  add(seq) {
    if (seq >= this.#flags.length) {
      const grown = new Uint8Array(Math.max(this.#flags.length * 2, seq + 1));
      grown.set(this.#flags);
      this.#flags = grown;
    }
    if (this.#flags[seq] === 0) this.size++;
    this.#flags[seq] = 1;
  }
  has(seq) {
    return this.#flags[seq] === 1;
  }
  /** How many of this set's numbers the other does not have. */
  missingFrom(other) {
    let missing = 0;
    for (let seq = 0; seq < this.#flags.length; seq++) if (this.#flags[seq] === 1 && !other.has(seq)) missing++;
    return missing;
  }
}

// Per broker: which sequence numbers were accepted and delivered; per minute: what was delivered, how fast.
const state = new Map(brokers.map((b) => [b.id, { accepted: new SeqFlags(), delivered: new SeqFlags(), duplicates: 0, refused: 0, retried: 0 }]));
/** Whether the warm-up's marker message (sequence -1) reached the app through each broker. */
const warmUpDelivered = new Set();
/**
 * The harness's own event loop: a stall here delays every delivery's timestamp. Each minute reports its worst
 * stall, so a minute's tail can be told apart from the harness's.
 */
const harnessDelay = monitorEventLoopDelay({ resolution: 5 });
harnessDelay.enable();
let measureStart = Infinity;
const minutes = [];
const minute = (at) => {
  const index = Math.floor((at - measureStart) / MINUTE_MS);
  if (index < 0 || index >= MINUTES) return undefined;
  minutes[index] ??= { latencies: [], delivered: 0, published: 0, rss: [], heap: [], heapTotal: [], external: [], reloads: 0, byBroker: {} };
  return minutes[index];
};
let windowLatencies = [];
/** The same per broker, so a spike of one broker's tail is placed to its 5 seconds in the JSON. */
let windowByBroker = {};

const appPort = await freePort();
const app = http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/runtime/subscribe") {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(brokers.map((b) => ({ pubsubname: pubsubOf(b), topic: topicOf(b), route: `/deliver/${b.id}` }))));
    return;
  }
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const now = nowMs();
    const { seq, t } = JSON.parse(Buffer.concat(chunks).toString()).data;
    const brokerId = req.url.slice("/deliver/".length);
    const s = state.get(brokerId);
    if (seq < 0) warmUpDelivered.add(brokerId);
    else if (s.delivered.has(seq)) s.duplicates++;
    else {
      s.delivered.add(seq);
      const latency = now - t;
      windowLatencies.push(latency);
      (windowByBroker[brokerId] ??= []).push(latency);
      const m = minute(now);
      if (m) {
        m.latencies.push(latency);
        (m.byBroker[brokerId] ??= []).push(latency);
        m.delivered++;
      }
    }
    res.statusCode = 200;
    res.end();
  });
});
app.keepAliveTimeout = 60_000;
await new Promise((r) => app.listen(appPort, "127.0.0.1", r));

for (const broker of brokers) await broker.prepare([topicOf(broker)]);
for (const broker of brokers) await writeComponent(broker, 0);
const inspectPort = HEAP_PROBE ? await freePort() : undefined;
const sidecar = await startSidecar({ appId, appPort, args: ["--resources-path", resources], nodeArgs: HEAP_PROBE ? [`--inspect=127.0.0.1:${inspectPort}`] : [] });
const inspector = HEAP_PROBE ? await inspectorSession(inspectPort) : undefined;
const client = poster(sidecar.url, 256);

/** The sidecar's heap in use and reserved, and its memory outside the heap (Buffers, ArrayBuffers), from its own metrics. */
async function memoryOf() {
  const text = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
  // Every series carries the app_id label (pkg/diagnostics/metrics.ts), so the name is followed by labels.
  const gauge = (name) => Number(new RegExp(`^runtime_nodejs_${name}(?:\\{[^}]*\\})?\\s+(\\S+)`, "m").exec(text)?.[1]);
  return { heap: gauge("heap_size_used_bytes"), heapTotal: gauge("heap_size_total_bytes"), external: gauge("external_memory_bytes") };
}

/** Refused publish attempts by HTTP status and errorCode. */
const refusals = new Map();

async function publish(broker, seq) {
  const s = state.get(broker.id);
  for (let attempt = 0; attempt <= RETRIES; attempt++) {
    const answer = await client.postForAnswer(`/v1.0/publish/${pubsubOf(broker)}/${topicOf(broker)}`, body1k({ seq, t: nowMs() })).catch((error) => ({ status: 0, errorCode: error.code }));
    if (answer.status === 204) {
      if (seq >= 0) s.accepted.add(seq);
      return;
    }
    s.retried++;
    const refusal = `${answer.status || "no answer"}${answer.errorCode ? ` ${answer.errorCode}` : ""}`;
    if (!refusals.has(refusal)) console.log(`${broker.id} publish refused at ${fmt((nowMs() - started) / 1000, 1)} s: ${refusal}${answer.message ? `: ${answer.message.slice(0, 300)}` : ""}`);
    refusals.set(refusal, (refusals.get(refusal) ?? 0) + 1);
    await sleep(RETRY_MS);
  }
  s.refused++;
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
/**
 * An ended minute's percentiles, computed once; its latencies are then dropped, so the harness does not keep 60,000
 * numbers per minute for the whole soak.
 */
const summarise = (m) => {
  if (!m.summary) {
    m.summary = { p50: percentile(m.latencies, 50), p99: percentile(m.latencies, 99), p999: percentile(m.latencies, 99.9), byBroker: Object.fromEntries(brokers.map((b) => [b.id, percentile(m.byBroker[b.id] ?? [], 99)])) };
    m.latencies = [];
    m.byBroker = {};
  }
  return m.summary;
};
const minuteRow = (m, i) => ({
  minute: i + 1,
  published: m.published,
  delivered: m.delivered,
  "p50 ms": fmt(summarise(m).p50, 1),
  "p99 ms": fmt(summarise(m).p99, 1),
  "p99.9 ms": fmt(summarise(m).p999, 1),
  ...Object.fromEntries(brokers.map((b) => [`p99 ${b.id} ms`, fmt(summarise(m).byBroker[b.id], 1)])),
  "RSS MB": fmt(mean(m.rss) / 2 ** 20, 1),
  "heap MB": fmt(mean(m.heap) / 2 ** 20, 1),
  // The heap in use swings with the collector's cycle; its lowest sample is near what a collection leaves live.
  "heap low MB": fmt(Math.min(...m.heap) / 2 ** 20, 1),
  ...(HEAP_PROBE ? { "heap after full GC MB": fmt(probes[i + 1]?.usedBytes / 2 ** 20, 1), "objects after full GC MB": fmt(objectBytes(probes[i + 1]) / 2 ** 20, 2), "code MB": fmt(codeBytes(probes[i + 1]) / 2 ** 20, 2), "full GC ms": fmt(probes[i + 1]?.ms, 0) } : {}),
  "heap reserved MB": fmt(mean(m.heapTotal) / 2 ** 20, 1),
  "external MB": fmt(mean(m.external) / 2 ** 20, 1),
  "harness stall ms": fmt(m.harnessStallMs, 0),
  reloads: m.reloads,
});
/** Each minute's row as it ends, so a long soak shows its course while it runs. */
let printed = 0;
const printEndedMinutes = (now) => {
  for (; printed < Math.min(MINUTES, Math.floor((now - measureStart) / MINUTE_MS)); printed++) {
    if (minutes[printed]) console.log(`minute ${printed + 1}: ${Object.entries(minuteRow(minutes[printed], printed)).slice(1).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  }
};

const samples = [];
const reloads = [];
/**
 * The heap a forced full collection leaves (liveHeap): probes[0] at the end of the warm-up, probes[k] at the end of
 * minute k. With RSS before and after, to show what the collection itself gives back.
 */
const probes = [];
let nextProbe = Infinity;
let probing = Promise.resolve();
const probe = (index) =>
  (probing = (async () => {
    const rssBefore = await rssBytes(sidecar.child.pid);
    const live = await liveHeap(inspector);
    probes[index] = { ...live, s: (nowMs() - started) / 1000, rssBeforeMB: rssBefore / 2 ** 20, rssAfterMB: (await rssBytes(sidecar.child.pid)) / 2 ** 20 };
    const p = probes[index];
    samples.push({ s: p.s, liveMB: p.usedBytes / 2 ** 20, objectsMB: objectBytes(p) / 2 ** 20 });
    console.log(`heap after a full collection at the end of ${index === 0 ? "the warm-up" : `minute ${index}`}: ${fmt(p.usedBytes / 2 ** 20, 2)} MB (${Object.entries(p.spaces ?? {}).filter(([, bytes]) => bytes >= 2 ** 19).map(([space, bytes]) => `${space} ${fmt(bytes / 2 ** 20, 2)}`).join(", ")}; reserved ${fmt(p.totalBytes / 2 ** 20, 1)} MB; ${fmt(p.ms, 0)} ms; RSS ${fmt(p.rssBeforeMB, 1)} -> ${fmt(p.rssAfterMB, 1)} MB)`);
  })().catch((error) => console.error(`heap probe ${index}: ${error.message}`)));
const snapshots = [];
const started = nowMs();
const totalMs = (WARM_S + MINUTES * 60) * 1000;
let sent = 0;
let lastSample = started;
let lastDelivered = 0;
let nextReload = started + WARM_S * 1000 + RELOAD_EVERY_S * 1000;
let variant = 0;
const pending = new Set();
const deliveredTotal = () => [...state.values()].reduce((n, s) => n + s.delivered.size, 0);

console.log(`soak: ${MINUTES} min after a ${WARM_S} s warm-up, ${RATE} msg/s over ${brokers.map((b) => b.label).join(" + ")}, a hot reload every ${RELOAD_EVERY_S} s; load average ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`);
try {
  await waitFor(async () => {
    await Promise.all(brokers.map((b) => publish(b, -1)));
    return brokers.every((b) => warmUpDelivered.has(b.id));
  }, { timeoutMs: 30_000, what: "every subscription delivering" });
  measureStart = started + WARM_S * 1000;
  if (HEAP_PROBE) nextProbe = measureStart;
  // Open loop on 5 ms ticks: every due message is sent on schedule, whether or not earlier ones were answered.
  for (let now = nowMs(); now - started < totalMs; now = nowMs()) {
    const due = Math.floor(((now - started) / 1000) * RATE);
    for (; sent < due; sent++) {
      const broker = brokers[sent % brokers.length];
      const m = minute(now);
      if (m) m.published++;
      const p = publish(broker, sent).finally(() => pending.delete(p));
      pending.add(p);
    }
    if (now >= nextReload) {
      variant++;
      await Promise.all(brokers.map((b) => writeComponent(b, variant)));
      reloads.push((now - started) / 1000);
      const m = minute(now);
      if (m) m.reloads++;
      nextReload += RELOAD_EVERY_S * 1000;
    }
    // Off the loop's path: publishing stays on schedule while the sidecar collects.
    if (now >= nextProbe) {
      const index = Math.round((nextProbe - measureStart) / MINUTE_MS);
      nextProbe += MINUTE_MS;
      probe(index);
      if (HEAP_SNAPSHOTS && index === 0) await probing.then(async () => snapshots.push(constructorTotals(await heapSnapshot(inspector))));
    }
    if (now - lastSample >= SAMPLE_MS) {
      const rss = await rssBytes(sidecar.child.pid);
      const { heap, heapTotal, external } = await memoryOf().catch(() => ({ heap: NaN, heapTotal: NaN, external: NaN }));
      const delivered = deliveredTotal();
      const latencies = windowLatencies;
      const byBroker = windowByBroker;
      windowLatencies = [];
      windowByBroker = {};
      const harnessStallMs = harnessDelay.max / 1e6;
      harnessDelay.reset();
      samples.push({ s: (now - started) / 1000, rssMB: rss / 2 ** 20, heapMB: heap / 2 ** 20, heapTotalMB: heapTotal / 2 ** 20, externalMB: external / 2 ** 20, p99: percentile(latencies, 99), ...Object.fromEntries(brokers.map((b) => [`p99 ${b.id}`, percentile(byBroker[b.id] ?? [], 99)])), throughput: (delivered - lastDelivered) / ((now - lastSample) / 1000), harnessStallMs, harnessHeapMB: process.memoryUsage().heapUsed / 2 ** 20 });
      const m = minute(now);
      if (m) {
        m.harnessStallMs = Math.max(m.harnessStallMs ?? 0, harnessStallMs);
        m.rss.push(rss);
        m.heap.push(heap);
        m.heapTotal.push(heapTotal);
        m.external.push(external);
      }
      lastDelivered = delivered;
      lastSample = now;
      printEndedMinutes(now);
    }
    await sleep(5);
  }
  // The last minute's probe falls on the loop's end.
  await probing;
  if (HEAP_PROBE && !probes[MINUTES]) await probe(MINUTES);
  if (HEAP_SNAPSHOTS) {
    snapshots.push(constructorTotals(await heapSnapshot(inspector)));
    console.log(`what grew between the heap snapshots at the end of the warm-up and at the end (${reloads.length} hot reloads, ${sent} messages between):`);
    console.table(totalsGrowth(...snapshots));
  }
  // Bounded: on a machine that cannot keep up, publishes still queued after DRAIN_MS are counted, not awaited.
  await Promise.race([Promise.all(pending), sleep(DRAIN_MS)]);
  const unanswered = pending.size;
  const acceptedTotal = () => [...state.values()].reduce((n, s) => n + s.accepted.size, 0);
  const lostNow = () => [...state.values()].reduce((n, s) => n + s.accepted.missingFrom(s.delivered), 0);
  await waitFor(() => lostNow() === 0, { timeoutMs: DRAIN_MS, what: "every accepted message delivered" }).catch(() => undefined);

  // The table per minute and the verdict.
  const rows = minutes.map(minuteRow);
  console.table(rows);
  const first = minutes[0];
  const last = minutes[minutes.length - 1];
  const rssGrowth = mean(last.rss) / mean(first.rss) - 1;
  const heapMeanGrowth = mean(last.heap) / mean(first.heap) - 1;
  // A leak is what survives a full collection: the probe's heap at the end of the last minute against the end of
  // the warm-up. The means of the 5-second samples swing with each scavenge and with the old generation filling
  // between full collections (rare: the sidecar grows its old generation by 3x), so they are shown, not judged.
  // Each side takes the lowest of a few probes: what is in flight at the probe's moment (a backlog on a loaded
  // machine) only adds to what stays, and a leak raises the lowest too.
  const lowestProbe = (from, to) => Math.min(...probes.slice(from, to + 1).map(objectBytes));
  const liveFirst = HEAP_PROBE ? lowestProbe(0, PROBE_WINDOW - 1) : NaN;
  const liveLast = HEAP_PROBE ? lowestProbe(MINUTES - PROBE_WINDOW + 1, MINUTES) : NaN;
  const liveGrowth = liveLast / liveFirst - 1;
  const heapGrowth = HEAP_PROBE ? liveGrowth : heapMeanGrowth;
  const firstP99 = summarise(first).p99;
  const worstP99 = Math.max(...minutes.map((m) => summarise(m).p99));
  const lost = lostNow();
  const refused = [...state.values()].reduce((n, s) => n + s.refused, 0);
  const retried = [...state.values()].reduce((n, s) => n + s.retried, 0);
  const duplicates = [...state.values()].reduce((n, s) => n + s.duplicates, 0);
  const checks = {
    rss: rssGrowth < LIMITS.growth,
    heap: heapGrowth < LIMITS.growth,
    p99: worstP99 <= LIMITS.p99VsFirstMinute * firstP99,
    lost: lost === 0,
    refused: refused === 0,
  };
  const pass = Object.values(checks).every(Boolean);
  // A machine that delivers less than it is offered measures its own backlog, not the sidecar's tail.
  const deliveredRate = mean(minutes.map((m) => m.delivered)) / 60;
  const saturated = deliveredRate < 0.95 * RATE ? `; SATURATED: ${fmt(deliveredRate, 0)} msg/s delivered of the ${RATE} offered, so the latencies are the backlog's` : "";
  const verdict = `soak ${pass ? "PASSED" : "FAILED"}: RSS ${fmt(rssGrowth * 100, 1)}% (< 5%${checks.rss ? "" : " MISSED"}), heap ${HEAP_PROBE ? `objects after a full collection ${fmt(liveFirst / 2 ** 20, 2)} to ${fmt(liveLast / 2 ** 20, 2)} MB (lowest of the first and of the last ${PROBE_WINDOW} probes; the whole heap, code included, ${fmt(probes[0]?.usedBytes / 2 ** 20, 1)} to ${fmt(probes[MINUTES]?.usedBytes / 2 ** 20, 1)} MB) ` : ""}${fmt(heapGrowth * 100, 1)}% (< 5%${checks.heap ? "" : " MISSED"}${HEAP_PROBE ? `; mean in use ${fmt(heapMeanGrowth * 100, 1)}%, not judged` : ""}), worst minute p99 ${fmt(worstP99, 1)} ms = ${fmt(worstP99 / firstP99)}x the first minute's ${fmt(firstP99, 1)} ms (<= 1.3x${checks.p99 ? "" : " MISSED"}), lost ${lost} of ${acceptedTotal()} accepted${checks.lost ? "" : " MISSED"}, refused after ${RETRIES} retries ${refused}${checks.refused ? "" : " MISSED"} (${retried} retries${retried > 0 ? `: ${[...refusals].map(([refusal, n]) => `${n}x ${refusal}`).join(", ")}` : ""}), duplicates ${duplicates}, ${unanswered} publishes unanswered at the end, ${reloads.length} hot reloads${saturated}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`;
  const out = path.join(ROOT, ".bench");
  await mkdir(out, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const svg = path.join(out, `soak-${stamp}.svg`);
  const title = `runtimed soak: ${MINUTES} min, ${RATE} msg/s over ${brokers.map((b) => b.label).join(" + ")}, Node ${process.version}; ${pass ? "passed" : "failed"}`;
  const panels = [
    { key: "rssMB", label: "sidecar RSS", unit: "MB" },
    { key: "heapMB", label: "sidecar heap used", unit: "MB" },
    ...(HEAP_PROBE ? [{ key: "objectsMB", label: "sidecar objects after a full collection (judged)", unit: "MB" }, { key: "liveMB", label: "sidecar heap after a full collection, code included", unit: "MB" }] : []),
    { key: "heapTotalMB", label: "sidecar heap reserved", unit: "MB" },
    { key: "externalMB", label: "sidecar memory outside the heap (Buffers)", unit: "MB" },
    { key: "p99", label: `delivery p99 per ${SAMPLE_MS / 1000} s`, unit: "ms" },
    { key: "throughput", label: "delivered", unit: "msg/s" },
    { key: "harnessStallMs", label: "worst event-loop stall of the harness per 5 s (lands on its latencies)", unit: "ms" },
  ];
  await writeFile(svg, soakSvg({ samples, panels, reloads, warmS: WARM_S, title }));
  await writeFile(path.join(out, `soak-${stamp}.json`), JSON.stringify({ minutes: rows, samples, reloads, probes, verdict }, null, 2));
  console.log(verdict);
  console.log(`plot: ${svg}`);
  process.exitCode = pass ? 0 : 1;
} finally {
  inspector?.close();
  client.close();
  await sidecar.stop();
  await new Promise((r) => app.close(r));
  app.closeAllConnections();
  for (const broker of brokers) await broker.cleanup([topicOf(broker)], appId).catch((error) => console.error(`${broker.label} cleanup: ${error.message}`));
  await rm(resources, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
