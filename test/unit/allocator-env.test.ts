import { describe, expect, it } from "@jest/globals";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ALLOCATOR_ENV, withAllocatorEnv } from "../../cmd/runtimed/allocator.js";

/** The variables the final stage of the Dockerfile sets (`ENV NAME=value ...`). */
function imageEnv(): Record<string, string> {
  const text = readFileSync(path.join(process.cwd(), "Dockerfile"), "utf8");
  const finalStage = text.split(/^FROM\s/m).at(-1) ?? "";
  const env: Record<string, string> = {};
  for (const [, pairs] of finalStage.matchAll(/^ENV\s+(.+)$/gm)) {
    for (const [, name, quoted, plain] of pairs!.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=(?:"([^"]*)"|(\S*))/g)) env[name!] = quoted ?? plain ?? "";
  }
  return env;
}

describe("the sidecar's allocator settings", () => {
  it("are the container image's environment, so a deployed sidecar starts with them", () => {
    expect(imageEnv()).toMatchObject(ALLOCATOR_ENV);
  });

  it("are added to a sidecar's environment without replacing what the user set", () => {
    const env: Record<string, string | undefined> = { MALLOC_ARENA_MAX: "4", HOME: "/home/u" };
    withAllocatorEnv(env);
    expect(env).toEqual({ ...ALLOCATOR_ENV, MALLOC_ARENA_MAX: "4", HOME: "/home/u" });
  });

  it("append the young generation's size to the user's NODE_OPTIONS unless it names one", () => {
    const own: Record<string, string | undefined> = { NODE_OPTIONS: "--enable-source-maps" };
    withAllocatorEnv(own);
    expect(own.NODE_OPTIONS).toBe("--enable-source-maps --max-semi-space-size=16");
    const sized: Record<string, string | undefined> = { NODE_OPTIONS: "--max-semi-space-size=4 --trace-gc" };
    withAllocatorEnv(sized);
    expect(sized.NODE_OPTIONS).toBe("--max-semi-space-size=4 --trace-gc");
  });
});
