import { describe, expect, it } from "@jest/globals";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import { BINDING_TARGETS } from "./bindings/targets.js";
import { CONFIGURATION_TARGETS } from "./configuration/targets.js";
import { PUBSUB_TARGETS } from "./pubsub/targets.js";
import { SECRETSTORE_TARGETS } from "./secretstores/targets.js";

/** A built-in without a conformance entry would ship untested against its contract. */
describe("conformance tables", () => {
  const registries = builtinRegistries();
  it.each([
    ["pubsub", PUBSUB_TARGETS],
    ["configuration", CONFIGURATION_TARGETS],
    ["secretstores", SECRETSTORE_TARGETS],
  ] as const)("list every built-in %s type", (kind, targets) => {
    const builtins = registries[kind].types().map((t) => t.replace(/\/v\d+$/, ""));
    expect([...new Set(targets.map((t) => t.type))].sort()).toEqual([...new Set(builtins)].sort());
  });

  // The event router is driven against the cloud stand-ins, bindings.kafka against a private KRaft broker
  // (test/integration/bindings-kafka.test.ts): neither can join a table that runs on the machine's brokers.
  it("list every built-in bindings type but the event router and Kafka, which their own suites drive", () => {
    const builtins = registries.bindings.types().map((t) => t.replace(/\/v\d+$/, "")).filter((t) => t !== "bindings.cloud.eventrouter" && t !== "bindings.kafka");
    expect([...new Set(BINDING_TARGETS.map((t) => t.type))].sort()).toEqual([...new Set(builtins)].sort());
  });
});
