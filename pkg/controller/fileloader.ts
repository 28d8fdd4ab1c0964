import { watch, type FSWatcher } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Resource } from "../apis/types.js";
import { scoped, type Logger } from "../diagnostics/logger.js";
import { formatManifestError, manifestFilesIn, parseManifests } from "./files.js";
import { resourceKey } from "./differ.js";
import { describeUnserved, unservedBuildingBlock } from "./unserved.js";
import type { ResourceLoader } from "./loader.js";

const DEFAULT_EMPTY_SETTLE_MS = 2000;

export interface FileLoaderOptions {
  folders: readonly string[];
  logger: Logger;
  /** Quiet time after the last file event before re-reading (editors write in several steps). */
  debounceMs?: number;
  /**
   * How long a file that held resources may read empty before its resources go (default 2 s): a writer that
   * truncates and then writes (`>` in a shell, writeFile) leaves it empty for a moment, and a loaded machine can
   * stretch that moment past the debounce.
   */
  emptySettleMs?: number;
}

/**
 * Standalone mode's loader: every YAML/JSON file directly under each --resources-path folder
 * (as Dapr's standalone loader), re-read on fs.watch events after a debounce and on each resync.
 * A file that stops parsing or validating keeps its last good resources (so a half-saved edit
 * does not remove a serving component), as does a file just emptied, until this loader has read it
 * empty for `emptySettleMs`; a deleted file removes its resources. A folder that cannot be listed for
 * a moment (too many open files) keeps its files' resources; a folder that is gone removes them.
 */
export class FileLoader implements ResourceLoader {
  readonly description: string;
  private readonly logger: Logger;
  private readonly lastGood = new Map<string, Resource[]>();
  /** The last error text reported per file, so a resync does not repeat the same complaint. */
  private readonly reported = new Map<string, string>();
  /** Components of building blocks runtimed does not serve, already reported (file and name). */
  private readonly unservedReported = new Set<string>();
  /** When this loader first read each emptied file empty (its own clock: a file's mtime says when it was truncated, not how long it stayed so). */
  private readonly emptySince = new Map<string, number>();
  private readonly watchers: FSWatcher[] = [];
  private timer?: NodeJS.Timeout;
  private onChange: () => void = () => undefined;
  private current: Resource[] = [];
  private closed = false;
  private reading: Promise<void> = Promise.resolve();

  constructor(private readonly options: FileLoaderOptions) {
    this.description = `files under ${options.folders.join(", ")}`;
    this.logger = scoped(options.logger, "runtime.controller.files");
  }

  async start(signal: AbortSignal, onChange: () => void): Promise<void> {
    this.onChange = onChange;
    await this.resync();
    for (const folder of this.options.folders) {
      try {
        const watcher = watch(folder, { persistent: false }, () => this.schedule());
        watcher.on("error", (error) => this.logger.warn(`watching ${folder} failed: ${error.message}; changes are picked up at the next resync`));
        this.watchers.push(watcher);
      } catch (error) {
        this.logger.warn(`cannot watch ${folder}: ${(error as Error).message}; changes are picked up at the next resync`);
      }
    }
    signal.addEventListener("abort", () => void this.close(), { once: true });
  }

  snapshot(): Resource[] {
    return [...this.current];
  }

  /** Re-reads every folder; calls onChange when the resources differ from the last read. */
  resync(): Promise<void> {
    const run = this.reading.then(() => this.readAll());
    this.reading = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    for (const watcher of this.watchers.splice(0)) watcher.close();
    await this.reading;
  }

