// runtimed's gRPC PublishEvent over the wire against the relay's bare grpc-js server, all in ONE server process
// (a child with its semi-space pinned): this build's GrpcApiServer, another build's (BENCH_RUNTIMED), and the
// relay's handler (bench/floor/relay.mjs: proto-loader service, the in-memory client). Sharing the process means
// sharing the machine's load and the module footprint, so the difference is the per-call work. The parent drives
// each server with grpc-js clients (32 in flight, the bench's request) in alternating rounds and reads the
// child's CPU from /proc. `BENCH_RUNTIMED=/work/wt/base/dist/cmd/runtimed/main.js node bench/grpc-wire-ab.mjs`
// (ROUNDS, SECONDS; ONLY=now,relay to drop a side; CPU_PROF=<dir> writes the server process' CPU profile there;
// ALLOC=1 also samples each side's allocations per call after the rounds, garbage included, ALLOC_DETAIL=1 by function).
import { fork } from "node:child_process";
import path from "node:path";
import { ROOT, closedLoop, daprGrpcClient, grpcPublish, waitFor } from "./lib.mjs";

if (process.argv[2] === "serve") {
  const { inProcessPublishStack } = await import("./lib.mjs");
  const grpc = await import("@grpc/grpc-js");
  const protoLoader = await import("@grpc/proto-loader");
  const { CLIENTS } = await import("./floor/clients.mjs");
  const ports = {};
  for (const [name, dist] of JSON.parse(process.argv[3])) {
    const { GrpcApiServer } = await import(`${dist}/pkg/api/grpc/server.js`);
    const { api, logger, metrics } = await inProcessPublishStack(dist);
    const server = new GrpcApiServer({ api, port: 0, address: "127.0.0.1", maxBodyBytes: 4 << 20, gracefulShutdownMs: 100, logger, metrics });
    await server.start();
    ports[name] = server.port;
  }
  if (process.argv[4] === "relay") {
    const client = await CLIENTS.inmemory();
    const definition = protoLoader.loadSync("dapr/proto/runtime/v1/dapr.proto", { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [path.join(ROOT, "proto")] });
    const relay = new grpc.Server();
    relay.addService(grpc.loadPackageDefinition(definition).dapr.proto.runtime.v1.Dapr.service, {
      PublishEvent(call, callback) {
        client.publish(call.request.topic, call.request.data).then(
          () => callback(null, {}),
          (error) => callback({ code: grpc.status.INTERNAL, details: error.message }),
        );
      },
    });
    ports.relay = await new Promise((resolve, reject) => relay.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
  }
  // Allocation sampling (garbage included) on the parent's word, around one side's round.
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  process.on("message", async (m) => {
    if (m === "exit") process.exit(0);
    if (m === "alloc-start") {
      await session.post("HeapProfiler.startSampling", { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      process.send("alloc-started");
    }
    if (m === "alloc-stop") {
      const { profile } = await session.post("HeapProfiler.stopSampling");
      const places = new Map();
      let total = 0;
      const walk = (n, owner) => {
        const u = n.callFrame.url;
        const here = u.includes("/dist/pkg/") ? `runtimed ${n.callFrame.functionName || "(anon)"} ${u.replace(/^.*\/dist\/pkg\//, "")}:${n.callFrame.lineNumber + 1}` : u.includes("grpc-js") ? `grpc-js ${n.callFrame.functionName || "(anon)"} ${u.replace(/^.*\/build\/src\//, "")}:${n.callFrame.lineNumber + 1}` : u.includes("protobuf") || u.includes("proto-loader") ? "protobuf" : owner;
        total += n.selfSize;
        const place = process.env.ALLOC_DETAIL ? `${here} <- ${n.callFrame.functionName || "(anon)"}` : here;
        if (n.selfSize) places.set(place, (places.get(place) ?? 0) + n.selfSize);
        for (const c of n.children ?? []) walk(c, here);
      };
      walk(profile.head, "node");
      process.send({ total, places: [...places].sort((a, b) => b[1] - a[1]).slice(0, 25) });
    }
  });
  process.send(ports);
} else {
  if (!process.env.BENCH_RUNTIMED) throw new Error("set BENCH_RUNTIMED to the other build's dist/cmd/runtimed/main.js");
  const only = process.env.ONLY?.split(",") ?? ["now", "before", "relay"];
  const builds = [["now", path.join(ROOT, "dist")], ["before", path.resolve(path.dirname(process.env.BENCH_RUNTIMED), "../..")]].filter(([k]) => only.includes(k));
  const child = fork(new URL(import.meta.url).pathname, ["serve", JSON.stringify(builds), only.includes("relay") ? "relay" : ""], {
    env: { ...process.env }, execArgv: ["--min-semi-space-size=16", "--max-semi-space-size=16", ...(process.env.CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROF}`] : [])] });
  let ports;
  child.once("message", (m) => (ports = m));
  await waitFor(() => ports !== undefined, { timeoutMs: 30_000, what: "servers" });
  const data = Buffer.from(JSON.stringify({ value: "x".repeat(980) }));
  const sides = {};
  for (const [k, port] of Object.entries(ports)) {
    const client = await daprGrpcClient(port);
    sides[k] = () => grpcPublish(client, "bus", "t", data);
  }
  const keys = Object.keys(sides);
  for (const k of keys) await closedLoop(child.pid, sides[k], { seconds: 2 });
  const ROUNDS = Number(process.env.ROUNDS ?? 8), SECONDS = Number(process.env.SECONDS ?? 3);
  const results = Object.fromEntries(keys.map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) for (const k of r % 2 ? [...keys].reverse() : keys) results[k].push(await closedLoop(child.pid, sides[k], { seconds: SECONDS }));
  const med = (a) => { const s = [...a].sort((x, y) => x - y); return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2; };
  console.log(`gRPC PublishEvent over the wire, one server process, ${ROUNDS} alternating rounds of ${SECONDS} s (32 in flight)`);
  for (const k of keys) console.log(k.padEnd(7), "server CPU us/call median", med(results[k].map((x) => x.cpuUs)).toFixed(1), "[", results[k].map((x) => x.cpuUs.toFixed(1)).join(","), "]  msg/s median", med(results[k].map((x) => x.rate)).toFixed(0));
  for (const k of keys.filter((k) => k !== "relay" && keys.includes("relay"))) console.log(`${k}/relay CPU (median of per-round ratios)`, med(results[k].map((x, i) => x.cpuUs / results.relay[i].cpuUs)).toFixed(3));
  if (process.env.ALLOC) {
    const reply = (want) => new Promise((resolve) => child.once("message", (m) => (want === undefined || m === want ? resolve(m) : undefined)));
    for (const k of keys) {
      child.send("alloc-start");
      await reply("alloc-started");
      let calls = 0;
      await closedLoop(child.pid, () => (calls++, sides[k]()), { seconds: 2 });
      child.send("alloc-stop");
      const { total, places } = await reply();
      console.log(`-- ${k}: allocated ${(total / calls / 1024).toFixed(2)} KB per call (${calls} calls)`);
      for (const [place, bytes] of places) console.log((bytes / calls).toFixed(0).padStart(7), place);
    }
  }
  child.send("exit");
  await new Promise((resolve) => child.once("exit", resolve));
  process.exit(0);
}
