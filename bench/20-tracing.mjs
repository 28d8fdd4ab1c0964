// 20. Publish throughput (in-memory pub/sub) with tracing off, with samplingRate "0", and with "1" exporting
// over OTLP/HTTP to a local receiver, same run, alternating rounds. Targets: "0" within 3% of off; "1" >= 0.7x off.
import autocannon from "autocannon";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { SECONDS, body1k, fmt, percentile, startSidecar } from "./lib.mjs";

const ROUNDS = 5;

async function rate(url, body) {
  const result = await autocannon({ url, method: "POST", connections: 32, duration: Math.max(1, Math.round(SECONDS / 2)), headers: { "content-type": "application/json" }, body });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

export async function run() {
  // The collector: takes every batch and answers 200, as a healthy one does.
  let exported = 0;
  const receiver = http.createServer((req, res) => {
    req.on("data", (chunk) => (exported += chunk.length));
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const endpoint = `127.0.0.1:${receiver.address().port}`;
  const dir = await mkdtemp(path.join(os.tmpdir(), "runtimed-bench-tracing-"));
  const config = async (name, tracing) => {
    const file = path.join(dir, `${name}.json`);
    await writeFile(file, JSON.stringify({ apiVersion: "dapr.io/v1alpha1", kind: "Configuration", metadata: { name }, spec: tracing ? { tracing } : {} }));
    return ["--config", file];
  };
  const sidecars = [];
  try {
    sidecars.push(await startSidecar({ appId: "trace-off", args: await config("off") }));
    sidecars.push(await startSidecar({ appId: "trace-zero", args: await config("zero", { samplingRate: "0", otel: { endpointAddress: endpoint } }) }));
    sidecars.push(await startSidecar({ appId: "trace-one", args: await config("one", { samplingRate: "1", otel: { endpointAddress: endpoint } }) }));
    const body = body1k();
    const urls = sidecars.map((s) => `${s.url}/v1.0/publish/pubsub/bench20`);
    for (const url of urls) await autocannon({ url, method: "POST", connections: 8, duration: 1, headers: { "content-type": "application/json" }, body });
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [off, zero, one] = [await rate(urls[0], body), await rate(urls[1], body), await rate(urls[2], body)];
      rounds.push({ off, zeroRatio: zero / off, oneRatio: one / off });
    }
    const zero = percentile(rounds.map((r) => r.zeroRatio), 50);
    const one = percentile(rounds.map((r) => r.oneRatio), 50);
    if (exported === 0) throw new Error("the samplingRate 1 sidecar exported nothing");
    return {
      name: "20 publish req/s with tracing: samplingRate 0 / off (and 1 / off)",
      baseline: `${percentile(rounds.map((r) => r.off), 50).toFixed(0)} req/s (off)`,
      sidecar: `"0": ${fmt(zero)}, "1": ${fmt(one)}`,
      ratio: zero,
      extra: `median of ${ROUNDS} alternating rounds; "1" exported ${(exported / 1e6).toFixed(1)} MB of OTLP/JSON`,
      target: '"0" >= 0.97, "1" >= 0.7',
      pass: zero >= 0.97 && one >= 0.7,
    };
  } finally {
    for (const s of sidecars) await s.stop();
    await rm(dir, { recursive: true, force: true });
    receiver.close();
  }
}
