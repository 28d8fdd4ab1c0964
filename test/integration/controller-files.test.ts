import { afterEach, beforeEach, describe, expect, it } from "@jest/globals";
import { rm, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { waitFor } from "../support/ports.js";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";

/** Hot reload in standalone mode: YAML files under --resources-path written, edited and deleted while the sidecar serves. */
const CONVERGE = { timeoutMs: 1000, intervalMs: 10 };

interface MetadataBody {
  components: Array<{ name: string; type: string; version: string }>;
  componentErrors: Array<{ name: string; error: string; keptPrevious: boolean }>;
}

function probeYaml(name: string, version = "v1", extra = ""): string {
  return `apiVersion: runtime.io/v1alpha1
kind: Component
metadata:
  name: ${name}
spec:
  type: bindings.test.probe
  version: ${version}
  metadata:
    - name: generation
      value: "${version}"
${extra}`;
}

describe("component controller, files under --resources-path", () => {
  let dir: string;
  let rt: TestRuntime;
  const metadata = async (): Promise<MetadataBody> => (await (await fetch(`${rt.url}/v1.0/metadata`)).json()) as MetadataBody;
  const version = async (name: string): Promise<string | undefined> => (await metadata()).components.find((c) => c.name === name)?.version;

  beforeEach(async () => {
    dir = await resourcesFolder({ "alpha.yaml": probeYaml("alpha") });
    rt = createRuntime({ resourcesPaths: [dir] }, { controllerTuning: { debounceMs: 30, emptySettleMs: 1500, retryBackoff: { initialMs: 50, maxMs: 200 } } });
    await rt.start();
  });

  afterEach(async () => {
    await rt.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("picks up a new file, an edit and a deletion within 1 s", async () => {
    expect(await version("alpha")).toBe("v1");
    await writeFile(path.join(dir, "beta.yaml"), probeYaml("beta"));
    await waitFor(async () => (await version("beta")) === "v1", { ...CONVERGE, what: "beta created" });
    await writeFile(path.join(dir, "alpha.yaml"), probeYaml("alpha", "v2"));
    await waitFor(async () => (await version("alpha")) === "v2", { ...CONVERGE, what: "alpha updated" });
    await unlink(path.join(dir, "beta.yaml"));
    await waitFor(async () => (await version("beta")) === undefined, { ...CONVERGE, what: "beta deleted" });
    expect(await version("alpha")).toBe("v2");
  });

  it("keeps the last valid version of a file that stops parsing, and reloads when it is fixed", async () => {
    await writeFile(path.join(dir, "alpha.yaml"), "apiVersion: runtime.io/v1alpha1\nkind: Component\nmetadata: {name: alpha\nspec: [");
    await writeFile(path.join(dir, "marker.yaml"), probeYaml("marker"));
    await waitFor(async () => (await version("marker")) === "v1", { ...CONVERGE, what: "marker created" });
    expect(await version("alpha")).toBe("v1");
    expect(rt.logs()).toContain("keeping the last valid version");
    await writeFile(path.join(dir, "alpha.yaml"), probeYaml("alpha", "v2"));
    await waitFor(async () => (await version("alpha")) === "v2", { ...CONVERGE, what: "alpha fixed" });
  });

  it("keeps a file's components while it reads empty for a moment (truncated before it is written), and removes them once it stays empty", async () => {
    await writeFile(path.join(dir, "alpha.yaml"), "");
    await writeFile(path.join(dir, "marker.yaml"), probeYaml("marker"));
    await waitFor(async () => (await version("marker")) === "v1", { ...CONVERGE, what: "marker created" });
    expect(await version("alpha")).toBe("v1");
    await waitFor(async () => (await version("alpha")) === undefined, { timeoutMs: 5000, intervalMs: 20, what: "alpha removed once its file stayed empty" });
    await writeFile(path.join(dir, "alpha.yaml"), probeYaml("alpha", "v2"));
    await waitFor(async () => (await version("alpha")) === "v2", { ...CONVERGE, what: "alpha back" });
  });

  it("keeps the old instance serving when an edited component fails to initialise", async () => {
    await writeFile(path.join(dir, "alpha.yaml"), probeYaml("alpha", "v2", '    - name: fail\n      value: "cannot connect"\n'));
    await waitFor(async () => (await metadata()).componentErrors.some((e) => e.name === "alpha"), { ...CONVERGE, what: "failure reported" });
    expect(await version("alpha")).toBe("v1");
    expect((await metadata()).componentErrors[0]).toMatchObject({ name: "alpha", keptPrevious: true });
    expect(await rt.runtime.metrics.registry.getSingleMetricAsString("runtime_component_reload_total")).toMatch(/operation="update",result="failure"\} [1-9]/);
  });

  it("loads a file whose component is scoped to this app and skips one scoped elsewhere", async () => {
    await writeFile(path.join(dir, "other.yaml"), probeYaml("other", "v1", "scopes: [billing]\n"));
    await writeFile(path.join(dir, "mine.yaml"), probeYaml("mine", "v1", "scopes: [test-app]\n"));
    await waitFor(async () => (await version("mine")) === "v1", { ...CONVERGE, what: "mine created" });
    expect(await version("other")).toBeUndefined();
  });
});

describe("startup through the controller", () => {
  it("fails startup when a component without ignoreErrors cannot initialise, and continues with ignoreErrors", async () => {
    const dir = await resourcesFolder({ "bad.yaml": probeYaml("bad", "v1", '    - name: fail\n      value: "nope"\n') });
    const failing = createRuntime({ resourcesPaths: [dir] });
    try {
      await expect(failing.start()).rejects.toThrow(/bad.*nope/);
    } finally {
      await failing.close();
    }
    await writeFile(path.join(dir, "bad.yaml"), probeYaml("bad", "v1", '    - name: fail\n      value: "nope"\n').replace("  version: v1", "  version: v1\n  ignoreErrors: true"));
    const tolerant = createRuntime({ resourcesPaths: [dir] });
    try {
      await tolerant.start();
      expect((await fetch(`${tolerant.url}/v1.0/healthz/outbound`)).status).toBe(204);
    } finally {
      await tolerant.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
