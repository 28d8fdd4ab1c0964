import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "@jest/globals";
import type { PubSub } from "../../pkg/components/pubsub/types.js";
import { waitFor } from "../support/ports.js";

export interface FailoverOutcome {
  /** Messages publish accepted before the failure began, and after it was over. */
  acceptedBefore: number;
  acceptedAfter: number;
  /** Publishes that failed (a 500 to an app): not accepted, so never owed. */
  failed: number;
  /** Accepted ids not delivered (yet). */
  missing(): number[];
}

/**
 * A failover drill's traffic: subscribes, publishes numbered messages one after another (a steady
 * stream, as an app would), and once messages flow both ways runs `fail` (kill or fail over the
 * primary), keeps publishing until 50 more were accepted, then stops. Ids are counted: every
 * accepted one must be delivered, whatever failed meanwhile.
 */
export async function publishThroughFailover(pubsub: PubSub, topic: string, signal: AbortSignal, fail: () => Promise<void>): Promise<FailoverOutcome> {
  const delivered = new Set<number>();
  await pubsub.subscribe({ topic, metadata: { consumerID: "drill" } }, (m) => (delivered.add(Number(m.data.toString())), Promise.resolve()), signal);
  const accepted = new Set<number>();
  let failed = 0;
  let stop = false;
  const publisher = (async (): Promise<void> => {
    for (let id = 0; !stop; id++) {
      try {
        await pubsub.publish({ topic, data: Buffer.from(String(id)), metadata: {} });
        accepted.add(id);
      } catch {
        failed++;
      }
      // About 150 messages a second: a stream, without taking the shared machine's cores.
      await sleep(5);
    }
  })();
  try {
    await waitFor(() => delivered.size >= 50, { timeoutMs: 10_000, what: "messages flowing before the failure" });
    const acceptedBefore = accepted.size;
    await fail();
    const atRecovery = accepted.size;
    await waitFor(() => accepted.size >= atRecovery + 50, { timeoutMs: 20_000, what: "50 publishes accepted after the failover" });
    return { acceptedBefore, acceptedAfter: accepted.size - atRecovery, get failed() { return failed; }, missing: () => [...accepted].filter((id) => !delivered.has(id)) };
  } finally {
    stop = true;
    await publisher;
  }
}

/** The cases every failover drill shares: no accepted message lost, and the configuration change made right after the failover notified. */
export function failoverDrillCases(outcome: () => FailoverOutcome, notified: () => string[]): void {
  it("delivers every message that publish accepted (counted by id), none lost", async () => {
    expect(outcome().acceptedBefore).toBeGreaterThan(0);
    expect(outcome().acceptedAfter).toBeGreaterThan(0);
    await waitFor(() => outcome().missing().length === 0, { timeoutMs: 20_000, what: "every accepted message delivered" }).catch(() => undefined);
    expect(outcome().missing()).toEqual([]);
  });

  it("notifies the configuration change made right after the failover", async () => {
    await waitFor(() => notified().includes("after-failover"), { timeoutMs: 15_000, what: "the change after the failover" }).catch(() => undefined);
    expect(notified()).toContain("after-failover");
  });
}
