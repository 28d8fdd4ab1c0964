import { watch, type FSWatcher } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { assertJsonDepth } from "../../../util/json.js";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { ConfigurationSubscribers, diffItems, selectItems } from "../subscribers.js";
import type { ConfigurationItem, ConfigurationStore, ConfigurationUpdateHandler } from "../types.js";

const DEFAULT_DEBOUNCE_MS = 50;

/**
 * `configuration.local.file` (docs/components/configuration.local.file.md): a YAML or JSON file of key -> value or
 * {value, version, metadata}. The folder is watched rather than the file, because editors replace a
 * file by renaming a new one over it, which ends a watch on the old inode.
 */
export class LocalFileConfigurationStore implements ConfigurationStore {
  private file = "";
  private debounceMs = DEFAULT_DEBOUNCE_MS;
  private items = new Map<string, ConfigurationItem>();
  private watcher?: FSWatcher;
  private timer?: NodeJS.Timeout;
  private reloading: Promise<void> = Promise.resolve();
  private readonly subscribers: ConfigurationSubscribers;

  constructor(private readonly context: ComponentContext) {
    this.subscribers = new ConfigurationSubscribers(context.logger);
  }

  async init(metadata: ComponentMetadata): Promise<void> {
    this.file = path.resolve(metadata.requireString("path"));
    this.debounceMs = metadata.durationMs("debounce", DEFAULT_DEBOUNCE_MS);
    const text = await readFile(this.file, "utf8").catch((error: NodeJS.ErrnoException) => {
      throw metadata.error("path", `names a file that cannot be read: ${error.message}`);
    });
    this.items = parseItems(text, this.file);
    const name = path.basename(this.file);
    this.watcher = watch(path.dirname(this.file), (_event, changed) => {
      if (changed === null || changed === name) this.scheduleReload();
    });
    this.watcher.on("error", (error) => this.context.logger.error(`watching ${this.file} failed: ${error.message}; edits are no longer seen`));
  }

  features(): string[] {
    return ["SUBSCRIBE"];
  }

  get(keys: string[]): Promise<Map<string, ConfigurationItem>> {
    return Promise.resolve(selectItems(this.items, keys));
  }

  subscribe(keys: string[], _metadata: Record<string, string>, handler: ConfigurationUpdateHandler, signal: AbortSignal): Promise<void> {
    this.subscribers.add(keys, handler, signal);
    return Promise.resolve();
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.watcher?.close();
    this.watcher = undefined;
    this.subscribers.clear();
    await this.reloading;
  }

  /** Editors write in bursts (truncate, write, rename): wait until the burst settles, then read once. */
  private scheduleReload(): void {
    if (!this.watcher) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.reloading = this.reloading.then(() => this.reload());
    }, this.debounceMs);
  }

  private async reload(): Promise<void> {
    if (!this.watcher) return;
    let next: Map<string, ConfigurationItem>;
    try {
      next = parseItems(await readFile(this.file, "utf8"), this.file);
    } catch (error) {
      // A half-saved or malformed edit must not wipe the configuration: keep the last good items.
      this.context.logger.error(`${(error as Error).message}; keeping the last good configuration`);
      return;
    }
    const changes = diffItems(this.items, next);
    this.items = next;
    if (changes.size > 0) {
      this.context.logger.debug(`${this.file} changed: ${[...changes.keys()].join(", ")}`);
      this.subscribers.dispatch(changes);
    }
  }
}

/** key -> scalar, or key -> {value, version?, metadata?}; anything else names the key at fault. */
export function parseItems(text: string, file: string): Map<string, ConfigurationItem> {
  let doc: unknown;
  try {
    doc = text.trim() === "" ? {} : parse(text);
    assertJsonDepth(doc);
  } catch (error) {
    throw new Error(`configuration file ${file} is not valid YAML or JSON: ${(error as Error).message.split("\n")[0]}`);
  }
  if (doc === null || doc === undefined) return new Map();
  if (typeof doc !== "object" || Array.isArray(doc)) throw new Error(`configuration file ${file} must hold a mapping of key to value`);
  const items = new Map<string, ConfigurationItem>();
  for (const [key, raw] of Object.entries(doc as Record<string, unknown>)) {
    if (isScalar(raw)) {
      items.set(key, { value: String(raw) });
      continue;
    }
    if (raw === null || typeof raw !== "object" || Array.isArray(raw) || !("value" in raw) || !isScalar((raw as { value: unknown }).value)) {
      throw new Error(`configuration file ${file}: key ${JSON.stringify(key)} must be a string or {value, version, metadata}`);
    }
    const entry = raw as { value: unknown; version?: unknown; metadata?: unknown };
    const item: ConfigurationItem = { value: String(entry.value) };
    if (entry.version !== undefined && entry.version !== null) item.version = String(entry.version);
    if (entry.metadata !== undefined && entry.metadata !== null) {
      if (typeof entry.metadata !== "object" || Array.isArray(entry.metadata)) throw new Error(`configuration file ${file}: key ${JSON.stringify(key)} has metadata that is not a mapping`);
      item.metadata = Object.fromEntries(Object.entries(entry.metadata as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    }
    items.set(key, item);
  }
  return items;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

export function createLocalFileConfigurationStore(context: ComponentContext): ConfigurationStore {
  return new LocalFileConfigurationStore(context);
}
