// `make bench`: every benchmark in turn (or those named: `node bench/run.mjs 3 4`); each prints its
// baseline, the sidecar's figure and the ratio, measured in the same run. Needs `make build` and Redis.
// BENCH_SECONDS=1 for a smoke run; benchmark 8 needs RabbitMQ (BENCH_RABBITMQ, default amqp://guest:guest@127.0.0.1:5672), 9 a `mosquitto` binary; 13 Kafka's jars (`make kafka`); BENCH_DEBUG=1 prints the latency percentiles of benchmarks 3 and 4, and the
// share of a core the sidecar and the relay reference use in benchmark 4.
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
  13: "./13-kafka.mjs",
};

const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(BENCHES);
const rows = [];
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
    console.log(`${id}: FAILED: ${error.stack ?? error}`);
  }
}
console.table(rows.map((r) => ({ benchmark: r.name, baseline: r.baseline, sidecar: r.sidecar, ratio: fmt(r.ratio), target: r.target, result: r.pass ? "PASS" : "FAIL" })));
process.exit(failed ? 1 : 0);
