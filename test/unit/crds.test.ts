import { describe, expect, it } from "@jest/globals";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CustomResourceDefinition } from "kubernetes-models/apiextensions.k8s.io/v1/CustomResourceDefinition";
import { parse, parseAllDocuments } from "yaml";
import { validateResource } from "../../pkg/apis/validate.js";
import { structuralViolations, validateAgainst, type Schema } from "./crds-schema.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CRD_DIR = path.join(ROOT, "crds");
const CHART_CRD_DIR = path.join(ROOT, "charts/runtime/crds");

interface Crd {
  metadata: { name: string };
  spec: {
    group: string;
    names: { kind: string; plural: string };
    versions: Array<{ name: string; served: boolean; storage: boolean; schema: { openAPIV3Schema: Schema }; additionalPrinterColumns?: Array<{ name: string; jsonPath: string; type: string }> }>;
  };
}

const crdFiles = readdirSync(CRD_DIR).filter((f) => f.endsWith(".yaml")).sort();
const crds = new Map<string, Crd>(crdFiles.map((f) => {
  const crd = parse(readFileSync(path.join(CRD_DIR, f), "utf8")) as Crd;
  return [crd.spec.names.kind, crd];
}));

function schemaFor(apiVersion: string, kind: string): Schema {
  const version = apiVersion.split("/")[1];
  const crd = crds.get(kind);
  const served = crd?.spec.versions.find((v) => v.name === version && v.served);
  if (!served) throw new Error(`no served CRD version for ${apiVersion} ${kind}`);
  return served.schema.openAPIV3Schema;
}

/** Both verdicts for one manifest: the sidecar's loader and the API server's schema check. */
function verdicts(doc: Record<string, unknown>): { loader: string[]; crd: string[] } {
  const loaded = validateResource(doc);
  // The CRDs live in runtime.io; dapr.io manifests are checked as if applied to our group.
  const apiVersion = String(doc.apiVersion).replace(/^dapr\.io\//, "runtime.io/");
  return {
    loader: loaded.ok ? [] : loaded.errors.map((e) => `${e.field}: ${e.message}`),
    crd: validateAgainst(schemaFor(apiVersion, String(doc.kind)), { ...doc, apiVersion }),
  };
}

const component = (spec: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ apiVersion: "runtime.io/v1alpha1", kind: "Component", metadata: { name: "store" }, spec, ...extra });
const subscription = (spec: Record<string, unknown>, apiVersion = "runtime.io/v2alpha1"): Record<string, unknown> => ({ apiVersion, kind: "Subscription", metadata: { name: "orders" }, spec });
const configuration = (spec: Record<string, unknown>): Record<string, unknown> => ({ apiVersion: "runtime.io/v1alpha1", kind: "Configuration", metadata: { name: "appconfig" }, spec });
const resiliency = (spec: Record<string, unknown>, apiVersion = "runtime.io/v1alpha1"): Record<string, unknown> => ({ apiVersion, kind: "Resiliency", metadata: { name: "resiliency" }, spec, scopes: ["checkout"] });
const RESILIENCY_POLICIES = {
  timeouts: { general: "5s" },
  retries: { pubsubRetry: { policy: "exponential", maxInterval: "15s", maxRetries: 10, matching: { httpStatusCodes: "500-599,429" } } },
  circuitBreakers: { pubsubCB: { maxRequests: 1, interval: "8s", timeout: "45s", trip: "consecutiveFailures > 8" } },
};

