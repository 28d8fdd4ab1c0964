import winston from "winston";

export type Logger = winston.Logger;
export type LogLevel = "error" | "warn" | "info" | "debug";

export interface LoggerOptions {
  appId: string;
  level: LogLevel;
  json: boolean;
  /** Where lines go; tests pass a stream to read them back. Default: stdout. */
  stream?: NodeJS.WritableStream;
  /** The current span's ids (tracing on), added to every line written inside a span. */
  traceIds?: () => Record<string, string> | undefined;
}

/**
 * Values that must never reach a log line. Secret stores register what they hand out, so a
 * component that logs an error message containing a password still prints `***`.
 */
export class SecretRedactor {
  private readonly values = new Set<string>();

  add(value: string): void {
    // Very short values would redact ordinary words; secrets that short are not worth the noise.
    if (value.length >= 4) this.values.add(value);
  }

  redact(text: string): string {
    let out = text;
    for (const value of this.values) if (out.includes(value)) out = out.split(value).join("***");
    return out;
  }
}

/** The root logger: every line carries the app-id; children add `scope` (e.g. `runtime.pubsub.redis`) and `component`. */
export function createLogger(options: LoggerOptions, redactor = new SecretRedactor()): Logger {
  const redact = winston.format((info) => {
    if (typeof info.message === "string") info.message = redactor.redact(info.message);
    for (const key of Object.keys(info)) {
      const value = info[key];
      if (typeof value === "string" && key !== "level") info[key] = redactor.redact(value);
    }
    return info;
  });
  const text = winston.format.printf((info) => {
    const { level, message, timestamp, scope, component, app_id: _appId, ...rest } = info;
    const where = [scope, component].filter(Boolean).join(" ");
    const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : "";
    return `${String(timestamp)} ${level} [${where}] ${String(message)}${extra}`;
  });
  const traceIds = options.traceIds;
  const withTrace = winston.format((info) => {
    const ids = traceIds?.();
    if (ids) Object.assign(info, ids);
    return info;
  });
  const transport = options.stream
    ? new winston.transports.Stream({ stream: options.stream })
    : new winston.transports.Console();
  return winston.createLogger({
    level: options.level,
    defaultMeta: { app_id: options.appId },
    format: winston.format.combine(
      winston.format.timestamp(),
      withTrace(),
      redact(),
      options.json ? winston.format.json() : text,
    ),
    transports: [transport],
  });
}

/** A logger named by place, as Dapr names its loggers (`runtime.pubsub`, `runtime.http`). */
export function scoped(logger: Logger, scope: string, component?: string): Logger {
  return logger.child(component ? { scope, component } : { scope });
}
