import { describe, expect, it } from "@jest/globals";
import { daprProtos, daprServiceDefinition } from "../../pkg/proto/dapr.js";

describe("Dapr's runtime service as the gRPC API registers it before the protos are loaded (pkg/proto/dapr.ts)", () => {
  const loaded = daprProtos().dapr.dapr.proto.runtime.v1.Dapr.service;
  const served = daprServiceDefinition();

  it("has every method of the vendored proto, with its path and stream kinds (gen/dapr-methods.ts is in step with proto/)", () => {
    const shape = (definition: typeof loaded) => Object.entries(definition).map(([name, m]) => [name, m.path, m.requestStream, m.responseStream]);
    expect(shape(served as typeof loaded)).toEqual(shape(loaded));
  });

  it("(de)serialises each message as the loaded protos do", () => {
    const publish = { pubsub_name: "bus", topic: "orders", data: Buffer.from('{"a":1}'), data_content_type: "application/json", metadata: { k: "v" } };
    const bytes = served["PublishEvent"]!.requestSerialize(publish);
    expect(bytes).toEqual(loaded.PublishEvent.requestSerialize(publish));
    expect(served["PublishEvent"]!.requestDeserialize(bytes)).toEqual(loaded.PublishEvent.requestDeserialize(bytes));
    const state = { items: [{ key: "k", data: Buffer.from("v"), etag: "1", error: "", metadata: {} }] };
    expect(served["GetBulkState"]!.responseSerialize(state)).toEqual(loaded.GetBulkState.responseSerialize(state));
  });
});
