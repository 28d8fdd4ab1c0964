import { WIRE_DIALECTS, WIRE_FORMAT_FIELD } from "./dialect.js";
import { parseResiliencySpec } from "./resiliency.js";
import { parseBool, parseDurationMs } from "../util/parse.js";
import { parseTracingSpec } from "./tracing.js";
import { API_GROUPS, type ComponentResource, type ConfigurationResource, type MetadataItem, type Resource, type ResiliencyResource, type SubscriptionResource } from "./types.js";

/** A validation failure that names the field, so a loader can say `file: Component "x": spec.type: is required`. */
export interface FieldError {
  field: string;
  message: string;
}

export type ValidationResult = { ok: true; resource: Resource } | { ok: false; kind?: string; name?: string; errors: FieldError[] };

type Json = Record<string, unknown>;

const NAME_PATTERN = /^[a-zA-Z0-9]([-a-zA-Z0-9_.]{0,251}[a-zA-Z0-9])?$/;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

const KINDS = ["Component", "Subscription", "Configuration", "Resiliency"];

/** Validates one parsed YAML/JSON document as a Component, Subscription, Configuration or Resiliency. */
export function validateResource(doc: unknown): ValidationResult {
  if (!isObject(doc)) return { ok: false, errors: [{ field: "(document)", message: "must be a mapping" }] };
  const errors: FieldError[] = [];
  const kind = typeof doc.kind === "string" ? doc.kind : undefined;
  const meta = isObject(doc.metadata) ? doc.metadata : undefined;
  const name = meta && typeof meta.name === "string" ? meta.name : undefined;

  const apiVersion = typeof doc.apiVersion === "string" ? doc.apiVersion : "";
  const [group, version] = apiVersion.split("/");
  if (!group || !version || !(API_GROUPS as readonly string[]).includes(group)) {
    errors.push({ field: "apiVersion", message: `must be ${API_GROUPS.map((g) => `${g}/<version>`).join(" or ")}, got ${JSON.stringify(doc.apiVersion)}` });
  }
  if (!name) errors.push({ field: "metadata.name", message: "is required" });
  else if (!NAME_PATTERN.test(name)) errors.push({ field: "metadata.name", message: `${JSON.stringify(name)} is not a valid name` });
  if (doc.scopes !== undefined && !isStringArray(doc.scopes)) errors.push({ field: "scopes", message: "must be a list of app ids" });

  const spec = doc.spec;
  if (!isObject(spec)) {
    errors.push({ field: "spec", message: "is required and must be a mapping" });
  } else if (kind === "Component") {
    validateComponentSpec(spec, errors);
    if (doc.auth !== undefined && (!isObject(doc.auth) || (doc.auth.secretStore !== undefined && typeof doc.auth.secretStore !== "string"))) {
      errors.push({ field: "auth.secretStore", message: "must be a string" });
    }
  } else if (kind === "Subscription") {
    validateSubscriptionSpec(spec, errors);
  } else if (kind === "Configuration") {
    validateConfigurationSpec(spec, errors);
  } else if (kind === "Resiliency") {
    // Compiles every trip too: a trip that does not compile is rejected here, by field.
    parseResiliencySpec(spec, errors);
  }
  if (!kind || !KINDS.includes(kind)) {
    errors.push({ field: "kind", message: `must be ${KINDS.slice(0, -1).join(", ")} or ${KINDS.at(-1)}, got ${JSON.stringify(doc.kind)}` });
  }
  if (errors.length > 0) return { ok: false, kind, name, errors };
  return { ok: true, resource: normalise(doc as unknown as Resource) };
}

