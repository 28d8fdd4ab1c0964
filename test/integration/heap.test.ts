import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import { decideHeap, MIN_OLD_SPACE_MIB, oldSpaceFor, readCgroupMemoryLimit } from "../../pkg/diagnostics/heap.js";
import { waitFor } from "../support/ports.js";
import { startSidecar } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";

const MIB = 1024 * 1024;

/** A fake cgroup folder: v2 `memory.max` or v1 `memory/memory.limit_in_bytes`. */
function cgroup(files: { v2?: string; v1?: string }): string {
  const root = tempDir("cgroup-");
  if (files.v2 !== undefined) writeFileSync(path.join(root, "memory.max"), `${files.v2}\n`);
  if (files.v1 !== undefined) {
    mkdirSync(path.join(root, "memory"));
    writeFileSync(path.join(root, "memory", "memory.limit_in_bytes"), `${files.v1}\n`);
  }
  return root;
}

describe("the heap sized to the container's memory limit", () => {
  it("reads cgroup v2 memory.max, falls back to v1, and treats max and v1's huge number as no limit", () => {
    expect(readCgroupMemoryLimit(cgroup({ v2: String(256 * MIB) }))).toEqual({ bytes: 256 * MIB, source: expect.stringMatching(/memory\.max$/) });
    expect(readCgroupMemoryLimit(cgroup({ v1: String(512 * MIB) }))).toEqual({ bytes: 512 * MIB, source: expect.stringMatching(/memory\.limit_in_bytes$/) });
    expect(readCgroupMemoryLimit(cgroup({ v2: "max" }))).toBeUndefined();
    expect(readCgroupMemoryLimit(cgroup({ v1: "9223372036854771712" }))).toBeUndefined();
    expect(readCgroupMemoryLimit(cgroup({}))).toBeUndefined();
  });

  it("resizes only where Node's heap exceeds the documented share, never over the user's --max-old-space-size", () => {
    const limit = { bytes: 256 * MIB, source: "memory.max" };
    expect(oldSpaceFor(256 * MIB)).toBe(153);
    expect(decideHeap({ limit, heapSizeLimitBytes: 4288 * MIB, nodeOptions: "", execArgv: [] })).toMatchObject({ action: "resize", flags: ["--max-old-space-size=153", "--max-semi-space-size=8"] });
    expect(decideHeap({ limit, heapSizeLimitBytes: 100 * MIB, nodeOptions: "", execArgv: [] })).toEqual({ action: "none", reason: "Node already sized the heap from the limit" });
    expect(decideHeap({ limit, heapSizeLimitBytes: 4288 * MIB, nodeOptions: "--max-old-space-size=64", execArgv: [] })).toMatchObject({ action: "none" });
    expect(decideHeap({ limit, heapSizeLimitBytes: 4288 * MIB, nodeOptions: "", execArgv: ["--max-old-space-size=64"] })).toMatchObject({ action: "none" });
    expect(decideHeap({ limit: { bytes: 32 * MIB, source: "x" }, heapSizeLimitBytes: 4288 * MIB, nodeOptions: "", execArgv: [] })).toMatchObject({ action: "none", reason: expect.stringContaining(`${MIN_OLD_SPACE_MIB} MiB`) });
    expect(decideHeap({ heapSizeLimitBytes: 4288 * MIB, nodeOptions: "", execArgv: [] })).toEqual({ action: "none", reason: "no cgroup memory limit" });
  });

  it("a sidecar started under a simulated 256 MiB limit runs with a 153 MiB old space and 8 MiB semi-spaces, logs and exports both, and stops on SIGTERM", async () => {
    const sidecar = await startSidecar({ appId: "heap", env: { RUNTIME_CGROUP_ROOT: cgroup({ v2: String(256 * MIB) }) } });
    try {
      const metrics = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
      expect(metrics).toContain(`runtime_process_memory_limit_bytes{app_id="heap"} ${256 * MIB}`);
      const heapLimit = Number(/runtime_process_heap_limit_bytes\{app_id="heap"\} (\d+)/.exec(metrics)?.[1]);
      // heap_size_limit = old space + young generation (three semi-spaces): 153 + 24 MiB.
      expect(heapLimit).toBe((153 + 24) * MIB);
      await waitFor(() => /memory limit 256\.0 MB .*memory\.max\); heap limit 177\.0 MB: sized to the limit: --max-old-space-size=153 --max-semi-space-size=8/.test(sidecar.output()), { what: `the heap log line\n${sidecar.output()}` });
    } finally {
      expect(await sidecar.stop("SIGTERM")).toBe(0);
    }
  });

  it("without a limit the sidecar keeps Node's own sizing and says so", async () => {
    const sidecar = await startSidecar({ appId: "heap", env: { RUNTIME_CGROUP_ROOT: cgroup({ v2: "max" }) } });
    try {
      await waitFor(() => sidecar.output().includes("memory limit none; heap limit"), { what: `the heap log line\n${sidecar.output()}` });
      expect(sidecar.output()).toContain("no cgroup memory limit");
    } finally {
      await sidecar.stop("SIGTERM");
    }
  });
});
