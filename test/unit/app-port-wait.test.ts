import net from "node:net";
import { Writable } from "node:stream";
import { describe, expect, it } from "@jest/globals";
import { createLogger } from "../../pkg/diagnostics/logger.js";
import { AppPort } from "../../pkg/runtime/appchannel/reachability.js";
import { freePort, waitFor } from "../support/ports.js";

describe("waiting for the app's port", () => {
  it("says it is waiting for the app on port N at every interval until the port opens, then resolves", async () => {
    const lines: string[] = [];
    const logger = createLogger({ appId: "wait", level: "info", json: true, stream: new Writable({ write: (chunk: Buffer, _enc, done) => void (lines.push(chunk.toString()), done()) }) });
    const port = await freePort();
    const appPort = new AppPort("127.0.0.1", port);
    const controller = new AbortController();
    const waiting = appPort.waitUntilReachable(logger, "grpc", controller.signal, 10, 100);
    const said = (): number => lines.filter((l) => l.includes(`waiting for the app on port ${port} (app protocol grpc`)).length;
    await waitFor(() => said() >= 3, { what: "three waiting messages" });
    expect(appPort.isReachable).toBe(false);
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      await expect(waiting).resolves.toBe(true);
      expect(appPort.isReachable).toBe(true);
      expect(lines.some((l) => l.includes(`the app opened port ${port}`))).toBe(true);
      await expect(appPort.whenReachable(controller.signal)).resolves.toBe(true);
    } finally {
      controller.abort();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("stops waiting, with false, when the sidecar stops", async () => {
    const logger = createLogger({ appId: "wait", level: "error", json: true, stream: new Writable({ write: (_c, _e, done) => done() }) });
    const appPort = new AppPort("127.0.0.1", await freePort());
    const controller = new AbortController();
    const waiting = appPort.waitUntilReachable(logger, "http", controller.signal, 10);
    const whenReachable = appPort.whenReachable(controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBe(false);
    await expect(whenReachable).resolves.toBe(false);
  });
});
