/**
 * Publish requests in their common shape skip Express' router and body parser (pkg/api/http/direct.ts).
 * Each case here is sent twice: on the path direct dispatch takes (`/v1.0/publish/...`) and on one
 * Express routes to the same handler but direct dispatch leaves to Express (`/V1.0/publish/...`:
 * Express matches routes in any letter case). Both must give the same status and body, and both are
 * counted under the same route in the metrics.
 */
import { afterEach, describe, expect, it } from "@jest/globals";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { Metrics } from "../../pkg/diagnostics/metrics.js";
import type { RuntimeOptions } from "../../pkg/runtime/options.js";
import { startRuntime, type TestRuntime } from "../support/runtime.js";

let running: TestRuntime[] = [];
afterEach(async () => {
  await Promise.all(running.map((r) => r.close()));
  running = [];
});

const LIMIT = 2048;

async function start(overrides: Partial<RuntimeOptions> = {}): Promise<{ rt: TestRuntime; metrics: Metrics }> {
  const metrics = new Metrics({ processMetrics: false });
  const rt = await startRuntime({ maxBodyBytes: LIMIT, ...overrides }, { metrics });
  running.push(rt);
  return { rt, metrics };
}

interface Answer {
  status: number;
  body: string;
}

/** One request over its own connection, the body written in the chunks given (chunked when no length is set). */
function send(url: string, path: string, headers: Record<string, string>, chunks: Buffer[], agent?: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The path as given (a URL would resolve its dot segments before sending).
    const { hostname, port } = new URL(url);
    const req = http.request({ hostname, port, path, method: "POST", headers, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** The same request on the direct path and on the Express path. */
async function both(url: string, rest: string, headers: Record<string, string>, chunks: Buffer[]): Promise<[Answer, Answer]> {
  return [await send(url, `/v1.0/publish/${rest}`, headers, chunks), await send(url, `/V1.0/publish/${rest}`, headers, chunks)];
}

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
const sized = (body: Buffer, type = "application/json"): Record<string, string> => ({ "content-type": type, "content-length": String(body.length) });

describe("direct dispatch of publish answers as Express does", () => {
  it("publishes, and refuses bad metadata, unknown pub/subs and oversized bodies with the same errors", async () => {
    const { rt, metrics } = await start();
    const ok = json({ orderId: 1 });
    const cases: Array<[string, Record<string, string>, Buffer[], number]> = [
      ["pubsub/orders", sized(ok), [ok], 204],
      ["pubsub/a/b/c?metadata.rawPayload=true", sized(ok), [ok], 204],
      ["pubsub/orders", { "content-type": "text/plain" }, [Buffer.from("in "), Buffer.from("chunks")], 204],
      ["pubsub/orders?metadata.ttlInSeconds=soon", sized(ok), [ok], 400],
      ["nosuch/orders", sized(ok), [ok], 404],
      ["pubsub/orders", sized(Buffer.alloc(LIMIT + 1, 0x61), "text/plain"), [Buffer.alloc(LIMIT + 1, 0x61)], 413],
      // No length announced: the limit is found while reading.
      ["pubsub/orders", { "content-type": "text/plain" }, [Buffer.alloc(LIMIT, 0x61), Buffer.from("b")], 413],
    ];
    for (const [rest, headers, chunks, status] of cases) {
      const [direct, viaExpress] = await both(rt.url, rest, headers, chunks);
      expect({ rest, status: direct.status }).toEqual({ rest, status });
      expect(direct).toEqual(viaExpress);
      if (status !== 204) expect(JSON.parse(direct.body)).toEqual({ errorCode: expect.stringMatching(/^ERR_/), message: expect.any(String) });
    }
    const text = await metrics.registry.getSingleMetricAsString("runtime_http_server_request_count");
    // Each case that reached the handler was counted twice under the route template, whichever path
    // served it; an oversized body is refused before any route, on both paths.
    for (const [status, count] of [[204, 6], [400, 2], [404, 2]]) {
      expect(text).toContain(`runtime_http_server_request_count{method="POST",route="/v1.0/publish/:pubsubname/*topic",status="${status}"} ${count}`);
    }
    expect(text).not.toContain('status="413"');
  });

  it("leaves compressed bodies, token refusals and hostile paths to Express", async () => {
    const { rt } = await start({ apiToken: "s3cret-token" });
    const body = json({ orderId: 2 });
    const zipped = gzipSync(body);
    const token = { "dapr-api-token": "s3cret-token" };
    const [gz, gzExpress] = await both(rt.url, "pubsub/orders", { ...sized(zipped), "content-encoding": "gzip", ...token }, [zipped]);
    expect([gz.status, gzExpress.status]).toEqual([204, 204]);
    const [refused, refusedExpress] = await both(rt.url, "pubsub/orders", sized(body), [body]);
    expect(refused).toEqual(refusedExpress);
    expect(JSON.parse(refused.body)).toMatchObject({ errorCode: "ERR_UNAUTHORIZED" });
    expect((await send(rt.url, "/v1.0/publish/pubsub/orders", { ...sized(body), ...token }, [body])).status).toBe(204);
    const dotted = await send(rt.url, "/v1.0/publish/pubsub/a/../orders", { ...sized(body), ...token }, [body]);
    expect(dotted.status).toBe(400);
  });

  it("keeps a connection usable after an oversized body was refused", async () => {
    const { rt } = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.alloc(LIMIT * 4, 0x61);
      expect((await send(rt.url, "/v1.0/publish/pubsub/orders", sized(big, "text/plain"), [big], agent)).status).toBe(413);
      const small = json({ after: true });
      expect((await send(rt.url, "/v1.0/publish/pubsub/orders", sized(small), [small], agent)).status).toBe(204);
    } finally {
      agent.destroy();
    }
  });
});
