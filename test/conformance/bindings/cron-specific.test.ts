import { describe, expect, it } from "@jest/globals";
import { CronBinding, goUtcString } from "../../../pkg/components/bindings/cron/cron.js";
import type { InputEvent } from "../../../pkg/components/bindings/types.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { ManualClock } from "../../support/clock.js";
import { testContext } from "../context.js";

const T0 = Date.UTC(2026, 0, 5, 10, 0, 0); // a Monday, 10:00:00 UTC

async function started(schedule: string, clock = new ManualClock(T0), handler?: (e: InputEvent) => Promise<void>): Promise<{ cron: CronBinding; clock: ManualClock; events: InputEvent[]; times: number[]; controller: AbortController }> {
  const cron = new CronBinding(testContext("bindings.cron"), clock);
  await cron.init(ComponentMetadata.of("jobs", "bindings.cron", { schedule }));
  const events: InputEvent[] = [];
  const times: number[] = [];
  const controller = new AbortController();
  await cron.read((e) => {
    events.push(e);
    times.push(clock.now());
    return handler ? handler(e) : Promise.resolve();
  }, controller.signal);
  return { cron, clock, events, times, controller };
}

const offsets = (times: number[]): number[] => times.map((t) => (t - T0) / 1000);

describe("bindings.cron schedules in Dapr's forms, on an injected clock", () => {
  it("@every 15s fires every 15 seconds on whole seconds", async () => {
    const { clock, times } = await started("@every 15s");
    clock.advance(60_000);
    expect(offsets(times)).toEqual([15, 30, 45, 60]);
  });

  it("@every rounds a delay down to whole seconds, at least one", async () => {
    const a = await started("@every 1500ms");
    a.clock.advance(3000);
    expect(offsets(a.times)).toEqual([1, 2, 3]);
    const b = await started("@every 10ms");
    b.clock.advance(2000);
    expect(offsets(b.times)).toEqual([1, 2]);
  });

  it("@daily and @midnight fire at midnight, @hourly on the hour", async () => {
    for (const descriptor of ["@daily", "@midnight"]) {
      const { clock, times } = await started(`CRON_TZ=UTC ${descriptor}`);
      clock.advance(2 * 86_400_000);
      expect(times.map((t) => new Date(t).toISOString())).toEqual(["2026-01-06T00:00:00.000Z", "2026-01-07T00:00:00.000Z"]);
    }
    const hourly = await started("TZ=UTC @hourly");
    hourly.clock.advance(2 * 3_600_000);
    expect(offsets(hourly.times)).toEqual([3600, 7200]);
  });

  it("5 fields are minute hour day month weekday, firing on second 0", async () => {
    const { clock, times } = await started("CRON_TZ=UTC */20 * * * *");
    clock.advance(3_600_000);
    expect(offsets(times)).toEqual([1200, 2400, 3600]);
  });

  it("6 fields take seconds first", async () => {
    const { clock, times } = await started("CRON_TZ=UTC */10 * * * * *");
    clock.advance(30_000);
    expect(offsets(times)).toEqual([10, 20, 30]);
  });

  it("CRON_TZ= reads the schedule in that zone and reports it as timeZone", async () => {
    // 09:00 in New York in January (EST, UTC-5) is 14:00 UTC.
    const { clock, times, events } = await started("CRON_TZ=America/New_York 0 9 * * *");
    clock.advance(86_400_000);
    expect(times.map((t) => new Date(t).toISOString())).toEqual(["2026-01-05T14:00:00.000Z"]);
    expect(events[0]!.metadata).toEqual({ timeZone: "America/New_York", readTimeUTC: "2026-01-05 14:00:00 +0000 UTC" });
    expect(events[0]!.data.length).toBe(0);
  });

  it("readTimeUTC is Go's time.String() form", () => {
    expect(goUtcString(Date.UTC(2026, 0, 5, 10, 0, 1, 120))).toBe("2026-01-05 10:00:01.12 +0000 UTC");
    expect(goUtcString(Date.UTC(2026, 0, 5, 10, 0, 1))).toBe("2026-01-05 10:00:01 +0000 UTC");
  });

  it.each([
    ["", "is required"],
    ["every day", "not a valid schedule"],
    ["* * * *", "expected 5 fields"],
    ["0 0 0 * * * *", "expected 5 fields"],
    ["61 * * * *", "not a valid schedule"],
    ["@every 15", "@every wants a positive duration"],
    ["@every -5s", "@every wants a positive duration"],
    ["@fortnightly", "unknown descriptor"],
    ["CRON_TZ=Mars/Olympus 0 9 * * *", "unknown time zone"],
  ])("refuses the schedule %j naming the field", async (schedule, problem) => {
    const cron = new CronBinding(testContext("bindings.cron"), new ManualClock(T0));
    const init = cron.init(ComponentMetadata.of("jobs", "bindings.cron", { schedule }));
    await expect(init).rejects.toThrow('metadata field "schedule"');
    await expect(init).rejects.toThrow(problem);
  });
});

describe("bindings.cron firing and stopping", () => {
  it("a firing does not wait for the previous delivery: slow handlers overlap, as Dapr's goroutine per firing", async () => {
    const pending: Array<() => void> = [];
    const { clock, events } = await started("@every 1s", undefined, () => new Promise<void>((resolve) => pending.push(resolve)));
    clock.advance(3000);
    expect(events.length).toBe(3);
    expect(pending.length).toBe(3);
    for (const resolve of pending) resolve();
  });

  it("a clock that jumps past several firings fires once, then keeps to the schedule from the new time", async () => {
    const { clock, times } = await started("@every 10s");
    clock.jump(95_000);
    expect(offsets(times)).toEqual([95]);
    clock.advance(10_000);
    expect(offsets(times)).toEqual([95, 105]);
  });

  it("a firing the app rejects does not stop the schedule", async () => {
    const { clock, events } = await started("@every 1s", undefined, () => Promise.reject(new Error("app answered 500")));
    clock.advance(3000);
    await Promise.resolve();
    expect(events.length).toBe(3);
  });

  it("output delete stops the schedule and answers with the schedule and the stop time", async () => {
    const { cron, clock, events } = await started("@every 1s");
    clock.advance(2000);
    const response = await cron.invoke({ operation: "delete", data: null, metadata: {} });
    expect(response).toEqual({ metadata: { schedule: "@every 1s", stopTimeUTC: "2026-01-05 10:00:02 +0000 UTC" } });
    clock.advance(10_000);
    expect(events.length).toBe(2);
    expect(clock.pending()).toBe(0);
  });

  it("the read signal aborting stops the schedule, and so does close", async () => {
    const a = await started("@every 1s");
    a.clock.advance(1000);
    a.controller.abort();
    a.clock.advance(5000);
    expect(a.events.length).toBe(1);
    expect(a.clock.pending()).toBe(0);
    const b = await started("@every 1s");
    await b.cron.close();
    b.clock.advance(5000);
    expect(b.events.length).toBe(0);
  });

  it("an operation other than delete is a request error", async () => {
    const { cron } = await started("@every 1s");
    await expect(cron.invoke({ operation: "create", data: null, metadata: {} })).rejects.toThrow("unsupported operation create");
  });
});
