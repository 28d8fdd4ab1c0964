import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import { createLocalFileConfigurationStore } from "../../../pkg/components/configuration/localfile/localfile.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { waitFor } from "../../support/ports.js";
import { runConfigurationTarget, testContext } from "./suite.js";
import { tempDir } from "../../support/tempdirs.js";

await runConfigurationTarget("configuration.local.file");

describe("configuration.local.file: a malformed edit", () => {
  it("is logged and the last good items are kept; a later good edit is applied", async () => {
    const dir = tempDir("conf-file-");
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