function validateComponentSpec(spec: Json, errors: FieldError[]): void {
  if (typeof spec.type !== "string" || spec.type === "") errors.push({ field: "spec.type", message: "is required" });
  else if (!/^[a-z0-9]+\.[a-z0-9.-]+$/i.test(spec.type)) errors.push({ field: "spec.type", message: `${JSON.stringify(spec.type)} is not of the form <kind>.<name>` });
  if (typeof spec.version !== "string" || spec.version === "") errors.push({ field: "spec.version", message: "is required (for example v1)" });
  if (spec.initTimeout !== undefined && (typeof spec.initTimeout !== "string" || parseDurationMs(spec.initTimeout) === undefined)) {
    errors.push({ field: "spec.initTimeout", message: `${JSON.stringify(spec.initTimeout)} is not a duration such as 5s` });
  }
  if (spec.ignoreErrors !== undefined && (typeof spec.ignoreErrors !== "string" && typeof spec.ignoreErrors !== "boolean" || parseBool(spec.ignoreErrors) === undefined)) {
    errors.push({ field: "spec.ignoreErrors", message: "must be true or false" });
  }
  const metadata = spec.metadata ?? [];
  if (!Array.isArray(metadata)) {
    errors.push({ field: "spec.metadata", message: "must be a list of {name, value} or {name, secretKeyRef}" });
    return;
  }
  const seen = new Set<string>();
  metadata.forEach((item: unknown, index) => {
    const at = `spec.metadata[${index}]`;
    if (!isObject(item)) return void errors.push({ field: at, message: "must be a mapping" });
    if (typeof item.name !== "string" || item.name === "") return void errors.push({ field: `${at}.name`, message: "is required" });
    const field = `spec.metadata[${index}] (${item.name})`;
    if (seen.has(item.name)) errors.push({ field, message: "is given twice" });
    seen.add(item.name);
    const hasValue = item.value !== undefined && item.value !== null;
    const ref = item.secretKeyRef;
    if (hasValue && ref !== undefined) errors.push({ field, message: "has both value and secretKeyRef" });
    if (!hasValue && ref === undefined) errors.push({ field, message: "needs a value or a secretKeyRef" });
    if (hasValue && !["string", "number", "boolean"].includes(typeof item.value)) errors.push({ field: `${field}.value`, message: "must be a string" });
    if (ref !== undefined && (!isObject(ref) || typeof ref.name !== "string" || ref.name === "" || (ref.key !== undefined && typeof ref.key !== "string"))) {
      errors.push({ field: `${field}.secretKeyRef`, message: "needs a name (and optionally a key)" });
    }
    if (item.name.toLowerCase() === WIRE_FORMAT_FIELD.toLowerCase() && !(typeof item.value === "string" && (WIRE_DIALECTS as readonly string[]).includes(item.value.trim().toLowerCase()))) {
      errors.push({ field: `${field}.value`, message: `must be ${WIRE_DIALECTS.join(" or ")} (docs/components/README.md "Two dialects on the wire"), got ${JSON.stringify(item.value ?? item.secretKeyRef)}` });
    }
  });
}

