import { describe, expect, it } from "@jest/globals";
import { wireDialectOf } from "../../pkg/apis/dialect.js";
import type { ComponentResource } from "../../pkg/apis/types.js";
import { notificationBody } from "../../pkg/runtime/configuration/subscriptions.js";

const resource = (apiVersion: string, wireFormat?: string): ComponentResource => ({
  apiVersion,
  kind: "Component",
  metadata: { name: "c" },
  spec: { type: "configuration.local.file", version: "v1", metadata: wireFormat === undefined ? [] : [{ name: "WireFormat", value: wireFormat }] },
});

describe("the wire dialect of a component (docs/components/README.md \"Two dialects on the wire\")", () => {
  it("follows the API group, and wireFormat (any letter case) overrides it either way", () => {
    expect(wireDialectOf(resource("dapr.io/v1alpha1"))).toBe("dapr");
    expect(wireDialectOf(resource("runtime.io/v1alpha1"))).toBe("spec");
    expect(wireDialectOf(resource("dapr.io/v1alpha1", "spec"))).toBe("spec");
    expect(wireDialectOf(resource("runtime.io/v1alpha1", "DAPR"))).toBe("dapr");
  });

  it("shapes a configuration notification as daprd does: items keyed by name, empty fields left out", () => {
    const entries: Array<[string, { value: string; version?: string; metadata?: Record<string, string> }]> = [
      ["orderId1", { value: "103", version: "v2", metadata: { region: "eu" } }],
      ["orderId2", { value: "104", metadata: {} }],
      ["deleted", { value: "" }],
      ["__proto__", { value: "odd key" }],
    ];
    expect(JSON.parse(JSON.stringify(notificationBody("sub-1", entries, "dapr")))).toEqual({
      id: "sub-1",
      items: JSON.parse('{"orderId1": {"value": "103", "version": "v2", "metadata": {"region": "eu"}}, "orderId2": {"value": "104"}, "deleted": {}, "__proto__": {"value": "odd key"}}'),
    });
    expect(notificationBody("sub-1", entries.slice(0, 2), "spec")).toEqual({
      id: "sub-1",
      items: [{ key: "orderId1", value: "103", version: "v2", metadata: { region: "eu" } }, { key: "orderId2", value: "104", version: "", metadata: {} }],
    });
  });
});
