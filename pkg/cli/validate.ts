import { readFile, stat } from "node:fs/promises";
import type { ComponentResource, Resource } from "../apis/types.js";
import type { Registries } from "../components/builtins.js";
import { componentTypeErrors } from "../components/typecheck.js";
import { resourceKey } from "../controller/differ.js";
import { formatManifestError, manifestFilesIn, parseManifests } from "../controller/files.js";
import { unservedBuildingBlock, unservedMessage } from "../controller/unserved.js";
import { checkMetadata, checkReferences } from "./validate-checks.js";

/**
 * `runtimed validate`: every manifest read and checked by the sidecar's own code (the file loader's
 * folder rule, parseManifests, the component registries) and by the checks a reviewer makes (metadata
 * keys and values against each component's declared fields, references between resources), offline:
 * nothing connects anywhere unless `connect` is given, which initialises each component as the sidecar
 * would and closes it again.
 */

export interface Problem {
  severity: "error" | "warning";
  file: string;
  kind?: string;
  name?: string;
  field: string;
  message: string;
  /** A YAML syntax error's position and the lines around it. */
  line?: number;
  column?: number;
  excerpt?: string;
}

export interface ValidationReport {
  files: string[];
  /** Documents read, valid or not. */
  resources: number;
  /** Resources without an error. */
  valid: number;
  problems: Problem[];
}

export interface ValidateOptions {
  registries: Registries;
  /** `--connect`: initialise every valid component with its initTimeout and report what fails. */
  connect?: (components: ComponentResource[]) => Promise<Array<{ component: ComponentResource; error: string }>>;
}

export async function validatePaths(paths: readonly string[], options: ValidateOptions): Promise<ValidationReport> {
  const report: ValidationReport = { files: [], resources: 0, valid: 0, problems: [] };
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
  const loaded: Resource[] = [];
  for (const file of [...new Set(report.files)]) {
    const parsed = await parseManifests(await readFile(file, "utf8"), file);
    report.resources += parsed.documents;
    for (const error of parsed.errors) report.problems.push({ severity: "error", ...error });
    for (const resource of parsed.resources) {
      const key = resourceKey(resource);
      const earlier = seen.get(key);
      if (earlier) report.problems.push({ severity: "warning", file, kind: resource.kind, name: resource.metadata.name, field: "metadata.name", message: `also defined in ${earlier}; the sidecar keeps the last one in file name order` });
      seen.set(key, file);
      origin.set(resource, file);
      loaded.push(resource);
    }
  }
  // A dapr.io component of a building block runtimed does not serve is skipped by the sidecar, not loaded.
  const served = loaded.filter((r) => !unservedBuildingBlock(r));
  const failed = new Set<Resource>();
  for (const resource of loaded) {
    const file = origin.get(resource)!;
    const where = { file, kind: resource.kind, name: resource.metadata.name };
    const findings: Array<Omit<Problem, "file" | "kind" | "name">> = [];
    const buildingBlock = unservedBuildingBlock(resource);
    if (buildingBlock && resource.kind === "Component") {
      if (!resource.spec.ignoreErrors) findings.push({ severity: "warning", field: "spec.type", message: `${resource.spec.type}: ${unservedMessage(buildingBlock)}` });
    } else {
      if (resource.kind === "Component") {
        const typeProblems = checkComponentType(resource, file, options.registries);
        findings.push(...typeProblems);
        if (typeProblems.length === 0) findings.push(...checkMetadata(resource, options.registries));
      }
      findings.push(...checkReferences(resource, served));
    }
    for (const finding of findings) report.problems.push({ ...where, ...finding });
    if (findings.some((f) => f.severity === "error")) failed.add(resource);
  }
  report.valid = loaded.length - failed.size;
  // By file, in the order read: a file's YAML and shape errors, then what the checks found in it.
  const order = new Map([...new Set(report.files)].map((file, index) => [file, index]));
  report.problems.sort((a, b) => (order.get(a.file) ?? -1) - (order.get(b.file) ?? -1));
  if (options.connect) {
    const components = served.filter((r): r is ComponentResource => r.kind === "Component" && !failed.has(r));
    for (const { component, error } of await options.connect(components)) {
      report.problems.push({ severity: "error", file: origin.get(component) ?? "", kind: "Component", name: component.metadata.name, field: "(init)", message: error });
      if (!failed.has(component)) report.valid -= 1;
      failed.add(component);
    }
  }
  return report;
}

/** A type or version no registry knows fails the sidecar's start-up; say so now, with the known ones. */
function checkComponentType(component: ComponentResource, file: string, registries: Registries): Problem[] {
  const where = { severity: "error" as const, file, kind: "Component", name: component.metadata.name };
  return componentTypeErrors(component.spec.type, component.spec.version, registries).map((e) => ({ ...where, ...e }));
}

/**
 * One line per problem, as the sidecar logs them (`file: Component "x": field: message`; a YAML error
 * with its lines under it), then a summary.
 */
export function formatReport(report: ValidationReport): string {
  const lines = report.problems.flatMap((p) => [`${p.severity}: ${formatManifestError(p)}`, ...(p.excerpt ? [p.excerpt] : [])]);
  const errors = report.problems.filter((p) => p.severity === "error").length;
  const warnings = report.problems.length - errors;
  lines.push(`${report.files.length} file(s), ${report.resources} resource(s), ${report.valid} valid: ${errors} error(s), ${warnings} warning(s)`);
  return `${lines.join("\n")}\n`;
}

export function reportJson(report: ValidationReport): string {
  const errors = report.problems.filter((p) => p.severity === "error");
  return `${JSON.stringify({ ok: errors.length === 0, files: report.files, resources: report.resources, valid: report.valid, errors, warnings: report.problems.filter((p) => p.severity === "warning") }, null, 2)}\n`;
}

export function hasErrors(report: ValidationReport): boolean {
  return report.problems.some((p) => p.severity === "error");
}
