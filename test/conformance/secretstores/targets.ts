import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ComponentContext } from "../../../pkg/components/component.js";
import type { SecretValue } from "../../../pkg/components/secretstores/types.js";
import { FakeApiServer } from "../../support/fake-apiserver.js";
import type { ConformanceTarget } from "../context.js";
import { tempDir } from "../../support/tempdirs.js";

export interface SecretBackend {
  metadata: Record<string, string>;
  /** What the store's context needs beyond the defaults (env, kubeConfig, namespace). */
  context?: Partial<ComponentContext>;
  teardown?: () => Promise<void>;
}

/** A secret store under the conformance suite; adding one is an entry here and a one-line test file. */
export interface SecretStoreTarget extends ConformanceTarget {
  /** Multi-key secrets (MULTIPLE_KEY_VALUES_PER_SECRET); otherwise every secret is {name: value}. */
  multiValued: boolean;
  /** Puts `secrets` into the backend the way a user would and points the store at it. */
  backend: (secrets: Record<string, SecretValue>) => Promise<SecretBackend>;
}

/** A single-valued store holds `{name: {name: value}}` as `name = value`. */
const flat = (secrets: Record<string, SecretValue>, rename: (name: string) => string = (n) => n): Record<string, string> =>
  Object.fromEntries(Object.entries(secrets).map(([name, value]) => [rename(name), value[name]!]));

async function secretsFile(content: unknown): Promise<{ file: string; teardown: () => Promise<void> }> {
  const dir = tempDir("secrets-file-");
  const file = path.join(dir, "secrets.json");
  await writeFile(file, JSON.stringify(content));
  return { file, teardown: () => rm(dir, { recursive: true, force: true }) };
}

export const SECRETSTORE_TARGETS: readonly SecretStoreTarget[] = [
  {
    type: "secretstores.local.file",
    variant: "name/value",
    multiValued: false,
    backend: async (secrets) => {
      const { file, teardown } = await secretsFile(flat(secrets));
      return { metadata: { secretsFile: file }, teardown };
    },
  },
  {
    type: "secretstores.local.file",
    variant: "multiValued",
    multiValued: true,
    backend: async (secrets) => {
      const { file, teardown } = await secretsFile(secrets);
      return { metadata: { secretsFile: file, multiValued: "true" }, teardown };
    },
  },
  {
    type: "secretstores.local.env",
    multiValued: false,
    backend: (secrets) => Promise.resolve({ metadata: {}, context: { env: { ...flat(secrets), HOME: "/home/app" } } }),
  },
  {
    type: "secretstores.local.env",
    variant: "prefix",
    multiValued: false,
    backend: (secrets) => Promise.resolve({ metadata: { prefix: "MYAPP_" }, context: { env: flat(secrets, (n) => `MYAPP_${n}`) } }),
  },
  {
    // The real @kubernetes/client-node against the in-process API server (no kube-apiserver runs here).
    type: "secretstores.kubernetes",
    multiValued: true,
    backend: async (secrets) => {
      const api = await FakeApiServer.start({ token: "sa-token" });
      for (const [name, values] of Object.entries(secrets)) api.putSecret("team-a", name, values);
      return { metadata: {}, context: { kubeConfig: api.kubeConfig(), namespace: "team-a" }, teardown: () => api.close() };
    },
  },
];
