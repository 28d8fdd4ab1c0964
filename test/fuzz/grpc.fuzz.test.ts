/**
 * Property-based fuzzing of the built sidecar's gRPC API: hostile field values on every unary method it
 * serves (through grpc-js, so the messages are well-formed protobuf), and arbitrary bytes as the message of
 * every method of the service (on a raw HTTP/2 stream, so they are not). Every call must end within the
 * bound with a status daprd could have sent (never an unhandled error; UNKNOWN only where daprd answers its plain
 * errors with it: a subscription stream's protocol refusals), and the sidecar must
 * keep serving. FUZZ_RUNS cases per property (`make fuzz`: 10,000); FUZZ_SEED replays a run.
 */
import http2 from "node:http2";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { daprProtos } from "../../pkg/proto/dapr.js";
import { ANSWER_WITHIN_MS, anyJsonText, deepJson, fuzz, fuzzTimeoutMs, hostileSegment, printSummary } from "../support/fuzz.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";

const SERVICE = "dapr.proto.runtime.v1.Dapr";
const UNARY_SERVED = ["PublishEvent", "BulkPublishEvent", "BulkPublishEventAlpha1", "GetSecret", "GetBulkSecret", "GetConfiguration", "GetConfigurationAlpha1", "UnsubscribeConfiguration", "UnsubscribeConfigurationAlpha1", "InvokeBinding", "GetMetadata", "SetMetadata"];
/** Codes the catalogue and grpc-js give for a caller's mistake or a refused operation. */
const ACCEPTABLE = new Set([grpc.status.OK, grpc.status.INVALID_ARGUMENT, grpc.status.FAILED_PRECONDITION, grpc.status.NOT_FOUND, grpc.status.PERMISSION_DENIED, grpc.status.RESOURCE_EXHAUSTED, grpc.status.UNIMPLEMENTED, grpc.status.INTERNAL]);
/** daprd's streaming subscription refuses a stream that does not open with a valid initial request with a plain error: UNKNOWN. */
const STREAM_PROTOCOL_REFUSALS = /^(initial request is required|pubsubName is required|topic is required)/;
const acceptable = (method: string, status: number, message: string): boolean =>
  ACCEPTABLE.has(status) || (method === "SubscribeTopicEventsAlpha1" && status === grpc.status.UNKNOWN && STREAM_PROTOCOL_REFUSALS.test(message));

type Client = grpc.Client & Record<string, (req: unknown, md: grpc.Metadata, options: grpc.CallOptions, cb: (e: grpc.ServiceError | null) => void) => void>;

const name = fc.oneof(fc.constantFrom("pubsub", "config", "secrets", "nope", "", "__proto__"), hostileSegment);
const stringMap = fc.dictionary(fc.oneof(fc.constantFrom("ttlInSeconds", "rawPayload", "maxBulkPubBytes", "__proto__", "cloudevent.id"), fc.string({ maxLength: 8 })), fc.oneof(fc.constantFrom("0", "-1", "1e2", "true", "TRUE", "yes", ""), fc.string({ maxLength: 8 })), { maxKeys: 3 });
const bytes = fc.oneof(anyJsonText.map((t) => Buffer.from(t)), deepJson.map((t) => Buffer.from(t)), fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)));
const contentType = fc.oneof(fc.constantFrom("application/json", "application/cloudevents+json", "text/plain", "", "application/octet-stream"), fc.string({ maxLength: 12 }));
/** One request shape for every method: protobuf leaves out the fields a message does not have. */
const request = fc.record({
  pubsub_name: name,
  topic: fc.oneof(fc.constantFrom("orders", "", "a/b"), hostileSegment),
  data: bytes,
  data_content_type: contentType,
  metadata: stringMap,
  entries: fc.array(fc.record({ entry_id: fc.oneof(fc.constantFrom("1", "2", ""), fc.string({ maxLength: 4 })), event: bytes, content_type: contentType, metadata: stringMap }), { maxLength: 4 }),
  store_name: name,
  key: fc.oneof(fc.constantFrom("db-password", "denied", ""), hostileSegment),
  keys: fc.array(fc.oneof(fc.constantFrom("colour", ""), fc.string({ maxLength: 6 })), { maxLength: 3 }),
  name: name,
  operation: fc.oneof(fc.constantFrom("create", ""), fc.string({ maxLength: 6 })),
  id: fc.oneof(fc.uuid(), fc.string({ maxLength: 8 })),
  value: fc.string({ maxLength: 16 }),
});

