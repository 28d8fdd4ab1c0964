import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * What `runtimed run` records about each app it runs, one JSON file per app in a per-user state folder
 * (as `dapr run` keeps its run metadata), so that `runtimed list` and `runtimed stop` find them. A run
 * removes its files when it ends; files of a run that died without doing so are pruned when read.
 */
export interface RunRecord {
  appId: string;
  /** `runtimed run`'s own pid (Dapr's cliPid): SIGTERM to it stops the run as Ctrl-C does. */
  cliPid: number;
  sidecarPid: number;
  appPid?: number;
  /** The process that stops the app if `runtimed run` dies without doing so (pkg/cli/run/reaper.ts). */
  reaperPid?: number;
  httpPort: number;
  grpcPort: number;
  metricsPort?: number;
  appPort?: number;
  command: string[];
  cwd: string;
  runTemplatePath?: string;
  /** ISO time the app started. */
  created: string;
  /** When `runtimed run` started, in the kernel's clock ticks since boot (/proc): tells a reused pid from the run's. */
  startTicks?: string;
}

export class RunRecords {
  constructor(readonly folder: string) {}

  private fileOf(record: Pick<RunRecord, "cliPid" | "appId">): string {
    return path.join(this.folder, `${record.cliPid}-${record.appId.replace(/[^A-Za-z0-9._-]/g, "_")}.json`);
  }

  async add(record: RunRecord): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const file = this.fileOf(record);
    // Written whole, then renamed: a reader never sees half a record.
    await writeFile(`${file}.tmp`, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
    await rename(`${file}.tmp`, file);
  }

  async remove(record: Pick<RunRecord, "cliPid" | "appId">): Promise<void> {
    await rm(this.fileOf(record), { force: true });
  }

  /** The runs still alive, oldest first; records of runs that are gone are deleted on the way. */
  async list(): Promise<RunRecord[]> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const live: RunRecord[] = [];
    for (const name of names.filter((n) => n.endsWith(".json"))) {
      const file = path.join(this.folder, name);
      let record: RunRecord;
      try {
        record = JSON.parse(await readFile(file, "utf8")) as RunRecord;
      } catch {
        await rm(file, { force: true });
        continue;
      }
      if (isRunAlive(record)) live.push(record);
      else await rm(file, { force: true });
    }
    return live.sort((a, b) => a.created.localeCompare(b.created) || a.appId.localeCompare(b.appId));
  }
}

/** Whether `pid` runs (a zombie does not). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    return state !== "Z" && state !== "X";
  } catch {
    return true;
  }
}

/**
 * The app's `runtimed run` still runs, and is that process rather than another that got its pid since;
 * and its sidecar, which lives as long as the app does, still runs.
 */
export function isRunAlive(record: RunRecord): boolean {
  if (!isProcessAlive(record.cliPid) || !isProcessAlive(record.sidecarPid)) return false;
  const ticks = processStartTicks(record.cliPid);
  return record.startTicks === undefined || ticks === undefined || ticks === record.startTicks;
}

/** Field 22 of /proc/<pid>/stat (the start time); undefined where there is no /proc. */
export function processStartTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // pid (comm) state ...: comm may hold spaces, so count from the last ")"; state is field 3.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** "3s", "5m", "2h", "4d", as `dapr list`'s AGE column. */
export function age(created: string, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - Date.parse(created)) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}
