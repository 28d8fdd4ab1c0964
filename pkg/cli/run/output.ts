import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";

export type StreamName = "out" | "err";

/** Where one process's output lines go: the console with a prefix, a log file, or both (Dapr's log destinations). */
export interface LineSink {
  write(line: string, stream: StreamName): void;
  close(): Promise<void>;
}

export interface Console {
  stdout: Writable;
  stderr: Writable;
}

/** `== APP == line` on the console; stderr lines stay on stderr. */
export function consoleSink(prefix: string, console: Console): LineSink {
  return {
    write: (line, stream) => void (stream === "err" ? console.stderr : console.stdout).write(`${prefix} ${line}\n`),
    close: async () => undefined,
  };
}

/** The lines as the process wrote them, without a prefix (a file is already per process). */
export function fileSink(file: string): LineSink {
  const out: WriteStream = createWriteStream(file, { flags: "a" });
  return {
    write: (line) => void out.write(`${line}\n`),
    close: async () => {
      out.end();
      await once(out, "close");
    },
  };
}

export function teeSink(sinks: LineSink[]): LineSink {
  return {
    write: (line, stream) => sinks.forEach((sink) => sink.write(line, stream)),
    close: async () => void (await Promise.all(sinks.map((sink) => sink.close()))),
  };
}

/** Feeds a child's stream to the sink line by line; resolves when the stream ends (a last line without a newline included). */
export async function pipeLines(source: Readable, stream: StreamName, sink: LineSink, onLine?: (line: string) => void): Promise<void> {
  const lines = createInterface({ input: source, crlfDelay: Infinity });
  for await (const line of lines) {
    sink.write(line, stream);
    onLine?.(line);
  }
}
