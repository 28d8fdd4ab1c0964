import { describe, expect, it } from "@jest/globals";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import type { MetadataField } from "../../pkg/components/component.js";

/**
 * The docs cannot drift from the code: every registered component type has its page under
 * docs/components/, every metadata field a type declares (its fields.ts, read back with
 * Registry.metadataOf) is a row of that page's table, and every relative link in the docs resolves.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const COMPONENT_DOCS = path.join(ROOT, "docs/components");

const registries = builtinRegistries();
const registered: Array<{ type: string; fields: readonly MetadataField[] | undefined }> = Object.values(registries).flatMap((registry) =>
  [...new Set(registry.types().map((t) => t.replace(/\/[^/]+$/, "")))].map((type) => ({ type, fields: registry.metadataOf(type) })),
);
const described = registered.filter((r) => r.fields !== undefined);
const undescribed = registered.filter((r) => r.fields === undefined);

function pageOf(type: string): string {
  return path.join(COMPONENT_DOCS, `${type}.md`);
}

/** The names in the first cell of each table row: `` `redisHost` `` or `` `jwt` + `seedKey` `` give each backticked name. */
function tableNames(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split("\n")) {
    const cells = line.trim().startsWith("|") ? line.split("|") : [];
    const first = cells[1] ?? "";
    for (const match of first.matchAll(/`([^`]+)`/g)) names.add(match[1]!);
  }
  return names;
}

describe("component pages", () => {
  it("some types are registered at all", () => {
    expect(registered.length).toBeGreaterThan(10);
  });

  it.each(described.map((r) => [r.type, r.fields!] as const))("%s: its page's metadata table lists every field of its fields.ts", (type, fields) => {
    expect(existsSync(pageOf(type))).toBe(true);
    const names = tableNames(readFileSync(pageOf(type), "utf8"));
    const missing = fields.map((f) => f.name).filter((name) => !names.has(name));
    expect(missing).toEqual([]);
  });

  it("every registered type describes its metadata once (fields.ts), so its page and validate are checked against it", () => {
    expect(undescribed.map((r) => r.type)).toEqual([]);
  });

  it("has no page for a type that is not registered", () => {
    const pages = readdirSync(COMPONENT_DOCS).filter((f) => f.endsWith(".md") && f !== "README.md").map((f) => f.replace(/\.md$/, ""));
    const types = new Set(registered.map((r) => r.type));
    expect(pages.filter((p) => !types.has(p))).toEqual([]);
  });
});

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownFiles(full);
    return name.endsWith(".md") ? [full] : [];
  });
}

/** Relative link targets in inline links `[text](target)`, outside fenced code blocks. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("#"));
}

describe("relative links in the docs", () => {
  const files = [path.join(ROOT, "README.md"), path.join(ROOT, "ARCHITECTURE.md"), ...markdownFiles(path.join(ROOT, "docs"))];

  it.each(files.map((f) => [path.relative(ROOT, f), f] as const))("%s: every relative link names a file or folder of the repository", (_name, file) => {
    const broken = relativeLinks(readFileSync(file, "utf8")).filter((target) => {
      const resolved = path.resolve(path.dirname(file), decodeURIComponent(target.split("#")[0]!));
      return !resolved.startsWith(ROOT) || !existsSync(resolved);
    });
    expect(broken).toEqual([]);
  });
});
