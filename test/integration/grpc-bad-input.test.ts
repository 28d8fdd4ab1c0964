import http2 from "node:http2";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { daprProtos } from "../../pkg/proto/dapr.js";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { pubsubAndConfigYaml } from "../support/manifests.js";

/**
 * Hostile and broken callers of the gRPC API against the built sidecar: each gets a clear status, and the
 * process keeps serving (a valid publish after each proves it).
 */

const TOKEN = "bad-input-token";
const SERVICE = "/dapr.proto.runtime.v1.Dapr";

type DaprClient = grpc.Client & Record<string, (req: unknown, md: grpc.Metadata, cb: (e: grpc.ServiceError | null, r: unknown) => void) => void> & {
  SubscribeConfiguration(req: unknown, md: grpc.Metadata): grpc.ClientReadableStream<{ id: string; items: Record<string, { value: string }> }>;
};

describe("bad input over gRPC", () => {
  let sidecar: SidecarProcess;
  let client: DaprClient;
  const auth = (): grpc.Metadata => {
    const md = new grpc.Metadata();
    md.set("dapr-api-token", TOKEN);
    return md;
  };
  const call = (method: string, request: unknown, metadata = auth()): Promise<{ code: number; details: string }> =>
    new Promise((resolve) => client[method]!(request, metadata, (error) => resolve({ code: error?.code ?? grpc.status.OK, details: error?.details ?? "" })));
  const stillServing = async (): Promise<void> => {
    expect(await call("PublishEvent", { pubsub_name: "pubsub", topic: "after", data: Buffer.from("{}"), data_content_type: "application/json" })).toEqual({ code: grpc.status.OK, details: "" });
    expect(sidecar.child.exitCode).toBeNull();
  };

  /** One request on a raw HTTP/2 stream: the body framed as gRPC frames it, unless `raw` is the whole body. */
  const rawCall = (method: string, body: Buffer, framed = true): Promise<{ status: string | undefined; message: string | undefined }> =>
    new Promise((resolve, reject) => {
      const session = http2.connect(`http://127.0.0.1:${sidecar.grpcPort}`);
      session.on("error", reject);
      const frame = framed ? Buffer.concat([Buffer.from([0]), Buffer.from([0, 0, 0, 0]).fill(0), body]) : body;
      if (framed) frame.writeUInt32BE(body.length, 1);
      const stream = session.request({ ":method": "POST", ":path": `${SERVICE}/${method}`, "content-type": "application/grpc", te: "trailers", "dapr-api-token": TOKEN });
      let headers: http2.IncomingHttpHeaders = {};
      stream.on("response", (h) => (headers = h));
      stream.on("trailers", (t) => (headers = { ...headers, ...t }));
      stream.on("data", () => undefined);
      stream.on("end", () => {
        session.close();
        resolve({ status: headers["grpc-status"] as string | undefined, message: headers["grpc-message"] as string | undefined });
      });
      stream.on("error", reject);
      stream.end(frame);
    });

  beforeAll(async () => {
    const dir = tempDir("grpc-bad-");
    const configFile = path.join(dir, "config.yaml");
    writeFileSync(configFile, "colour: {value: blue}\n");
    mkdirSync(path.join(dir, "resources"));
    writeFileSync(path.join(dir, "resources", "components.yaml"), pubsubAndConfigYaml(configFile));
    sidecar = await startSidecar({ appId: "bad-input", args: ["--resources-path", path.join(dir, "resources"), "--max-body-size", "64Ki"], env: { RUNTIME_API_TOKEN: TOKEN } });
    const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
    client = new Dapr(`127.0.0.1:${sidecar.grpcPort}`, grpc.credentials.createInsecure()) as unknown as DaprClient;
  }, 30_000);

  afterAll(async () => {
    client?.close();
    await sidecar?.stop("SIGKILL");
  });

  it("malformed protobuf bytes on a raw HTTP/2 stream: a non-OK status, not a crash", async () => {
    // An unknown field (15) with wire type 7, which protobuf does not have: the decoder cannot skip it.
    const result = await rawCall("PublishEvent", Buffer.from([0x7f, 0x01]));
    expect(result.status).toBe(String(grpc.status.INTERNAL));
    expect(result.message).toMatch(/deserializ/i);
    await stillServing();
  });

  it("a frame whose declared length the body never reaches, and a method that does not exist", async () => {
    const truncated = Buffer.from([0, 0, 0, 0x10, 0, 0x0a]);
    const cut = await rawCall("PublishEvent", truncated, false);
    expect(cut.status).not.toBe(String(grpc.status.OK));
    const unknown = await rawCall("NoSuchMethod", Buffer.alloc(0));
    expect(unknown.status).toBe(String(grpc.status.UNIMPLEMENTED));
    await stillServing();
  });

  it("a message over --max-body-size is RESOURCE_EXHAUSTED", async () => {
    const result = await call("PublishEvent", { pubsub_name: "pubsub", topic: "big", data: Buffer.alloc(65 * 1024, 0x61), data_content_type: "text/plain" });
    expect(result.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
    await stillServing();
  });

  it("an unknown pub/sub is INVALID_ARGUMENT; an empty topic too", async () => {
    expect(await call("PublishEvent", { pubsub_name: "nope", topic: "t", data: Buffer.from("x") })).toEqual({ code: grpc.status.INVALID_ARGUMENT, details: "pubsub nope is not found" });
    expect(await call("PublishEvent", { pubsub_name: "pubsub", topic: "", data: Buffer.from("x") })).toEqual({ code: grpc.status.INVALID_ARGUMENT, details: "topic is empty in pubsub pubsub" });
    await stillServing();
  });

  it("a missing or wrong token is UNAUTHENTICATED, on served and unserved methods alike", async () => {
    const wrong = new grpc.Metadata();
    wrong.set("runtime-api-token", "nope");
    expect((await call("PublishEvent", { pubsub_name: "pubsub", topic: "t" }, new grpc.Metadata())).code).toBe(grpc.status.UNAUTHENTICATED);
    expect((await call("GetMetadata", {}, wrong)).code).toBe(grpc.status.UNAUTHENTICATED);
    expect((await call("GetState", { store_name: "s", key: "k" }, new grpc.Metadata())).code).toBe(grpc.status.UNAUTHENTICATED);
    await stillServing();
  });

  it("a client that disconnects mid-stream ends its configuration subscription; the sidecar keeps serving", async () => {
    const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
    const leaving = new Dapr(`127.0.0.1:${sidecar.grpcPort}`, grpc.credentials.createInsecure()) as unknown as DaprClient;
    const stream = leaving.SubscribeConfiguration({ store_name: "config", keys: ["colour"] }, auth());
    stream.on("error", () => undefined);
    const first = await new Promise<{ id: string; items: Record<string, unknown> }>((resolve) => stream.once("data", resolve));
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.items).toEqual({});
    leaving.close();
    stream.cancel();
    await waitFor(() => sidecar.output().includes(`subscription ${first.id} to configuration store config ended`), { what: "the subscription to end in the sidecar" });
    await stillServing();
  });
});
