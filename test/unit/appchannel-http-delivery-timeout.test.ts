import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "@jest/globals";
import { HttpAppChannel } from "../../pkg/runtime/appchannel/http.js";
import { IdleSweep } from "../../pkg/runtime/appchannel/idle-sweep.js";
import type { TopicEvent } from "../../pkg/runtime/appchannel/types.js";

const TIMEOUT_MS = 400;
// What the sweep promises (idle-sweep.ts): never before the timeout, at most two sweep periods after it. The
// margin above that is for a loaded machine's late timers, not part of the promise.
const PERIOD_MS = new IdleSweep(TIMEOUT_MS, () => undefined).periodMs;
const LOAD_MARGIN_MS = 1_500;

function delivery(path: string): TopicEvent {
  const body = Buffer.from('{"id":"1"}');
  return { path, pubsubName: "bus", topic: "orders", event: { id: "1" }, body, contentType: "application/cloudevents+json", rawPayload: false, metadata: {} };
}

/** An app whose handler for each path the test gives; resolves once it listens. */
async function app(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("HTTP app channel: a delivery's callback timeout", () => {
  const closers: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function channelTo(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<HttpAppChannel> {
    const server = await app(handle);
    const channel = new HttpAppChannel({ address: "127.0.0.1", port: server.port, timeoutMs: TIMEOUT_MS, maxReplyBytes: 1 << 20 });
    closers.push(() => channel.close(), () => server.close());
    return channel;
  }

  it("retries a delivery the app never answers, no sooner than the timeout and within two sweep periods of it", async () => {
    const channel = await channelTo((req) => req.resume());
    const started = performance.now();
    const result = await channel.deliverTopicEvent(delivery("/silent"));
    const elapsed = performance.now() - started;
    expect(result).toEqual({ outcome: "retry", reason: `app did not answer POST /silent within ${TIMEOUT_MS}ms` });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2 * PERIOD_MS + LOAD_MARGIN_MS);
  });

  it("is an idle timeout: a reply that keeps arriving for longer than the timeout is read to its end", async () => {
    // Five chunks, each a third of the timeout after the last: the whole reply takes longer than the timeout, but
    // the socket is never idle that long, as with the socket timeout the sweep replaces.
    const gapMs = Math.ceil(TIMEOUT_MS / 3);
    const channel = await channelTo((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "application/json" });
      res.write("{");
      let sent = 0;
      const next = (): void => {
        if (++sent < 5) {
          res.write(" ");
          setTimeout(next, gapMs);
        } else res.end('"status":"DROP"}');
      };
      setTimeout(next, gapMs);
    });
    const started = performance.now();
    const result = await channel.deliverTopicEvent(delivery("/slow"));
    expect(performance.now() - started).toBeGreaterThan(TIMEOUT_MS);
    expect(result.outcome).toBe("drop");
  });

  it("times a stalled reply out from its last chunk, and the channel keeps delivering after it", async () => {
    let calls = 0;
    const channel = await channelTo((req, res) => {
      req.resume();
      if (++calls === 1) {
        // Headers and a first chunk, then nothing.
        res.writeHead(200, { "content-type": "application/json" });
        res.write("{");
        return;
      }
      res.writeHead(200).end();
    });
    const result = await channel.deliverTopicEvent(delivery("/stalls"));
    expect(result).toEqual({ outcome: "retry", reason: `app did not answer POST /stalls within ${TIMEOUT_MS}ms` });
    await expect(channel.deliverTopicEvent(delivery("/answers"))).resolves.toMatchObject({ outcome: "success" });
  });

  it("keeps a request's own timeout exact for invoke", async () => {
    const channel = await channelTo((req) => req.resume());
    await expect(channel.invoke({ method: "POST", path: "/invoked", body: "{}", timeoutMs: 50 })).rejects.toMatchObject({ code: "TIMEOUT", message: "app did not answer POST /invoked within 50ms" });
  });
});
