import { afterAll, afterEach, describe, expect, it } from "@jest/globals";
import { Kafka, logLevel } from "kafkajs";
import { usePrivateKafka } from "../support/kafka.js";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import type { TestApp } from "../support/testapp.js";
import { afterKill, expectAllOnTime, publishDelayed, startDelayedDrill, type DelayedDrill } from "./delayed-drills.js";
import { componentYaml } from "../support/manifests.js";

/**
 * Delayed delivery on Kafka under faults, with the built sidecar as a process against a private single-node KRaft
 * broker: what a 204 accepted is in the delay topic, so a sidecar SIGKILLed while its messages wait loses none,
 * and two replicas, both members of the mover group, move each message once.
 */

const kafka = usePrivateKafka(1);
const MOVER_GROUP = "runtime-delayed-mover";
const sidecars: SidecarProcess[] = [];
const apps: TestApp[] = [];

afterEach(async () => {
  await Promise.all(sidecars.splice(0).map((s) => s.stop("SIGKILL")));
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

afterAll(async () => {
  await Promise.all(sidecars.splice(0).map((s) => s.stop("SIGKILL")));
});

function manifest(): string {
  return componentYaml("bus", "pubsub.kafka", { brokers: kafka().bootstrap, authType: "none", disableTls: "true", topicPartitions: "4", initialOffset: "oldest", sessionTimeout: "6s", heartbeatInterval: "1s", revocationTimeout: "5s" });
}

/** A sidecar whose subscription is live (listed in /v1.0/metadata). */
async function sidecar(d: DelayedDrill): Promise<SidecarProcess> {
  const sc = await startSidecar({ appId: d.appId, args: ["--app-port", String(d.app.port), "--resources-path", d.resources, "--log-level", "warn"] });
  sidecars.push(sc);
  await waitFor(async () => {
    const metadata = (await (await fetch(`${sc.url}/v1.0/metadata`)).json()) as { subscriptions?: Array<{ topic: string }> };
    return (metadata.subscriptions ?? []).some((s) => s.topic === d.topic);
  }, { timeoutMs: 30_000, what: `the subscription to ${d.topic}` });
  return sc;
}

/** The mover group's members once it is stable (no rebalance under way). */
async function stableMovers(): Promise<number> {
  const admin = new Kafka({ brokers: [kafka().bootstrap], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([MOVER_GROUP]);
    const group = groups[0];
    return group?.state === "Stable" ? group.members.length : -1;
  } finally {
    await admin.disconnect();
  }
}

describe("delayed delivery drills: pubsub.kafka", () => {
  it("the sidecar is SIGKILLed with 200 delayed messages pending: the delay topic holds them past their time, and the restarted sidecar delivers every one", async () => {
    const d = await startDelayedDrill(manifest(), apps);
    const first = await sidecar(d);
    await publishDelayed(first, d.topic, 0, 200, "6s");
    const dueBy = Date.now() + 6000;
    await first.stop("SIGKILL");
    const delivered = afterKill(d, 200);
    await waitFor(() => Date.now() > dueBy + 300, { timeoutMs: 15_000, what: "the delivery time to pass" });
    expect(d.seen.size).toBe(delivered);
    await sidecar(d);
    // A crash between a move's produce and its commit may deliver a message twice, never more.
    expect(await expectAllOnTime(d, 200, 45_000)).toBeLessThanOrEqual(2);
  }, 120_000);

  it("two replicas of one app are both members of the mover group: each message delivered once, none early", async () => {
    const d = await startDelayedDrill(manifest(), apps);
    const a = await sidecar(d);
    const b = await sidecar(d);
    // The first delayed publish creates the delay topic where none exists yet; the other sidecar finds it by its probe.
    await publishDelayed(a, d.topic, 200, 201, "1s");
    // Both movers joined and the group settled: each level's partition has one mover.
    await waitFor(async () => (await stableMovers()) === 2, { timeoutMs: 45_000, what: "the mover group to settle with two members" });
    await Promise.all([publishDelayed(a, d.topic, 0, 100, "2s"), publishDelayed(b, d.topic, 100, 200, "2s")]);
    expect(await expectAllOnTime(d, 201, 45_000)).toBe(1);
  }, 120_000);
});
