import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { connect, type NatsConnection } from "@nats-io/transport-node";
import { jetstreamManager, type JetStreamManager } from "@nats-io/jetstream";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { JetStreamPubSub } from "../../../pkg/components/pubsub/jetstream/jetstream.js";
import { BROKERS, brokerAvailable } from "../../support/brokers.js";
import { waitFor } from "../../support/ports.js";
import { testContext } from "../context.js";

/** What `pubsub.jetstream` promises beyond the shared suite, against the shared NATS on 4222 (each test its own subjects and streams). */

const natsUp = await brokerAvailable("nats");
const natsURL = `nats://${BROKERS.nats.host}:${BROKERS.nats.port}`;

(natsUp ? describe : describe.skip)("pubsub.jetstream specifics", () => {
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const opened: JetStreamPubSub[] = [];
  const controllers: AbortController[] = [];
  const streams: string[] = [];

  beforeAll(async () => {
    nc = await connect({ servers: natsURL });
    jsm = await jetstreamManager(nc);
  });

  afterEach(async () => {
    for (const c of controllers.splice(0)) c.abort();
    await Promise.all(opened.splice(0).map((p) => p.close()));
  });

  afterAll(async () => {
    for (const name of streams) await jsm?.streams.delete(name).catch(() => undefined);
    await nc?.close();
  });

  async function open(values: Record<string, string> = {}): Promise<JetStreamPubSub> {
    const pubsub = new JetStreamPubSub(testContext("pubsub.jetstream"));
    opened.push(pubsub);
    await pubsub.init(ComponentMetadata.of("bus", "pubsub.jetstream", { natsURL, memoryStorage: "true", ...values }));
    return pubsub;
  }

  const subject = (): string => {
    const name = `spec-${randomUUID()}`;
    streams.push(name);
    return name;
  };

  it("stores a CloudEvent published twice once (Nats-Msg-Id is its id)", async () => {
    const pubsub = await open();
    const topic = subject();
    const event = Buffer.from(JSON.stringify({ id: randomUUID(), source: "s", type: "t", specversion: "1.0", data: "x" }));
    await pubsub.publish({ topic, data: event, contentType: "application/cloudevents+json", metadata: {} });
    await pubsub.publish({ topic, data: event, contentType: "application/cloudevents+json", metadata: {} });
    await pubsub.publish({ topic, data: Buffer.from("raw"), contentType: "text/plain", metadata: {} });
    expect((await jsm.streams.info(topic)).state.messages).toBe(2);
  });

  it("takes the id the runtime gave an envelope (eventId) as Nats-Msg-Id, without reading the envelope: stored once per id", async () => {
    const pubsub = await open();
    const topic = subject();
    const eventId = randomUUID();
    // The bytes differ and name no id: only eventId can make the second publish a duplicate.
    await pubsub.publish({ topic, data: Buffer.from('{"data":1}'), contentType: "application/cloudevents+json", metadata: {}, eventId });
    await pubsub.publish({ topic, data: Buffer.from('{"data":2}'), contentType: "application/cloudevents+json", metadata: {}, eventId });
    expect((await jsm.streams.info(topic)).state.messages).toBe(1);
    expect((await jsm.streams.getMessage(topic, { seq: 1 }))?.header.get("Nats-Msg-Id")).toBe(eventId);
  });

  it("keeps a handler that outlasts ackWait from being redelivered (in-progress acks), then acks it", async () => {
    const pubsub = await open({ ackWait: "300ms" });
    const topic = subject();
    let calls = 0;
    let done = false;
    const controller = new AbortController();
    controllers.push(controller);
    await pubsub.subscribe({ topic, metadata: { consumerID: "slow" } }, async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 1200));
      done = true;
    }, controller.signal);
    await pubsub.publish({ topic, data: Buffer.from("long"), metadata: {} });
    await waitFor(() => done, { timeoutMs: 5000, what: "the slow handler" });
    await waitFor(async () => (await jsm.consumers.info(topic, "slow-" + topic)).num_ack_pending === 0, { timeoutMs: 3000, what: "the ack" });
    expect(calls).toBe(1);
  });

  it("binds again when its stream is deleted under a live subscription (re-created by the next publish)", async () => {
    const pubsub = await open();
    const topic = subject();
    const got: string[] = [];
    const controller = new AbortController();
    controllers.push(controller);
    await pubsub.subscribe({ topic, metadata: { consumerID: "phoenix" } }, (m) => {
      got.push(m.data.toString());
      return Promise.resolve();
    }, controller.signal);
    await pubsub.publish({ topic, data: Buffer.from("before"), metadata: {} });
    await waitFor(() => got.includes("before"), { what: "the first message" });
    await jsm.streams.delete(topic);
    await waitFor(async () => {
      await pubsub.publish({ topic, data: Buffer.from("after"), metadata: {} });
      return got.includes("after");
    }, { timeoutMs: 8000, intervalMs: 250, what: "a message after the stream came back" });
    expect((await jsm.consumers.info(topic, `phoenix-${topic}`)).config.filter_subject).toBe(topic);
  });

  it("puts every topic in streamName's stream when it is set", async () => {
    const stream = subject();
    const pubsub = await open({ streamName: stream });
    const [a, b] = [`spec.a.${randomUUID()}`, `spec.b.${randomUUID()}`];
    await pubsub.publish({ topic: a, data: Buffer.from("1"), metadata: {} });
    await pubsub.publish({ topic: b, data: Buffer.from("2"), metadata: {} });
    const info = await jsm.streams.info(stream);
    expect(info.config.subjects).toEqual([a, b]);
    expect(info.state.messages).toBe(2);
  });

  it("with autoCreateStream false, names the missing stream at init and the subject without a stream at publish and subscribe", async () => {
    const missing = `missing-${randomUUID()}`;
    await expect(open({ autoCreateStream: "false", streamName: missing })).rejects.toThrow(`metadata field "streamName" names stream "${missing}", which does not exist, and autoCreateStream is false`);
    const pubsub = await open({ autoCreateStream: "false" });
    const topic = `nostream-${randomUUID()}`;
    await expect(pubsub.publish({ topic, data: Buffer.from("x"), metadata: {} })).rejects.toThrow(`no JetStream stream holds subject ${topic}, and autoCreateStream is false`);
    await expect(pubsub.subscribe({ topic, metadata: {} }, () => Promise.resolve(), new AbortController().signal)).rejects.toThrow(`no JetStream stream holds subject ${topic}`);
    await expect(jsm.streams.find(topic)).rejects.toThrow();
  });

  it("answers a publish nobody acknowledges with an error within the publish timeout (5 s), and the next one still succeeds", async () => {
    const pubsub = await open();
    // A plain subscriber on the subject takes the publish (so it is no "no responders") and never answers it.
    const topic = `silent-${randomUUID()}`;
    const silent = nc.subscribe(topic);
    await nc.flush();
    const started = Date.now();
    const error = await pubsub.publish({ topic, data: Buffer.from("x"), metadata: {} }).then(() => undefined, (e: unknown) => e as Error);
    const took = Date.now() - started;
    silent.unsubscribe();
    expect(error?.message).toMatch(/did not acknowledge the publish within 5000 ms/);
    expect(took).toBeGreaterThanOrEqual(4500);
    expect(took).toBeLessThanOrEqual(5100);
    const answered = subject();
    await pubsub.publish({ topic: answered, data: Buffer.from("y"), metadata: {} });
    expect((await jsm.streams.info(answered)).state.messages).toBe(1);
  }, 15_000);

  it("fails init within its connect timeout when nothing listens at natsURL, naming the field", async () => {
    const started = Date.now();
    await expect(open({ natsURL: "nats://127.0.0.1:1" })).rejects.toThrow(/cannot connect to NATS at nats:\/\/127\.0\.0\.1:1 \(natsURL\)/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
