// 14. Start to ready: from spawning the process to the first answer, for a bare node:http ES module (the floor:
// the process start), the sidecar with no components, and the sidecar with 10 components over this machine's
// brokers (five pub/subs, a configuration store, a secret store, three output bindings), until
// /v1.0/healthz/outbound answers 204. Polled every 5 ms; the median of alternating rounds. Reported, no target.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ROOT, REDIS_HOST, fmt, freePort, percentile, spawnTracked, startSidecar, waitFor } from "./lib.mjs";
import { BROKERS } from "./floor/brokers.mjs";

const ROUNDS = 3;
const POLL_MS = 5;

function tenComponents(dir) {
  // The brokers this machine runs: Kafka's is private to benchmark 30's run (its row starts it).
  const pubsubs = BROKERS.filter((b) => !b.start).map((b) => b.component(`pubsub-${b.id}`));
  const other = [
    ["config", "configuration.redis", `[{name: redisHost, value: "${REDIS_HOST}"}]`],
    ["secrets", "secretstores.local.env", "[]"],
    ["files", "bindings.localstorage", `[{name: rootPath, value: "${dir}"}]`],
    ["web", "bindings.http", `[{name: url, value: "http://127.0.0.1:9"}]`],
    ["ticks", "bindings.cron", `[{name: schedule, value: "@every 1h"}, {name: direction, value: output}]`],
  ].map(([name, type, metadata]) => `apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata: {name: ${name}}\nspec:\n  type: ${type}\n  version: v1\n  metadata: ${metadata}\n`);
  const all = [...pubsubs, ...other];
  if (all.length !== 10) throw new Error(`expected 10 components, built ${all.length}`);
  return all.join("---\n");
}

async function bareStart() {
  const port = await freePort();
  const started = performance.now();
  const proc = spawnTracked(process.execPath, [path.join(ROOT, "bench/baseline-http.mjs"), String(port)]);
  try {
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/`)).ok, { intervalMs: POLL_MS, what: "bare node:http" });
    return performance.now() - started;
  } finally {
    await proc.stop();
  }
}

async function sidecarStart(components) {
  const started = performance.now();
  const sidecar = await startSidecar({ appId: "bench14", components, readyPollMs: POLL_MS });
  const ms = performance.now() - started;
  await sidecar.stop();
  return ms;
}

export async function run() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "runtimed-bench14-"));
  try {
    const ten = tenComponents(dir);
    const sides = { bare: () => bareStart(), empty: () => sidecarStart(undefined), ten: () => sidecarStart(ten) };
    for (const start of Object.values(sides)) await start(); // warm the disk cache
    const measured = { bare: [], empty: [], ten: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? ["bare", "empty", "ten"] : ["ten", "empty", "bare"];
      for (const key of order) measured[key].push(await sides[key]());
    }
    const median = (key) => percentile(measured[key], 50);
    return {
      name: "14 start to ready, 10 components / bare node:http process start",
      baseline: `${fmt(median("bare"), 0)} ms`,
      sidecar: `${fmt(median("ten"), 0)} ms`,
      ratio: median("ten") / median("bare"),
      extra: `no components ${fmt(median("empty"), 0)} ms; median of ${ROUNDS} alternating rounds (10 components: ${measured.ten.map((v) => fmt(v, 0)).join(", ")} ms)`,
      target: "report",
      pass: true,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
