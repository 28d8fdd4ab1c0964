import { readFileSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import type { Logger, SecretRedactor } from "./logger.js";

/**
 * A token read from a file and re-read when the file changes (--api-token-file, --app-token-file),
 * so a token in a mounted Kubernetes Secret rotates without a restart: kubelet swaps the volume's
 * `..data` link, editors rename over the file; the folder is watched for both. A file that is
 * missing, unreadable or empty keeps the last token and says so; it never opens the API.
 */
export class TokenFile {
  private value: string;
  private watcher?: FSWatcher;
  private timer?: NodeJS.Timeout;

  constructor(readonly file: string, private readonly logger: Logger, private readonly redactor: SecretRedactor, debounceMs = 50) {
    const first = this.read();
    if (first === undefined) throw new Error(`token file ${file} is missing, unreadable or empty`);
    this.value = first;
    try {
      this.watcher = watch(path.dirname(file), { persistent: false }, () => {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.reload(), debounceMs);
      });
      this.watcher.on("error", (error) => this.logger.warn(`watching token file ${file} failed: ${error.message}; the token in use stays`));
    } catch (error) {
      this.logger.warn(`cannot watch token file ${file}: ${(error as Error).message}; it is read once`);
    }
  }

  current(): string {
    return this.value;
  }

  close(): void {
    clearTimeout(this.timer);
    this.watcher?.close();
  }

  private reload(): void {
    const next = this.read();
    if (next === undefined) {
      this.logger.warn(`token file ${this.file} is missing, unreadable or empty; the token in use stays`);
      return;
    }
    if (next === this.value) return;
    this.value = next;
    this.logger.info(`token file ${this.file} changed; the new token is in use`);
  }

  private read(): string | undefined {
    try {
      const text = readFileSync(this.file, "utf8").trim();
      if (text === "") return undefined;
      this.redactor.add(text);
      return text;
    } catch {
      return undefined;
    }
  }
}