  private schedule(delayMs = this.options.debounceMs ?? 100): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.resync().catch((error: unknown) => this.logger.error(`re-reading resources failed: ${(error as Error).message}`));
    }, delayMs);
  }

  private async readAll(): Promise<void> {
    if (this.closed) return;
    const seenFiles = new Set<string>();
    const resources = new Map<string, Resource>();
    for (const folder of this.options.folders) {
      for (const file of (await this.listFolder(folder)) ?? this.knownFilesIn(folder)) {
        seenFiles.add(file);
        for (const resource of await this.readFileResources(file)) {
          if (this.skipUnserved(file, resource)) continue;
          const key = resourceKey(resource);
          if (resources.has(key)) this.logger.warn(`${file}: ${key} is defined more than once; the last definition (in file name order) wins`);
          resources.set(key, resource);
        }
      }
    }
    for (const file of [...this.lastGood.keys()]) if (!seenFiles.has(file)) this.forget(file);
    const next = [...resources.values()];
    const changed = JSON.stringify(next) !== JSON.stringify(this.current);
    this.current = next;
    if (changed && !this.closed) this.onChange();
  }

  /** The folder's manifest files; undefined when it cannot be listed now but may still be there. */
  private async listFolder(folder: string): Promise<string[] | undefined> {
    try {
      const files = await manifestFilesIn(folder);
      this.report(folder, "");
      return files;
    } catch (error) {
      this.report(folder, `cannot read resources folder: ${(error as Error).message}`);
      return (error as NodeJS.ErrnoException).code === "ENOENT" ? [] : undefined;
    }
  }

  /** The files of `folder` read before: their last good resources stand in while it cannot be listed. */
  private knownFilesIn(folder: string): string[] {
    return [...this.lastGood.keys()].filter((file) => path.join(folder, path.basename(file)) === file);
  }

  private async readFileResources(file: string): Promise<Resource[]> {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch {
      // Deleted between listing and reading: the next event or resync settles it.
      return this.lastGood.get(file) ?? [];
    }
    const previous = this.lastGood.get(file);
    if (text.trim() !== "") this.emptySince.delete(file);
    else if (previous && previous.length > 0) {
      // Most likely mid-write: keep serving, and look again once it has read empty long enough to mean it.
      // Timed from this read, not from the file's mtime: on a loaded machine the read, the stat and the
      // clock can each lag by seconds, and a writer that restores timestamps (cp -p) leaves an old mtime.
      const settleMs = this.options.emptySettleMs ?? DEFAULT_EMPTY_SETTLE_MS;
      const since = this.emptySince.get(file) ?? Date.now();
      this.emptySince.set(file, since);
      const emptyForMs = Date.now() - since;
      if (emptyForMs < settleMs) {
        this.schedule(settleMs - emptyForMs);
        return previous;
      }
      this.emptySince.delete(file);
    }
    const parsed = await parseManifests(text, file);
    if (parsed.errors.length === 0) {
      this.lastGood.set(file, parsed.resources);
      this.report(file, "");
      return parsed.resources;
    }
    const errors = parsed.errors.map(formatManifestError).join("; ");
    if (previous) {
      this.report(file, `invalid manifest, keeping the last valid version of this file: ${errors}`);
      return previous;
    }
    this.report(file, `skipping invalid manifest: ${errors}`);
    return parsed.resources;
  }

  /** A dapr.io Component of a building block runtimed does not serve: reported once, not loaded. */
  private skipUnserved(file: string, resource: Resource): boolean {
    const buildingBlock = unservedBuildingBlock(resource);
    if (!buildingBlock || resource.kind !== "Component") return false;
    const key = `${file}\0${resource.metadata.name}`;
    if (!this.unservedReported.has(key)) {
      this.unservedReported.add(key);
      if (resource.spec.ignoreErrors) this.logger.info(`${file}: Component ${JSON.stringify(resource.metadata.name)} (${resource.spec.type}): runtimed does not serve ${buildingBlock}; skipped (ignoreErrors)`);
      else this.logger.warn(describeUnserved(file, resource, buildingBlock));
    }
    return true;
  }

  private forget(file: string): void {
    this.lastGood.delete(file);
    this.emptySince.delete(file);
    this.reported.delete(file);
  }

  private report(where: string, message: string): void {
    if ((this.reported.get(where) ?? "") === message) return;
    this.reported.set(where, message);
    if (message) this.logger.error(`${message.startsWith("cannot") ? `${where}: ` : ""}${message}`);
  }
}