describe("fuzzing the built sidecar over gRPC", () => {
  let sidecar: SidecarProcess;
  let client: Client;
  let session: http2.ClientHttp2Session | undefined;
  /** One raw HTTP/2 connection, made again when the server let an idle one go. */
  const rawSession = (): http2.ClientHttp2Session => {
    if (!session || session.closed || session.destroyed) {
      session = http2.connect(`http://127.0.0.1:${sidecar.grpcPort}`);
      session.on("error", () => undefined);
    }
    return session;
  };

  const stillServing = async (): Promise<void> => {
    const code = await new Promise<number>((resolve) => client["PublishEvent"]!({ pubsub_name: "pubsub", topic: "alive", data: Buffer.from("{}"), data_content_type: "application/json" }, new grpc.Metadata(), { deadline: Date.now() + ANSWER_WITHIN_MS }, (e) => resolve(e?.code ?? 0)));
    if (code !== grpc.status.OK || sidecar.child.exitCode !== null) throw new Error(`the sidecar stopped serving (publish status ${code})\n${sidecar.output().slice(-2000)}`);
  };

  beforeAll(async () => {
    const dir = tempDir("grpc-fuzz-");
    const secretsFile = path.join(dir, "secrets.json");
    const configFile = path.join(dir, "config.yaml");
    writeFileSync(secretsFile, JSON.stringify({ "db-password": "s3cret" }));
    writeFileSync(configFile, "colour: {value: blue}\n");
    mkdirSync(path.join(dir, "resources"));
    const component = (n: string, type: string, md: Record<string, string>): string => `apiVersion: runtime.io/v1alpha1\nkind: Component\nmetadata: {name: ${n}}\nspec:\n  type: ${type}\n  version: v1\n  metadata: [${Object.entries(md).map(([k, v]) => `{name: ${k}, value: ${JSON.stringify(v)}}`).join(", ")}]\n`;
    writeFileSync(path.join(dir, "resources", "components.yaml"), [component("pubsub", "pubsub.in-memory", {}), component("secrets", "secretstores.local.file", { secretsFile }), component("config", "configuration.local.file", { path: configFile })].join("---\n"));
    sidecar = await startSidecar({ appId: "grpc-fuzz", args: ["--resources-path", path.join(dir, "resources"), "--max-body-size", "256Ki", "--log-level", "error"] });
    const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
    client = new Dapr(`127.0.0.1:${sidecar.grpcPort}`, grpc.credentials.createInsecure()) as unknown as Client;
  }, 30_000);

  afterAll(async () => {
    session?.destroy();
    client?.close();
    await sidecar?.stop("SIGKILL");
    printSummary("grpc.fuzz.test.ts");
  });

  it(
    "hostile field values on every unary method runtimed serves",
    async () => {
      await fuzz("gRPC unary methods", [fc.constantFrom(...UNARY_SERVED), request], async (method, req) => {
        const error = await new Promise<grpc.ServiceError | null>((resolve) => client[method]!(req, new grpc.Metadata(), { deadline: Date.now() + ANSWER_WITHIN_MS }, resolve));
        const code = error?.code ?? grpc.status.OK;
        if (!acceptable(method, code, error?.details ?? "")) throw new Error(`${method} answered ${grpc.status[code]}: ${error?.details}\n--- sidecar ---\n${sidecar.output().slice(-3000)}`);
        if (error?.details.includes("see the sidecar log")) throw new Error(`${method} hit an unhandled error: ${sidecar.output().slice(-1000)}`);
        await stillServing();
      });
    },
    fuzzTimeoutMs(),
  );

  it(
    "arbitrary bytes as the message of every method of the service, on a raw HTTP/2 stream",
    async () => {
      // A SubscribeConfiguration whose bytes happen to decode opens a stream that stays open by design, and
      // any bytes decode as a Shutdown request, which stops the sidecar as asked.
      const methods = Object.keys(daprProtos().dapr.dapr.proto.runtime.v1.Dapr.service).filter((m) => !m.startsWith("SubscribeConfiguration") && m !== "Shutdown");
      await fuzz("gRPC raw message bytes", [fc.constantFrom(...methods), fc.uint8Array({ maxLength: 256 })], async (method, body) => {
        const frame = Buffer.alloc(5 + body.length);
        frame.writeUInt32BE(body.length, 1);
        frame.set(body, 5);
        let message = "";
        const status = await new Promise<string | undefined>((resolve, reject) => {
          const stream = rawSession().request({ ":method": "POST", ":path": `/${SERVICE}/${method}`, "content-type": "application/grpc", te: "trailers" });
          const timer = setTimeout(() => reject(new Error(`${method} did not answer within ${ANSWER_WITHIN_MS}ms; sidecar exit ${sidecar.child.exitCode}\n${sidecar.output().slice(-3000)}`)), ANSWER_WITHIN_MS);
          let found: string | undefined;
          stream.on("response", (h) => {
            found ??= h["grpc-status"] as string | undefined;
            message ||= decodeURIComponent((h["grpc-message"] as string | undefined) ?? "");
          });
          stream.on("trailers", (t) => {
            found ??= t["grpc-status"] as string | undefined;
            message ||= decodeURIComponent((t["grpc-message"] as string | undefined) ?? "");
          });
          stream.on("data", () => undefined);
          stream.on("close", () => {
            clearTimeout(timer);
            resolve(found);
          });
          stream.end(frame);
        });
        if (status === undefined || !acceptable(method, Number(status), message)) throw new Error(`${method} ended with grpc-status ${status} ${message}`);
        await stillServing();
      });
      expect(sidecar.child.exitCode).toBeNull();
    },
    fuzzTimeoutMs(),
  );
});
