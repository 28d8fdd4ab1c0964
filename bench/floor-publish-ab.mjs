// Benchmark 30's publish half for one broker, with several sidecar builds beside the relay in one run: each side
// takes a closed loop of HTTP (or gRPC) publishes (32 in flight, 1 KB JSON) in alternating rounds, so the machine's
// load hits all alike. Prints rate and CPU per publish (the side's process) per round and their medians.
// `SIDECARS=now=dist/runtimed/main.js,before=/work/wt/base/dist/cmd/runtimed/main.js node bench/floor-publish-ab.mjs mqtt`
// (default: this build only); a name ending in -bare runs without the Dockerfile's environment (deployedEnvironment).
// AB_TRANSPORT=grpc, AB_ROUNDS (6), AB_SECONDS (3); AB_NODE_ARGS (e.g. --trace-gc) writes each sidecar's output
// to .bench/ab-<name>.log; AB_STRACE=1 counts syscalls per publish.
import path from "node:path";
import { spawn } from "node:child_process";
import { mkdtemp, open, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import { ROOT, SIDECAR_MAIN, body1k, closedLoop, daprGrpcClient, deployedEnvironment, freePort, grpcPublish, poster, spawnTracked, waitFor } from "./lib.mjs";
import { BROKERS } from "./floor/brokers.mjs";

const broker = BROKERS.find((b) => b.id === (process.argv[2] ?? "mqtt"));
if (!broker) throw new Error(`unknown broker ${process.argv[2]}`);
const grpc = process.env.AB_TRANSPORT === "grpc";
const ROUNDS = Number(process.env.AB_ROUNDS ?? 6);
const SECONDS = Number(process.env.AB_SECONDS ?? 3);
const builds = (process.env.SIDECARS ?? `now=${SIDECAR_MAIN}`).split(",").map((pair) => pair.split("="));
/** CPU ms per thread name of a process (main thread "main"). */
async function threads(pid) {
  const out = new Map();
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [])) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, "utf8").catch(() => "");
    if (!stat) continue;
    const name = tid === String(pid) ? "main" : stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")).replace(/\d+$/, "");
    const fields = stat.split(") ")[1].split(" ");
    out.set(name, (out.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10);
  }
  return out;
}
/** [user, system] CPU ms of a process. */
async function userSys(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return [Number(fields[11]) * 10, Number(fields[12]) * 10];
}
const tag = Date.now().toString(36);
const body = body1k();
const data = Buffer.from(body);
const closers = [];
const sides = [];
await broker.start?.();
try {
  for (const [name, runtimed] of builds) {
    const topic = `ab-${name}-${tag}`;
    await broker.prepare([topic]);
    const dir = await mkdtemp(path.join(os.tmpdir(), "runtimed-ab-"));
    await writeFile(path.join(dir, "components.yaml"), broker.component("bus"));
    const [httpPort, grpcPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
    const nodeArgs = (process.env.AB_NODE_ARGS ?? "").split(" ").filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, path.resolve(runtimed), "--app-id", `ab-${name}-${tag}`, "--http-port", String(httpPort), "--grpc-port", String(grpcPort), "--metrics-port", String(metricsPort), "--log-level", "warn", "--resources-path", dir], { stdio: process.env.AB_NODE_ARGS ? ["ignore", (await open(path.join(ROOT, ".bench", `ab-${name}.log`), "w")).fd, "inherit"] : "ignore", env: { PATH: process.env.PATH ?? "", ...(name.endsWith("-bare") ? {} : await deployedEnvironment(path.resolve(runtimed))) } });
    closers.push(async () => (child.kill("SIGKILL"), await rm(dir, { recursive: true, force: true })));
    const url = `http://127.0.0.1:${httpPort}`;
    await waitFor(async () => (await fetch(`${url}/v1.0/healthz/outbound`)).status === 204, { what: `sidecar ${name}`, timeoutMs: 30_000 });
    const post = poster(url);
    const client = grpc ? await daprGrpcClient(grpcPort) : undefined;
    closers.push(() => post.close(), () => client?.close());
    sides.push({ name, pid: child.pid, send: grpc ? () => grpcPublish(client, "bus", topic, data) : () => post.post(`/v1.0/publish/bus/${topic}`, body).then((s) => s === 204) });
  }
  const topic = `ab-relay-${tag}`;
  await broker.prepare([topic]);
  const [httpPort, grpcPort] = [await freePort(), await freePort()];
  const relay = spawnTracked(process.execPath, [path.join(ROOT, "bench/floor/relay.mjs"), broker.id, JSON.stringify(broker.settings), String(httpPort), String(grpcPort)]);
  closers.push(() => relay.stop());
  await waitFor(() => relay.output().includes("listening"), { what: "relay", timeoutMs: 30_000 });
  const post = poster(`http://127.0.0.1:${httpPort}`);
  const client = grpc ? await daprGrpcClient(grpcPort) : undefined;
  closers.push(() => post.close(), () => client?.close());
  sides.push({ name: "relay", pid: relay.child.pid, send: grpc ? () => grpcPublish(client, "bus", topic, data) : () => post.post(`/publish/${topic}`, body).then((s) => s === 204) });

  for (const side of sides) side.total = Math.round((await closedLoop(side.pid, side.send, { seconds: 2 })).rate * 2);
  for (const side of sides) side.rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const before = await userSys(side.pid);
      const threadsBefore = await threads(side.pid);
      const r = await closedLoop(side.pid, side.send, { seconds: SECONDS });
      const after = await userSys(side.pid);
      const threadsAfter = await threads(side.pid);
      const count = r.rate * SECONDS;
      side.total += Math.round(count);
      const perThread = new Map([...threadsAfter].map(([name, ms]) => [name, ((ms - (threadsBefore.get(name) ?? 0)) * 1000) / count]));
      side.rounds.push({ ...r, perThread, userUs: ((after[0] - before[0]) * 1000) / count, sysUs: ((after[1] - before[1]) * 1000) / count });
    }
  }
  const med = (a) => { const s = [...a].sort((x, y) => x - y); return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2; };
  const relaySide = sides.at(-1);
  console.log(`${broker.label}, ${grpc ? "gRPC" : "HTTP"} publish, ${ROUNDS} alternating rounds of ${SECONDS} s, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  for (const side of sides) {
    const ratios = side.rounds.map((r, i) => r.rate / relaySide.rounds[i].rate);
    const names = [...new Set(side.rounds.flatMap((r) => [...r.perThread.keys()]))];
    const threadText = names.map((n) => [n, med(side.rounds.map((r) => r.perThread.get(n) ?? 0))]).filter(([, us]) => us >= 0.5).map(([n, us]) => `${n} ${us.toFixed(1)}`).join(", ");
    if (process.env.AB_NODE_ARGS?.includes("--trace-gc-nvp")) {
      // What the young generation passed on to the old one, and the major GCs, per publish.
      const log = await readFile(path.join(ROOT, ".bench", `ab-${side.name}.log`), "utf8").catch(() => "");
      const promoted = [...log.matchAll(/gc=s .*?promoted=(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      const majors = [...log.matchAll(/gc=(mc|mmc)\b/g)].length;
      if (log) console.log(`  ${side.name}: promoted ${(promoted / side.total).toFixed(0)} B/publish, ${((majors * 10000) / side.total).toFixed(2)} major GCs per 10,000 publishes (${side.total} publishes)`);
    }
    console.log(`  ${side.name.padEnd(8)} ${med(side.rounds.map((r) => r.rate)).toFixed(0).padStart(6)} msg/s, CPU ${med(side.rounds.map((r) => r.cpuUs)).toFixed(1)} us/publish (user ${med(side.rounds.map((r) => r.userUs)).toFixed(1)}, system ${med(side.rounds.map((r) => r.sysUs)).toFixed(1)}) [${side.rounds.map((r) => r.cpuUs.toFixed(0)).join(" ")}]; rate / relay ${med(ratios).toFixed(2)} [${ratios.map((x) => x.toFixed(2)).join(" ")}]\n           threads (us/publish): ${threadText}`);
  }
  if (process.env.AB_STRACE) {
    // Syscalls per publish: strace slows the process (the rate is not the point), the counts per publish are.
    for (const side of sides) {
      const tracer = spawn("strace", ["-f", "-c", "-p", String(side.pid)], { stdio: ["ignore", "ignore", "pipe"] });
      let report = "";
      tracer.stderr.on("data", (d) => (report += d));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const { rate } = await closedLoop(side.pid, side.send, { seconds: 2 });
      const done = Math.round(rate * 2);
      tracer.kill("SIGINT");
      await new Promise((resolve) => tracer.once("exit", resolve));
      console.log(`-- ${side.name}: syscalls per publish (${done} publishes)`);
      for (const line of report.split("\n")) {
        const m = line.trim().split(/\s+/);
        if (m.length >= 5 && /^\d/.test(m[0]) && Number(m[3]) > done / 50) console.log(`   ${(Number(m[3]) / done).toFixed(2).padStart(6)} ${m.at(-1)} (${((Number(m[1]) * 1e6) / Math.max(1, Number(m[3]))).toFixed(0)} us each)`);
      }
    }
  }
} finally {
  for (const close of closers.reverse()) await close();
  await broker.stop?.();
}
process.exit(0);
