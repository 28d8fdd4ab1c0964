/** The built runtime-injector as a process over HTTPS, with a throw-away certificate (tests stop it by pid). */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const INJECTOR = path.join(ROOT, "dist/cmd/injector/main.js");

export interface RunningInjector {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startInjector(args: string[], env: Record<string, string> = {}): RunningInjector {
  const child = spawn(process.execPath, [INJECTOR, ...args], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** A self-signed EC certificate for localhost as tls.crt and tls.key in `dir`; returns the certificate. */
export function selfSignedCertificate(dir: string): Buffer {
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
    "-keyout", path.join(dir, "tls.key"), "-out", path.join(dir, "tls.crt"),
  ], { stdio: "ignore", timeout: 10_000 });
  return readFileSync(path.join(dir, "tls.crt"));
}