const GOOD: Array<[string, Record<string, unknown>]> = [
  ["a redis pub/sub with values and a secretKeyRef", component({ type: "pubsub.redis", version: "v1", metadata: [{ name: "redisHost", value: "localhost:6379" }, { name: "redisPassword", secretKeyRef: { name: "redis", key: "password" } }] }, { auth: { secretStore: "kubernetes" }, scopes: ["checkout"] })],
  ["a component with no metadata", component({ type: "pubsub.in-memory", version: "v1" })],
  ["numbers and booleans as metadata values", component({ type: "state.redis", version: "v1", metadata: [{ name: "port", value: 6379 }, { name: "tls", value: false }] })],
  ["initTimeout and ignoreErrors", component({ type: "bindings.cloud.eventrouter", version: "v1", initTimeout: "1m30s", ignoreErrors: true, metadata: [] })],
  ["a bare-milliseconds initTimeout", component({ type: "pubsub.redis", version: "v1", initTimeout: "500" })],
  ["a secretKeyRef without key", component({ type: "pubsub.redis", version: "v1", metadata: [{ name: "password", secretKeyRef: { name: "redis" } }] })],
  ["a v2alpha1 subscription with rules and a default", subscription({ pubsubname: "pubsub", topic: "orders", routes: { rules: [{ match: 'event.type == "order"', path: "/orders" }], default: "/other" }, metadata: { rawPayload: "true" }, deadLetterTopic: "dead", bulkSubscribe: { enabled: true, maxMessagesCount: 10, maxAwaitDurationMs: 500 } })],
  ["a subscription with only a default route", subscription({ pubsubname: "pubsub", topic: "orders", routes: { default: "/orders" } })],
  ["a subscription with only rules", subscription({ pubsubname: "pubsub", topic: "orders", routes: { rules: [{ match: "true", path: "/x" }] } })],
  ["a v1alpha1 subscription with route", subscription({ pubsubname: "pubsub", topic: "orders", route: "/orders" }, "runtime.io/v1alpha1")],
  ["a configuration with secret scopes", configuration({ secrets: { scopes: [{ storeName: "local", defaultAccess: "deny", allowedSecrets: ["a", "b"] }] }, features: [{ name: "x", enabled: true }] })],
  ["an empty configuration", configuration({})],
  ["a Dapr resiliency for a pub/sub, apps and actors included", resiliency({ policies: RESILIENCY_POLICIES, targets: { apps: { other: { retry: "pubsubRetry" } }, actors: { a: {} }, components: { pubsub: { outbound: { retry: "pubsubRetry", timeout: "general" }, inbound: { circuitBreaker: "pubsubCB" } } } } }, "dapr.io/v1alpha1")],
  ["an empty resiliency", resiliency({})],
];

