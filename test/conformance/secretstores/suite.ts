import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import type { SecretStore, SecretValue } from "../../../pkg/components/secretstores/types.js";
import { createThroughRegistry, findTarget, targetAvailable, targetTitle, testContext } from "../context.js";
import { SECRETSTORE_TARGETS, type SecretBackend, type SecretStoreTarget } from "./targets.js";

/**
 * One suite for every secret store, gated by whether it holds several keys per secret; run for one
 * entry of targets.ts (by title, e.g. "secretstores.local.file (multiValued)") per call.
 */
export async function runSecretStoreTarget(which: string | SecretStoreTarget): Promise<void> {
  const options = typeof which === "string" ? findTarget(SECRETSTORE_TARGETS, which) : which;
  const available = await targetAvailable(options);
  const secrets: Record<string, SecretValue> = options.multiValued
    ? { db: { user: "alice", password: "s3cret-pass" }, token: { token: "tok-12345" } }
    : { token: { token: "tok-12345" }, "db-password": { "db-password": "s3cret-pass" } };

  (available ? describe : describe.skip)(`secret store conformance: ${targetTitle(options)}`, () => {
    let backend: SecretBackend;
    let store: SecretStore;
    let context: ReturnType<typeof testContext>;

    beforeAll(async () => {
      backend = await options.backend(secrets);
      context = testContext(options.type, backend.context);
      store = await createThroughRegistry("secretstores", options, context);
      await store.init(ComponentMetadata.of("conformance", options.type, backend.metadata));
    });

    afterAll(async () => {
      await store?.close();
      await backend?.teardown?.();
    });

    it("returns each secret with its keys and values", async () => {
      for (const [name, value] of Object.entries(secrets)) {
        expect(await store.getSecret({ name, metadata: {} })).toEqual(value);
      }
    });

    it("answers undefined for a secret that does not exist", async () => {
      expect(await store.getSecret({ name: "no-such-secret", metadata: {} })).toBeUndefined();
    });

    it("returns every secret in bulk, by name", async () => {
      const all = await store.bulkGetSecret({});
      for (const [name, value] of Object.entries(secrets)) expect(all[name]).toEqual(value);
    });

    it("registers what it hands out with the log redactor", async () => {
      await store.getSecret({ name: "token", metadata: {} });
      expect(context.redactor.redact("leaked tok-12345 here")).toBe("leaked *** here");
    });

    if (options.multiValued) {
      it("declares MULTIPLE_KEY_VALUES_PER_SECRET", () => {
        expect(store.features?.()).toContain("MULTIPLE_KEY_VALUES_PER_SECRET");
      });
    }
  });
}
