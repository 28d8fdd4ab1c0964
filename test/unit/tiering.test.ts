import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { choosesCompilers } from "../../pkg/diagnostics/tiering.js";

const BUILT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/pkg/diagnostics/tiering.js");

/**
 * A child process (the flags are the process's) that runs a function hot while start-up pauses the compilers
 * and again after they resume, and says each time whether V8 optimised it (Maglev or TurboFan).
 */
const HOT_FUNCTION = `
const { pauseTieringForStartup, resumeTiering } = await import(process.argv[1]);
const OPTIMISED = 16 | 32 | 64;
function work(n) { let s = 0; for (let i = 0; i < 50; i++) s += (n * i) % 7; return s; }
const optimised = () => (eval("%GetOptimizationStatus(work)") & OPTIMISED) !== 0;
async function heat(ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    for (let i = 0; i < 20000; i++) work(i);
    if (optimised()) return true;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return false;
}
const paused = process.argv[2] === "pause" ? pauseTieringForStartup([], "") : false;
const whilePaused = await heat(paused ? 500 : 5000);
resumeTiering();
console.log(JSON.stringify({ paused, whilePaused, afterResume: await heat(5000) }));
`;

function run(mode: "pause" | "leave"): { paused: boolean; whilePaused: boolean; afterResume: boolean } {
  const out = execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", HOT_FUNCTION, BUILT, mode], { encoding: "utf8" });
  return JSON.parse(out) as { paused: boolean; whilePaused: boolean; afterResume: boolean };
}

describe("V8's compilers during start-up (pkg/diagnostics/tiering.ts)", () => {
  it("optimise nothing while paused and optimise hot code again once resumed", () => {
    expect(run("pause")).toEqual({ paused: true, whilePaused: false, afterResume: true });
  });

  it("optimise hot code as usual when start-up did not pause them", () => {
    expect(run("leave")).toEqual({ paused: false, whilePaused: true, afterResume: true });
  });

  it("are left alone when the command line or NODE_OPTIONS chooses them", () => {
    expect(choosesCompilers(["--no-opt"], "")).toBe(true);
    expect(choosesCompilers([], "--max-old-space-size=200 --jitless")).toBe(true);
    expect(choosesCompilers(["--maglev"], "")).toBe(true);
    expect(choosesCompilers(["--no-sparkplug"], "")).toBe(true);
    expect(choosesCompilers(["--no-turbofan", "--max-semi-space-size=2"], "")).toBe(true);
    expect(choosesCompilers(["--max-old-space-size=200", "--optimize-for-size"], "--max-semi-space-size=2")).toBe(false);
    expect(choosesCompilers([], "")).toBe(false);
  });
});
