// runtimed's own cost of a gRPC publish, without grpc-js or the socket: the gRPC server's PublishEvent handler
// (server.ts' unary wrapper, methods.ts, the universal layer, the publisher, the envelope, pubsub.in-memory)
// called directly with a decoded request, 32 in flight. Two builds run in one process, in alternating batches,
// so the machine's load hits both alike: CPU per call (process.cpuUsage) and bytes allocated per call (heap
// sampling, garbage included). `BENCH_RUNTIMED=/work/main/dist/cmd/runtimed/main.js node bench/grpc-handler-ab.mjs`
// compares this build ("now") with that one ("before"); DETAIL=1 lists the allocations by runtimed frame.
import path from "node:path";
import { Session } from "node:inspector/promises";
import { inProcessPublishStack, ROOT } from "./lib.mjs";
if (!process.env.BENCH_RUNTIMED) throw new Error("set BENCH_RUNTIMED to the other build's dist/cmd/runtimed/main.js");
const builds = { now: path.join(ROOT, "dist"), before: path.resolve(path.dirname(process.env.BENCH_RUNTIMED), "../..") };
async function setup(dist) {
  const { GrpcApiServer } = await import(`${dist}/pkg/api/grpc/server.js`);
  const { api, logger, metrics } = await inProcessPublishStack(dist);
  const server = new GrpcApiServer({ api, port: 0, address: "127.0.0.1", maxBodyBytes: 4 << 20, gracefulShutdownMs: 100, logger, metrics });
  // The service's handlers as grpc-js would get them (a private method: this is a measuring tool).
  const impl = server.implementation({ PublishEvent: { requestStream: false, responseStream: false } });
  const { grpcJs } = await import(`${dist}/pkg/proto/grpc-js.js`);
  const Metadata = grpcJs().Metadata;
  const data = Buffer.from(JSON.stringify({ value: "x".repeat(980) }));
  return () => new Promise((resolve, reject) => impl.PublishEvent({ request: { pubsub_name: "bus", topic: "t", data, data_content_type: "application/json", metadata: {} }, metadata: new Metadata() }, (error) => (error ? reject(error) : resolve())));
}
const calls = {};
for (const [k, d] of Object.entries(builds)) calls[k] = await setup(d);
const IN_FLIGHT = 32;
async function batch(call, n) {
  let left = n;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => { while (left-- > 0) await call(); }));
}
for (const c of Object.values(calls)) await batch(c, 30000);
const N = 20000, ROUNDS = Number(process.env.ROUNDS ?? 12);
const cpu = { now: [], before: [] };
for (let r = 0; r < ROUNDS; r++) for (const k of r % 2 ? ["before", "now"] : ["now", "before"]) {
  const c0 = process.cpuUsage(); await batch(calls[k], N); const c = process.cpuUsage(c0);
  cpu[k].push(((c.user + c.system) / N));
}
const med = (a) => { const s = [...a].sort((x, y) => x - y); return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2; };
const session = new Session(); session.connect();
const alloc = {};
for (const k of ["now", "before", "now", "before"]) {
  await session.post("HeapProfiler.startSampling", { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await batch(calls[k], 10000);
  const { profile } = await session.post("HeapProfiler.stopSampling");
  let total = 0; const fns = new Map(); const walk = (n, anc) => { const f = n.callFrame; const here = f.url.includes("/dist/pkg/") ? `${f.functionName || "(anon)"} ${f.url.replace(/^.*\/dist\/pkg\//, "")}:${f.lineNumber + 1}` : anc; total += n.selfSize; if (n.selfSize) { const key = `${here} <- ${f.functionName || "(anon)"}`; fns.set(key, (fns.get(key) ?? 0) + n.selfSize); } for (const ch of n.children ?? []) walk(ch, here); }; walk(profile.head);
  if (process.env.DETAIL && !alloc[k]) { console.log("--", k); for (const [name, b] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((b / 10000).toFixed(0).padStart(6), name); }
  (alloc[k] ??= []).push(total / 10000);
}
console.log(`in-process gRPC PublishEvent handler, ${ROUNDS} alternating rounds of ${N} (32 in flight)`);
for (const k of ["now", "before"]) console.log(k.padEnd(7), "CPU us/call median", med(cpu[k]).toFixed(2), "[", cpu[k].map((x) => x.toFixed(1)).join(","), "]  allocated B/call", alloc[k].map((x) => x.toFixed(0)).join(", "));
console.log("ratio now/before (median of per-round ratios)", med(cpu.now.map((x, i) => x / cpu.before[i])).toFixed(3));
process.exit(0);
