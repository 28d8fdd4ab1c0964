import { describe, expect, it } from "@jest/globals";
import type { ComponentContext } from "../../../pkg/components/component.js";
import type { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { InMemoryPubSub } from "../../../pkg/components/pubsub/inmemory/inmemory.js";
import type { ActiveSubscription, MessageHandler, PublishRequest, PubSub, PubSubFeature, SubscribeRequest } from "../../../pkg/components/pubsub/types.js";
import { casesFor, PUBSUB_CASES, runPubSubTarget } from "./suite.js";
import { findTarget } from "../context.js";
import { PUBSUB_TARGETS, type PubSubTarget } from "./targets.js";

/**
 * A broker type that exists only in this test, declaring no optional feature: it proves that one
 * table entry runs the whole suite through the registry, and that a case for a feature the entry
 * does not declare is not registered at all (rather than passing by restating its own condition).
 */
class PlainBroker implements PubSub {
  private readonly inner: InMemoryPubSub;

  constructor(context: ComponentContext) {
    this.inner = new InMemoryPubSub(context);
  }

  init(metadata: ComponentMetadata): Promise<void> {
    return this.inner.init(metadata);
  }

  features(): PubSubFeature[] {
    return [];
  }

  publish(request: PublishRequest): Promise<void> {
    return this.inner.publish(request);
  }

  subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription> {
    return this.inner.subscribe(request, handler, signal);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

const plain: PubSubTarget = {
  type: "pubsub.test-plain",
  metadata: { redeliveryDelay: "10ms" },
  features: [],
  register: (registries) => registries.pubsub.register("pubsub.test-plain", (context) => new PlainBroker(context)),
};

await runPubSubTarget(plain);

describe("pubsub conformance table", () => {
  it("registers for a target only the cases whose features it declares", () => {
    const names = casesFor(plain).map((c) => c.name);
    for (const gated of ["COMPETING_CONSUMERS", "MESSAGE_TTL", "BULK_PUBLISH", "ordering"]) expect(names.join("\n")).not.toContain(gated);
    // The in-memory broker runs every case but those about a broker connection (none to lose), persistence (none),
    // refusing delayed delivery (it offers it) and moving its clock past a delay (its timers wait in real time).
    const inMemory = new Set(casesFor(findTarget(PUBSUB_TARGETS, "pubsub.in-memory")));
    expect(PUBSUB_CASES.filter((c) => !inMemory.has(c)).map((c) => c.name)).toEqual([
      expect.stringContaining("HealthReporter"),
      expect.stringContaining("(PERSISTENT)"),
      expect.stringContaining("cannot hold a delayed message refuses"),
      expect.stringContaining("once the component's clock passes its time"),
    ]);
  });
});
