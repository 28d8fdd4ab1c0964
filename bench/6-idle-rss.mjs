// 6. idle RSS of the sidecar / a bare node:http process, measured in the same run. Target <= 1.3x.
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT, freePort, rssBytes, spawnTracked, startSidecar, waitFor } from "./lib.mjs";

const SETTLE_MS = 2000;

export async function run() {
  const port = await freePort();
  const bare = spawnTracked(process.execPath, [path.join(ROOT, "bench/baseline-http.mjs"), String(port)]);
  const sidecar = await startSidecar({ appId: "bench6" });
  try {
    await waitFor(() => bare.output().includes("listening"), { what: "bare node:http" });
    await sleep(SETTLE_MS);
    const b = await rssBytes(bare.child.pid);
    const s = await rssBytes(sidecar.child.pid);
    const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    return { name: "6 idle RSS / bare node:http", baseline: mb(b), sidecar: mb(s), ratio: s / b, target: "<= 1.3", pass: s / b <= 1.3 };
  } finally {
    await sidecar.stop();
    await bare.stop();
  }
}
