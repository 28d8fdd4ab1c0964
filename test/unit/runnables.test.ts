import { Writable } from "node:stream";
import { describe, expect, it } from "@jest/globals";
import { createLogger, SecretRedactor } from "../../pkg/diagnostics/logger.js";
import { closer, RunnableManager, type Runnable } from "../../pkg/sidecar/runnables.js";

function quietLogger(lines: string[] = []): ReturnType<typeof createLogger> {
  const stream = new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) });
  return createLogger({ appId: "t", level: "debug", json: true, stream }, new SecretRedactor());
}

function part(name: string, log: string[], options: { failStart?: boolean; closeNever?: boolean } = {}): Runnable {
  return {
    name,
    start: () => {
      log.push(`start ${name}`);
      return options.failStart ? Promise.reject(new Error(`${name} failed`)) : Promise.resolve();
    },
    close: () => {
      log.push(`close ${name}`);
      return options.closeNever ? new Promise<void>(() => undefined) : Promise.resolve();
    },
  };
}

describe("RunnableManager (the sidecar's long-running parts)", () => {
  it("starts in order and closes in reverse, once", async () => {
    const log: string[] = [];
    const manager = new RunnableManager([part("a", log), part("b", log), closer("c", () => void log.push("close c"))], { graceMs: 1000, logger: quietLogger() });
    await manager.start(new AbortController().signal);
    await Promise.all([manager.close(), manager.close()]);
    expect(log).toEqual(["start a", "start b", "close c", "close b", "close a"]);
    expect(manager.signal.aborted).toBe(true);
  });

  it("closes the listeners (closesFirst) before every other part, each part once", async () => {
    const log: string[] = [];
    const manager = new RunnableManager([part("tracing", log), { ...part("api", log), closesFirst: true }, part("components", log), part("deliveries", log)], { graceMs: 1000, logger: quietLogger() });
    await manager.start(new AbortController().signal);
    await manager.close();
    expect(log).toEqual(["start tracing", "start api", "start components", "start deliveries", "close api", "close deliveries", "close components", "close tracing"]);
  });

  it("when a start fails, closes what started (the failed part too) in reverse and rejects", async () => {
    const log: string[] = [];
    const manager = new RunnableManager([part("a", log), part("b", log, { failStart: true }), part("c", log)], { graceMs: 1000, logger: quietLogger() });
    await expect(manager.start(new AbortController().signal)).rejects.toThrow("b failed");
    expect(log).toEqual(["start a", "start b", "close b", "close a"]);
  });

  it("does not wait beyond the grace period for a part that never closes, and closes the rest", async () => {
    const log: string[] = [];
    const lines: string[] = [];
    const manager = new RunnableManager([part("a", log), part("stuck", log, { closeNever: true })], { graceMs: 50, logger: quietLogger(lines) });
    await manager.start(new AbortController().signal);
    await manager.close();
    expect(log).toEqual(["start a", "start stuck", "close stuck", "close a"]);
    expect(lines.join("")).toContain("stuck did not close within the grace period (50ms)");
  });

  it("passes the parts a signal that aborts when the caller's does", async () => {
    const outer = new AbortController();
    let seen: AbortSignal | undefined;
    const manager = new RunnableManager([{ name: "p", start: (signal) => Promise.resolve(void (seen = signal)), close: () => Promise.resolve() }], { graceMs: 100, logger: quietLogger() });
    await manager.start(outer.signal);
    expect(seen?.aborted).toBe(false);
    outer.abort();
    expect(seen?.aborted).toBe(true);
    await manager.close();
  });
});
