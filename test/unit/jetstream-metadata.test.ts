import { describe, expect, it } from "@jest/globals";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import { cloudEventId } from "../../pkg/components/pubsub/jetstream/jetstream.js";
import { subjectMatches } from "../../pkg/components/pubsub/jetstream/streams.js";
import { parseJetStreamMetadata, safeName } from "../../pkg/components/pubsub/jetstream/metadata.js";

const parse = (values: Record<string, string>): ReturnType<typeof parseJetStreamMetadata> => parseJetStreamMetadata(ComponentMetadata.of("bus", "pubsub.jetstream", values));

describe("pubsub.jetstream metadata", () => {
  it("reads Dapr's names, with Dapr's defaults", () => {
    const s = parse({ natsURL: "nats://a:4222,nats://b:4222", durableName: "d", ackWait: "10s", maxDeliver: "5", backOff: "1s, 5s", deliverPolicy: "sequence", startSequence: "7", concurrency: "parallel", ackPolicy: "all" });
    expect(s).toMatchObject({ servers: ["nats://a:4222", "nats://b:4222"], name: "dapr.io - pubsub.jetstream", durableName: "d", ackWaitMs: 10_000, maxDeliver: 5, backOffMs: [1000, 5000], deliverPolicy: "sequence", startSequence: 7, concurrency: "parallel", ackPolicy: "all", autoCreateStream: true });
    expect(parse({ natsURL: "nats://x" })).toMatchObject({ deliverPolicy: "all", ackPolicy: "explicit", concurrency: "single", memoryStorage: false });
    expect(parse({ natsURL: "nats://x", deliverPolicy: "time", startTime: "1700000000" }).deliverPolicy).toBe("time");
  });

  it.each([
    [{}, /"natsURL" is required/],
    [{ natsURL: "nats://x", deliverPolicy: "oldest" }, /"deliverPolicy" must be one of all, last, new, sequence, time; got "oldest"/],
    [{ natsURL: "nats://x", deliverPolicy: "sequence" }, /"startSequence" is required when deliverPolicy is sequence/],
    [{ natsURL: "nats://x", jwt: "j" }, /"seedKey" is required when jwt is set/],
    [{ natsURL: "nats://x", tls_client_key: "k" }, /"tls_client_cert" is required/],
    [{ natsURL: "nats://x", backOff: "1s,soon" }, /"backOff" must be a comma-separated list of durations/],
    [{ natsURL: "nats://x", backOff: "1s,2s", maxDeliver: "2" }, /"maxDeliver" must be greater than the number of backOff entries \(2\)/],
    [{ natsURL: "nats://x", concurrency: "many" }, /"concurrency" must be single or parallel/],
    [{ natsURL: "nats://x", streamName: "a.b" }, /"streamName" must not contain/],
    [{ natsURL: "nats://x", autoCreateStream: "perhaps" }, /"autoCreateStream" must be true or false/],
  ])("rejects %j naming the field", (values, message) => {
    expect(() => parse(values as Record<string, string>)).toThrow(message);
  });

  it("names streams and consumers safely and keeps distinct topics apart", () => {
    expect(safeName("orders")).toBe("orders");
    expect(safeName("a.b")).toMatch(/^a_b_[0-9a-f]{10}$/);
    expect(safeName("a.b")).not.toBe(safeName("a_b"));
    expect(safeName("x".repeat(200)).length).toBeLessThanOrEqual(59);
  });

  it("finds the CloudEvent id without parsing the runtime's envelope, and by parsing other events", () => {
    expect(cloudEventId(Buffer.from('{"id":"abc-1","source":"s"}'), "application/cloudevents+json")).toBe("abc-1");
    expect(cloudEventId(Buffer.from('{"source":"s","id":"x2"}'), "application/cloudevents+json")).toBe("x2");
    expect(cloudEventId(Buffer.from('{"id":"raw"}'), "application/json")).toBe("raw");
    expect(cloudEventId(Buffer.from('{"n":1}'), "application/json")).toBeUndefined();
    expect(cloudEventId(Buffer.from("plain"), "text/plain")).toBeUndefined();
  });

  it("matches NATS subject wildcards", () => {
    expect(subjectMatches("orders.*", "orders.eu")).toBe(true);
    expect(subjectMatches("orders.*", "orders.eu.x")).toBe(false);
    expect(subjectMatches("orders.>", "orders.eu.x")).toBe(true);
    expect(subjectMatches("orders.>", "orders")).toBe(false);
    expect(subjectMatches("orders", "orders")).toBe(true);
  });
});