function validateSubscriptionSpec(spec: Json, errors: FieldError[]): void {
  if (typeof spec.pubsubname !== "string" || spec.pubsubname === "") errors.push({ field: "spec.pubsubname", message: "is required" });
  if (typeof spec.topic !== "string" || spec.topic === "") errors.push({ field: "spec.topic", message: "is required" });
  // v1alpha1 subscriptions carry a single `route`; v2alpha1 carry `routes`.
  const routes = spec.routes;
  if (routes === undefined && typeof spec.route !== "string") errors.push({ field: "spec.routes", message: "is required (routes.default or routes.rules)" });
  if (routes !== undefined) {
    if (!isObject(routes)) errors.push({ field: "spec.routes", message: "must be a mapping" });
    else {
      if (routes.default !== undefined && typeof routes.default !== "string") errors.push({ field: "spec.routes.default", message: "must be a string" });
      if (routes.rules !== undefined) {
        if (!Array.isArray(routes.rules)) errors.push({ field: "spec.routes.rules", message: "must be a list" });
        else routes.rules.forEach((rule: unknown, i) => {
          if (!isObject(rule) || typeof rule.match !== "string" || typeof rule.path !== "string") errors.push({ field: `spec.routes.rules[${i}]`, message: "needs match and path strings" });
        });
      }
      if (routes.default === undefined && (!Array.isArray(routes.rules) || routes.rules.length === 0)) errors.push({ field: "spec.routes", message: "needs a default or at least one rule" });
    }
  }
  if (spec.metadata !== undefined && (!isObject(spec.metadata) || !Object.values(spec.metadata).every((v) => typeof v === "string"))) {
    errors.push({ field: "spec.metadata", message: "must be a mapping of strings" });
  }
  if (spec.deadLetterTopic !== undefined && typeof spec.deadLetterTopic !== "string") errors.push({ field: "spec.deadLetterTopic", message: "must be a string" });
  const bulk = spec.bulkSubscribe;
  if (bulk !== undefined) {
    if (!isObject(bulk)) errors.push({ field: "spec.bulkSubscribe", message: "must be a mapping" });
    else {
      if (typeof bulk.enabled !== "boolean") errors.push({ field: "spec.bulkSubscribe.enabled", message: "must be true or false" });
      for (const key of ["maxMessagesCount", "maxAwaitDurationMs"] as const) {
        if (bulk[key] !== undefined && (!Number.isInteger(bulk[key]) || (bulk[key] as number) <= 0)) errors.push({ field: `spec.bulkSubscribe.${key}`, message: "must be a positive integer" });
      }
    }
  }
}

function validateConfigurationSpec(spec: Json, errors: FieldError[]): void {
  parseTracingSpec(spec.tracing, errors);
  const secrets = spec.secrets;
  if (secrets === undefined) return;
  if (!isObject(secrets)) return void errors.push({ field: "spec.secrets", message: "must be a mapping" });
  const scopes = secrets.scopes ?? [];
  if (!Array.isArray(scopes)) return void errors.push({ field: "spec.secrets.scopes", message: "must be a list" });
  scopes.forEach((scope: unknown, i) => {
    const at = `spec.secrets.scopes[${i}]`;
    if (!isObject(scope)) return void errors.push({ field: at, message: "must be a mapping" });
    if (typeof scope.storeName !== "string" || scope.storeName === "") errors.push({ field: `${at}.storeName`, message: "is required" });
    if (scope.defaultAccess !== undefined && scope.defaultAccess !== "allow" && scope.defaultAccess !== "deny") errors.push({ field: `${at}.defaultAccess`, message: "must be allow or deny" });
    for (const key of ["allowedSecrets", "deniedSecrets"] as const) {
      if (scope[key] !== undefined && !isStringArray(scope[key])) errors.push({ field: `${at}.${key}`, message: "must be a list of secret names" });
    }
  });
}

/** Fills defaults and turns scalar metadata values into strings (YAML may read `6379` as a number). */
function normalise(resource: Resource): Resource {
  if (resource.kind === "Component") return normaliseComponent(resource);
  if (resource.kind === "Subscription") return normaliseSubscription(resource);
  return resource satisfies ConfigurationResource | ResiliencyResource;
}

function normaliseComponent(resource: ComponentResource): ComponentResource {
  const metadata: MetadataItem[] = (resource.spec.metadata ?? []).map((item) =>
    item.secretKeyRef ? { name: item.name, secretKeyRef: { ...item.secretKeyRef } } : { name: item.name, value: String(item.value) },
  );
  const ignoreErrors = resource.spec.ignoreErrors === undefined ? undefined : parseBool(resource.spec.ignoreErrors as string | boolean);
  return { ...resource, spec: { ...resource.spec, metadata, ignoreErrors } };
}

function normaliseSubscription(resource: SubscriptionResource): SubscriptionResource {
  const spec = resource.spec as SubscriptionResource["spec"] & { route?: string };
  const routes = spec.routes ?? { default: spec.route };
  return { ...resource, spec: { ...spec, routes } };
}
