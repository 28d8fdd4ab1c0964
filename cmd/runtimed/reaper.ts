import { createInterface } from "node:readline";
import { reap } from "../../pkg/cli/run/reaper.js";

// The reaper process `runtimed run` starts (pkg/cli/run/reaper.ts): its stdin is the pipe from `runtimed run`.
reap(createInterface({ input: process.stdin, crlfDelay: Infinity })).then(
  () => process.exit(0),
  () => process.exit(1),
);
