// 1. publish req/s through the sidecar (in-memory pub/sub) / a bare Express 5 handler, same load. Target >= 0.8.
import path from "node:path";
import autocannon from "autocannon";
import { ROOT, SECONDS, body1k, cpuMs, freePort, percentile, spawnTracked, startSidecar, waitFor } from "./lib.mjs";

const CONNECTIONS = 32;
const ROUNDS = 5;

/** One round against one server: its request rate and the CPU it spent per request. */
async function measured(pid, url, body) {
  const cpu0 = await cpuMs(pid);
  const result = await autocannon({ url, method: "POST", connections: CONNECTIONS, duration: Math.max(1, Math.round(SECONDS / 2)), headers: { "content-type": "application/json" }, body });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rate: result.requests.average, cpuUs: ((await cpuMs(pid)) - cpu0) * 1000 / result.requests.total };
}

async function expressBaseline(setup) {
  const port = await freePort();
  const proc = spawnTracked(process.execPath, [path.join(ROOT, "bench/baseline-express.mjs"), String(port), setup]);
  await waitFor(() => proc.output().includes("listening"), { what: `express baseline (${setup})` });
  return { ...proc, url: `http://127.0.0.1:${port}/publish` };
}

export async function run() {
  const body = body1k();
  // The target's baseline is Express as `app.listen` serves it. The reference listens as the sidecar
  // does (requests born with Express's prototypes, pkg/api/http/server.ts): against it, the ratio is
  // the sidecar's own work alone.
  const express = await expressBaseline("app.listen");
  const reference = await expressBaseline("born-parented");
  // The embedded default: an in-memory pub/sub named `pubsub`, no app.
  const sidecar = await startSidecar({ appId: "bench1" });
  try {
    const servers = [
      { pid: express.child.pid, url: express.url },
      { pid: reference.child.pid, url: reference.url },
      { pid: sidecar.child.pid, url: `${sidecar.url}/v1.0/publish/pubsub/bench1` },
    ];
    // Warm all (JIT), then measure.
    for (const { url } of servers) await autocannon({ url, method: "POST", connections: 8, duration: 1, headers: { "content-type": "application/json" }, body });
    // Alternating rounds, so drift on a shared machine (other load, CPU frequency) hits every side alike;
    // the ratio is the median of the rounds'. CPU per request is printed beside it: the steadier figure.
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measures = [];
      for (const { pid, url } of servers) measures.push(await measured(pid, url, body));
      const [base, ref, side] = measures;
      rounds.push({ base, ref, side, ratio: side.rate / base.rate, refRatio: side.rate / ref.rate });
    }
    const median = (pick) => percentile(rounds.map(pick), 50);
    const ratio = median((r) => r.ratio);
    const cpu = `CPU per request ${median((r) => r.base.cpuUs).toFixed(0)} us vs ${median((r) => r.side.cpuUs).toFixed(0)} us`;
    const ref = `reference: bare Express served as the sidecar is ${median((r) => r.ref.rate).toFixed(0)} req/s, ${median((r) => r.ref.cpuUs).toFixed(0)} us CPU per request, sidecar/reference ${median((r) => r.refRatio).toFixed(2)}`;
    return { name: "1 publish req/s (in-memory) / bare Express", baseline: `${median((r) => r.base.rate).toFixed(0)} req/s`, sidecar: `${median((r) => r.side.rate).toFixed(0)} req/s`, ratio, extra: `median of ${ROUNDS} alternating rounds (${rounds.map((r) => r.ratio.toFixed(2)).join(", ")}); ${cpu}; ${ref}`, target: ">= 0.8", pass: ratio >= 0.8 };
  } finally {
    await sidecar.stop();
    await express.stop();
    await reference.stop();
  }
}
