// `make bench`: every benchmark in turn (or those named: `node bench/run.mjs 3 4`); each prints its
// baseline, the sidecar's figure and the ratio, measured in the same run. Needs `make build` and Redis.
// BENCH_SECONDS=1 for a smoke run; benchmark 8 needs RabbitMQ (BENCH_RABBITMQ, default amqp://guest:guest@127.0.0.1:5672), 9 a `mosquitto` binary; BENCH_DEBUG=1 prints the latency percentiles of benchmarks 3 and 4, and the
// share of a core the sidecar and the relay reference use in benchmark 4.
// A run of every benchmark writes docs/benchmarks.md from its own rows (BENCH_DOCS=<file> writes elsewhere, and
// also for a run of some); the page is never edited by hand.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fmt } from "./lib.mjs";

const BENCHES = {
  1: "./1-publish-inmemory.mjs",
  2: "./2-publish-redis-throughput.mjs",
  3: "./3-publish-added-latency.mjs",
  4: "./4-delivery-latency.mjs",
  5: "./5-bulk-publish.mjs",
  6: "./6-idle-rss.mjs",
  20: "./20-tracing.mjs",
  7: "./7-configuration-notify-latency.mjs",
  10: "./10-redis-syscalls-cpu.mjs",
  11: "./11-redis-scale.mjs",
  8: "./8-rabbitmq.mjs",
  9: "./9-jetstream.mjs",
  12: "./12-mqtt.mjs",
  13: "./13-grpc-publish.mjs",
  21: "./21-app-channel.mjs",
  22: "./22-delayed-burst.mjs",
};

// The load on the machine when the run began: other processes sharing the cores skew every figure.
const loadAtStart = os.loadavg();
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(BENCHES);
const rows = [];
const failures = [];
let failed = false;
for (const id of wanted) {
  const file = BENCHES[id];
  if (!file) throw new Error(`unknown benchmark ${id}; known: ${Object.keys(BENCHES).join(", ")}`);
  const { run } = await import(file);
  try {
    // A benchmark may measure more than one figure: it then returns one row per figure.
    for (const row of [await run()].flat()) {
      rows.push(row);
      console.log(`${row.name}: baseline ${row.baseline}, sidecar ${row.sidecar}, ratio ${fmt(row.ratio)}${row.extra ? `, ${row.extra}` : ""} (target ${row.target}: ${row.pass ? "met" : "MISSED"})`);
    }
  } catch (error) {
    failed = true;
    failures.push({ id, message: String(error.message ?? error).split("\n")[0] });
    console.log(`${id}: FAILED: ${error.stack ?? error}`);
  }
}
console.table(rows.map((r) => ({ benchmark: r.name, baseline: r.baseline, sidecar: r.sidecar, ratio: fmt(r.ratio), target: r.target, result: r.pass ? "PASS" : "FAIL" })));

/** A table cell: one line, pipes escaped. */
function cell(value) {
  return String(value ?? "").replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
}

/** docs/benchmarks.md from this run: the rows, the machine, the Node version, the date. */
function benchmarksPage() {
  const cpus = os.cpus();
  const seconds = process.env.BENCH_SECONDS ? `, BENCH_SECONDS=${process.env.BENCH_SECONDS}` : "";
  const lines = [
    "# Benchmarks",
    "",
    "Written by `make bench` (`bench/run.mjs`) from its own output; do not edit by hand. Each benchmark measures its",
    "baseline (the same work without the sidecar, or a bare reference) and the sidecar in the same run, so the ratio",
    "holds on other machines better than either figure. The benchmark files in `bench/` say what each one measures.",
    "",
    `- date: ${new Date().toISOString()}`,
    `- machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()} ${os.arch()}`,
    `- load average when the run began (1, 5, 15 min): ${loadAtStart.map((l) => l.toFixed(2)).join(", ")}`,
    `- Node.js: ${process.version}`,
    `- run: \`node bench/run.mjs${process.argv.slice(2).map((a) => ` ${a}`).join("")}\`${seconds}`,
    "",
    "| benchmark | baseline | sidecar | ratio | target | result | notes |",
    "|---|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${cell(r.name)} | ${cell(r.baseline)} | ${cell(r.sidecar)} | ${cell(fmt(r.ratio))} | ${cell(r.target)} | ${r.pass ? "met" : "**missed**"} | ${cell(r.extra)} |`),
  ];
  if (failures.length > 0) lines.push("", "Failed to run:", "", ...failures.map((f) => `- benchmark ${f.id}: ${cell(f.message)}`));
  return `${lines.join("\n")}\n`;
}

const everyBenchmark = process.argv.slice(2).length === 0;
if (everyBenchmark || process.env.BENCH_DOCS) {
  const target = process.env.BENCH_DOCS || path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../docs/benchmarks.md");
  writeFileSync(target, benchmarksPage());
  console.log(`wrote ${target}`);
}
process.exit(failed ? 1 : 0);
