import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/**
 * --api-token-file and --app-token-file (built sidecar): the tokens come from files and rotate when
 * the files change (written aside and renamed over, as kubelet's Secret volumes and editors do);
 * an emptied file keeps the token in use.
 */
describe("token files, re-read on change", () => {
  let sidecar: SidecarProcess;
  let app: TestApp;
  let apiFile: string;
  let appFile: string;

  const replace = async (file: string, text: string): Promise<void> => {
    await writeFile(`${file}.tmp`, text);
    await rename(`${file}.tmp`, file);
  };
  const metadataStatus = async (token?: string): Promise<number> => (await fetch(`${sidecar.url}/v1.0/metadata`, { headers: token ? { "dapr-api-token": token } : {} })).status;

  beforeAll(async () => {
    const dir = tempDir("token-files-");
    apiFile = path.join(dir, "api-token");
    appFile = path.join(dir, "app-token");
    await writeFile(apiFile, "api-one\n");
    await writeFile(appFile, "app-one\n");
    app = await startTestApp({ subscriptions: [{ pubsubname: "pubsub", topic: "orders", route: "/orders" }] });
    sidecar = await startSidecar({ appId: "tokens", args: ["--app-port", String(app.port), "--api-token-file", apiFile, "--app-token-file", appFile] });
  });

  afterAll(async () => {
    await sidecar?.stop("SIGKILL");
    await app?.close();
  });

  it("answers 401 without the file's API token and accepts a rotated one at once, refusing the old", async () => {
    expect(await metadataStatus()).toBe(401);
    expect(await metadataStatus("api-one")).toBe(200);
    await replace(apiFile, "api-two\n");
    await waitFor(async () => (await metadataStatus("api-two")) === 200, { what: "the rotated API token" });
    expect(await metadataStatus("api-one")).toBe(401);
    // An emptied file (a half-written rotation) keeps the token in use.
    await writeFile(apiFile, "");
    await waitFor(() => sidecar.output().includes("missing, unreadable or empty; the token in use stays"), { what: "the empty-file warning" });
    expect(await metadataStatus("api-two")).toBe(200);
    expect(sidecar.output()).not.toMatch(/api-one|api-two/);
  });

  it("sends the app the file's app token, and the rotated one after the file changes", async () => {
    const publish = async (n: number): Promise<void> => {
      expect((await fetch(`${sidecar.url}/v1.0/publish/pubsub/orders`, { method: "POST", headers: { "dapr-api-token": "api-two", "content-type": "application/json" }, body: JSON.stringify({ n }) })).status).toBe(204);
    };
    await publish(1);
    const [first] = await app.waitForRequests("/orders", 1);
    expect(first!.headers["dapr-api-token"]).toBe("app-one");
    await replace(appFile, "app-two");
    await waitFor(() => sidecar.output().includes(`token file ${appFile} changed`), { what: "the app token re-read" });
    await publish(2);
    const received = await app.waitForRequests("/orders", 2);
    expect(received[1]!.headers["runtime-api-token"]).toBe("app-two");
  });
});
