import { describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { createLocalEnvSecretStore } from "../../../pkg/components/secretstores/localenv/localenv.js";
import { PROTECTED_ENV } from "../../../pkg/runtime/options.js";
import { testContext } from "../context.js";
import { runSecretStoreTarget } from "./suite.js";

await runSecretStoreTarget("secretstores.local.env");
await runSecretStoreTarget("secretstores.local.env (prefix)");

describe("secretstores.local.env specifics", () => {
  const env = { RUNTIME_API_TOKEN: "api-token-value", APP_API_TOKEN: "app-token-value", DAPR_API_TOKEN: "dapr-token-value", MYAPP_KEY: "k1", OTHER: "o1" };

  async function open(metadata: Record<string, string>): Promise<ReturnType<typeof createLocalEnvSecretStore>> {
    const store = createLocalEnvSecretStore(testContext("secretstores.local.env", { env, protectedEnv: PROTECTED_ENV }));
    await store.init(ComponentMetadata.of("env", "secretstores.local.env", metadata));
    return store;
  }

  it("never hands out the sidecar's own tokens, alone or in bulk", async () => {
    const store = await open({});
    for (const name of PROTECTED_ENV) expect(await store.getSecret({ name, metadata: {} })).toBeUndefined();
    const bulk = await store.bulkGetSecret({});
    for (const name of PROTECTED_ENV) expect(bulk[name]).toBeUndefined();
    expect(JSON.stringify(bulk)).not.toMatch(/token-value/);
    expect(bulk.OTHER).toEqual({ OTHER: "o1" });
  });

  it("with a prefix serves only prefixed variables, named without the prefix", async () => {
    const store = await open({ prefix: "MYAPP_" });
    expect(await store.getSecret({ name: "KEY", metadata: {} })).toEqual({ KEY: "k1" });
    expect(await store.getSecret({ name: "OTHER", metadata: {} })).toBeUndefined();
    expect(Object.keys(await store.bulkGetSecret({}))).toEqual(["KEY"]);
  });

  it("does not serve inherited object properties as variables", async () => {
    const store = await open({});
    expect(await store.getSecret({ name: "__proto__", metadata: {} })).toBeUndefined();
    expect(await store.getSecret({ name: "toString", metadata: {} })).toBeUndefined();
  });
});
