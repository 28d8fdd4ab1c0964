import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Resource } from "../apis/types.js";
import { validateResource } from "../apis/validate.js";

/** A manifest that did not validate: reported by file and field, then skipped. */
export interface ManifestError {
  file: string;
  kind?: string;
  name?: string;
  field: string;
  message: string;
}

export function formatManifestError(error: ManifestError): string {
  const what = error.kind || error.name ? ` ${error.kind ?? "resource"}${error.name ? ` ${JSON.stringify(error.name)}` : ""}:` : "";
  return `${error.file}:${what} ${error.field}: ${error.message}`;
}

export interface LoadResult {
  resources: Resource[];
  errors: ManifestError[];
}

/**
 * Parses one file's text (multi-document YAML or JSON) into validated resources and per-field errors.
 * The YAML parser (72 modules) is loaded on the first file: in Kubernetes mode resources arrive as JSON.
 */
export async function parseManifests(text: string, file: string): Promise<LoadResult> {
  const { parseAllDocuments } = await import("yaml");
  const result: LoadResult = { resources: [], errors: [] };
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) {
      result.errors.push({ file, field: "(yaml)", message: doc.errors[0]!.message.split("\n")[0]! });
      continue;
    }
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    const validated = validateResource(value);
    if (validated.ok) result.resources.push(validated.resource);
    else for (const e of validated.errors) result.errors.push({ file, kind: validated.kind, name: validated.name, ...e });
  }
  return result;
}

const MANIFEST_FILE = /\.ya?ml$/i;

/** The manifest files a resources folder contributes: YAML files directly under it, in name order (as Dapr's standalone loader). */
export async function manifestFilesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  return entries.filter((d) => d.isFile() && MANIFEST_FILE.test(d.name)).map((d) => path.join(folder, d.name)).sort();
}
