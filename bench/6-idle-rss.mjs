// 6. Idle RSS of the sidecar (no components) / a bare node:http ES module (bench/baseline-http.mjs), both on this
// Node, measured in the same run; the floor, a bare node:http CommonJS script (bench/baseline-http.cjs), is
// reported beside it. Target: TARGETS.idleRssVsBareEsm.
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT, freePort, rssBytes, spawnTracked, startSidecar, waitFor } from "./lib.mjs";
import { TARGETS, atMost } from "./targets.mjs";

const SETTLE_MS = 2000;

async function bare(script) {
  const port = await freePort();
  const proc = spawnTracked(process.execPath, [path.join(ROOT, "bench", script), String(port)]);
  await waitFor(() => proc.output().includes("listening"), { what: `bare node:http (${script})` });
  return proc;
}

export async function run() {
  const esm = await bare("baseline-http.mjs");
  const cjs = await bare("baseline-http.cjs");
  const sidecar = await startSidecar({ appId: "bench6" });
  try {
    await sleep(SETTLE_MS);
    const e = await rssBytes(esm.child.pid);
    const c = await rssBytes(cjs.child.pid);
    const s = await rssBytes(sidecar.child.pid);
    const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    return {
      name: `6 idle RSS on Node ${process.versions.node.split(".")[0]} / bare node:http ES module`,
      baseline: mb(e),
      sidecar: mb(s),
      ratio: s / e,
      extra: `floor: bare node:http CommonJS script ${mb(c)} (sidecar / it ${(s / c).toFixed(2)})`,
      target: `<= ${TARGETS.idleRssVsBareEsm}`,
      pass: atMost(s / e, TARGETS.idleRssVsBareEsm),
    };
  } finally {
    await sidecar.stop();
    await esm.stop();
    await cjs.stop();
  }
}
