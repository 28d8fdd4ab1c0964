import { InvalidArgumentError } from "commander";
import { parseBool, parseByteSize, parseDurationMs } from "../pkg/util/parse.js";

/** Flag value parsers shared by runtimed and runtime-injector, so both answer bad values alike (exit 2). */

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
