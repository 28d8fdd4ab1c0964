// 1. publish req/s through the sidecar (in-memory pub/sub) / a bare Express 5 handler, same load. Target >= 0.8.
import path from "node:path";
import autocannon from "autocannon";
import { ROOT, SECONDS, body1k, cpuMs, freePort, spawnTracked, startSidecar, waitFor } from "./lib.mjs";

const CONNECTIONS = 32;

function load(url, body) {
  return autocannon({ url, method: "POST", connections: CONNECTIONS, duration: SECONDS, headers: { "content-type": "application/json" }, body });
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
    // CPU per request beside the rates: on a shared 2-core machine it is the steadier figure.
    const base0 = await cpuMs(express.child.pid);
    const base = await load(baseUrl, body);
    const baseCpuUs = ((await cpuMs(express.child.pid)) - base0) * 1000 / base.requests.total;
    const side0 = await cpuMs(sidecar.child.pid);
    const side = await load(sidecarUrl, body);
    const sideCpuUs = ((await cpuMs(sidecar.child.pid)) - side0) * 1000 / side.requests.total;
    if (base.non2xx > 0 || side.non2xx > 0 || side.errors > 0) throw new Error(`non-2xx answers: baseline ${base.non2xx}, sidecar ${side.non2xx} (errors ${side.errors})`);
    const b = base.requests.average;
    const s = side.requests.average;
    return { name: "1 publish req/s (in-memory) / bare Express", baseline: `${b.toFixed(0)} req/s`, sidecar: `${s.toFixed(0)} req/s`, ratio: s / b, extra: `CPU per request ${baseCpuUs.toFixed(0)} us vs ${sideCpuUs.toFixed(0)} us`, target: ">= 0.8", pass: s / b >= 0.8 };
  } finally {
    await sidecar.stop();
    await express.stop();
  }
}
