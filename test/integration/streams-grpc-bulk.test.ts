import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { waitFor } from "../support/ports.js";
import { startSidecar, type SidecarProcess } from "../support/sidecar.js";
import { daprGrpcClient, GrpcStreamSubscriber, messageData, type DaprGrpcClient, type EventMessage } from "../support/stream-client.js";
import { tempDir } from "../support/tempdirs.js";

/**
 * Bulk delivery on SubscribeTopicEventsAlpha1 (docs/streaming.md), from a grpc-js client against the built
 * sidecar: `bulkSubscribe.*` in the initial request's metadata groups messages up to maxMessagesCount or
 * maxAwaitDurationMs; each entry arrives as an event_message of its own, acknowledged by its id with
 * SUCCESS, RETRY or DROP; what a stream leaves unacknowledged goes to the next one.
 */

const bulk = (maxMessagesCount: number, maxAwaitDurationMs: number): Record<string, string> => ({
  "bulkSubscribe.enabled": "true",
  "bulkSubscribe.maxMessagesCount": String(maxMessagesCount),
  "bulkSubscribe.maxAwaitDurationMs": String(maxAwaitDurationMs),
});

describe("bulk delivery on a gRPC stream", () => {
  let sidecar: SidecarProcess;
  let client: DaprGrpcClient;
  let subscribers: GrpcStreamSubscriber[] = [];
  let topics = 0;
  const freshTopic = (): string => `bulk-${++topics}`;
  const publish = (topic: string, data: unknown): Promise<void> =>
    new Promise((resolve, reject) => client.PublishEvent({ pubsub_name: "pubsub", topic, data: Buffer.from(JSON.stringify(data)), data_content_type: "application/json" }, new grpc.Metadata(), (error) => (error ? reject(error) : resolve())));
  const publishCloudEvent = (topic: string, event: Record<string, unknown>): Promise<void> =>
    new Promise((resolve, reject) => client.PublishEvent({ pubsub_name: "pubsub", topic, data: Buffer.from(JSON.stringify(event)), data_content_type: "application/cloudevents+json" }, new grpc.Metadata(), (error) => (error ? reject(error) : resolve())));
  const subscribe = async (topic: string, metadata: Record<string, string> = {}, deadLetterTopic?: string): Promise<GrpcStreamSubscriber> => {
    const subscriber = await GrpcStreamSubscriber.open(client, { initial_request: { pubsub_name: "pubsub", topic, metadata: { retryInitialInterval: "10ms", ...metadata }, dead_letter_topic: deadLetterTopic } });
    subscribers.push(subscriber);
    return subscriber;
  };
  /** runtime_pubsub_ingress_total of the topic with that outcome, from the sidecar's /metrics. */
  const ingress = async (topic: string, outcome: string): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${sidecar.metricsPort}/metrics`)).text();
    const line = text.split("\n").find((l) => l.startsWith("runtime_pubsub_ingress_total{") && l.includes(`topic="${topic}"`) && l.includes(`process_status="${outcome}"`));
    return line ? Number(line.split(" ").at(-1)) : 0;
  };
  const numbers = (events: EventMessage[]): number[] => events.map((e) => (messageData(e) as { n: number }).n).sort((a, b) => a - b);

  beforeAll(async () => {
    const resources = path.join(tempDir("streams-grpc-bulk-"), "resources");
    mkdirSync(resources);
    writeFileSync(path.join(resources, "pubsub.yaml"), `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: pubsub}
spec: {type: pubsub.in-memory, version: v1, metadata: [{name: redeliveryDelay, value: 10ms}]}
`);
    sidecar = await startSidecar({ appId: "bulk-streamer", args: ["--resources-path", resources] });
    client = daprGrpcClient(sidecar.grpcPort);
  }, 30_000);
  afterEach(() => {
    for (const subscriber of subscribers) subscriber.call.cancel();
    subscribers = [];
  });
  afterAll(async () => {
    client?.close();
    await sidecar?.stop();
  });

  it("holds a group until maxMessagesCount messages have come, sends its entries as event_messages acknowledged by CloudEvent id, and hands what a stream left unacknowledged to the next", async () => {
    const topic = freshTopic();
    // A wait far beyond the test's: only the count can let the group go.
    const grouped = await subscribe(topic, bulk(3, 600_000));
    const clockTopic = freshTopic();
    const clock = await subscribe(clockTopic);
    await publish(topic, { n: 1 });
    await publish(topic, { n: 2 });
    // A message published after those two has made its way through the sidecar to another stream;
    // the two are still held, waiting for the third of their group.
    await publish(clockTopic, { tick: true });
    await clock.waitForEvents(1);
    expect(grouped.events).toHaveLength(0);
    await publishCloudEvent(topic, { specversion: "1.0", id: "ce-3", source: "test", type: "t", datacontenttype: "application/json", data: { n: 3 } });
    const events = await grouped.waitForEvents(3);
    expect(numbers(events)).toEqual([1, 2, 3]);
    expect(events[0]).toMatchObject({ topic, pubsub_name: "pubsub", path: "/", data_content_type: "application/json", type: "com.runtime.event.sent" });
    expect(events.find((e) => (messageData(e) as { n: number }).n === 3)!.id).toBe("ce-3");
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
    // Listed by GetMetadata like any stream, its bulk settings among its metadata.
    const metadata = await new Promise<{ subscriptions: Array<{ topic: string; type: string; metadata: Record<string, string> }> }>((resolve, reject) =>
      client.GetMetadata({}, new grpc.Metadata(), (error, response) => (error ? reject(error) : resolve(response as never))));
    expect(metadata.subscriptions).toContainEqual(expect.objectContaining({ topic, type: "STREAMING", metadata: expect.objectContaining({ "bulkSubscribe.maxMessagesCount": "3" }) }));
    // One entry acknowledged, then the stream half-closes (the sidecar reads the acknowledgement before the end).
    grouped.ack("ce-3");
    grouped.call.end();
    expect(await grouped.waitForEnd()).toEqual({ code: grpc.status.OK, details: "OK" });
    const next = await subscribe(topic, bulk(2, 600_000));
    const redelivered = await next.waitForEvents(2);
    expect(numbers(redelivered)).toEqual([1, 2]);
    for (const event of redelivered) next.ack(event.id);
    // Each group settles with the broker once all its entries are: the first with the stream's end, the second now.
    await waitFor(async () => (await ingress(topic, "success")) === 3, { what: "three successes counted" });
    expect(next.events).toHaveLength(2);
  });

  it("sends what came within maxAwaitDurationMs, not before, and settles each entry by its own status: SUCCESS, DROP to the dead-letter topic, RETRY back", async () => {
    const topic = freshTopic();
    const dead = await subscribe(`${topic}-dead`);
    const grouped = await subscribe(topic, bulk(100, 400), `${topic}-dead`);
    const publishedAt = Date.now();
    for (const n of [1, 2, 3]) await publish(topic, { n });
    const events = await grouped.waitForEvents(3);
    // The group's timer starts with its first message, after publishedAt (a timer may fire a millisecond early).
    expect(grouped.arrivedAt[0]! - publishedAt).toBeGreaterThanOrEqual(390);
    const byNumber = new Map(events.map((e) => [(messageData(e) as { n: number }).n, e]));
    grouped.ack(byNumber.get(1)!.id, "SUCCESS");
    grouped.ack(byNumber.get(2)!.id, "DROP");
    grouped.ack(byNumber.get(3)!.id, "RETRY");
    const [moved] = await dead.waitForEvents(1);
    expect(messageData(moved!)).toEqual({ n: 2 });
    // Only the entry answered RETRY comes back, in a group of its own once the wait is over.
    const again = (await grouped.waitForEvents(4))[3]!;
    expect(again.id).toBe(byNumber.get(3)!.id);
    expect(messageData(again)).toEqual({ n: 3 });
    grouped.ack(again.id);
    await waitFor(async () => (await ingress(topic, "success")) === 2, { what: "two successes counted" });
    expect(await ingress(topic, "drop")).toBe(1);
    expect(dead.events).toHaveLength(1);
  });

  it("refuses bulk settings that are not positive integers, and keeps serving", async () => {
    const refused = await GrpcStreamSubscriber.open(client, { initial_request: { pubsub_name: "pubsub", topic: freshTopic(), metadata: bulk(0, 10) } });
    subscribers.push(refused);
    expect(await refused.waitForEnd()).toEqual({ code: grpc.status.INVALID_ARGUMENT, details: 'malformed request: metadata bulkSubscribe.maxMessagesCount must be an integer >= 1, got "0"' });
    const serving = await subscribe(freshTopic(), bulk(1, 10));
    expect(serving.initialised).toBe(true);
  });
});
