import http from "node:http";
import { describe, expect, it } from "@jest/globals";
import express from "express";
import { expressServerOptions } from "../../pkg/api/http/server.js";
import { HttpServer } from "../../pkg/util/httpserver.js";

function get(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path: "/", agent: false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    }).on("error", reject);
  });
}

describe("graceful HTTP shutdown", () => {
  it("lets an in-flight request finish, then refuses new connections", async () => {
    let release!: () => void;
    let reached!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const inHandler = new Promise<void>((r) => (reached = r));
    const server = new HttpServer(async (_req, res) => {
      reached();
      await released;
      res.end("done");
    }, { port: 0, address: "127.0.0.1" }, 5000);
    await server.start();
    const port = server.port;
    const inFlight = get(port);
    await inHandler;
    const closing = server.close();
    // Answered only once the close has begun: the request was in flight when the server stopped accepting.
    release();
    expect(await inFlight).toEqual({ status: 200, body: "done" });
    await closing;
    await expect(get(port)).rejects.toThrow(/ECONNREFUSED/);
  });

  it("cuts requests still running when the grace period ends", async () => {
    let reached!: () => void;
    const inHandler = new Promise<void>((r) => (reached = r));
    const server = new HttpServer(() => reached() /* never answers */, { port: 0, address: "127.0.0.1" }, 100);
    await server.start();
    const hanging = get(server.port);
    await inHandler;
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(hanging).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});

describe("requests born with Express's prototypes", () => {
  it("hands Express a request and response already parented to the app, and Express serves them in full", async () => {
    const app = express();
    app.post("/echo/:name", express.raw({ type: () => true }), (req, res) => {
      res.status(201).set("x-name", req.params.name).json({ query: req.query.q, body: (req.body as Buffer).toString(), type: req.get("content-type") });
    });
    const bornParented: boolean[] = [];
    const server = new HttpServer((req, res) => {
      bornParented.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
      app(req, res);
    }, { port: 0, address: "127.0.0.1" }, 1000, expressServerOptions(app));
    await server.start();
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/echo/abc?q=1`, { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" });
      expect(res.status).toBe(201);
      expect(res.headers.get("x-name")).toBe("abc");
      expect(await res.json()).toEqual({ query: "1", body: "hello", type: "text/plain" });
      expect(res.headers.get("x-powered-by")).toBe("Express");
      expect(bornParented).toEqual([true]);
    } finally {
      await server.close();
    }
  });
});
