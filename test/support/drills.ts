import { expect } from "@jest/globals";
import { waitFor } from "./ports.js";
import type { SidecarProcess } from "./sidecar.js";
import type { TestApp } from "./testapp.js";

/**
 * POSTs message `n` (JSON `{n}`) to the sidecar; true when it answered 204. Never throws: the fault drills
 * publish through outages, where a refused or timed-out publish simply was not accepted.
 */
export async function publishNumbered(sc: SidecarProcess, pubsub: string, topic: string, n: number, timeoutMs = 15_000): Promise<boolean> {
  try {
    const res = await fetch(`${sc.url}/v1.0/publish/${pubsub}/${topic}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ n }), signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.status === 204;
  } catch {
    return false;
  }
}

/**
 * The app side of the "sidecar killed with unacknowledged messages" drills: every delivery to `route` is
 * held (never answered) until `open()`; held ones then answer 500, later ones succeed and their numbers
 * go to `ok`. So nothing the killed sidecar had taken was ever acknowledged by the app.
 */
export function holdDeliveries(app: TestApp, route: string, ok: Set<number>): { held(): number; open(): void } {
  const held: Array<() => void> = [];
  let opened = false;
  app.respond(route, async (req) => {
    if (!opened) {
      await new Promise<void>((resolve) => held.push(resolve));
      return { status: 500 };
    }
    ok.add(req.json<{ data: { n: number } }>().data.n);
    return { status: 200 };
  });
  return {
    held: () => held.length,
    open: () => {
      opened = true;
      for (const release of held.splice(0)) release();
    },
  };
}

/** Scripts the app's `route`: `fail(n, attempt)` decides a 500; returns the numbers it answered 200 to (delivered, in the spec's reply table's sense). */
export function scriptNumbered(app: TestApp, route: string, fail: (n: number, attempt: number) => boolean): Set<number> {
  const ok = new Set<number>();
  const attempts = new Map<number, number>();
  app.respond(route, (req) => {
    const n = req.json<{ data: { n: number } }>().data.n;
    const attempt = (attempts.get(n) ?? 0) + 1;
    attempts.set(n, attempt);
    if (fail(n, attempt)) return { status: 500 };
    ok.add(n);
    return { status: 200, body: { status: "SUCCESS" } };
  });
  return ok;
}

/** The message numbers the app was handed on `route` (each CloudEvent's data.n), successful or not. */
export function numbersSeen(app: TestApp, route: string): Set<number> {
  return new Set(app.on(route).map((r) => r.json<{ data: { n: number } }>().data.n));
}

/** Every accepted number reached `ok` within the time; fails listing the ones that did not. */
export async function expectAllDelivered(accepted: number[], ok: Set<number>, timeoutMs: number): Promise<void> {
  await waitFor(() => accepted.every((n) => ok.has(n)), { timeoutMs, what: `${accepted.length} accepted messages delivered` }).catch(() => undefined);
  expect(accepted.filter((n) => !ok.has(n))).toEqual([]);
}
