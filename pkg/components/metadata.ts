import { parseBool, parseByteSize, parseDurationMs } from "../util/parse.js";

/** A metadata problem that names the component and the field, as a user reading the manifest needs. */
export class MetadataError extends Error {
  constructor(component: string, type: string, field: string, problem: string) {
    super(`component ${JSON.stringify(component)} (${type}): metadata field ${JSON.stringify(field)} ${problem}`);
    this.name = "MetadataError";
  }
}

/**
 * Resolved component metadata (secretKeyRefs already replaced by their values) with typed getters.
 * Names are matched case-insensitively, as Dapr does, and each getter takes aliases.
 */
export class ComponentMetadata {
  private readonly values = new Map<string, string>();

  constructor(
    readonly componentName: string,
    readonly type: string,
    entries: Iterable<[string, string]>,
  ) {
    for (const [name, value] of entries) this.values.set(name.toLowerCase(), value);
  }

  static of(componentName: string, type: string, values: Record<string, string>): ComponentMetadata {
    return new ComponentMetadata(componentName, type, Object.entries(values));
  }

  /** All entries, lower-cased names; for components that pass unknown keys through. */
  entries(): IterableIterator<[string, string]> {
    return this.values.entries();
  }

  error(field: string, problem: string): MetadataError {
    return new MetadataError(this.componentName, this.type, field, problem);
  }

  private lookup(name: string, aliases: readonly string[]): [string, string] | undefined {
    for (const candidate of [name, ...aliases]) {
      const value = this.values.get(candidate.toLowerCase());
      if (value !== undefined && value !== "") return [candidate, value];
    }
    return undefined;
  }

  string(name: string, aliases: readonly string[] = []): string | undefined {
    return this.lookup(name, aliases)?.[1];
  }

  requireString(name: string, aliases: readonly string[] = []): string {
    const value = this.string(name, aliases);
    if (value === undefined) throw this.error(name, "is required");
    return value;
  }

  /** A certificate or key given inline: PEM text, refused naming the field otherwise. */
  pem(name: string): string | undefined {
    const value = this.string(name);
    if (value !== undefined && !/-----BEGIN [A-Z0-9 ]+-----/.test(value)) throw this.error(name, "must be PEM text (-----BEGIN ...)");
    return value;
  }

  bool(name: string, fallback: boolean, aliases: readonly string[] = []): boolean {
    const found = this.lookup(name, aliases);
    if (!found) return fallback;
    const parsed = parseBool(found[1]);
    if (parsed === undefined) throw this.error(found[0], `must be true or false, got ${JSON.stringify(found[1])}`);
    return parsed;
  }

  /** Milliseconds; Go-style durations (`500ms`, `1m30s`) or a bare number of milliseconds. */
  durationMs(name: string, fallbackMs: number, aliases: readonly string[] = []): number {
    const found = this.lookup(name, aliases);
    if (!found) return fallbackMs;
    const parsed = parseDurationMs(found[1]);
    if (parsed === undefined) throw this.error(found[0], `must be a duration such as 500ms or 1m30s, got ${JSON.stringify(found[1])}`);
    return parsed;
  }

  int(name: string, fallback: number, bounds: { min?: number; max?: number } = {}, aliases: readonly string[] = []): number {
    const found = this.lookup(name, aliases);
    if (!found) return fallback;
    const parsed = /^-?\d+$/.test(found[1].trim()) ? Number(found[1]) : Number.NaN;
    if (!Number.isSafeInteger(parsed)) throw this.error(found[0], `must be an integer, got ${JSON.stringify(found[1])}`);
    if (bounds.min !== undefined && parsed < bounds.min) throw this.error(found[0], `must be at least ${bounds.min}`);
    if (bounds.max !== undefined && parsed > bounds.max) throw this.error(found[0], `must be at most ${bounds.max}`);
    return parsed;
  }

  bytes(name: string, fallback: number, aliases: readonly string[] = []): number {
    const found = this.lookup(name, aliases);
    if (!found) return fallback;
    const parsed = parseByteSize(found[1]);
    if (parsed === undefined) throw this.error(found[0], `must be a size such as 1024 or 4Mi, got ${JSON.stringify(found[1])}`);
    return parsed;
  }

  /** A comma-separated list (`a, b,c`), empty entries dropped. */
  list(name: string, aliases: readonly string[] = []): string[] {
    const value = this.string(name, aliases);
    return value === undefined ? [] : value.split(",").map((s) => s.trim()).filter((s) => s !== "");
  }
}
