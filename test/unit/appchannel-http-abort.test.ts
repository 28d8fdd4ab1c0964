import { getEventListeners } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "@jest/globals";
import { HttpAppChannel } from "../../pkg/runtime/appchannel/http.js";

/** A real app that takes each request and never answers until the test lets it (or the connection closes). */
async function silentApp(): Promise<{ port: number; requests: () => number; paths: string[]; closedConnections: () => number; close: () => Promise<void> }> {
  let requests = 0;
  let closed = 0;
  const paths: string[] = [];
  const server = http.createServer((req) => {
    requests++;
    paths.push(req.url ?? "");
    req.resume();
    req.socket.once("close", () => closed++);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => requests,
    paths,
    closedConnections: () => closed,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setImmediate(r));
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe("HTTP app channel: a delivery's abort signal", () => {
  const closers: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function setUp(): Promise<{ app: Awaited<ReturnType<typeof silentApp>>; channel: HttpAppChannel }> {
    const app = await silentApp();
    const channel = new HttpAppChannel({ address: "127.0.0.1", port: app.port, timeoutMs: 30_000, maxReplyBytes: 1024 });
    closers.push(() => app.close(), () => channel.close());
    return { app, channel };
  }

  it("ends the request in flight with ABORT_ERR and closes its connection", async () => {
    const { app, channel } = await setUp();
    const controller = new AbortController();
    const reply = channel.invoke({ method: "POST", path: "/orders", body: "{}", signal: controller.signal });
    await eventually(() => app.requests() === 1);
    controller.abort();
    await expect(reply).rejects.toMatchObject({ code: "ABORT_ERR", message: "calling the app POST /orders: The operation was aborted" });
    await eventually(() => app.closedConnections() === 1);
  });

  it("does not call the app when the signal is already aborted", async () => {
    const { app, channel } = await setUp();
    const controller = new AbortController();
    controller.abort();
    await expect(channel.invoke({ method: "POST", path: "/orders", body: "{}", signal: controller.signal })).rejects.toMatchObject({ code: "ABORT_ERR" });
    // A request sent after it is the first, and the only one, the app sees.
    void channel.invoke({ method: "POST", path: "/after", body: "{}", signal: new AbortController().signal }).catch(() => undefined);
    await eventually(() => app.requests() >= 1);
    expect(app.paths).toEqual(["/after"]);
  });

  it("leaves no abort listener behind on a signal shared by many deliveries", async () => {
    const app = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.end());
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const channel = new HttpAppChannel({ address: "127.0.0.1", port: (app.address() as AddressInfo).port, timeoutMs: 30_000, maxReplyBytes: 1024 });
    closers.push(() => channel.close(), () => new Promise<void>((resolve) => app.close(() => resolve())));
    const controller = new AbortController();
    const replies = await Promise.all(Array.from({ length: 20 }, () => channel.invoke({ method: "POST", path: "/orders", body: "{}", signal: controller.signal })));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});
