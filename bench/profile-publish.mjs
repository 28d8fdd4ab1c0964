// Where the sidecar's HTTP publish time goes, against the minimal relay's: both run with --cpu-prof and take a
// closed loop of HTTP publishes (32 in flight, 1 KB JSON) for BENCH_SECONDS, one after the other, as in benchmark
// 30. Prints, per process, CPU per publish and the heaviest functions by self time in us per publish; keeps the
// profiles in .bench/profile-publish-<broker>-<time>/. `node bench/profile-publish.mjs [broker]` (default
// inmemory; a bench/floor/brokers.mjs id); PROFILE_TRANSPORT=grpc profiles gRPC PublishEvent instead (one
// grpc-js client per process, as benchmark 30). Needs `make build`.
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { ROOT, SECONDS, body1k, closedLoop, daprGrpcClient, fmt, freePort, grpcPublish, percentile, poster, spawnTracked, startSidecar, waitFor } from "./lib.mjs";
import { BROKERS } from "./floor/brokers.mjs";

const grpc = process.env.PROFILE_TRANSPORT === "grpc";
const broker = BROKERS.find((b) => b.id === (process.argv[2] ?? "inmemory"));
if (!broker) throw new Error(`unknown broker ${process.argv[2]}; known: ${BROKERS.map((b) => b.id).join(", ")}`);
const out = path.join(ROOT, ".bench", `profile-publish-${broker.id}-${new Date().toISOString().replace(/[:.]/g, "-")}`);
const dirs = { sidecar: path.join(out, "sidecar"), relay: path.join(out, "relay") };
for (const dir of Object.values(dirs)) await mkdir(dir, { recursive: true });
const profiling = (key) => ["--cpu-prof", `--cpu-prof-dir=${dirs[key]}`];

const tag = Date.now().toString(36);
const topics = { sidecar: `profile-ps-${tag}`, relay: `profile-pr-${tag}` };
// A broker private to the run (Kafka) starts here and stops at the end.
await broker.start?.();
await broker.prepare(Object.values(topics));
const sidecar = await startSidecar({ appId: `profile-${tag}`, components: broker.component("bus"), nodeArgs: profiling("sidecar") });
const relay = spawnTracked(process.execPath, [...profiling("relay"), path.join(ROOT, "bench/floor/relay.mjs"), broker.id, JSON.stringify(broker.settings), String(await freePort()), String(await freePort())], { graceful: true });
const body = body1k();
const results = {};
try {
  await waitFor(() => relay.output().includes("listening"), { what: "relay", timeoutMs: 30_000 });
  const [relayPort, relayGrpcPort] = relay.child.spawnargs.slice(-2);
  const posts = { sidecar: poster(sidecar.url), relay: poster(`http://127.0.0.1:${relayPort}`) };
  const clients = grpc ? { sidecar: await daprGrpcClient(sidecar.grpcPort), relay: await daprGrpcClient(Number(relayGrpcPort)) } : {};
  const data = Buffer.from(body);
  const sends = grpc
    ? { sidecar: () => grpcPublish(clients.sidecar, "bus", topics.sidecar, data), relay: () => grpcPublish(clients.relay, "bus", topics.relay, data) }
    : {
        sidecar: () => posts.sidecar.post(`/v1.0/publish/bus/${topics.sidecar}`, body).then((s) => s === 204),
        relay: () => posts.relay.post(`/publish/${topics.relay}`, body).then((s) => s === 204),
      };
  const pids = { sidecar: sidecar.child.pid, relay: relay.child.pid };
  for (const key of Object.keys(sends)) await closedLoop(pids[key], sends[key], { seconds: 2 });
  for (const key of Object.keys(sends)) {
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const r = await closedLoop(pids[key], sends[key], { seconds: SECONDS });
    results[key] = { ...r, count: Math.round(r.rate * SECONDS), window: { fromUs, toUs: Number(process.hrtime.bigint() / 1000n) } };
  }
  for (const p of Object.values(posts)) p.close();
  for (const c of Object.values(clients)) c.close();
} finally {
  await sidecar.stop();
  await relay.stop();
  await broker.cleanup(Object.values(topics), `profile-${tag}`).catch(() => undefined);
  await broker.stop?.();
}

/** Self time (samples times the median interval) per function over the samples within `window`. */
function selfTimes(profile, window) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const intervalMs = percentile(profile.timeDeltas, 50) / 1000;
  const functions = new Map();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    if (t < window.fromUs || t > window.toUs) return;
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const name = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*\/(dist|node_modules)\//, "$1/")}:${lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + intervalMs);
  });
  return functions;
}

await writeFile(path.join(out, "windows.json"), JSON.stringify(results));
const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
for (const key of ["sidecar", "relay"]) {
  const r = results[key];
  const files = (await readdir(dirs[key])).filter((f) => f.endsWith(".cpuprofile"));
  console.log(`\n== ${key} (${broker.label}, ${grpc ? "gRPC" : "HTTP"} publish, ${SECONDS} s): ${fmt(r.rate, 0)} msg/s, CPU ${fmt(r.cpuUs, 1)} us/publish`);
  if (files.length === 0) continue;
  const functions = selfTimes(JSON.parse(await readFile(path.join(dirs[key], files[0]), "utf8")), r.window);
  const total = [...functions.values()].reduce((a, b) => a + b, 0);
  console.log(`sampled ${fmt((total * 1000) / r.count, 1)} us/publish`);
  for (const [name, ms] of top(functions, Number(process.env.TOP ?? 40))) console.log(`  ${fmt((ms * 1000) / r.count, 2).padStart(6)} us  ${name}`);
}
console.log(`\nprofiles: ${out}`);
process.exit(0);
