import { BindingRequestError } from "./types.js";

/**
 * The bytes an output binding acts on, as daprd hands them to a component: bytes as they came
 * (gRPC), anything else as its JSON (daprd's HTTP API marshals `data` back to JSON, so the string
 * "hi" arrives as `"hi"` with its quotes).
 */
export function requestBytes(data: unknown): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(JSON.stringify(data ?? null));
}

/** A request metadata value by its exact name (Dapr reads request metadata so); undefined when absent or empty. */
export function requestValue(metadata: Readonly<Record<string, string>>, name: string): string | undefined {
  const value = Object.hasOwn(metadata, name) ? metadata[name] : undefined;
  return value === undefined || value === "" ? undefined : value;
}

export function requireRequestValue(metadata: Readonly<Record<string, string>>, name: string, operation: string): string {
  const value = requestValue(metadata, name);
  if (value === undefined) throw new BindingRequestError(`metadata.${name} is required for operation ${operation}`);
  return value;
}

/** A whole number of seconds (ttlInSeconds and the like); undefined when absent. */
export function requestSeconds(metadata: Readonly<Record<string, string>>, name: string): number | undefined {
  const raw = requestValue(metadata, name);
  if (raw === undefined) return undefined;
  const value = /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw new BindingRequestError(`metadata.${name} must be a whole number of seconds, got ${JSON.stringify(raw)}`);
  return value;
}
