import { homedir } from "node:os";
import path from "node:path";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where `runtimed run` records its apps for `runtimed list` and `runtimed stop`: RUNTIMED_STATE_DIR when
 * set (tests point it at a temp folder), else the XDG state folder of the user.
 */
export function runRecordsFolder(env: Env): string {
  if (env.RUNTIMED_STATE_DIR) return path.join(env.RUNTIMED_STATE_DIR, "runs");
  const state = env.XDG_STATE_HOME || path.join(env.HOME || homedir(), ".local", "state");
  return path.join(state, "runtimed", "runs");
}
