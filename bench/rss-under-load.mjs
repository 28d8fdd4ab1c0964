// The sidecar's RSS idle and under a publish load (64 connections, 20 s, sampled every 200 ms), behind the chart's
// default sidecar requests and limits (docs/operations.md "Sidecar resources"): node bench/rss-under-load.mjs [inmemory|redis]
import autocannon from "autocannon";
import { body1k, redisComponent, rssBytes, startSidecar } from "./lib.mjs";
// Further arguments are Node flags for the sidecar, e.g. the injector's for a 256Mi limit:
//   --max-old-space-size=153 --max-semi-space-size=8
const kind = process.argv[2] ?? "inmemory";
const nodeArgs = process.argv.slice(3);
const opts = { appId: "rssload", nodeArgs, ...(kind === "redis" ? { components: redisComponent("pubsub") } : {}) };
const sidecar = await startSidecar(opts);
let peak = 0;
const timer = setInterval(async () => { peak = Math.max(peak, await rssBytes(sidecar.child.pid)); }, 200);
try {
  const idle = await rssBytes(sidecar.child.pid);
  const r = await autocannon({ url: `${sidecar.url}/v1.0/publish/pubsub/rssload`, method: "POST", connections: 64, duration: 20, headers: { "content-type": "application/json" }, body: body1k() });
  const end = await rssBytes(sidecar.child.pid);
  const mb = (n) => (n / 1048576).toFixed(1);
  console.log(`${kind}${nodeArgs.length ? ` (${nodeArgs.join(" ")})` : ""}: idle ${mb(idle)} MB, peak ${mb(peak)} MB, end ${mb(end)} MB, ${Math.round(r.requests.average)} req/s, non2xx ${r.non2xx}`);
} finally { clearInterval(timer); await sidecar.stop(); }