const BAD: Array<[string, Record<string, unknown>]> = [
  ["a component without spec", { apiVersion: "runtime.io/v1alpha1", kind: "Component", metadata: { name: "x" } }],
  ["a component without spec.type", component({ version: "v1" })],
  ["a component without spec.version", component({ type: "pubsub.redis" })],
  ["an empty spec.version", component({ type: "pubsub.redis", version: "" })],
  ["a type not of the form kind.name", component({ type: "redis", version: "v1" })],
  ["a metadata entry without value or secretKeyRef", component({ type: "pubsub.redis", version: "v1", metadata: [{ name: "redisHost" }] })],
  ["a metadata entry with a null value", component({ type: "pubsub.redis", version: "v1", metadata: [{ name: "redisHost", value: null }] })],
  ["a metadata entry with both value and secretKeyRef", component({ type: "pubsub.redis", version: "v1", metadata: [{ name: "redisHost", value: "x", secretKeyRef: { name: "s" } }] })],
  ["a metadata entry without name", component({ type: "pubsub.redis", version: "v1", metadata: [{ value: "x" }] })],
  ["a metadata value that is an object", component({ type: "pubsub.redis", version: "v1", metadata: [{ name: "m", value: { nested: 1 } }] })],
  ["a metadata value that is a list", component({ type: "pubsub.redis", version: "v1", metadata: [{ name: "m", value: ["a"] }] })],
  ["a metadata name given twice", component({ type: "pubsub.redis", version: "v1", metadata: [{ name: "a", value: "1" }, { name: "a", value: "2" }] })],
  ["a secretKeyRef without name", component({ type: "pubsub.redis", version: "v1", metadata: [{ name: "p", secretKeyRef: { key: "k" } }] })],
  ["metadata that is not a list", component({ type: "pubsub.redis", version: "v1", metadata: { redisHost: "x" } })],
  ["an initTimeout that is not a duration", component({ type: "pubsub.redis", version: "v1", initTimeout: "soon" })],
  ["scopes that are not strings", component({ type: "pubsub.redis", version: "v1" }, { scopes: [1] })],
  ["auth.secretStore that is not a string", component({ type: "pubsub.redis", version: "v1" }, { auth: { secretStore: 3 } })],
  ["a subscription without routes", subscription({ pubsubname: "pubsub", topic: "orders" })],
  ["routes without default or rules", subscription({ pubsubname: "pubsub", topic: "orders", routes: {} })],
  ["routes with an empty rules list", subscription({ pubsubname: "pubsub", topic: "orders", routes: { rules: [] } })],
  ["a rule without path", subscription({ pubsubname: "pubsub", topic: "orders", routes: { rules: [{ match: "true" }] } })],
  ["a subscription without topic", subscription({ pubsubname: "pubsub", routes: { default: "/x" } })],
  ["a subscription without pubsubname", subscription({ topic: "t", routes: { default: "/x" } })],
  ["subscription metadata that is not strings", subscription({ pubsubname: "p", topic: "t", routes: { default: "/x" }, metadata: { rawPayload: true } })],
  ["bulkSubscribe without enabled", subscription({ pubsubname: "p", topic: "t", routes: { default: "/x" }, bulkSubscribe: { maxMessagesCount: 5 } })],
  ["a zero maxMessagesCount", subscription({ pubsubname: "p", topic: "t", routes: { default: "/x" }, bulkSubscribe: { enabled: true, maxMessagesCount: 0 } })],
  ["a secret scope without storeName", configuration({ secrets: { scopes: [{ defaultAccess: "allow" }] } })],
  ["a secret scope with defaultAccess maybe", configuration({ secrets: { scopes: [{ storeName: "s", defaultAccess: "maybe" }] } })],
  ["allowedSecrets that is not a list", configuration({ secrets: { scopes: [{ storeName: "s", allowedSecrets: "a" }] } })],
  ["a retry policy that is neither constant nor exponential", resiliency({ policies: { retries: { r: { policy: "linear" } } } })],
  ["maxRetries below -1", resiliency({ policies: { retries: { r: { maxRetries: -2 } } } })],
  ["a breaker with maxRequests 0", resiliency({ policies: { circuitBreakers: { cb: { maxRequests: 0 } } } })],
  ["a timeout that is not a string", resiliency({ policies: { timeouts: { t: { seconds: 5 } } } })],
];

