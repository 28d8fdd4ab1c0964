import { readFile, stat } from "node:fs/promises";
import type { ComponentResource, Resource } from "../apis/types.js";
import type { Registries } from "../components/builtins.js";
import { componentTypeErrors } from "../components/typecheck.js";
import { resourceKey } from "../controller/differ.js";
import { formatManifestError, manifestFilesIn, parseManifests } from "../controller/files.js";

/**
 * `runtimed validate`: every manifest read and checked by the sidecar's own code (the file loader's
 * folder rule, parseManifests, the component registries), offline: nothing connects anywhere unless
 * `connect` is given, which initialises each component as the sidecar would and closes it again.
 */

export interface Problem {
  severity: "error" | "warning";
  file: string;
  kind?: string;
  name?: string;
  field: string;
  message: string;
}

export interface ValidationReport {
  files: string[];
  resources: number;
  problems: Problem[];
}

export interface ValidateOptions {
  registries: Registries;
  /** `--connect`: initialise every valid component with its initTimeout and report what fails. */
  connect?: (components: ComponentResource[]) => Promise<Array<{ component: ComponentResource; error: string }>>;
}

export async function validatePaths(paths: readonly string[], options: ValidateOptions): Promise<ValidationReport> {
  const report: ValidationReport = { files: [], resources: 0, problems: [] };
  for (const given of paths) {
    const info = await stat(given).catch(() => undefined);
    if (!info) report.problems.push({ severity: "error", file: given, field: "(path)", message: "does not exist" });
    else if (info.isDirectory()) {
      const files = await manifestFilesIn(given);
      if (files.length === 0) report.problems.push({ severity: "warning", file: given, field: "(path)", message: "holds no .yaml or .yml files" });
      report.files.push(...files);
    } else report.files.push(given);
  }
  const seen = new Map<string, string>();
  const origin = new Map<Resource, string>();
  const valid: Resource[] = [];
  for (const file of [...new Set(report.files)]) {
    const parsed = await parseManifests(await readFile(file, "utf8"), file);
    for (const error of parsed.errors) report.problems.push({ severity: "error", ...error });
    for (const resource of parsed.resources) {
      report.resources += 1;
      const key = resourceKey(resource);
      const where = { file, kind: resource.kind, name: resource.metadata.name };
      const earlier = seen.get(key);
      if (earlier) report.problems.push({ severity: "warning", ...where, field: "metadata.name", message: `also defined in ${earlier}; the sidecar keeps the last one in file name order` });
      seen.set(key, file);
      origin.set(resource, file);
      valid.push(resource);
      if (resource.kind === "Component") report.problems.push(...checkComponentType(resource, file, options.registries));
    }
  }
  if (options.connect) {
    const components = valid.filter((r): r is ComponentResource => r.kind === "Component" && checkComponentType(r, "", options.registries).length === 0);
    for (const { component, error } of await options.connect(components)) {
      report.problems.push({ severity: "error", file: origin.get(component) ?? "", kind: "Component", name: component.metadata.name, field: "(init)", message: error });
    }
  }
  return report;
}

/** A type or version no registry knows fails the sidecar's start-up; say so now, with the known ones. */
function checkComponentType(component: ComponentResource, file: string, registries: Registries): Problem[] {
  const where = { severity: "error" as const, file, kind: "Component", name: component.metadata.name };
  return componentTypeErrors(component.spec.type, component.spec.version, registries).map((e) => ({ ...where, ...e }));
}

/** One line per problem, as the sidecar logs them (`file: Component "x": field: message`), then a summary. */
export function formatReport(report: ValidationReport): string {
  const lines = report.problems.map((p) => `${p.severity}: ${formatManifestError(p)}`);
  const errors = report.problems.filter((p) => p.severity === "error").length;
  const warnings = report.problems.length - errors;
  lines.push(`${report.files.length} file(s), ${report.resources} valid resource(s): ${errors} error(s), ${warnings} warning(s)`);
  return `${lines.join("\n")}\n`;
}

export function reportJson(report: ValidationReport): string {
  const errors = report.problems.filter((p) => p.severity === "error");
  return `${JSON.stringify({ ok: errors.length === 0, files: report.files, resources: report.resources, errors, warnings: report.problems.filter((p) => p.severity === "warning") }, null, 2)}\n`;
}

export function hasErrors(report: ValidationReport): boolean {
  return report.problems.some((p) => p.severity === "error");
}
