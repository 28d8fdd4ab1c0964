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
  return validateIn(undefined, ...args);
}

function validateIn(cwd: string | undefined, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [RUNTIMED, "validate", ...args], { cwd, encoding: "utf8", timeout: 15_000, env: { PATH: process.env.PATH ?? "" } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("runtimed validate", () => {
  it("passes a folder of good manifests (dapr.io and runtime.io) with exit 0", async () => {
    const folder = await resourcesFolder(GOOD);
    const result = validate(folder);
    expect(result.stdout.trim()).toBe("3 file(s), 4 resource(s), 4 valid: 0 error(s), 0 warning(s)");
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
        expect.stringMatching(new RegExp(`^error: ${at("d-not-yaml.yaml")}:2:1: \\(yaml\\): `)),
        expect.stringMatching(new RegExp(`^error: ${at("e-wrong-version.yaml")}: Component "memory": spec.version: pubsub.in-memory has no version "v9"; known: v1`)),
      ]),
    );
    expect(lines.at(-1)).toBe("5 file(s), 5 resource(s), 0 valid: 7 error(s), 0 warning(s)");
  });

  it("--output json gives CI the same problems as data", async () => {
    const folder = await resourcesFolder({ "bad.yaml": BROKEN["c-subscription.yaml"], "good.yaml": GOOD["pubsub.yaml"] });
    const result = validate("--output", "json", path.join(folder, "bad.yaml"), path.join(folder, "good.yaml"));
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as { ok: boolean; resources: number; valid: number; errors: Array<Record<string, string>>; warnings: unknown[] };
    expect(report.ok).toBe(false);
    expect(report.resources).toBe(2);
    expect(report.valid).toBe(1);
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

/** What a reviewer catches, offline: one file per mistake. */
const REVIEW = {
  "a-config.yaml": `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: flags}
spec:
  type: configuration.redis
  version: v1
  metadata:
  - {name: redisHots, value: "localhost:6379"}
  - {name: redisType, value: clusterr}
  - {name: enableTLS, value: sometimes}
  - {name: dialTimeout, value: soon}
`,
  "b-secrets.yaml": `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: files}
spec:
  type: secretstores.local.file
  version: v1
  metadata:
  - {name: nestedSeperator, value: "."}
`,
  "c-subscription.yaml": `apiVersion: dapr.io/v2alpha1
kind: Subscription
metadata: {name: orders}
spec: {pubsubname: orderz, topic: orders, routes: {default: /orders}}
`,
  "d-auth.yaml": `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: orders}
spec:
  type: pubsub.redis
  version: v1
  metadata:
  - name: redisHost
    value: localhost:6379
  - name: redisPassword
    secretKeyRef: {name: broker, key: password}
auth: {secretStore: vault}
`,
  "e-resiliency.yaml": `apiVersion: dapr.io/v1alpha1
kind: Resiliency
metadata: {name: policies}
spec:
  policies:
    retries:
      thrice: {policy: constant, duration: 1s, maxRetries: 3}
  targets:
    components:
      ghost:
        outbound: {retry: thrice}
`,
  "f-state.yaml": `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: statestore}
spec: {type: state.redis, version: v1, metadata: [{name: redisHost, value: "localhost:6379"}]}
`,
  "g-indent.yaml": "apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata:\n  name: broken\nspec:\n  type: pubsub.in-memory\n  version: v1\n  metadata:\n  - name: a\n    value: b\n   - name: c\n    value: d\n",
  "i-configuration.yaml": `apiVersion: dapr.io/v1alpha1
kind: Configuration
metadata: {name: appconfig}
spec:
  secrets:
    scopes:
    - {storeName: files, defaultAccess: deny}
    - {storeName: kubernetes, defaultAccess: deny}
`,
  "h-runtime-state.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: cache}
spec: {type: state.redis, version: v1}
`,
};

describe("runtimed validate catches what a reviewer would", () => {
  it("reports exactly these findings for a folder of broken manifests, by file, with correct counts", async () => {
    const folder = await resourcesFolder(REVIEW);
    const result = validateIn(folder, ".");
    expect(result.status).toBe(1);
    expect(result.stdout.split("\n")).toEqual([
      'warning: a-config.yaml: Component "flags": spec.metadata[0] (redisHots): unknown metadata key for configuration.redis, ignored; did you mean redisHost?',
      'error: a-config.yaml: Component "flags": spec.metadata[1] (redisType).value: must be one of node, cluster, got "clusterr" (did you mean cluster?)',
      'error: a-config.yaml: Component "flags": spec.metadata[2] (enableTLS).value: must be true or false, got "sometimes"',
      'error: a-config.yaml: Component "flags": spec.metadata[3] (dialTimeout).value: must be a duration such as 5s or 500ms, got "soon"',
      'error: a-config.yaml: Component "flags": spec.metadata: redisHost is required by configuration.redis',
      'warning: b-secrets.yaml: Component "files": spec.metadata[0] (nestedSeperator): unknown metadata key for secretstores.local.file, ignored; did you mean nestedSeparator?',
      'error: b-secrets.yaml: Component "files": spec.metadata: secretsFile is required by secretstores.local.file',
      'warning: c-subscription.yaml: Subscription "orders": spec.pubsubname: names pub/sub "orderz", which is not among the components given (pub/subs: orders); nothing will be delivered',
      'error: d-auth.yaml: Component "orders": auth.secretStore: names secret store "vault", which is not among the components given (secret stores: files)',
      'warning: e-resiliency.yaml: Resiliency "policies": spec.targets.components.ghost: names component "ghost", which is not among the components given; the policy applies to nothing',
      'warning: f-state.yaml: Component "statestore": spec.type: state.redis: runtimed does not serve state management; skipped (remove it from the resources folder, or set spec.ignoreErrors: true to skip it quietly)',
      // The real mistake's line and column (the third item is indented one column less), and the lines themselves.
      "error: g-indent.yaml:11:4: (yaml): All sequence items must start at the same column",
      "  10 |     value: b",
      "  11 |    - name: c",
      "     |    ^",
      'error: h-runtime-state.yaml: Component "cache": spec.type: "state.redis" is not a building block runtimed has (pubsub, configuration, secretstores, bindings)',
      'warning: i-configuration.yaml: Configuration "appconfig": spec.secrets.scopes[1].storeName: names secret store "kubernetes", which is not among the components given (secret stores: files); the scope applies to nothing',
      "9 file(s), 9 resource(s), 4 valid: 8 error(s), 6 warning(s)",
      "",
    ]);
  });

  it("--output json keeps its shape, with the YAML error's position", async () => {
    const folder = await resourcesFolder({ "g-indent.yaml": REVIEW["g-indent.yaml"], "f-state.yaml": REVIEW["f-state.yaml"] });
    const result = validateIn(folder, "-o", "json", ".");
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual(["ok", "files", "resources", "valid", "errors", "warnings"]);
    expect(report).toMatchObject({ ok: false, files: ["f-state.yaml", "g-indent.yaml"], resources: 2, valid: 1 });
    expect(report.errors).toEqual([{ severity: "error", file: "g-indent.yaml", line: 11, column: 4, field: "(yaml)", message: "All sequence items must start at the same column", excerpt: "  10 |     value: b\n  11 |    - name: c\n     |    ^" }]);
    expect(report.warnings).toEqual([expect.objectContaining({ severity: "warning", file: "f-state.yaml", kind: "Component", name: "statestore", field: "spec.type" })]);
  });
});
