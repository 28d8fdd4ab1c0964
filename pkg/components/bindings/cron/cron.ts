import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { BindingRequestError, type InputHandler, type InvokeRequest, type InvokeResponse } from "../types.js";
import { systemClock, type Clock } from "./clock.js";
import { parseSchedule, type Schedule } from "./schedule.js";

/** Go's time.Time.String() in UTC ("2006-01-02 15:04:05.999999999 +0000 UTC"), the form Dapr puts in readTimeUTC. */
export function goUtcString(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2006-01-02T15:04:05.123Z
  const fraction = iso.slice(20, 23).replace(/0+$/, "");
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ""} +0000 UTC`;
}

/**
 * `bindings.cron`: an input binding that fires on a schedule, each firing an empty event with
 * `timeZone` and `readTimeUTC` metadata. As in Dapr (robfig/cron runs each job on its own
 * goroutine), a firing does not wait for the previous delivery: slow app handlers overlap rather
 * than delay or skip the schedule; a clock that jumps past several firings fires once, then
 * continues from the new time. Output `delete` stops the schedule until the component is reloaded.
 */
export class CronBinding {
  private schedule?: Schedule;
  private scheduleText = "";
  private stopCurrent?: () => void;
  private stopped = false;

  constructor(
    private readonly context: ComponentContext,
    private readonly clock: Clock = systemClock,
  ) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    this.scheduleText = metadata.requireString("schedule");
    try {
      this.schedule = parseSchedule(this.scheduleText);
    } catch (error) {
      throw metadata.error("schedule", `is not a valid schedule (${JSON.stringify(this.scheduleText)}): ${(error as Error).message}`);
    }
    await Promise.resolve();
  }

  features(): string[] {
    return ["input", "output"];
  }

  operations(): string[] {
    return ["delete"];
  }

  async invoke(request: InvokeRequest): Promise<InvokeResponse> {
    if (request.operation !== "delete") throw new BindingRequestError(`unsupported operation ${request.operation}; cron supports delete`);
    this.stop();
    this.context.logger.info(`cron ${this.context.name}: schedule ${this.scheduleText} stopped by the delete operation`);
    await Promise.resolve();
    return { metadata: { schedule: this.scheduleText, stopTimeUTC: goUtcString(this.clock.now()) } };
  }

  async read(handler: InputHandler, signal: AbortSignal): Promise<void> {
    const schedule = this.schedule;
    if (!schedule) throw new Error(`cron ${this.context.name} is not initialised`);
    if (this.stopped) return;
    const logger = this.context.logger;
    const arm = (): void => {
      const now = this.clock.now();
      const due = schedule.next(now);
      this.stopCurrent = this.clock.schedule(Math.max(0, due - now), () => {
        if (this.stopped || signal.aborted) return;
        const firedAt = this.clock.now();
        logger.debug(`cron ${this.context.name}: schedule ${this.scheduleText} fired`);
        handler({ data: Buffer.alloc(0), metadata: { timeZone: schedule.zone, readTimeUTC: goUtcString(firedAt) } }).catch((error: unknown) => {
          // Dapr drops a firing the app did not take: the next one comes on schedule.
          logger.warn(`cron ${this.context.name}: the app did not take the firing of ${goUtcString(firedAt)}: ${(error as Error).message}`);
        });
        arm();
      });
    };
    signal.addEventListener("abort", () => this.stopCurrent?.(), { once: true });
    arm();
    await Promise.resolve();
  }

  private stop(): void {
    this.stopped = true;
    this.stopCurrent?.();
    this.stopCurrent = undefined;
  }

  async close(): Promise<void> {
    this.stop();
    await Promise.resolve();
  }
}
