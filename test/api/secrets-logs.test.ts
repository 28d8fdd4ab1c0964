import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import request from "supertest";
import { createRuntime, resourcesFolder, type TestRuntime } from "../support/runtime.js";
import { component } from "./configuration-support.js";
import { tempDir } from "../support/tempdirs.js";

// "Never log a secret value": every line the sidecar writes at debug level, captured
// through createLogger's stream, is searched for every secret value the test handed out.
const SECRETS = {
  fileSecret: "file-secret-Zq81",
  missingPath: "/nonexistent/dir-secret-Kx42/config.yaml",
  envSecret: "env-secret-Wm77",
  apiToken: "api-token-Pp19",
  appToken: "app-token-Rr55",
};

describe("no secret value in any log line", () => {
  let rt: TestRuntime;

  beforeAll(async () => {
    const dir = tempDir("secrets-logs-");
    const file = path.join(dir, "secrets.json");
    await writeFile(file, JSON.stringify({ password: SECRETS.fileSecret, configPath: SECRETS.missingPath }));
    const resources = await resourcesFolder({
      "a-files.yaml": component("files", "secretstores.local.file", { secretsFile: file }),
      "b-env.yaml": component("env", "secretstores.local.env", {}),
      // Its init fails with an error that quotes the resolved path, which is a secret.
      "c-broken.yaml": `apiVersion: runtime.io/v1alpha1
kind: Component
metadata:
  name: broken
auth:
  secretStore: files
spec:
  type: configuration.local.file
  version: v1
  ignoreErrors: true
  metadata:
    - name: path
      secretKeyRef:
        name: configPath
`,
    });
    rt = createRuntime({
      resourcesPaths: [resources],
      apiToken: SECRETS.apiToken,
      env: { MY_SECRET: SECRETS.envSecret, RUNTIME_API_TOKEN: SECRETS.apiToken, APP_API_TOKEN: SECRETS.appToken },
    });
    await rt.start();
  });

  afterAll(() => rt?.close());

  it("holds through reads, bulk reads, refused tokens and a failed init that quotes a secret", async () => {
    const auth = { "runtime-api-token": SECRETS.apiToken };
    expect((await request(rt.url).get("/v1.0/secrets/files/password").set(auth)).body).toEqual({ password: SECRETS.fileSecret });
    expect((await request(rt.url).get("/v1.0/secrets/env/MY_SECRET").set(auth)).body).toEqual({ MY_SECRET: SECRETS.envSecret });
    expect((await request(rt.url).get("/v1.0/secrets/env/RUNTIME_API_TOKEN").set(auth)).status).toBe(204);
    expect((await request(rt.url).get("/v1.0/secrets/env/APP_API_TOKEN").set(auth)).status).toBe(204);
    const bulk = await request(rt.url).get("/v1.0/secrets/env/bulk").set(auth);
    expect(bulk.body).toEqual({ MY_SECRET: { MY_SECRET: SECRETS.envSecret } });
    expect((await request(rt.url).get("/v1.0/secrets/files/bulk").set(auth)).status).toBe(200);
    expect((await request(rt.url).get(`/v1.0/secrets/files/${SECRETS.fileSecret}`).set(auth)).status).toBe(204);

    const logs = rt.logs();
    // The failure was logged (redacted), so the check below looked at a line that would have carried it.
    expect(logs).toMatch(/component \\"broken\\" \(configuration.local.file\) failed to initialise: .*\*\*\*/);
    for (const [name, value] of Object.entries(SECRETS)) {
      expect({ name, leaked: logs.includes(value) }).toEqual({ name, leaked: false });
    }
  });
});