describe("CRDs", () => {
  it("are the four runtime.io kinds, one file each", () => {
    expect([...crds.keys()].sort()).toEqual(["Component", "Configuration", "Resiliency", "Subscription"]);
    for (const crd of crds.values()) expect(crd.metadata.name).toBe(`${crd.spec.names.plural}.runtime.io`);
  });

  it("are copied byte for byte into the chart (charts/runtime/crds/)", () => {
    expect(readdirSync(CHART_CRD_DIR).sort()).toEqual(crdFiles);
    for (const file of crdFiles) {
      expect({ file, same: readFileSync(path.join(CHART_CRD_DIR, file)).equals(readFileSync(path.join(CRD_DIR, file))) }).toEqual({ file, same: true });
    }
  });

  it("are valid apiextensions.k8s.io/v1 CustomResourceDefinitions", () => {
    for (const crd of crds.values()) expect(() => new CustomResourceDefinition(crd as never).validate()).not.toThrow();
  });

  it("have structural schemas in every version, with exactly one storage version", () => {
    for (const crd of crds.values()) {
      for (const version of crd.spec.versions) expect({ crd: crd.metadata.name, version: version.name, violations: structuralViolations(version.schema.openAPIV3Schema) }).toEqual({ crd: crd.metadata.name, version: version.name, violations: [] });
      expect(crd.spec.versions.filter((v) => v.storage)).toHaveLength(1);
    }
  });

  it("serve Component v1alpha1, Subscription v2alpha1 (storage) and v1alpha1, Configuration v1alpha1, Resiliency v1alpha1", () => {
    const served = (kind: string): string[] => crds.get(kind)!.spec.versions.filter((v) => v.served).map((v) => `${v.name}${v.storage ? "*" : ""}`);
    expect(served("Component")).toEqual(["v1alpha1*"]);
    expect(served("Subscription")).toEqual(["v2alpha1*", "v1alpha1"]);
    expect(served("Configuration")).toEqual(["v1alpha1*"]);
    expect(served("Resiliency")).toEqual(["v1alpha1*"]);
  });

  it("print TYPE, VERSION, READY, REASON and AGE for kubectl get components", () => {
    const columns = crds.get("Component")!.spec.versions[0]!.additionalPrinterColumns!;
    expect(columns.map((c) => [c.name.toUpperCase(), c.jsonPath, c.type])).toEqual([
      ["TYPE", ".spec.type", "string"],
      ["VERSION", ".spec.version", "string"],
      ["READY", '.status.conditions[?(@.type=="Ready")].status', "string"],
      ["REASON", '.status.conditions[?(@.type=="Ready")].reason', "string"],
      ["AGE", ".metadata.creationTimestamp", "date"],
    ]);
  });

  it("have a status subresource and READY, REASON, AGE columns in every served version", () => {
    for (const crd of crds.values()) {
      for (const version of crd.spec.versions as Array<Crd["spec"]["versions"][number] & { subresources?: { status?: object } }>) {
        const names = (version.additionalPrinterColumns ?? []).map((c) => c.name.toUpperCase());
        expect({ crd: crd.metadata.name, version: version.name, status: version.subresources?.status, tail: names.slice(-3) }).toEqual({ crd: crd.metadata.name, version: version.name, status: {}, tail: ["READY", "REASON", "AGE"] });
        expect(version.schema.openAPIV3Schema.properties?.status).toBeDefined();
      }
    }
  });

  it("the schema checker itself catches structural mistakes (so the test above can fail)", () => {
    expect(structuralViolations({ type: "object", properties: { a: {} } })).toEqual(["openAPIV3Schema.properties.a: type is missing"]);
    expect(structuralViolations({ type: "object", properties: { a: { type: "string" } }, anyOf: [{ type: "object" } as Schema, { properties: { b: {} } }] })).toEqual([
      "openAPIV3Schema.anyOf[0]: type is not allowed inside a logical junctor",
      "openAPIV3Schema.anyOf[1].properties.b: must also be specified outside the junctor",
    ]);
  });
});

describe("CRD schemas and the loader (pkg/apis/validate.ts) agree", () => {
  it.each(GOOD)("both accept %s", (_what, doc) => {
    expect(verdicts(doc)).toEqual({ loader: [], crd: [] });
  });

  it.each(BAD)("both reject %s", (_what, doc) => {
    const { loader, crd } = verdicts(doc);
    expect({ loaderRejects: loader.length > 0, crdRejects: crd.length > 0, loader, crd }).toMatchObject({ loaderRejects: true, crdRejects: true });
  });

  it("both accept every example manifest in examples/", () => {
    const dirs = ["examples/components", "examples/resources"].map((d) => path.join(ROOT, d)).filter((d) => existsSync(d));
    const docs: Array<[string, Record<string, unknown>]> = [];
    for (const dir of dirs) {
      for (const file of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))) {
        for (const doc of parseAllDocuments(readFileSync(path.join(dir, file), "utf8"))) {
          const value = doc.toJS() as Record<string, unknown> | null;
          if (value && ["Component", "Subscription", "Configuration", "Resiliency"].includes(String(value.kind))) docs.push([`${path.basename(dir)}/${file}`, value]);
        }
      }
    }
    expect(docs.length).toBeGreaterThan(0);
    for (const [file, doc] of docs) expect({ file, ...verdicts(doc) }).toEqual({ file, loader: [], crd: [] });
  });

  it("names the known differences: only the typed API is stricter", () => {
    // The loader reads booleans written as strings (as Dapr does); the API server's typed field does not.
    const stringBool = verdicts(component({ type: "pubsub.redis", version: "v1", ignoreErrors: "true" }));
    expect(stringBool.loader).toEqual([]);
    expect(stringBool.crd).toEqual(["spec.ignoreErrors: must be of type boolean"]);
  });
});
