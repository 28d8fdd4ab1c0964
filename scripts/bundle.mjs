#!/usr/bin/env node
// The sidecar as users run it: dist/runtimed/, bundled by esbuild from tsc's output (dist/cmd/runtimed, run
// `tsc -p tsconfig.build.json` first). An idle sidecar started from tsc's one-file-per-module output resolves
// some 490 modules; Node's path helpers run on every character of every path resolved, get hot, and page V8's
// optimising compiler in before the sidecar is even ready (docs/performance.md, "Idle RSS"): 5-6 MB of an idle
// pod. Bundled, start-up loads some 25 files.
//
// - Code splitting keeps every dynamic import() a chunk of its own, loaded when used as before (components, the
//   `runtimed run` subcommands, the Kubernetes client, OpenTelemetry's SDK): one file holding everything costs
//   about twice the RSS of tsc's output, since every byte of it is read and pre-parsed at start.
// - What the sources load through createRequire (grpc-js, proto-loader, cockatiel, CEL: all on first use) stays
//   outside, required from node_modules as before.
// - `main.js` and `reaper.js` are entries of their own: `runtimed run` starts both beside the chunk it runs from.
// - In a split bundle, import() of a CommonJS package gives its default export only (module.exports; esbuild
//   cannot list a CommonJS module's names in an ES module's exports): the sources read such packages through
//   `.default`, as Node gives it too, and the build fails on an import() that reads anything else.
// - Source maps are linked files beside each chunk (through tsc's maps to the TypeScript sources); `node
//   --enable-source-maps` reads them when a stack trace should point at the sources.
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const OUT = path.join(ROOT, "dist/runtimed");
const ENTRIES = ["main", "reaper"];

await rm(OUT, { recursive: true, force: true });
await build({
  entryPoints: Object.fromEntries(ENTRIES.map((name) => [name, path.join(ROOT, "dist/cmd/runtimed", `${name}.js`)])),
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  // package.json engines.node; main.js itself stays readable by any Node to print the version it needs.
  target: "node22.12",
  sourcemap: "linked",
  sourcesContent: false,
  logLevel: "warning",
  // The CommonJS packages bundled require Node's built-in modules; an ES module has no `require` of its own.
  banner: { js: 'import { createRequire as __bundleCreateRequire } from "node:module"; const require = __bundleCreateRequire(import.meta.url);' },
});

// A module's source stays one byte per character in memory only when the file is ASCII: one en dash or micro sign
// in a comment and Node hands V8 the whole chunk as two bytes per character (measured: +2.4 MB of an idle
// sidecar). esbuild escapes strings and identifiers already; what is left is comments and regular expression
// literals, where \uXXXX means the same character.
// Per UTF-16 unit: a character beyond the BMP becomes its surrogate pair, as in a string literal.
const escape = (c) => c.split("").map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
const sources = new Map();
for (const name of await readdir(OUT)) {
  if (!name.endsWith(".js")) continue;
  const file = path.join(OUT, name);
  const source = await readFile(file, "utf8");
  const ascii = source.replace(/[^\p{ASCII}]/gu, escape);
  if (ascii !== source) await writeFile(file, ascii);
  sources.set(name, ascii);
}

// Every chunk that is only a CommonJS module's default export, and each import() of one that reads named exports.
const defaultOnly = [...sources].filter(([, source]) => /^export default require_\w+\(\);$/m.test(source)).map(([name]) => name);
const misread = [];
for (const [name, source] of sources) {
  for (const chunk of defaultOnly) {
    for (const site of source.matchAll(new RegExp(`(.{0,40})import\\("\\./${chunk.replace(".", "\\.")}"\\)(.{0,10})`, "g"))) {
      const readsDefault = /^\)*\.default\b/.test(site[2]) || /\{\s*default:\s*\w+\s*\}\s*=\s*await\s*$/.test(site[1]);
      if (!readsDefault) misread.push(`${name}: ${site[0].trim()}`);
    }
  }
}
if (misread.length > 0) {
  process.stderr.write(`bundle: import() of a CommonJS package must read .default (see the top of scripts/bundle.mjs):\n  ${misread.join("\n  ")}\n`);
  process.exitCode = 1;
}
