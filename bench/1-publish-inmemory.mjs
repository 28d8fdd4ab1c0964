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

export async function run() {
  const body = body1k();
  const port = await freePort();
  const express = spawnTracked(process.execPath, [path.join(ROOT, "bench/baseline-express.mjs"), String(port)]);
  // The embedded default: an in-memory pub/sub named `pubsub` (DESIGN.md), no app.
  const sidecar = await startSidecar({ appId: "bench1" });
  try {
    await waitFor(() => express.output().includes("listening"), { what: "express baseline" });
    const baseUrl = `http://127.0.0.1:${port}/publish`;
    const sidecarUrl = `${sidecar.url}/v1.0/publish/pubsub/bench1`;
    // Warm both (JIT), then measure.
    await autocannon({ url: baseUrl, method: "POST", connections: 8, duration: 1, body });
    await autocannon({ url: sidecarUrl, method: "POST", connections: 8, duration: 1, headers: { "content-type": "application/json" }, body });
    // Alternating rounds, so drift on a shared machine (other load, CPU frequency) hits both sides alike;
    // the ratio is the median of the rounds'. CPU per request is printed beside it: the steadier figure.
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = await measured(express.child.pid, baseUrl, body);
      const side = await measured(sidecar.child.pid, sidecarUrl, body);
      rounds.push({ base, side, ratio: side.rate / base.rate });
    }
    const median = (pick) => percentile(rounds.map(pick), 50);
    const ratio = median((r) => r.ratio);
    const cpu = `CPU per request ${median((r) => r.base.cpuUs).toFixed(0)} us vs ${median((r) => r.side.cpuUs).toFixed(0)} us`;
    return { name: "1 publish req/s (in-memory) / bare Express", baseline: `${median((r) => r.base.rate).toFixed(0)} req/s`, sidecar: `${median((r) => r.side.rate).toFixed(0)} req/s`, ratio, extra: `median of ${ROUNDS} alternating rounds (${rounds.map((r) => r.ratio.toFixed(2)).join(", ")}); ${cpu}`, target: ">= 0.8", pass: ratio >= 0.8 };
  } finally {
    await sidecar.stop();
    await express.stop();
  }
}
