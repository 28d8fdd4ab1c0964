/**
 * A small checker of Kubernetes structural OpenAPI v3 schemas, enough for our CRDs: the structural
 * rules the API server enforces on a CRD, and validation of an object against the schema as the API
 * server does it (null values and unknown fields are pruned, not rejected; then types, required,
 * patterns, bounds, enum, oneOf/anyOf/not, map-list key uniqueness, and x-kubernetes-validations in
 * CEL through @bufbuild/cel with `self` bound to the node).
 */
import { run, type CelInput } from "@bufbuild/cel";

export interface Schema {
  type?: "object" | "array" | "string" | "integer" | "number" | "boolean";
  description?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minimum?: number;
  nullable?: boolean;
  default?: unknown;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  "x-kubernetes-preserve-unknown-fields"?: boolean;
  "x-kubernetes-int-or-string"?: boolean;
  "x-kubernetes-list-type"?: "atomic" | "set" | "map";
  "x-kubernetes-list-map-keys"?: string[];
  "x-kubernetes-validations"?: Array<{ rule: string; message?: string }>;
}

const JUNCTORS = ["oneOf", "anyOf", "allOf", "not"] as const;
const FORBIDDEN_IN_JUNCTORS = ["type", "description", "default", "additionalProperties", "nullable"] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The structural-schema rules (Kubernetes docs, "Specifying a structural schema"); returns violations. */
export function structuralViolations(schema: Schema, path = "openAPIV3Schema"): string[] {
  const out: string[] = [];
  const untyped = schema["x-kubernetes-preserve-unknown-fields"] === true || schema["x-kubernetes-int-or-string"] === true;
  if (!schema.type && !untyped) out.push(`${path}: type is missing`);
  if (schema.type === "array" && !schema.items) out.push(`${path}: items is missing`);
  if (schema.properties && schema.additionalProperties !== undefined && schema.additionalProperties !== false) out.push(`${path}: properties and additionalProperties together`);
  for (const [name, child] of Object.entries(schema.properties ?? {})) out.push(...structuralViolations(child, `${path}.properties.${name}`));
  if (isObject(schema.additionalProperties)) out.push(...structuralViolations(schema.additionalProperties as Schema, `${path}.additionalProperties`));
  if (schema.items) out.push(...structuralViolations(schema.items, `${path}.items`));
  for (const junctor of JUNCTORS) {
    const branches = junctor === "not" ? (schema.not ? [schema.not] : []) : (schema[junctor] ?? []);
    branches.forEach((branch, i) => out.push(...junctorViolations(branch, schema, `${path}.${junctor}[${i}]`)));
  }
  return out;
}

function junctorViolations(branch: Schema, outer: Schema, path: string): string[] {
  const out: string[] = [];
  for (const key of FORBIDDEN_IN_JUNCTORS) if (branch[key] !== undefined) out.push(`${path}: ${key} is not allowed inside a logical junctor`);
  for (const name of Object.keys(branch.properties ?? {})) {
    if (!outer.properties?.[name]) out.push(`${path}.properties.${name}: must also be specified outside the junctor`);
    else out.push(...junctorViolations(branch.properties![name]!, outer.properties[name]!, `${path}.properties.${name}`));
  }
  if (branch.items && !outer.items) out.push(`${path}.items: must also be specified outside the junctor`);
  return out;
}

/** JSON numbers that are integers become CEL ints, as the API server's decoding does. */
function toCel(value: unknown): unknown {
  if (typeof value === "number" && Number.isInteger(value)) return BigInt(value);
  if (Array.isArray(value)) return value.map(toCel);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toCel(v)]));
  return value;
}

function typeMatches(type: Schema["type"], value: unknown): boolean {
  switch (type) {
    case "object": return isObject(value);
    case "array": return Array.isArray(value);
    case "string": return typeof value === "string";
    case "integer": return typeof value === "number" && Number.isInteger(value);
    case "number": return typeof value === "number";
    case "boolean": return typeof value === "boolean";
    default: return true;
  }
}

/** Validates `value` against `schema` the way the API server does after pruning; returns field errors. */
export function validateAgainst(schema: Schema, value: unknown, path = ""): string[] {
  const at = path || "<root>";
  const errors: string[] = [];
  if (schema["x-kubernetes-int-or-string"] === true) {
    if (typeof value !== "string" && !(typeof value === "number" && Number.isInteger(value))) return [`${at}: must be an integer or a string`];
  } else if (schema.type && !typeMatches(schema.type, value)) {
    return [`${at}: must be of type ${schema.type}`];
  }
  if (schema.enum && !schema.enum.some((e) => e === value)) errors.push(`${at}: must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(", ")}`);
  if (typeof value === "string") {
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) errors.push(`${at}: must match ${schema.pattern}`);
    if (schema.minLength !== undefined && [...value].length < schema.minLength) errors.push(`${at}: must have at least ${schema.minLength} characters`);
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength) errors.push(`${at}: must have at most ${schema.maxLength} characters`);
  }
  if (typeof value === "number" && schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: must be at least ${schema.minimum}`);
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${at}: must have at least ${schema.minItems} items`);
    if (schema.items) value.forEach((item, i) => errors.push(...validateAgainst(schema.items!, item, `${path}[${i}]`)));
    if (schema["x-kubernetes-list-type"] === "map") {
      const keys = schema["x-kubernetes-list-map-keys"] ?? [];
      const seen = new Set<string>();
      for (const item of value) {
        const key = JSON.stringify(keys.map((k) => (isObject(item) ? item[k] : undefined)));
        if (seen.has(key)) errors.push(`${at}: Duplicate value: ${key}`);
        seen.add(key);
      }
    }
  }
  if (isObject(value)) {
    // The API server prunes nulls of non-nullable fields before validating (so `required` then fails).
    const present = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null));
    for (const name of schema.required ?? []) if (!(name in present)) errors.push(`${path ? `${path}.` : ""}${name}: Required value`);
    for (const [name, child] of Object.entries(present)) {
      const childSchema = schema.properties?.[name] ?? (isObject(schema.additionalProperties) ? (schema.additionalProperties as Schema) : undefined);
      if (childSchema) errors.push(...validateAgainst(childSchema, child, path ? `${path}.${name}` : name));
      // Unknown fields are pruned (or kept under x-kubernetes-preserve-unknown-fields): never an error here.
    }
  }
  if (schema.oneOf && schema.oneOf.filter((branch) => validateAgainst(branch, value, path).length === 0).length !== 1) errors.push(`${at}: must match exactly one of the oneOf schemas`);
  if (schema.anyOf && !schema.anyOf.some((branch) => validateAgainst(branch, value, path).length === 0)) errors.push(`${at}: must match at least one of the anyOf schemas`);
  for (const branch of schema.allOf ?? []) errors.push(...validateAgainst(branch, value, path));
  if (schema.not && validateAgainst(schema.not, value, path).length === 0) errors.push(`${at}: must not match the not schema`);
  for (const rule of schema["x-kubernetes-validations"] ?? []) {
    let result: unknown;
    try {
      result = run(rule.rule, { self: toCel(value) as CelInput });
    } catch (error) {
      result = error;
    }
    if (result !== true) errors.push(`${at}: ${rule.message ?? `failed rule: ${rule.rule}`}`);
  }
  return errors;
}
