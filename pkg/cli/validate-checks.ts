import leven from "leven";
import type { ComponentResource, Resource } from "../apis/types.js";
import type { Registries } from "../components/builtins.js";
import { kindOfType, type MetadataField } from "../components/component.js";
import { parseBool, parseByteSize, parseDurationMs } from "../util/parse.js";

/**
 * The checks `runtimed validate` makes beyond the loader's own: metadata keys and values against each
 * component's declared fields (`Registry.metadataOf`), and references between the resources given.
 * Offline: nothing here connects anywhere.
 */

export interface Finding {
  severity: "error" | "warning";
  field: string;
  message: string;
}

/** Unknown keys (with the closest known one), missing required keys, values of the wrong type. */
export function checkMetadata(component: ComponentResource, registries: Registries): Finding[] {
  const kind = kindOfType(component.spec.type);
  const fields = kind ? registries[kind].metadataOf(component.spec.type) : undefined;
  if (!fields) return [];
  const byName = new Map<string, MetadataField>();
  for (const field of fields) for (const name of [field.name, ...(field.aliases ?? [])]) byName.set(name.toLowerCase(), field);
  const findings: Finding[] = [];
  const given = new Set<MetadataField>();
  component.spec.metadata.forEach((item, index) => {
    const at = `spec.metadata[${index}] (${item.name})`;
    const field = byName.get(item.name.toLowerCase());
    if (!field) {
      const near = closest(item.name, [...byName.keys()].map((k) => originalName(fields, k)));
      findings.push({ severity: "warning", field: at, message: `unknown metadata key for ${component.spec.type}, ignored${near ? `; did you mean ${near}?` : ""}` });
      return;
    }
    given.add(field);
    if (item.value === undefined || item.secretKeyRef) return;
    const problem = valueProblem(field, item.value);
    if (problem) findings.push({ severity: "error", field: `${at}.value`, message: problem });
  });
  for (const field of fields) {
    if (field.required && !given.has(field)) findings.push({ severity: "error", field: "spec.metadata", message: `${field.name} is required by ${component.spec.type}` });
  }
  return findings;
}

function originalName(fields: readonly MetadataField[], lower: string): string {
  for (const field of fields) for (const name of [field.name, ...(field.aliases ?? [])]) if (name.toLowerCase() === lower) return name;
  return lower;
}

function closest(given: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = leven(given.toLowerCase(), name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(given.length / 3)) ? best.name : undefined;
}

/** What is wrong with a value for its declared type, or undefined. An empty value means the default. */
function valueProblem(field: MetadataField, value: string): string | undefined {
  const text = value.trim();
  if (text === "") return undefined;
  switch (field.type) {
    case "number":
      return Number.isFinite(Number(text)) ? undefined : `must be a number, got ${JSON.stringify(value)}`;
    case "bool":
      return parseBool(text) === undefined ? `must be true or false, got ${JSON.stringify(value)}` : undefined;
    case "duration":
      return parseDurationMs(/^\d+$/.test(text) ? Number(text) : text) === undefined ? `must be a duration such as 5s or 500ms, got ${JSON.stringify(value)}` : undefined;
    case "bytes":
      return parseByteSize(text) === undefined ? `must be a size such as 4Mi, got ${JSON.stringify(value)}` : undefined;
    case "enum": {
      const allowed = field.allowed ?? [];
      if (allowed.some((a) => a.toLowerCase() === text.toLowerCase())) return undefined;
      const near = closest(text, allowed);
      return `must be one of ${allowed.join(", ")}, got ${JSON.stringify(value)}${near ? ` (did you mean ${near}?)` : ""}`;
    }
    default:
      return undefined;
  }
}

/**
 * Names one resource gives another, resolved among the resources validated together: a Subscription's
 * pub/sub, a Component's `auth.secretStore`, a Configuration's secret scopes, a Resiliency's component targets.
 */
export function checkReferences(resource: Resource, all: readonly Resource[]): Finding[] {
  const components = all.filter((r): r is ComponentResource => r.kind === "Component");
  const named = (prefix: string, name: string): boolean => components.some((c) => c.metadata.name === name && c.spec.type.startsWith(prefix));
  const list = (prefix: string): string => components.filter((c) => c.spec.type.startsWith(prefix)).map((c) => c.metadata.name).join(", ") || "none";
  const findings: Finding[] = [];
  if (resource.kind === "Subscription") {
    const { pubsubname } = resource.spec;
    if (!named("pubsub.", pubsubname)) findings.push({ severity: "warning", field: "spec.pubsubname", message: `names pub/sub ${JSON.stringify(pubsubname)}, which is not among the components given (pub/subs: ${list("pubsub.")}); nothing will be delivered` });
  }
  if (resource.kind === "Component" && resource.auth?.secretStore) {
    const store = resource.auth.secretStore;
    if (!named("secretstores.", store)) {
      // A secretKeyRef through a store that is not there fails the component's start; a bare mention does not.
      const used = resource.spec.metadata.some((m) => m.secretKeyRef);
      findings.push({ severity: used ? "error" : "warning", field: "auth.secretStore", message: `names secret store ${JSON.stringify(store)}, which is not among the components given (secret stores: ${list("secretstores.")})` });
    }
  }
  if (resource.kind === "Configuration") {
    const scopes = (resource.spec as { secrets?: { scopes?: Array<{ storeName?: string }> } }).secrets?.scopes ?? [];
    scopes.forEach((scope, index) => {
      if (scope.storeName && !named("secretstores.", scope.storeName)) findings.push({ severity: "warning", field: `spec.secrets.scopes[${index}].storeName`, message: `names secret store ${JSON.stringify(scope.storeName)}, which is not among the components given (secret stores: ${list("secretstores.")}); the scope applies to nothing` });
    });
  }
  if (resource.kind === "Resiliency") {
    const targets = (resource.spec as { targets?: { components?: Record<string, unknown> } }).targets?.components ?? {};
    for (const name of Object.keys(targets)) {
      if (!components.some((c) => c.metadata.name === name)) findings.push({ severity: "warning", field: `spec.targets.components.${name}`, message: `names component ${JSON.stringify(name)}, which is not among the components given; the policy applies to nothing` });
    }
  }
  return findings;
}
