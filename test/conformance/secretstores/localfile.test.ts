import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { createLocalFileSecretStore } from "../../../pkg/components/secretstores/localfile/localfile.js";
import { testContext } from "../context.js";
import { runSecretStoreTarget } from "./suite.js";
import { tempDir } from "../../support/tempdirs.js";

async function secretsFile(content: unknown): Promise<{ file: string; teardown: () => Promise<void> }> {
  const dir = tempDir("secrets-file-");
  const file = path.join(dir, "secrets.json");
  await writeFile(file, typeof content === "string" ? content : JSON.stringify(content));
  return { file, teardown: () => rm(dir, { recursive: true, force: true }) };
}

await runSecretStoreTarget("secretstores.local.file (name/value)");
await runSecretStoreTarget("secretstores.local.file (multiValued)");

describe("secretstores.local.file specifics", () => {
  async function open(content: unknown, metadata: Record<string, string> = {}): Promise<{ store: ReturnType<typeof createLocalFileSecretStore>; teardown: () => Promise<void> }> {
    const { file, teardown } = await secretsFile(content);
    const store = createLocalFileSecretStore(testContext("secretstores.local.file"));
    await store.init(ComponentMetadata.of("files", "secretstores.local.file", { secretsFile: file, ...metadata }));
    return { store, teardown };
  }

  it("flattens nested objects with nestedSeparator (default ':')", async () => {
    const { store, teardown } = await open({ db: { primary: { password: "pw-1" } }, port: 5432 });
    expect(await store.getSecret({ name: "db:primary:password", metadata: {} })).toEqual({ "db:primary:password": "pw-1" });
    expect(await store.getSecret({ name: "port", metadata: {} })).toEqual({ port: "5432" });
    await teardown();
  });

  it("takes another nestedSeparator", async () => {
    const { store, teardown } = await open({ db: { password: "pw-2" } }, { nestedSeparator: "." });
    expect(await store.getSecret({ name: "db.password", metadata: {} })).toEqual({ "db.password": "pw-2" });
    await teardown();
  });

  it("multiValued flattens below the first level into the secret's keys", async () => {
    const { store, teardown } = await open({ db: { creds: { user: "u", pass: "p" } } }, { multiValued: "true" });
    expect(await store.getSecret({ name: "db", metadata: {} })).toEqual({ "creds:user": "u", "creds:pass": "p" });
    await teardown();
  });

  it("fails init naming the field, without quoting the file's content", async () => {
    const { file, teardown } = await secretsFile('{"password": "hunter2-secret"');
    const store = createLocalFileSecretStore(testContext("secretstores.local.file"));
    const failure = store.init(ComponentMetadata.of("files", "secretstores.local.file", { secretsFile: file }));
    await expect(failure).rejects.toThrow(/"secretsFile" names a file that is not valid JSON/);
    await expect(failure).rejects.not.toThrow(/hunter2/);
    await teardown();
  });
});
