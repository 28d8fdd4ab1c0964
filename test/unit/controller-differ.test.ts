import { describe, expect, it } from "@jest/globals";
import type { ComponentResource, Resource } from "../../pkg/apis/types.js";
import { Backoff } from "../../pkg/util/backoff.js";
import { diffResources, resourceKey } from "../../pkg/controller/differ.js";

function component(name: string, type: string, extra: Partial<ComponentResource["spec"]> = {}, meta: Partial<ComponentResource["metadata"]> = {}): ComponentResource {
  return { apiVersion: "runtime.io/v1alpha1", kind: "Component", metadata: { name, ...meta }, spec: { type, version: "v1", metadata: [], ...extra } };
}

const applied = (...resources: Resource[]): Map<string, Resource> => new Map(resources.map((r) => [resourceKey(r), r]));
const names = (resources: Resource[]): string[] => resources.map((r) => r.metadata.name);

describe("the differ", () => {
  it("ignores resourceVersion, uid, labels and key order: only the spec (and auth) count", () => {
    const current = component("a", "pubsub.in-memory", { metadata: [{ name: "x", value: "1" }] }, { resourceVersion: "5" });
    const same = { ...component("a", "pubsub.in-memory", {}, { resourceVersion: "9", uid: "u", labels: { l: "v" } }), spec: { metadata: [{ value: "1", name: "x" }], version: "v1", type: "pubsub.in-memory" } };
    expect(diffResources(applied(current), [same])).toEqual({ deletes: [], updates: [], creates: [] });
  });

  it("sees a changed metadata value, version or auth.secretStore as an update", () => {
    const current = component("a", "pubsub.in-memory");
    expect(names(diffResources(applied(current), [component("a", "pubsub.in-memory", { version: "v2" })]).updates)).toEqual(["a"]);
    expect(names(diffResources(applied(current), [{ ...current, auth: { secretStore: "vault" } }]).updates)).toEqual(["a"]);
  });

  it("orders secret stores first for creates and updates and last for deletes", () => {
    const diff = diffResources(applied(component("old-pubsub", "pubsub.redis"), component("old-store", "secretstores.local.file")), [
      component("new-pubsub", "pubsub.redis"),
      component("new-store", "secretstores.local.env"),
    ]);
    expect(names(diff.creates)).toEqual(["new-store", "new-pubsub"]);
    expect(names(diff.deletes)).toEqual(["old-pubsub", "old-store"]);
  });

  it("keys by kind and name, so a Subscription and a Component may share a name", () => {
    const sub: Resource = { apiVersion: "runtime.io/v2alpha1", kind: "Subscription", metadata: { name: "a" }, spec: { pubsubname: "p", topic: "t", routes: { default: "/t" } } };
    expect(names(diffResources(applied(component("a", "pubsub.redis")), [component("a", "pubsub.redis"), sub]).creates)).toEqual(["a"]);
  });
});

describe("backoff", () => {
  it("doubles from the initial delay up to the cap and starts over after reset", () => {
    const b = new Backoff({ initialMs: 100, maxMs: 500 });
    expect([b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([100, 200, 400, 500, 500]);
    b.reset();
    expect(b.next()).toBe(100);
  });
});
