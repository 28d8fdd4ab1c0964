import { CronExpressionParser } from "cron-parser";
import { parseDurationMs } from "../../../util/parse.js";

/** When a schedule fires next, strictly after a given instant. */
export interface Schedule {
  /** Epoch ms of the first firing after `afterMs`. */
  next(afterMs: number): number;
  /** The IANA zone the schedule is read in. */
  readonly zone: string;
}

// Dapr reads schedules with robfig/cron's SecondOptional parser plus descriptors (dapr/kit/cron):
// cron-parser covers the fields and most descriptors; @midnight and @every are Dapr's own.
const DESCRIPTORS: Readonly<Record<string, string>> = {
  "@yearly": "0 0 0 1 1 *",
  "@annually": "0 0 0 1 1 *",
  "@monthly": "0 0 0 1 * *",
  "@weekly": "0 0 0 * * 0",
  "@daily": "0 0 0 * * *",
  "@midnight": "0 0 0 * * *",
  "@hourly": "0 0 * * * *",
};

/** The zone Go calls time.Local: the process's own. */
function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Parses a schedule in Dapr's forms; throws an Error whose message says what is wrong with it. */
export function parseSchedule(text: string): Schedule {
  let spec = text.trim();
  let zone = localZone();
  const prefix = /^(?:CRON_TZ|TZ)=(\S+)\s+/.exec(spec);
  if (prefix) {
    zone = prefix[1]!;
    if (!validZone(zone)) throw new Error(`unknown time zone ${JSON.stringify(zone)}`);
    spec = spec.slice(prefix[0].length).trim();
  }
  if (spec.startsWith("@every")) {
    const raw = spec.slice("@every".length).trim();
    // Go's time.ParseDuration wants a unit: "@every 15" is an error there, not 15 milliseconds.
    const ms = /[a-zµ]$/i.test(raw) ? parseDurationMs(raw) : undefined;
    if (ms === undefined || ms <= 0) throw new Error(`@every wants a positive duration such as 15s or 1m30s, got ${JSON.stringify(raw)}`);
    return everySchedule(ms, zone);
  }
  const expression = DESCRIPTORS[spec.toLowerCase()] ?? spec;
  if (expression.startsWith("@")) throw new Error(`unknown descriptor ${JSON.stringify(spec)}`);
  const fields = expression.split(/\s+/).length;
  if (fields !== 5 && fields !== 6) throw new Error(`expected 5 fields (minute hour day month weekday), 6 with seconds first, or a descriptor; got ${fields}`);
  try {
    CronExpressionParser.parse(expression, { tz: zone, currentDate: 0 }).next();
  } catch (error) {
    throw new Error((error as Error).message);
  }
  return {
    zone,
    next(afterMs: number): number {
      return CronExpressionParser.parse(expression, { tz: zone, currentDate: afterMs }).next().getTime();
    },
  };
}

/**
 * robfig/cron's constant-delay schedule: the delay rounds down to whole seconds (at least one),
 * and each firing lands on a whole second after the previous run.
 */
function everySchedule(ms: number, zone: string): Schedule {
  const delay = Math.max(1000, Math.floor(ms / 1000) * 1000);
  return {
    zone,
    next: (afterMs) => Math.floor(afterMs / 1000) * 1000 + delay,
  };
}
