import { describe, expect, it } from "@jest/globals";
import type { ComponentResource } from "../../pkg/apis/types.js";
import type { ActiveSubscription, PublishRequest, PubSub, PubSubFeature } from "../../pkg/components/pubsub/types.js";
import { createLogger, SecretRedactor } from "../../pkg/diagnostics/logger.js";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import { Processor } from "../../pkg/runtime/processor.js";
import { PubSubMetrics } from "../../pkg/runtime/pubsub/metrics.js";
import { PubSubPublisher } from "../../pkg/runtime/pubsub/publisher.js";
import { ComponentStore } from "../../pkg/runtime/store.js";
import { testRegistries } from "../support/components.js";
import { Writable } from "node:stream";

/** A broker whose publishes wait until the test lets them go, and which refuses any publish once closed. */
class HeldBroker implements PubSub {
  static instances: HeldBroker[] = [];
  closed = false;
  accepted = 0;
  private release!: () => void;
  readonly held = new Promise<void>((resolve) => (this.release = resolve));
  private started!: () => void;
  readonly publishing = new Promise<void>((resolve) => (this.started = resolve));

  constructor() {
    HeldBroker.instances.push(this);
  }
  async init(): Promise<void> {}
  features(): PubSubFeature[] {
    return [];
  }
  async publish(_request: PublishRequest): Promise<void> {
    this.started();
    await this.held;
    if (this.closed) throw new Error("the connection is closed");
    this.accepted++;
  }
  subscribe(): Promise<ActiveSubscription> {
    return Promise.resolve({ drained: () => Promise.resolve() });
  }
  letGo(): void {
    this.release();
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

const orders = (version: string): ComponentResource => ({
  apiVersion: "runtime.io/v1alpha1",
  kind: "Component",
  metadata: { name: "orders" },
  spec: { type: "pubsub.test.held", version: "v1", metadata: [{ name: "revision", value: version }] },
});

/** A processor over the held broker, with the grace period a replaced instance gets, and a publisher on its store. */
function setup(gracefulShutdownMs: number): { store: ComponentStore; processor: Processor; publisher: PubSubPublisher } {
  HeldBroker.instances = [];
  const redactor = new SecretRedactor();
  const logger = createLogger({ appId: "app", level: "error", json: true, stream: new Writable({ write: (_c, _e, done) => done() }) }, redactor);
  const metrics = new Metrics({ processMetrics: false });
  const registries = testRegistries();
  registries.pubsub.register("pubsub.test.held", () => new HeldBroker());
  const store = new ComponentStore();
  const processor = new Processor({ registries, store, logger, metrics, context: { appId: "app", metrics, redactor, env: {}, protectedEnv: [], gracefulShutdownMs } });
  return { store, processor, publisher: new PubSubPublisher({ appId: "app", store, metrics: new PubSubMetrics(metrics) }) };
}

describe("a hot reload of a pub/sub", () => {
  it("closes the replaced instance only once the publishes that took it have finished, so none fails", async () => {
    const { store, processor, publisher } = setup(10_000);

    await processor.apply(orders("1"));
    const first = HeldBroker.instances[0]!;
    const publish = publisher.publish({ pubsubName: "orders", topic: "t", body: Buffer.from("{}"), contentType: "application/json", metadata: {} });
    await first.publishing;
    const reload = processor.apply(orders("2"));
    // The store serves the new instance as soon as it is initialised; the old one stays open for the publish it holds.
    await new Promise((resolve) => setImmediate(resolve));
    expect(first.closed).toBe(false);
    first.letGo();
    await expect(publish).resolves.toBeUndefined();
    await reload;
    expect(first.accepted).toBe(1);
    expect(first.closed).toBe(true);
    expect(store.get("pubsub", "orders")).toBe(HeldBroker.instances[1]);
  });

  it("publishes again on the new instance a publish that the replaced one failed as it closed after the grace period", async () => {
    const { processor, publisher } = setup(20);

    await processor.apply(orders("1"));
    const first = HeldBroker.instances[0]!;
    const publish = publisher.publish({ pubsubName: "orders", topic: "t", body: Buffer.from("{}"), contentType: "application/json", metadata: {} });
    await first.publishing;
    await processor.apply(orders("2"));
    expect(first.closed).toBe(true);
    const second = HeldBroker.instances[1]!;
    second.letGo();
    first.letGo();
    await expect(publish).resolves.toBeUndefined();
    expect(first.accepted).toBe(0);
    expect(second.accepted).toBe(1);
  });
});
