import { randomUUID } from "node:crypto";
import { expect } from "@jest/globals";
import { waitFor } from "../support/ports.js";
import { resourcesFolder } from "../support/runtime.js";
import type { SidecarProcess } from "../support/sidecar.js";
import { startTestApp, type TestApp } from "../support/testapp.js";

/** The route the drills' apps serve for the pub/sub `bus`. */
export const DELAYED_ROUTE = "/delayed";

export interface DelayedDrill {
  topic: string;
  appId: string;
  app: TestApp;
  resources: string;
  /** Per message number, the arrival times (more than one: a duplicate). */
  seen: Map<number, number[]>;
  /** Per message number, its deliverat. */
  due: Map<number, number>;
}

/**
 * An app subscribed to a fresh topic of the pub/sub `bus` (defined by `component`), recording when each numbered
 * message arrives and when it was due. The app goes to `apps` and the topic to `topics`, for the suite to clean up.
 */
export async function startDelayedDrill(component: string, apps: TestApp[], topics: string[] = []): Promise<DelayedDrill> {
  const topic = `delayed-drill-${randomUUID()}`;
  topics.push(topic);
  const app = await startTestApp({ subscriptions: [{ pubsubname: "bus", topic, route: DELAYED_ROUTE }] });
  apps.push(app);
  const seen = new Map<number, number[]>();
  const due = new Map<number, number>();
  app.respond(DELAYED_ROUTE, (req) => {
    const event = req.json<{ data: { n: number }; deliverat: string }>();
    seen.set(event.data.n, [...(seen.get(event.data.n) ?? []), Date.now()]);
    due.set(event.data.n, Date.parse(event.deliverat));
    return { status: 200 };
  });
  return { topic, appId: `drill-${randomUUID().slice(0, 8)}`, app, resources: await resourcesFolder({ "bus.yaml": component }), seen, due };
}

/** Requests in flight at once: one at a time, 200 publishes on a loaded machine outlast a 2 s delay. */
const PUBLISH_LANES = 20;

/**
 * Publishes messages `from`..`to - 1` due `delay` from now, PUBLISH_LANES at a time; every one must be accepted
 * (204). The drills kill a process once these are accepted and check that none arrived before: the first ones
 * accepted must still be waiting then.
 */
export async function publishDelayed(sc: SidecarProcess, topic: string, from: number, to: number, delay: string): Promise<void> {
  let next = from;
  const lane = async (): Promise<void> => {
    for (let n = next++; n < to; n = next++) {
      const res = await fetch(`${sc.url}/v1.0/publish/bus/${topic}?metadata.deliverAfter=${delay}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }) });
      expect({ n, status: res.status, body: await res.text() }).toEqual({ n, status: 204, body: "" });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUBLISH_LANES, to - from) }, lane));
}

/**
 * What the app has received when the drill has just killed its sidecar: none on a quiet machine, where every
 * message was accepted well before the first was due; on a loaded one the first accepted may have come due and
 * been delivered before the kill, which is right. The drill is only worth its name with most still waiting, so
 * fewer than half of the `published` may have arrived. Answers the count that must not grow until a sidecar is back.
 */
export function afterKill(d: DelayedDrill, published: number): number {
  const delivered = d.seen.size;
  expect(delivered).toBeLessThan(published / 2);
  return delivered;
}

/** Every number delivered, none before its time; answers the largest count of one number's deliveries. */
export async function expectAllOnTime(d: DelayedDrill, count: number, timeoutMs: number): Promise<number> {
  await waitFor(() => d.seen.size >= count, { timeoutMs, what: `${count} delayed messages delivered (got ${d.seen.size})` });
  for (const [n, times] of d.seen) expect(times[0]!).toBeGreaterThanOrEqual(d.due.get(n)!);
  return Math.max(...[...d.seen.values()].map((t) => t.length));
}
