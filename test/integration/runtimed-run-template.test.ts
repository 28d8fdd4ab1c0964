import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import { BROKERS, brokerAvailable } from "../support/brokers.js";
import { freePort, waitFor } from "../support/ports.js";
import { RUNTIMED } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";

/**
 * `runtimed run -f` on a template written as the Dapr quickstarts write theirs (pub_sub/javascript/http/dapr.yaml):
 * a publisher and a subscriber in their own folders, `common.resourcesPath` relative to the file, a dapr.io
 * Component on the shared Redis (a topic of its own, deleted afterwards).
 */

const redisUp = await brokerAvailable("redis");
const TOPIC = `runtimed-run-f-${randomUUID()}`;

const SUBSCRIBER = `
import http from "node:http";
http.createServer((req, res) => {
  if (req.url === "/dapr/subscribe") return res.end(JSON.stringify([{ pubsubname: "orderpubsub", topic: process.env.TOPIC, route: "orders" }]));
  if (req.url !== "/orders") return res.writeHead(404).end();
  let body = "";
  req.on("data", (d) => (body += d));
  req.on("end", () => {
    console.log("Subscriber received: " + JSON.stringify(JSON.parse(body).data));
    res.end();
  });
}).listen(Number(process.env.APP_PORT ?? 5003));
`;

const PUBLISHER = `
const url = "http://localhost:" + (process.env.DAPR_HTTP_PORT ?? "3500") + "/v1.0/publish/orderpubsub/" + process.env.TOPIC;
for (let i = 1; i <= 3; i++) {
  const r = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ orderId: i }) });
  console.log("Published data: " + i + " " + r.status);
}
`;

afterAll(async () => {
  if (redisUp) {
    const redis = new Redis(BROKERS.redis.port, BROKERS.redis.host);
    await redis.del(TOPIC);
    redis.disconnect();
  }
});

(redisUp ? describe : describe.skip)("runtimed run -f (Dapr's multi-app run template)", () => {
  it("starts both apps beside their sidecars; the subscriber receives what the publisher sends; logs are prefixed per app", async () => {
    const root = tempDir("runtimed-run-f-");
    const quickstart = path.join(root, "pub_sub", "javascript", "http");
    await mkdir(path.join(root, "pub_sub", "components"), { recursive: true });
    await mkdir(path.join(quickstart, "order-processor"), { recursive: true });
    await mkdir(path.join(quickstart, "checkout"), { recursive: true });
    await writeFile(
      path.join(root, "pub_sub", "components", "pubsub.yaml"),
      `apiVersion: dapr.io/v1alpha1\nkind: Component\nmetadata:\n  name: orderpubsub\nspec:\n  type: pubsub.redis\n  version: v1\n  metadata:\n  - name: redisHost\n    value: ${BROKERS.redis.host}:${BROKERS.redis.port}\n  - name: redisPassword\n    value: ""\n`,
    );
    await writeFile(path.join(quickstart, "order-processor", "index.js"), SUBSCRIBER);
    await writeFile(path.join(quickstart, "order-processor", "package.json"), `{"type": "module"}`);
    await writeFile(path.join(quickstart, "checkout", "index.js"), PUBLISHER);
    await writeFile(path.join(quickstart, "checkout", "package.json"), `{"type": "module"}`);
    const appPort = await freePort();
    await writeFile(
      path.join(quickstart, "dapr.yaml"),
      `version: 1
common:
  resourcesPath: ../../components/
  env:
    TOPIC: ${TOPIC}
apps:
  - appID: order-processor-http
    appDirPath: ./order-processor/
    appPort: ${appPort}
    command: ["node", "index.js"]
  - appID: checkout-http
    appDirPath: ./checkout/
    command: ["node", "index.js"]
    daprdLogDestination: console
    someFutureField: true
`,
    );
    // From elsewhere, naming the folder: relative paths resolve from the template's folder.
    const child = spawn(process.execPath, [RUNTIMED, "run", "-f", quickstart], { cwd: root, env: { PATH: process.env.PATH ?? "", HOME: tempDir("runtimed-home-"), RUNTIMED_STATE_DIR: tempDir("runtimed-state-") }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const delivered = (): boolean => (stdout.match(/== APP - order-processor-http == Subscriber received: \{"orderId":\d\}/g) ?? []).length === 3;
      await waitFor(() => delivered() && stdout.includes("== RUNTIME - checkout-http == ") && stdout.includes("stopped"), { timeoutMs: 15_000, what: "three deliveries and the publisher's end" }).catch((error: Error) => {
        throw new Error(`${error.message}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`);
      });
      expect(stdout).toContain("== APP - checkout-http == Published data: 1 204");
      expect(stdout).toContain('runtimed run: app "checkout-http" exited; stopping its sidecar');
      // checkout's sidecar logs to the console (daprdLogDestination); order-processor's to a file, as Dapr's default.
      expect(stdout).toMatch(/== RUNTIME - checkout-http == .*runtimed ready \(app id checkout-http\)/);
      expect(stdout).not.toContain("== RUNTIME - order-processor-http ==");
      expect(stderr).toContain("apps[1].someFutureField: unknown field; ignored");
      child.kill("SIGINT");
      expect(await exited).toBe(0);
      const logs = path.join(quickstart, "order-processor", ".dapr", "logs");
      const runtimeLog = (await readdir(logs)).find((f) => f.startsWith("order-processor-http_runtimed_"))!;
      expect(await readFile(path.join(logs, runtimeLog), "utf8")).toContain("runtimed ready (app id order-processor-http)");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    }
  }, 30_000);
});

describe("runtimed run -f: template errors", () => {
  it("a template missing a required field is one clear error naming the file and the field", async () => {
    const root = tempDir("runtimed-run-f-");
    await writeFile(path.join(root, "dapr.yaml"), "version: 1\napps:\n  - appID: lost\n    command: [node, x.js]\n");
    const child = spawn(process.execPath, [RUNTIMED, "run", "-f", root], { env: { PATH: process.env.PATH ?? "", HOME: tempDir("runtimed-home-"), RUNTIMED_STATE_DIR: tempDir("runtimed-state-") }, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    expect(await new Promise((resolve) => child.once("exit", resolve))).toBe(1);
    expect(stderr.trim()).toBe(`runtimed run: ${path.join(root, "dapr.yaml")}: apps[0].appDirPath: is required`);
  });
});
