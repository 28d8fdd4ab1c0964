import path from "node:path";
import { rename, writeFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Redis } from "ioredis";
import { publishNumbered } from "../support/drills.js";
import { waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { PrivateRedis } from "./pubsub-redis-server.js";

/**
 * Secret rotation through a `secretstores.local.file` store, with the built sidecar, a private
 * redis-server whose ACL user `app` has its password rotated, and publishes running throughout:
 * the store reloads, then only the component whose secret changed (once), nothing accepted is lost,
 * the new password is what the new instance authenticates with, and a wrong value keeps the old
 * instance serving with the failure in the log and the metrics.
 */
const TOPIC = "rotation";

function components(redis: string, secretsFile: string): string {
  const pubsub = (name: string, user: string, secret: string): string => `---
apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: pubsub.redis
  version: v1
  metadata:
  - {name: redisHost, value: "${redis}"}
  - {name: redisUsername, value: ${user}}
  - {name: redisPassword, secretKeyRef: {name: ${secret}, key: ${secret}}}
auth: {secretStore: localsecrets}
`;
  return `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: localsecrets}
spec:
  type: secretstores.local.file
  version: v1
  metadata:
  - {name: secretsFile, value: "${secretsFile}"}
${pubsub("orders", "app", "orders-password")}${pubsub("audit", "auditor", "audit-password")}`;
}

async function metric(sidecar: SidecarProcess, pattern: RegExp): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
  const match = pattern.exec(text);
  return match ? Number(match[1]) : 0;
}

describe("secret rotation through a local file store (built sidecar, private redis-server with ACL users)", () => {
  let redis: PrivateRedis;
  let admin: Redis;
  let sidecar: SidecarProcess;
  let secretsFile: string;

  /** Replaces the file as editors and kubelet do (write aside, rename over). */
  const writeSecrets = async (values: Record<string, string>): Promise<void> => {
    const aside = `${secretsFile}.tmp`;
    await writeFile(aside, JSON.stringify(values));
    await rename(aside, secretsFile);
  };
  const reloads = (component: string, result: string): Promise<number> => metric(sidecar, new RegExp(`runtime_component_secret_rotation_total\\{component="${component}",result="${result}",app_id="rotator"\\} (\\d+)`));

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    admin = new Redis({ host: "127.0.0.1", port: redis.port, lazyConnect: true });
    await admin.connect();
    await admin.call("ACL", "SETUSER", "app", "on", ">pw-one", "~*", "&*", "+@all");
    await admin.call("ACL", "SETUSER", "auditor", "on", ">audit-pw", "~*", "&*", "+@all");
    const dir = tempDir("rotation-file-");
    secretsFile = path.join(dir, "secrets.json");
    await writeSecrets({ "orders-password": "pw-one", "audit-password": "audit-pw" });
    const resources = await resourcesFolder({ "components.yaml": components(redis.address, secretsFile) });
    sidecar = await startSidecar({ appId: "rotator", args: ["--resources-path", resources] });
  });

  afterAll(async () => {
    await sidecar?.stop("SIGKILL");
    admin?.disconnect();
    await redis?.kill();
  });

  it("reloads the store and then only the component whose secret changed, once, under traffic, losing nothing; the new password is used", async () => {
    await admin.call("ACL", "SETUSER", "app", ">pw-two");
    let accepted = 0;
    let refused = 0;
    let publishing = true;
    const traffic = (async () => {
      for (let n = 0; publishing; n++) {
        if (await publishNumbered(sidecar, "orders", TOPIC, n)) accepted++;
        else refused++;
      }
    })();
    await waitFor(() => accepted > 20, { what: "traffic before the rotation" });
    await writeSecrets({ "orders-password": "pw-two", "audit-password": "audit-pw" });
    await waitFor(async () => (await reloads("orders", "success")) === 1, { what: `orders reloaded\n${sidecar.output()}` });
    const afterReload = accepted;
    await waitFor(() => accepted > afterReload + 20, { what: "traffic after the rotation" });
    publishing = false;
    await traffic;

    expect(refused).toBe(0);
    expect(await admin.xlen(TOPIC)).toBe(accepted);
    expect(await reloads("localsecrets", "success")).toBe(1);
    expect(await reloads("audit", "success")).toBe(0);
    expect(sidecar.output()).toMatch(/reloading Component localsecrets: its secrets file changed/);
    expect(sidecar.output().match(/reloading Component orders: a secret it references changed/g)).toHaveLength(1);
    expect(sidecar.output()).not.toMatch(/reloading Component audit/);

    // Only the new password is valid now, and every connection of `app` is cut: the sidecar reconnects with it.
    await admin.call("ACL", "SETUSER", "app", "<pw-one");
    await admin.call("CLIENT", "KILL", "USER", "app");
    await waitFor(async () => publishNumbered(sidecar, "orders", TOPIC, -1, 2000), { what: "a publish with the new password" });
    expect(sidecar.output()).not.toContain("pw-two");
  });

  it("a rotation to a wrong value keeps the old instance serving and says why (log, metric)", async () => {
    await writeSecrets({ "orders-password": "not-the-password", "audit-password": "audit-pw" });
    await waitFor(async () => (await reloads("orders", "failure")) >= 1, { what: `the failed reload\n${sidecar.output()}` });
    expect(sidecar.output()).toMatch(/orders.*(WRONGPASS|invalid username-password|AUTH)/i);
    expect(sidecar.output()).toMatch(/previous instance keeps serving/);
    expect(await publishNumbered(sidecar, "orders", TOPIC, -2)).toBe(true);
    expect(sidecar.output()).not.toContain("not-the-password");
  });
});
