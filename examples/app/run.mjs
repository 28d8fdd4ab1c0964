// `make run`: the sample app and the sidecar beside it, as a pod would run them.
// Ctrl-C stops both.
import { spawn } from "node:child_process";

const appPort = process.env.APP_PORT ?? "3000";
const httpPort = process.env.HTTP_PORT ?? "3500";
const metricsPort = process.env.METRICS_PORT ?? "9090";

const children = [
  spawn(process.execPath, ["examples/app/app.mjs", appPort], { stdio: "inherit" }),
  spawn(process.execPath, ["dist/cmd/runtimed/main.js", "--app-id", "sample", "--app-port", appPort, "--http-port", httpPort, "--metrics-port", metricsPort, "--resources-path", "examples/components"], { stdio: "inherit" }),
];

console.log(`
  sidecar API  http://localhost:${httpPort}      metrics  http://localhost:${metricsPort}/metrics
  try:  curl -i -X POST localhost:${httpPort}/v1.0/publish/pubsub/orders -H 'content-type: application/json' -d '{"orderId": 1}'
        curl -s localhost:${httpPort}/v1.0/metadata
`);

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 6000).unref();
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
