import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { ConfigurationItem, ConfigurationStore } from "../../../pkg/components/configuration/types.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { waitFor } from "../../support/ports.js";
import { createThroughRegistry, findTarget, targetAvailable, targetTitle, testContext } from "../context.js";
import { CONFIGURATION_TARGETS, type ConfigurationBackend, type ConfigurationTarget } from "./targets.js";

export { testContext };

interface Received {
  calls: Array<Map<string, ConfigurationItem>>;
  latest(key: string): ConfigurationItem | undefined;
}

function recorder(): Received & { handler: (items: Map<string, ConfigurationItem>) => Promise<void> } {
  const calls: Array<Map<string, ConfigurationItem>> = [];
  return {
    calls,
    latest: (key) => [...calls].reverse().find((c) => c.has(key))?.get(key),
    handler: (items) => {
      calls.push(items);
      return Promise.resolve();
    },
  };
}

/**
 * One suite for every configuration store (after components-contrib's conformance tests), run
 * for one entry of targets.ts (by title) per test file; the store is made through the registry.
 */
export async function runConfigurationTarget(which: string | ConfigurationTarget): Promise<void> {
  const options = typeof which === "string" ? findTarget(CONFIGURATION_TARGETS, which) : which;
  const available = await targetAvailable(options);
  (available ? describe : describe.skip)(`configuration conformance: ${targetTitle(options)}`, () => {
    let backend: ConfigurationBackend;
    let store: ConfigurationStore;
    const controllers: AbortController[] = [];
    const k = (name: string): string => `${backend.prefix}${name}`;

    beforeAll(async () => {
      backend = await options.backend();
      await backend.set(k("a"), { value: "1", version: "v1" });
      await backend.set(k("b"), { value: "2" });
      store = await createThroughRegistry("configuration", options, testContext(options.type));
      await store.init(ComponentMetadata.of("conformance", options.type, backend.metadata));
    });

    afterAll(async () => {
      for (const c of controllers) c.abort();
      await store?.close();
      await backend?.teardown();
    });

    function watch(keys: string[]): Received & { controller: AbortController; release?: () => Promise<void>; ready: Promise<void> } {
      const rec = recorder();
      const controller = new AbortController();
      controllers.push(controller);
      const out: Received & { controller: AbortController; release?: () => Promise<void>; ready: Promise<void> } = {
        ...rec,
        controller,
        ready: store.subscribe(keys, {}, rec.handler, controller.signal).then((release) => {
          out.release = release ?? undefined;
        }),
      };
      return out;
    }

    it("gets the items asked for, with value and version; missing keys are absent", async () => {
      const items = await store.get([k("a"), k("b"), k("missing")], {});
      expect([...items.keys()].sort()).toEqual([k("a"), k("b")]);
      expect(items.get(k("a"))).toMatchObject({ value: "1", version: "v1" });
      expect(items.get(k("b"))?.value).toBe("2");
      expect(items.get(k("b"))?.version ?? "").toBe("");
    });

    it("gets every item when no key is given", async () => {
      const items = await store.get([], {});
      expect(items.get(k("a"))?.value).toBe("1");
      expect(items.get(k("b"))?.value).toBe("2");
    });

    it("notifies a subscriber of an update to a subscribed key, not of other keys", async () => {
      const sub = watch([k("a")]);
      await sub.ready;
      await backend.set(k("b"), { value: "2b" });
      await backend.set(k("a"), { value: "1b", version: "v2" });
      await waitFor(() => sub.latest(k("a"))?.value === "1b", { timeoutMs: 5000, what: "update of a" });
      expect(sub.latest(k("a"))).toMatchObject({ value: "1b", version: "v2" });
      expect(sub.calls.some((c) => c.has(k("b")))).toBe(false);
      await sub.release?.();
    });

    it("notifies a deletion as an empty value", async () => {
      await backend.set(k("gone"), { value: "x" });
      // A watched file sees the write after its debounce: start from a state the store has seen.
      await waitFor(async () => (await store.get([k("gone")], {})).has(k("gone")), { timeoutMs: 5000, what: "the item to exist" });
      const sub = watch([k("gone")]);
      await sub.ready;
      await backend.del(k("gone"));
      await waitFor(() => sub.latest(k("gone"))?.value === "", { timeoutMs: 5000, what: "deletion" });
      expect((await store.get([k("gone")], {})).has(k("gone"))).toBe(false);
      await sub.release?.();
    });

    it("a subscription without keys follows keys created after it", async () => {
      const sub = watch([]);
      await sub.ready;
      await backend.set(k("new"), { value: "fresh", version: "7" });
      await waitFor(() => sub.latest(k("new"))?.value === "fresh", { timeoutMs: 5000, what: "new key" });
      expect(sub.latest(k("new"))?.version).toBe("7");
      await sub.release?.();
    });

    it("stops notifying once its signal aborts, while others keep receiving", async () => {
      const stopped = watch([k("c")]);
      const witness = watch([k("c")]);
      await Promise.all([stopped.ready, witness.ready]);
      stopped.controller.abort();
      await stopped.release?.();
      await backend.set(k("c"), { value: "after" });
      await waitFor(() => witness.latest(k("c"))?.value === "after", { timeoutMs: 5000, what: "witness update" });
      expect(stopped.calls).toHaveLength(0);
      await witness.release?.();
    });
  });
}
