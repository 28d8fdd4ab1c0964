import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Resource } from "../apis/types.js";
import { validateResource } from "../apis/validate.js";

/** A manifest that did not validate: reported by file and field, then skipped. */
export interface ManifestError {
  file: string;
  /** Where a YAML syntax error is (1-based), with the lines around it. */
  line?: number;
  column?: number;
  excerpt?: string;
  kind?: string;
  name?: string;
  field: string;
  message: string;
}

export function formatManifestError(error: ManifestError): string {
  const what = error.kind || error.name ? ` ${error.kind ?? "resource"}${error.name ? ` ${JSON.stringify(error.name)}` : ""}:` : "";
  const at = error.line === undefined ? error.file : `${error.file}:${error.line}:${error.column ?? 1}`;
  return `${at}:${what} ${error.field}: ${error.message}`;
}

export interface LoadResult {
  resources: Resource[];
  errors: ManifestError[];
  /** Documents read (valid or not; empty ones do not count). */
  documents: number;
}

/**
 * Parses one file's text (multi-document YAML or JSON) into validated resources and per-field errors.
 * The YAML parser (72 modules) is loaded on the first file: in Kubernetes mode resources arrive as JSON.
 */
export async function parseManifests(text: string, file: string): Promise<LoadResult> {
  // yaml is CommonJS: its module.exports, the default export, is what Node and the bundle (scripts/bundle.mjs) agree on.
  const { parseAllDocuments } = (await import("yaml")).default;
  const result: LoadResult = { resources: [], errors: [], documents: 0 };
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) {
      result.documents += 1;
      result.errors.push(yamlError(file, text, doc.errors[0]!));
      continue;
    }
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    result.documents += 1;
    const validated = validateResource(value);
    if (validated.ok) result.resources.push(validated.resource);
    else for (const e of validated.errors) result.errors.push({ file, kind: validated.kind, name: validated.name, ...e });
  }
  return result;
}

/**
 * The parser's message without its own trailing code frame ("... at line 3, column 5:"), its position,
 * and the offending line with the one before it and a caret under the column.
 */
function yamlError(file: string, text: string, error: { message: string; linePos?: [{ line: number; col: number }, ...unknown[]] }): ManifestError {
  const message = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
  const position = error.linePos?.[0];
  if (!position) return { file, field: "(yaml)", message };
  const lines = text.split(/\r?\n/);
  const width = String(position.line).length;
  const show = (n: number): string => `  ${String(n).padStart(width)} | ${lines[n - 1] ?? ""}`;
  const frame = [...(position.line > 1 ? [show(position.line - 1)] : []), show(position.line), `  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, position.col - 1))}^`];
  return { file, line: position.line, column: position.col, field: "(yaml)", message, excerpt: frame.join("\n") };
}

const MANIFEST_FILE = /\.ya?ml$/i;

/** The manifest files a resources folder contributes: YAML files directly under it, in name order (as Dapr's standalone loader). */
export async function manifestFilesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  return entries.filter((d) => d.isFile() && MANIFEST_FILE.test(d.name)).map((d) => path.join(folder, d.name)).sort();
}
