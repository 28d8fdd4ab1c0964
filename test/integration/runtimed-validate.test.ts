import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import { freePort } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { RUNTIMED } from "../support/sidecar.js";

/** `runtimed validate` as CI runs it: the built binary, folders of manifests, exit codes, text and JSON reports. */

const GOOD = {
  "pubsub.yaml": `apiVersion: dapr.io/v1alpha1
kind: Component
metadata:
  name: orderpubsub
spec:
  type: pubsub.redis
  version: v1
  metadata:
  - name: redisHost
    value: localhost:6379
  - name: redisPassword
    value: ""
`,
  "observability.yaml": `apiVersion: dapr.io/v1alpha1
kind: Configuration
metadata:
  name: daprConfig
  namespace: default
spec:
  tracing:
    samplingRate: "1"
    zipkin:
      endpointAddress: "http://localhost:9411/api/v2/spans"
`,
  "subscription.yaml": `apiVersion: runtime.io/v2alpha1
kind: Subscription
metadata: {name: orders}
spec: {pubsubname: orderpubsub, topic: orders, routes: {default: /orders}}
---
apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: secrets}
spec: {type: secretstores.local.env, version: v1}
`,
};

const BROKEN = {
  "a-missing-type.yaml": `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: orders}
spec:
  version: v1
  metadata: [{name: redisHost}]
`,
  "b-unknown-type.yaml": `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: queue}
spec: {type: pubsub.carrier-pigeon, version: v1}
`,
  "c-subscription.yaml": `apiVersion: dapr.io/v2alpha1
kind: Subscription
metadata: {name: sub}
spec: {pubsubname: orderpubsub}
`,
  "d-not-yaml.yaml": "apiVersion: [unclosed\n",
  "e-wrong-version.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: memory}
spec: {type: pubsub.in-memory, version: v9}
`,
};


function validate(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [RUNTIMED, "validate", ...args], { encoding: "utf8", timeout: 15_000, env: { PATH: process.env.PATH ?? "" } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("runtimed validate", () => {
  it("passes a folder of good manifests (dapr.io and runtime.io) with exit 0", async () => {
    const folder = await resourcesFolder(GOOD);
    const result = validate(folder);
    expect(result.stdout.trim()).toBe("3 file(s), 4 valid resource(s): 0 error(s), 0 warning(s)");
    expect(result.status).toBe(0);
  });

  it("reports each problem of a broken folder by file, resource and field, and exits 1", async () => {
    const folder = await resourcesFolder(BROKEN);
    const result = validate(folder);
    expect(result.status).toBe(1);
    const at = (file: string): string => path.join(folder, file);
    const lines = result.stdout.trim().split("\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        `error: ${at("a-missing-type.yaml")}: Component "orders": spec.type: is required`,
        `error: ${at("a-missing-type.yaml")}: Component "orders": spec.metadata[0] (redisHost): needs a value or a secretKeyRef`,
        expect.stringMatching(new RegExp(`^error: ${at("b-unknown-type.yaml")}: Component "queue": spec.type: unknown pubsub component type "pubsub.carrier-pigeon"; known: .*pubsub.in-memory`)),
        `error: ${at("c-subscription.yaml")}: Subscription "sub": spec.topic: is required`,
        `error: ${at("c-subscription.yaml")}: Subscription "sub": spec.routes: is required (routes.default or routes.rules)`,
        expect.stringMatching(new RegExp(`^error: ${at("d-not-yaml.yaml")}: \\(yaml\\): `)),
        expect.stringMatching(new RegExp(`^error: ${at("e-wrong-version.yaml")}: Component "memory": spec.version: pubsub.in-memory has no version "v9"; known: v1`)),
      ]),
    );
    expect(lines.at(-1)).toBe("5 file(s), 2 valid resource(s): 7 error(s), 0 warning(s)");
  });

  it("--output json gives CI the same problems as data", async () => {
    const folder = await resourcesFolder({ "bad.yaml": BROKEN["c-subscription.yaml"], "good.yaml": GOOD["pubsub.yaml"] });
    const result = validate("--output", "json", path.join(folder, "bad.yaml"), path.join(folder, "good.yaml"));
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; resources: number; errors: Array<Record<string, string>>; warnings: unknown[] };
    expect(report.ok).toBe(false);
    expect(report.resources).toBe(1);
    expect(report.errors).toContainEqual({ severity: "error", file: path.join(folder, "bad.yaml"), kind: "Subscription", name: "sub", field: "spec.topic", message: "is required" });
  });

  it("is offline unless --connect, which initialises each component as the sidecar would and reports what fails", async () => {
    const closed = await freePort();
    const folder = await resourcesFolder({
      "redis.yaml": `apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata: {name: nowhere}\nspec:\n  type: pubsub.redis\n  version: v1\n  initTimeout: 2s\n  metadata: [{name: redisHost, value: "127.0.0.1:${closed}"}]\n`,
      "memory.yaml": GOOD["subscription.yaml"],
    });
    expect(validate(folder).status).toBe(0);
    const connected = validate("--connect", folder);
    expect(connected.status).toBe(1);
    const errors = connected.stdout.split("\n").filter((l) => l.startsWith("error:"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`error: ${path.join(folder, "redis.yaml")}: Component "nowhere": (init): component "nowhere" (pubsub.redis) failed to initialise`);
  });

  it("a path that does not exist is an error; a bad flag is a usage error (2)", () => {
    const missing = validate("/no/such/folder");
    expect(missing.status).toBe(1);
    expect(missing.stdout).toContain("error: /no/such/folder: (path): does not exist");
    const usage = validate("--output", "xml", ".");
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("--output");
  });
});
