import { spawn } from "node:child_process";
import { once } from "node:events";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import { age, processStartTicks, RunRecords, type RunRecord } from "../../pkg/cli/runs.js";
import { tempDir } from "../support/tempdirs.js";

function record(overrides: Partial<RunRecord>): RunRecord {
  return { appId: "a", cliPid: process.pid, sidecarPid: process.pid, httpPort: 1, grpcPort: 2, command: ["node"], cwd: "/", created: new Date().toISOString(), startTicks: processStartTicks(process.pid), ...overrides };
}

describe("run records", () => {
  it("lists live runs and prunes dead ones, a pid reused by another process, and unreadable files", async () => {
    const folder = path.join(tempDir("run-records-"), "runs");
    const records = new RunRecords(folder);
    const gone = spawn(process.execPath, ["-e", "0"]);
    await once(gone, "exit");
    await records.add(record({ appId: "live" }));
    await records.add(record({ appId: "dead-cli", cliPid: gone.pid! }));
    await records.add(record({ appId: "dead-sidecar", sidecarPid: gone.pid! }));
    await records.add(record({ appId: "reused", startTicks: "1" }));
    await writeFile(path.join(folder, "garbage.json"), "{not json");
    expect((await records.list()).map((r) => r.appId)).toEqual(["live"]);
    expect(await readdir(folder)).toEqual([`${process.pid}-live.json`]);
    await records.remove({ appId: "live", cliPid: process.pid });
    expect(await records.list()).toEqual([]);
  });

  it("gives ages as dapr list does", () => {
    const now = new Date("2026-01-02T00:00:00Z");
    expect(["2026-01-01T23:59:30Z", "2026-01-01T23:55:00Z", "2026-01-01T21:00:00Z", "2025-12-29T00:00:00Z"].map((t) => age(t, now))).toEqual(["30s", "5m", "3h", "4d"]);
  });
});
