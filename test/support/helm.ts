/**
 * The real helm binary (env HELM, set by `make test`; else .tools/helm/helm from `make .tools/helm/helm`)
 * rendering the chart, shared by the chart suites.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllDocuments } from "yaml";
import { IN_CI } from "./brokers.js";
import { tempDir } from "./tempdirs.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CHART = path.join(ROOT, "charts/runtime");
const HELM = process.env.HELM ?? path.join(ROOT, ".tools/helm/helm");

/** Whether helm is there; in CI its absence fails the suite instead (tests never skip in CI). */
export function helmPresent(): boolean {
  if (existsSync(HELM)) return true;
  const message = `helm is not at ${HELM} (set HELM or run make .tools/helm/helm)`;
  if (IN_CI) throw new Error(`${message}: CI needs it (tests never skip in CI)`);
  process.stderr.write(`SKIPPING chart tests: ${message}\n`);
  return false;
}

// Rendered manifests are walked field by field after their shape has been validated.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Manifest = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> }; [key: string]: unknown } & Record<string, any>;

let helmHome: string | undefined;

export function helm(args: string[]): { status: number; stdout: string; stderr: string } {
  // Helm writes its cache and config under HOME: a folder of the calling test file's, removed with it.
  helmHome ??= tempDir("helm-home-");
  const result = spawnSync(HELM, args, { encoding: "utf8", timeout: 60_000, env: { PATH: process.env.PATH ?? "", HOME: helmHome } });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export function template(args: string[] = []): Manifest[] {
  const result = helm(["template", "rt", CHART, "--namespace", "runtime-system", "--include-crds", ...args]);
  if (result.status !== 0) throw new Error(`helm template failed: ${result.stderr}`);
  return parseAllDocuments(result.stdout).map((d) => d.toJS() as Manifest | null).filter((m): m is Manifest => m !== null);
}

export function one(manifests: Manifest[], kind: string, name?: string): Manifest {
  const found = manifests.filter((m) => m.kind === kind && (name === undefined || m.metadata.name === name));
  if (found.length !== 1) throw new Error(`expected one ${kind}${name ? ` ${name}` : ""}, found ${found.length}`);
  return found[0]!;
}
