import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { daprProtos } from "../../pkg/proto/dapr.js";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { tempDir } from "../support/tempdirs.js";
import { pubsubAndConfigYaml } from "../support/manifests.js";

/** The gRPC API as a part of the process: its metrics, its readiness gate, and its drain on SIGTERM. */

type Client = grpc.Client & {
  PublishEvent(req: unknown, cb: (e: grpc.ServiceError | null) => void): void;
  SubscribeConfiguration(req: unknown): grpc.ClientReadableStream<{ id: string }>;
};

describe("the gRPC API's metrics, readiness and shutdown", () => {
  let sidecar: SidecarProcess;
  let client: Client;

  beforeAll(async () => {
    const dir = tempDir("grpc-life-");
    const configFile = path.join(dir, "config.yaml");
    writeFileSync(configFile, "colour: {value: blue}\n");
    mkdirSync(path.join(dir, "resources"));
    writeFileSync(path.join(dir, "resources", "components.yaml"), pubsubAndConfigYaml(configFile));
    sidecar = await startSidecar({ appId: "grpc-life", args: ["--resources-path", path.join(dir, "resources"), "--graceful-shutdown-seconds", "3"] });
    const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
    client = new Dapr(`127.0.0.1:${sidecar.grpcPort}`, grpc.credentials.createInsecure()) as unknown as Client;
  }, 30_000);

  afterAll(async () => {
    client?.close();
    await sidecar?.stop("SIGKILL");
  });

  const publish = (pubsub: string): Promise<number> => new Promise((resolve) => client.PublishEvent({ pubsub_name: pubsub, topic: "t", data: Buffer.from("x") }, (e) => resolve(e?.code ?? 0)));

  it("counts calls by method and status (runtime_grpc_server_*) and reports the grpc-server readiness gate", async () => {
    expect(await publish("pubsub")).toBe(grpc.status.OK);
    expect(await publish("nope")).toBe(grpc.status.INVALID_ARGUMENT);
    const metrics = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/runtime_grpc_server_request_count\{method="PublishEvent",status="OK",app_id="[^"]+"\} 1/);
    expect(metrics).toMatch(/runtime_grpc_server_request_count\{method="PublishEvent",status="INVALID_ARGUMENT",app_id="[^"]+"\} 1/);
    expect(metrics).toMatch(/runtime_grpc_server_latency_ms_count\{app_id="[^"]+",method="PublishEvent",status="OK"\} 1/);
    expect(metrics).toMatch(/runtime_health_ready\{gate="grpc-server",app_id="[^"]+"\} 1/);
  });

  it("a second sidecar on the same --grpc-port stops at startup with a line naming the port and the flag", async () => {
    const clash = await startSidecar({ appId: "grpc-clash", args: ["--grpc-port", String(sidecar.grpcPort)], waitReady: false });
    try {
      await waitFor(() => clash.child.exitCode !== null, { what: "the second sidecar to stop", timeoutMs: 15_000 });
    } finally {
      await clash.stop("SIGKILL");
    }
    expect(clash.child.exitCode).not.toBe(0);
    expect(clash.output()).toContain(`the gRPC API cannot listen on 127.0.0.1:${sidecar.grpcPort} (in use? choose another with --grpc-port)`);
  });

  it("a host-name listen address (bound by grpc-js itself) serves the gRPC API too", async () => {
    const named = await startSidecar({ appId: "grpc-named", args: ["--listen-address", "localhost"] });
    const Dapr = daprProtos().dapr.dapr.proto.runtime.v1.Dapr;
    const other = new Dapr(`localhost:${named.grpcPort}`, grpc.credentials.createInsecure()) as unknown as Client;
    try {
      const code = await new Promise<number>((resolve) => other.PublishEvent({ pubsub_name: "nope", topic: "t", data: Buffer.from("x") }, (e) => resolve(e?.code ?? 0)));
      expect(code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(named.output()).not.toContain("cannot listen");
    } finally {
      other.close();
      await named.stop("SIGKILL");
    }
  });

  it("on SIGTERM ends an open configuration stream with OK and exits 0 within the grace period", async () => {
    const stream = client.SubscribeConfiguration({ store_name: "config", keys: ["colour"] });
    let status: grpc.StatusObject | undefined;
    stream.on("status", (s: grpc.StatusObject) => (status = s));
    stream.on("error", () => undefined);
    stream.on("data", () => undefined);
    await new Promise((resolve) => stream.once("data", resolve));
    const started = Date.now();
    const code = await sidecar.stop("SIGTERM");
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
    await waitFor(() => status !== undefined, { what: "the stream's status" });
    expect(status!.code).toBe(grpc.status.OK);
  });
});
