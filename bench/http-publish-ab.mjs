// runtimed's own cost of an HTTP publish, without a socket or a client: the API's request listener (Express
// prototypes, direct dispatch, the route, the universal layer, the publisher, the envelope, pubsub.in-memory, dapr.io)
// on a node:http server fed through fake connections (Duplex streams), 32 connections with one request in flight
// each. Two builds (and a bare node:http handler doing the relay's work, "relay") run in one process in alternating
// rounds, so the machine's load hits all alike: CPU per request (process.cpuUsage) and bytes allocated per request
// (heap sampling, garbage included). `BENCH_RUNTIMED=/work/main/dist/cmd/runtimed/main.js node bench/http-publish-ab.mjs`
// compares this build ("now") with that one ("before"); DETAIL=<n> lists the n largest allocations by runtimed frame.
import path from "node:path";
import { fakeConnections, inProcessPublishStack, ROOT } from "./lib.mjs";
import http from "node:http";
import { Session } from "node:inspector/promises";
if (!process.env.BENCH_RUNTIMED) throw new Error("set BENCH_RUNTIMED to the other build's dist/cmd/runtimed/main.js");
const specs = [["now", path.join(ROOT, "dist")], ["before", path.resolve(path.dirname(process.env.BENCH_RUNTIMED), "../..")], ["relay", "relay"]];
async function sidecarListener(dist) {
  const { createApiApp, expressServerOptions } = await import(`${dist}/pkg/api/http/server.js`);
  const { allEndpoints } = await import(`${dist}/pkg/api/http/routes/index.js`);
  const { ctx, api, logger, metrics } = await inProcessPublishStack(dist);
  const { app, listener } = createApiApp({ endpoints: allEndpoints(ctx, api), logger, metrics, maxBodyBytes: 4 << 20 });
  const server = http.createServer(expressServerOptions(app), listener);
  server.keepAliveTimeout = 65_000; server.headersTimeout = 10_000; server.requestTimeout = 60_000;
  return { server, path: "/v1.0/publish/bus/orders" };
}
function relayServer() {
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => { const body = Buffer.concat(chunks); setImmediate(() => body); Promise.resolve().then(() => { res.statusCode = 204; res.end(); }); });
  });
  server.keepAliveTimeout = 60_000;
  return { server, path: "/publish/orders" };
}
const body = JSON.stringify({ value: "x".repeat(980) });
function driver({ server, path }) {
  const request = Buffer.from(`POST ${path} HTTP/1.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nHost: 127.0.0.1:3500\r\nConnection: keep-alive\r\n\r\n${body}`);
  const run = fakeConnections(server);
  return (n) => run(request, n);
}
const sides = [];
for (const [name, dist] of specs) sides.push({ name, run: driver(dist === "relay" ? relayServer() : await sidecarListener(dist)), cpu: [] });
for (const s of sides) await s.run(30000);
const N = Number(process.env.N ?? 20000), ROUNDS = Number(process.env.ROUNDS ?? 12);
for (let r = 0; r < ROUNDS; r++) for (const s of r % 2 ? [...sides].reverse() : sides) {
  const c0 = process.cpuUsage(); await s.run(N); const c = process.cpuUsage(c0); s.cpu.push((c.user + c.system) / N);
}
const med = (a) => { const s = [...a].sort((x, y) => x - y); return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2; };
const session = new Session(); session.connect();
for (const pass of [0, 1]) for (const s of sides) {
  await session.post("HeapProfiler.startSampling", { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await s.run(10000);
  const { profile } = await session.post("HeapProfiler.stopSampling");
  let total = 0; const fns = new Map();
  const walk = (n, anc) => { const f = n.callFrame; const here = f.url.includes("/dist/pkg/") ? `${f.functionName || "(anon)"} ${f.url.replace(/^.*\/dist\/pkg\//, "")}:${f.lineNumber + 1}` : anc; total += n.selfSize; if (n.selfSize) { const key = `${here} <- ${f.functionName || "(anon)"} ${f.url.replace(/^.*\//, "")}:${f.lineNumber + 1}`; fns.set(key, (fns.get(key) ?? 0) + n.selfSize); } for (const ch of n.children ?? []) walk(ch, here); };
  walk(profile.head, "(node)");
  if (process.env.DETAIL && pass === 0) { console.log("--", s.name); for (const [k, b] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.DETAIL))) console.log((b / 10000).toFixed(0).padStart(6), k); }
  (s.alloc ??= []).push(total / 10000);
}
console.log(`in-process HTTP publish, ${ROUNDS} alternating rounds of ${N} (32 connections)`);
const [ref] = sides;
for (const s of sides) {
  console.log(`${s.name.padEnd(8)} CPU us/req median ${med(s.cpu).toFixed(2)} [${s.cpu.map((x) => x.toFixed(1)).join(" ")}] allocated B/req ${s.alloc.map((x) => x.toFixed(0)).join(", ")}`);
  if (s !== ref) console.log(`   ${s.name}/${ref.name} CPU ratio median ${med(s.cpu.map((x, i) => x / ref.cpu[i])).toFixed(3)}`);
}
process.exit(0);
