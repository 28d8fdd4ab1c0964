import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ComponentContext } from "../../../pkg/components/component.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import type { SecretStore, SecretValue } from "../../../pkg/components/secretstores/types.js";
import { testContext } from "../configuration/suite.js";

export interface SecretBackend {
  metadata: Record<string, string>;
  /** What the store's context needs beyond the defaults (env, kubeConfig, namespace). */
  context?: Partial<ComponentContext>;
  teardown?: () => Promise<void>;
}

export interface SecretConformanceOptions {
  type: string;
  /** A label when one type runs in several set-ups (multiValued on and off). */
  variant?: string;
  create: (context: ComponentContext) => SecretStore;
  /** Multi-key secrets (MULTIPLE_KEY_VALUES_PER_SECRET); otherwise every secret is {name: value}. */
  multiValued: boolean;
  /** Puts `secrets` into the backend the way a user would and points the store at it. */
  backend: (secrets: Record<string, SecretValue>) => Promise<SecretBackend>;
}

/** One suite for every secret store, gated by whether it holds several keys per secret. */
export function runSecretStoreConformance(options: SecretConformanceOptions): void {
  const secrets: Record<string, SecretValue> = options.multiValued
    ? { db: { user: "alice", password: "s3cret-pass" }, token: { token: "tok-12345" } }
    : { token: { token: "tok-12345" }, "db-password": { "db-password": "s3cret-pass" } };

  describe(`secret store conformance: ${options.type}${options.variant ? ` (${options.variant})` : ""}`, () => {
    let backend: SecretBackend;
    let store: SecretStore;
    let context: ReturnType<typeof testContext>;

    beforeAll(async () => {
      backend = await options.backend(secrets);
      context = testContext(options.type, backend.context);
      store = options.create(context);
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
