import { describe, expect, it } from "@jest/globals";
import { formatManifestError, parseManifests } from "../../pkg/controller/files.js";

const GOOD = `
apiVersion: runtime.io/v1alpha1
kind: Component
metadata:
  name: orders
spec:
  type: pubsub.redis
  version: v1
  initTimeout: 2s
  ignoreErrors: "TRUE"
  metadata:
    - name: redisHost
      value: localhost:6379
    - name: redisDB
      value: 3
    - name: redisPassword
      secretKeyRef:
        name: redis
        key: password
auth:
  secretStore: local
scopes: [checkout]
---
apiVersion: dapr.io/v2alpha1
kind: Subscription
metadata:
  name: orders-sub
spec:
  pubsubname: orders
  topic: orders
  routes:
    default: /orders
`;

describe("manifest loading", () => {
  it("accepts runtime.io and dapr.io documents from one multi-document file and normalises values to strings", async () => {
    const { resources, errors } = await parseManifests(GOOD, "good.yaml");
    expect(errors).toEqual([]);
    expect(resources.map((r) => r.kind)).toEqual(["Component", "Subscription"]);
    const component = resources[0]!;
    if (component.kind !== "Component") throw new Error("not a component");
    expect(component.spec.metadata).toEqual([
      { name: "redisHost", value: "localhost:6379" },
      { name: "redisDB", value: "3" },
      { name: "redisPassword", secretKeyRef: { name: "redis", key: "password" } },
    ]);
    expect(component.spec.ignoreErrors).toBe(true);
  });

  it("accepts a v1alpha1 subscription with a single route", async () => {
    const { resources, errors } = await parseManifests("apiVersion: dapr.io/v1alpha1\nkind: Subscription\nmetadata: {name: s}\nspec: {pubsubname: p, topic: t, route: /t}\n", "s.yaml");
    expect(errors).toEqual([]);
    expect(resources[0]!.kind === "Subscription" && resources[0]!.spec.routes).toEqual({ default: "/t" });
  });

  it.each([
    ["a missing type", "spec: {version: v1}", "spec.type: is required"],
    ["a missing version", "spec: {type: pubsub.redis}", "spec.version: is required"],
    ["a metadata entry with neither value nor secretKeyRef", "spec: {type: pubsub.redis, version: v1, metadata: [{name: redisHost}]}", "spec.metadata[0] (redisHost): needs a value or a secretKeyRef"],
    ["a metadata entry with both", "spec: {type: pubsub.redis, version: v1, metadata: [{name: a, value: x, secretKeyRef: {name: s}}]}", "has both value and secretKeyRef"],
    ["a duplicated metadata name", "spec: {type: pubsub.redis, version: v1, metadata: [{name: a, value: x}, {name: a, value: y}]}", "is given twice"],
    ["a malformed initTimeout", "spec: {type: pubsub.redis, version: v1, initTimeout: soon}", "spec.initTimeout"],
    ["a type without a kind", "spec: {type: redis, version: v1}", "is not of the form <kind>.<name>"],
    ["a wireFormat that is neither dapr nor spec", "spec: {type: pubsub.redis, version: v1, metadata: [{name: wireFormat, value: daprd}]}", 'spec.metadata[0] (wireFormat).value: must be dapr or spec (docs/components/README.md "Two dialects on the wire"), got "daprd"'],
  ])("reports %s by file, resource and field", async (_what, spec, expected) => {
    const { resources, errors } = await parseManifests(`apiVersion: runtime.io/v1alpha1\nkind: Component\nmetadata: {name: broken}\n${spec}\n`, "/res/broken.yaml");
    expect(resources).toEqual([]);
    const line = errors.map(formatManifestError).join("\n");
    expect(line).toContain('/res/broken.yaml: Component "broken":');
    expect(line).toContain(expected);
  });

  it("rejects foreign API groups and unknown kinds", async () => {
    const { errors } = await parseManifests("apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {}\n", "w.yaml");
    expect(errors.map((e) => e.field).sort()).toEqual(["apiVersion", "kind"]);
  });

  it("reports YAML syntax errors and keeps the valid documents of the same file", async () => {
    const text = `${GOOD}\n---\nkind: [unclosed\n`;
    const { resources, errors } = await parseManifests(text, "mixed.yaml");
    expect(resources).toHaveLength(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.field).toBe("(yaml)");
  });

  it("validates secret scopes in a Configuration", async () => {
    const { errors } = await parseManifests("apiVersion: runtime.io/v1alpha1\nkind: Configuration\nmetadata: {name: c}\nspec:\n  secrets:\n    scopes:\n      - storeName: local\n        defaultAccess: maybe\n", "c.yaml");
    expect(errors.map(formatManifestError)).toEqual(['c.yaml: Configuration "c": spec.secrets.scopes[0].defaultAccess: must be allow or deny']);
  });
});
