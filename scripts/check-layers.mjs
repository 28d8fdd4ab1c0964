#!/usr/bin/env node
// The layering rule of ARCHITECTURE.md "The layers", checked on every `make lint` so it stays true:
//   cmd -> sidecar | cli -> api -> runtime | controller | injector -> components -> apis, diagnostics -> util
// A file imports only its own top folder or a lower layer (folders on one layer do not import each
// other), and no two folders import each other, at any depth. A folder and its own subfolders may:
// a kind's root lists its implementations (builtins.ts) and they use its contract and machinery.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const RANKS = {
  cmd: 5,
  "pkg/sidecar": 4,
  // The runtimed subcommands (run, validate): beside the composition root, below cmd.
  "pkg/cli": 4,
  "pkg/api": 3,
  "pkg/runtime": 2,
  "pkg/controller": 2,
  "pkg/injector": 2,
  // Writes status on the runtime.io resources (its own process): beside the controller and the injector.
  "pkg/statuscontroller": 2,
  "pkg/components": 1,
  "pkg/apis": 0,
  // Dapr's wire types and their loader (vendored protos): a leaf, as the API and the app channel both speak it.
  "pkg/proto": 0,
  "pkg/diagnostics": 0,
  "pkg/util": -1,
};

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.(ts|mts|mjs)$/.test(name) && !name.endsWith(".d.ts")) yield full;
  }
}

function topFolder(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === "cmd") return "cmd";
  return rel[0] === "pkg" && rel.length > 2 ? `pkg/${rel[1]}` : undefined;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const problems = [];
const folderEdges = new Map();

for (const file of [...sources(path.join(root, "cmd")), ...sources(path.join(root, "pkg"))]) {
  const text = readFileSync(file, "utf8");
  const from = topFolder(file);
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    if (!spec.startsWith(".")) continue;
    const target = path.resolve(path.dirname(file), spec);
    const to = topFolder(target);
    const where = `${path.relative(root, file)} imports ${path.relative(root, target)}`;
    if (from && to && from !== to) {
      if (RANKS[from] === undefined || RANKS[to] === undefined) problems.push(`${where}: ${RANKS[from] === undefined ? from : to} has no layer in scripts/check-layers.mjs`);
      else if (RANKS[to] >= RANKS[from]) problems.push(`${where}: ${from} may not import ${to} (${RANKS[to] > RANKS[from] ? "a higher layer" : "a folder on its own layer"})`);
    }
    const a = path.relative(root, path.dirname(file));
    const b = path.relative(root, path.dirname(target));
    if (a !== b) {
      if (!folderEdges.has(a)) folderEdges.set(a, new Map());
      if (!folderEdges.get(a).has(b)) folderEdges.get(a).set(b, where);
    }
  }
}

for (const [a, targets] of folderEdges) {
  for (const [b, where] of targets) {
    const nested = a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
    if (a < b && !nested && folderEdges.get(b)?.has(a)) problems.push(`${a} and ${b} import each other: ${where}; ${folderEdges.get(b).get(a)}`);
  }
}

if (problems.length > 0) {
  process.stderr.write(`layering (ARCHITECTURE.md "The layers"): ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join("\n")}\n`);
  process.exit(1);
}
process.stdout.write("layering: every import runs downward, no two folders import each other\n");
