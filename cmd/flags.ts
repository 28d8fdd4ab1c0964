import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { parseBool, parseByteSize, parseDurationMs } from "../pkg/util/parse.js";

/** Flag parsing shared by runtimed, runtime-injector and runtime-status-controller, so all three answer bad values alike (exit 2). */

/** A command-line problem: main prints it and exits 2. */
export class UsageError extends Error {}

/** Commander's way of saying it printed --help or --version: the process exits 0. */
export function isHelpOrVersion(error: unknown): boolean {
  return error instanceof CommanderError && ["commander.helpDisplayed", "commander.help", "commander.version"].includes(error.code);
}

/** A program quiet on errors (its main prints one line), help on stdout, no stray arguments. */
export function quietProgram(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: (s) => process.stdout.write(s) })
    .allowExcessArguments(false);
}

/** Parses argv; help and version pass through, any other commander error becomes a UsageError. */
export function parseOrUsage(program: Command, argv: readonly string[]): void {
  try {
    program.parse([...argv], { from: "user" });
  } catch (error) {
    if (isHelpOrVersion(error)) throw error;
    throw new UsageError((error as Error).message.replace(/^error: /, ""));
  }
}

/** --log-level and --log-as-json, alike on every program. */
export function addLogFlags(program: Command): Command {
  return program
    .addOption(new Option("--log-level <level>", "log level").choices(["error", "warn", "info", "debug"]).default("info"))
    .option("--log-as-json [bool]", "JSON log lines", bool, false);
}

/** A repeatable flag whose values may also be comma-separated. */
export function commaList(value: string, previous: string[]): string[] {
  return [...previous, ...value.split(",").map((s) => s.trim()).filter(Boolean)];
}

export function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InvalidArgumentError("must be a port number (0-65535)");
  return n;
}

export function bool(value: string): boolean {
  const b = parseBool(value);
  if (b === undefined) throw new InvalidArgumentError("must be true or false");
  return b;
}

export function bytes(value: string): number {
  const b = parseByteSize(value);
  if (b === undefined || b === 0) throw new InvalidArgumentError("must be a size such as 4Mi or 1048576");
  return b;
}

/** A bare number is seconds (as Dapr's flags take them); otherwise a Go duration such as 500ms or 5s. Returns ms. */
export function seconds(value: string): number {
  const n = Number(value);
  if (Number.isFinite(n) && n >= 0) return n * 1000;
  const ms = parseDurationMs(value);
  if (ms === undefined) throw new InvalidArgumentError("must be a number of seconds or a duration such as 5s");
  return ms;
}

/** daprd's app protocols: runtimed calls apps over plain HTTP/1.1 or gRPC. */
export function appProtocol(value: string): "http" | "grpc" {
  if (value === "http" || value === "grpc") return value;
  if (["https", "grpcs", "h2c"].includes(value)) {
    throw new InvalidArgumentError(`${value} is a Dapr app protocol runtimed does not speak: it calls the app over http or grpc (no TLS to the app, no HTTP/2 cleartext); put a TLS proxy in front of the app or serve plain http/grpc on its port`);
  }
  throw new InvalidArgumentError("must be http or grpc");
}
