// `make bench`: every benchmark in turn (or those named: `node bench/run.mjs 3 4`); each prints its
// baseline, the sidecar's figure and the ratio, measured in the same run. Needs `make build` and Redis.
// BENCH_SECONDS=1 for a smoke run. Benchmark 30 measures every broker that answers on its port (BENCH_RABBITMQ,
// BENCH_MQTT, BENCH_NATS, BENCH_REDIS move them; BENCH_BROKERS=redis,mqtt limits them); BENCH_DEBUG=1 prints the
// latency percentiles of benchmarks 3 and 4. Kafka's row of 30 and benchmark 15 start a private broker from Kafka's
// jars (`make kafka`; `make bench` brings them).
// Each benchmark runs in a Node process of its own. A run of every benchmark writes docs/benchmarks.md from its
// own rows (BENCH_DOCS=<file> writes elsewhere, and also for a run of some); the page is never edited by hand.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fmt } from "./lib.mjs";

// The run's order (a Map keeps it; an object would sort numeric keys): the floor harness (every broker and
// transport against its minimal relay), then the process figures and the benchmarks with no relay beside them.
const BENCHES = new Map([
  ["30", "./30-floor.mjs"],
  ["6", "./6-idle-rss.mjs"],
  ["14", "./14-start-to-ready.mjs"],
  ["10", "./10-redis-syscalls-cpu.mjs"],
  ["3", "./3-publish-added-latency.mjs"],
  ["5", "./5-bulk-publish.mjs"],
  ["7", "./7-configuration-notify-latency.mjs"],
  ["11", "./11-redis-scale.mjs"],
  ["20", "./20-tracing.mjs"],
  ["21", "./21-app-channel.mjs"],
  ["22", "./22-stream-delivery.mjs"],
]);
/**
 * Measured against a broker client in-process or a bare Express server rather than the minimal relay; benchmark
 * 30 measures the same paths against the relay. They still run when named (`node bench/run.mjs 4`).
 */
const AGAINST_OTHER_FLOORS = {
  1: "./1-publish-inmemory.mjs",
  2: "./2-publish-redis-throughput.mjs",
  4: "./4-delivery-latency.mjs",
  8: "./8-rabbitmq.mjs",
  9: "./9-jetstream.mjs",
  12: "./12-mqtt.mjs",
  13: "./13-grpc-publish.mjs",
  15: "./15-kafka.mjs",
  23: "./23-delayed-burst.mjs",
  24: "./24-rabbitmq-delayed-lateness.mjs",
};

/** Where a benchmark run in a process of its own writes its rows (set by the run that started it). */
const ROWS_FILE_ENV = "BENCH_ROWS_FILE";

/** Runs one benchmark in this process and writes its rows to the file the parent run named. */
async function runInThisProcess(id, rowsFile) {
  try {
    const { run } = await import(fileOf(id));
    // A benchmark may measure more than one figure: it then returns one row per figure.
    writeFileSync(rowsFile, JSON.stringify({ rows: [await run()].flat() }));
  } catch (error) {
    console.log(`${id}: FAILED: ${error.stack ?? error}`);
    writeFileSync(rowsFile, JSON.stringify({ error: String(error.message ?? error).split("\n")[0] }));
  }
  process.exit(0);
}

function fileOf(id) {
  const file = BENCHES.get(id) ?? AGAINST_OTHER_FLOORS[id];
  if (!file) throw new Error(`unknown benchmark ${id}; known: ${[...[...BENCHES.keys()], ...Object.keys(AGAINST_OTHER_FLOORS)].join(", ")}`);
  return file;
}

/**
 * Each benchmark runs in a Node process of its own, so that none inherits another's state: the harness's
 * connection pools, timers, heap and compiled code. Benchmark 10's syscall counts at 200 msg/s differed after
 * benchmark 14 had run in the same harness process, which order alone must not decide.
 */
function runInChildProcess(id) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${id}-`));
  const rowsFile = path.join(dir, "rows.json");
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), id], {
    env: { ...process.env, [ROWS_FILE_ENV]: rowsFile },
    stdio: "inherit",
  });
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      let outcome;
      try {
        outcome = JSON.parse(readFileSync(rowsFile, "utf8"));
      } catch {
        outcome = { error: `exited with ${signal ?? `code ${code}`} before writing its rows` };
      }
      rmSync(dir, { recursive: true, force: true });
      resolve(outcome);
    });
  });
}

if (process.env[ROWS_FILE_ENV]) await runInThisProcess(process.argv[2], process.env[ROWS_FILE_ENV]);

// The load on the machine when the run began: other processes sharing the cores skew every figure.
const loadAtStart = os.loadavg();
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...BENCHES.keys()];
for (const id of wanted) fileOf(id);
const rows = [];
const failures = [];
let failed = false;
for (const id of wanted) {
  const outcome = await runInChildProcess(id);
  if (outcome.error) {
    failed = true;
    failures.push({ id, message: outcome.error });
    continue;
  }
  for (const row of outcome.rows) {
    rows.push(row);
    console.log(`${row.name}: baseline ${row.baseline}, sidecar ${row.sidecar}, ratio ${fmt(row.ratio)}${row.extra ? `, ${row.extra}` : ""} (target ${row.target}: ${row.pass ? "met" : "MISSED"})`);
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
    "Benchmark 30 puts the floor beside every figure: per broker and transport, a minimal relay",
    "(`bench/floor/relay.mjs`: a bare node:http or grpc-js server handing the body to the same broker client, whose",
    "consumer POSTs each message to the app) runs beside the sidecar, rounds alternating; each ratio is the median of",
    "its rounds'. The targets are constants in `bench/targets.mjs`; a missed one is reported, never lowered.",
    "`node bench/profile-delivery.mjs <broker>` shows where the delivery time and allocation go against the relay;",
    "`make soak` runs the bounded soak (see `bench/soak.mjs`). Where a target is missed, [performance](performance.md)",
    "says where the time goes and what was tried.",
    "",
    `- targets met: ${rows.filter((r) => r.pass).length} of ${rows.length}`,
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
