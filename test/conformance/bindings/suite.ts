import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import { BindingRequestError, isInputBinding, isOutputBinding, type Binding, type InputEvent } from "../../../pkg/components/bindings/types.js";
import { builtinRegistries } from "../../../pkg/components/builtins.js";
import type { MetadataField } from "../../../pkg/components/component.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { ROOT } from "../../support/helm.js";
import { waitFor } from "../../support/ports.js";
import { createThroughRegistry, findTarget, targetAvailable, targetTitle, testContext } from "../context.js";
import { BINDING_TARGETS, type BindingTarget, type PreparedTarget } from "./targets.js";

/** What a case gets: the target, its prepared surroundings and components made through the registry. */
interface Harness {
  target: BindingTarget;
  prepared: PreparedTarget;
  timeoutMs: number;
  /** A fresh component initialised with `metadata` (the prepared metadata by default); closed after the case. */
  open(metadata?: Record<string, string>): Promise<Binding>;
  fields(): readonly MetadataField[];
}

interface Case {
  name: string;
  when?: (target: BindingTarget) => boolean;
  run(h: Harness): Promise<void>;
}

const namesOf = (field: MetadataField): string[] => [field.name, ...(field.aliases ?? [])].map((n) => n.toLowerCase());

/**
 * The bindings conformance suite (after components-contrib's conformance tests): the contract every binding
 * keeps, whatever its protocol: created through the registry with its fields described once and
 * documented, the operations it declares and no others, bad metadata and bad requests named, input
 * events delivered. Each binding's own behaviour is tested beside this file (`<name>-specific`).
 */
export const BINDING_CASES: readonly Case[] = [
  {
    name: "is registered with its metadata fields, each documented on its docs page",
    run: async (h) => {
      const fields = h.fields();
      expect(fields.length).toBeGreaterThan(0);
      const known = new Set(fields.flatMap(namesOf));
      for (const name of Object.keys(h.prepared.metadata)) expect({ field: name, listed: known.has(name.toLowerCase()) }).toEqual({ field: name, listed: true });
      const page = readFileSync(path.join(ROOT, "docs/components", `${h.target.type}.md`), "utf8");
      for (const field of fields) expect({ field: field.name, documented: page.includes(`| \`${field.name}\``) }).toEqual({ field: field.name, documented: true });
      await Promise.resolve();
    },
  },
  {
    name: "implements exactly the sides and operations its table entry lists",
    run: async (h) => {
      const binding = await h.open();
      expect(isInputBinding(binding)).toBe(h.target.input);
      expect(isOutputBinding(binding)).toBe(h.target.operations.length > 0);
      if (isOutputBinding(binding)) expect([...binding.operations()].sort()).toEqual([...h.target.operations].sort());
    },
  },
  {
    name: "fails init naming each required field that is missing",
    run: async (h) => {
      const required = h.fields().filter((f) => f.required);
      for (const field of required) {
        const names = new Set(namesOf(field));
        const without = Object.fromEntries(Object.entries(h.prepared.metadata).filter(([k]) => !names.has(k.toLowerCase())));
        await expect(h.open(without)).rejects.toThrow(`"${field.name}"`);
      }
    },
  },
  {
    name: "answers an operation it does not list with a request error naming it",
    when: (t) => t.operations.length > 0,
    run: async (h) => {
      const binding = await h.open();
      const attempt = binding.invoke!({ operation: "no-such-operation", data: null, metadata: {} });
      await expect(attempt).rejects.toBeInstanceOf(BindingRequestError);
      await expect(attempt).rejects.toThrow("no-such-operation");
    },
  },
  {
    name: "serves its sample request",
    when: (t) => t.operations.length > 0,
    run: async (h) => {
      const binding = await h.open();
      for (const sample of h.prepared.samples ?? []) {
        const response = await binding.invoke!(sample.request);
        sample.check?.(response);
      }
      expect(h.prepared.samples?.length ?? 0).toBeGreaterThan(0);
    },
  },
  {
    name: "delivers an event from its source to the handler",
    when: (t) => t.input,
    run: async (h) => {
      const binding = await h.open();
      const events: InputEvent[] = [];
      const controller = new AbortController();
      try {
        await binding.read!((event) => (events.push(event), Promise.resolve()), controller.signal);
        const marker = `m-${Date.now()}`;
        await h.prepared.trigger!(marker);
        await waitFor(() => events.some((e) => h.prepared.matches!(e, marker)), { timeoutMs: h.timeoutMs, what: "the triggered event" });
      } finally {
        controller.abort();
      }
    },
  },
  {
    name: "closes twice, and after an init that failed",
    run: async (h) => {
      const binding = await h.open();
      await binding.close();
      await binding.close();
      const failed = await createThroughRegistry("bindings", h.target, testContext(h.target.type));
      await expect(failed.init(ComponentMetadata.of("conformance", h.target.type, {}))).rejects.toThrow();
      await failed.close();
    },
  },
];

/** Runs the suite against one row of targets.ts; a row whose broker is down here is skipped with a message. */
export async function runBindingTarget(which: string): Promise<void> {
  const target = findTarget(BINDING_TARGETS, which);
  const available = await targetAvailable(target);
  (available ? describe : describe.skip)(`bindings conformance: ${targetTitle(target)}`, () => {
    const opened: Binding[] = [];
    let prepared: PreparedTarget | undefined;

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((b) => b.close().catch(() => undefined)));
      await prepared?.dispose();
      prepared = undefined;
    });

    const harness = (p: PreparedTarget): Harness => ({
      target,
      prepared: p,
      timeoutMs: target.timeoutMs ?? 10_000,
      open: async (metadata = p.metadata) => {
        const binding = await createThroughRegistry("bindings", target, testContext(target.type));
        opened.push(binding);
        await binding.init(ComponentMetadata.of("conformance", target.type, metadata));
        return binding;
      },
      fields: () => builtinRegistries().bindings.metadataOf(target.type) ?? [],
    });

    for (const c of BINDING_CASES.filter((c) => c.when?.(target) ?? true)) {
      it(c.name, async () => {
        prepared = await target.prepare();
        await c.run(harness(prepared));
      });
    }
  });
}
