import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import { stringify } from "yaml";
import { createLocalFileConfigurationStore } from "../../../pkg/components/configuration/localfile/localfile.js";
import type { ConfigurationItem } from "../../../pkg/components/configuration/types.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { waitFor } from "../../support/ports.js";
import { runConfigurationConformance, testContext } from "./suite.js";

runConfigurationConformance({
  type: "configuration.local.file",
  create: createLocalFileConfigurationStore,
  backend: async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "conf-file-"));
    const file = path.join(dir, "config.yaml");
    const items = new Map<string, ConfigurationItem>();
    const save = (): Promise<void> => writeFile(file, stringify(Object.fromEntries([...items].map(([key, item]) => [key, item.version ? { value: item.value, version: item.version } : item.value]))));
    await save();
    return {
      metadata: { path: file, debounce: "20ms" },
      prefix: "",
      set: async (key, item) => {
        items.set(key, item);
        await save();
      },
      del: async (key) => {
        items.delete(key);
        await save();
      },
      teardown: () => rm(dir, { recursive: true, force: true }),
    };
  },
});

describe("configuration.local.file: a malformed edit", () => {
  it("is logged and the last good items are kept; a later good edit is applied", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "conf-file-"));
    const file = path.join(dir, "config.json");
    await writeFile(file, JSON.stringify({ a: "1" }));
    const context = testContext("configuration.local.file");
    const store = createLocalFileConfigurationStore(context);
    const seen: string[] = [];
    const controller = new AbortController();
    try {
      await store.init(ComponentMetadata.of("files", "configuration.local.file", { path: file, debounce: "10ms" }));
      await store.subscribe([], {}, (items) => {
        for (const [key, item] of items) seen.push(`${key}=${item.value}`);
        return Promise.resolve();
      }, controller.signal);
      await writeFile(file, "{ not: json: [");
      await waitFor(() => context.logs().includes("keeping the last good configuration"), { timeoutMs: 5000, what: "the malformed edit to be logged" });
      expect((await store.get([], {})).get("a")?.value).toBe("1");
      expect(seen).toEqual([]);
      await writeFile(file, JSON.stringify({ a: "2" }));
      await waitFor(() => seen.includes("a=2"), { timeoutMs: 5000, what: "the good edit" });
    } finally {
      controller.abort();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
