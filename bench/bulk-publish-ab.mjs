// runtimed's own cost of an HTTP bulk publish (benchmark 5's body: 100 entries of a 1 KB JSON event), without a
// socket, a client or a broker: the API's request listener (the bulk route, the universal layer, the publisher, the
// envelope) on a node:http server fed through fake connections, 8 connections as benchmark 5, publishing to a
// component whose bulkPublish accepts every entry at once (so only runtimed's work is measured). Two builds run in
// one process in alternating rounds: CPU and bytes allocated per bulk entry. DIALECT=dapr publishes through a
// dapr.io component (daprd's envelope) instead of a runtime.io one; TRACE=1 sends a traceparent; DETAIL=<n> lists the
// n largest allocations by runtimed frame.
// `BENCH_RUNTIMED=/work/wt/base/dist/cmd/runtimed/main.js node bench/bulk-publish-ab.mjs`
import path from "node:path";
import http from "node:http";
import { Session } from "node:inspector/promises";
import { body1k, fakeConnections, inProcessPublishStack, ROOT } from "./lib.mjs";
if (!process.env.BENCH_RUNTIMED) throw new Error("set BENCH_RUNTIMED to the other build's dist/cmd/runtimed/main.js");
const ENTRIES = 100;
const specs = [["now", path.join(ROOT, "dist")], ["before", path.resolve(path.dirname(process.env.BENCH_RUNTIMED), "../..")]];
const accepting = {
  features: () => ["BULK_PUBLISH"],
  publish: () => Promise.resolve(),
  bulkPublish: () => Promise.resolve({ failedEntries: [] }),
};
async function sidecarListener(dist) {
  const { createApiApp, expressServerOptions } = await import(`${dist}/pkg/api/http/server.js`);
  const { allEndpoints } = await import(`${dist}/pkg/api/http/routes/index.js`);
  const { ctx, api, logger, metrics } = await inProcessPublishStack(dist, { type: "pubsub.redis", instance: accepting });
  if (process.env.DIALECT !== "dapr") ctx.store.entry("bus").resource.apiVersion = "runtime.io/v1alpha1";
  const { app, listener } = createApiApp({ endpoints: allEndpoints(ctx, api), logger, metrics, maxBodyBytes: 4 << 20 });
  const server = http.createServer(expressServerOptions(app), listener);
  server.keepAliveTimeout = 65_000; server.headersTimeout = 10_000; server.requestTimeout = 60_000;
  return { server, path: "/v1.0-alpha1/publish/bulk/bus/orders" };
}
const entry = JSON.parse(body1k());
const body = JSON.stringify(Array.from({ length: ENTRIES }, (_, i) => ({ entryId: String(i), event: entry, contentType: "application/json" })));
const trace = process.env.TRACE ? "traceparent: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01\r\n" : "";
function driver({ server, path }) {
  const request = Buffer.from(`POST ${path} HTTP/1.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n${trace}Host: 127.0.0.1:3500\r\nConnection: keep-alive\r\n\r\n${body}`);
  const run = fakeConnections(server, 8);
  return (n) => run(request, n);
}
const sides = [];
for (const [name, dist] of specs) sides.push({ name, run: driver(await sidecarListener(dist)), cpu: [] });
for (const s of sides) await s.run(1000);
const N = Number(process.env.N ?? 400), ROUNDS = Number(process.env.ROUNDS ?? 12);
for (let r = 0; r < ROUNDS; r++) for (const s of r % 2 ? [...sides].reverse() : sides) {
  const c0 = process.cpuUsage(); await s.run(N); const c = process.cpuUsage(c0); s.cpu.push((c.user + c.system) / (N * ENTRIES));
}
const med = (a) => { const s = [...a].sort((x, y) => x - y); return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2; };
const session = new Session(); session.connect();
const SAMPLED = 200;
for (const pass of [0, 1]) for (const s of sides) {
  await session.post("HeapProfiler.startSampling", { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await s.run(SAMPLED);
  const { profile } = await session.post("HeapProfiler.stopSampling");
  let total = 0; const fns = new Map();
  const walk = (n, anc) => { const f = n.callFrame; const here = f.url.includes("/dist/pkg/") ? `${f.functionName || "(anon)"} ${f.url.replace(/^.*\/dist\/pkg\//, "")}:${f.lineNumber + 1}` : anc; total += n.selfSize; if (n.selfSize) { const key = `${here} <- ${f.functionName || "(anon)"} ${f.url.replace(/^.*\//, "")}:${f.lineNumber + 1}`; fns.set(key, (fns.get(key) ?? 0) + n.selfSize); } for (const ch of n.children ?? []) walk(ch, here); };
  walk(profile.head, "(node)");
  if (process.env.DETAIL && pass === 0) { console.log("--", s.name); for (const [k, b] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.DETAIL))) console.log((b / (SAMPLED * ENTRIES)).toFixed(0).padStart(6), k); }
  (s.alloc ??= []).push(total / (SAMPLED * ENTRIES));
}
console.log(`in-process HTTP bulk publish (${ENTRIES} entries, ${process.env.DIALECT === "dapr" ? "dapr.io" : "runtime.io"}${trace ? ", traced" : ""}), ${ROUNDS} alternating rounds of ${N} requests (8 connections)`);
const [ref] = sides;
for (const s of sides) {
  console.log(`${s.name.padEnd(8)} CPU us/entry median ${med(s.cpu).toFixed(3)} [${s.cpu.map((x) => x.toFixed(2)).join(" ")}] allocated B/entry ${s.alloc.map((x) => x.toFixed(0)).join(", ")}`);
  if (s !== ref) console.log(`   ${s.name}/${ref.name} CPU ratio median ${med(s.cpu.map((x, i) => x / ref.cpu[i])).toFixed(3)}`);
}
process.exit(0);
