/**
 * Go-style value parsing shared by resources and component metadata (docs/components/README.md):
 * durations like `500ms`, `3s`, `1m30s` (a bare number means milliseconds, as in Dapr),
 * booleans in any case, Kubernetes-style byte quantities (`4Mi`).
 */

const DURATION_UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  "µs": 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Milliseconds of a Go duration string or a bare number of milliseconds; undefined when malformed. */
export function parseDurationMs(input: string | number): number | undefined {
  if (typeof input === "number") return Number.isFinite(input) && input >= 0 ? input : undefined;
  const text = input.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const part = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (let match = part.exec(text); match; match = part.exec(text)) {
    total += Number(match[1]) * DURATION_UNITS_MS[match[2]!]!;
    consumed = part.lastIndex;
  }
  return consumed === text.length ? total : undefined;
}

/** `true`/`false` in any case, as strings or booleans; undefined when neither. */
export function parseBool(input: string | boolean): boolean | undefined {
  if (typeof input === "boolean") return input;
  const text = input.trim().toLowerCase();
  if (text === "true") return true;
  if (text === "false") return false;
  return undefined;
}

const BYTE_SUFFIXES: Record<string, number> = {
  "": 1,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
};

/** Bytes of a quantity such as `4Mi`, `512Ki`, `1000`; undefined when malformed. */
export function parseByteSize(input: string): number | undefined {
  const match = /^(\d+)(Ki|Mi|Gi|k|K|M|G)?$/.exec(input.trim());
  if (!match) return undefined;
  return Number(match[1]) * BYTE_SUFFIXES[match[2] ?? ""]!;
}

/**
 * A JSON object's field read as Go's encoding/json reads it (Dapr decodes request bodies so): the exact
 * name first, otherwise the first key equal to it in any letter case (`entryID` for `entryId`).
 */
export function fieldIgnoringCase(object: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(object, name)) return object[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(object)) if (key.toLowerCase() === lower) return object[key];
  return undefined;
}
