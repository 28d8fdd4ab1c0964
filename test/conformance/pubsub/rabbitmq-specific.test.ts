import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, afterEach, describe, expect, it } from "@jest/globals";
import { connect, type Channel, type ChannelModel } from "amqplib";
import type { ComponentContext } from "../../../pkg/components/component.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { RabbitMQPubSub } from "../../../pkg/components/pubsub/rabbitmq/rabbitmq.js";
import type { MessageHandler, PubSubMessage } from "../../../pkg/components/pubsub/types.js";
import { createLogger, SecretRedactor } from "../../../pkg/diagnostics/logger.js";
import { Metrics } from "../../../pkg/diagnostics/metrics.js";
import { brokerAvailable } from "../../support/brokers.js";
import { waitFor } from "../../support/ports.js";
import { deleteRabbitMQ, RABBITMQ_URL } from "../../support/rabbitmq.js";

/** What pubsub.rabbitmq promises beyond the shared suite: Dapr's topology and options, checked on the broker itself. */

const rabbitUp = await brokerAvailable("rabbitmq");

let clockOffset = 0;

function context(): ComponentContext {
  const redactor = new SecretRedactor();
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  return {
    name: "rabbit",
    type: "pubsub.rabbitmq",
    appId: "rabbit-specific",
    logger: createLogger({ appId: "rabbit-specific", level: "error", json: true, stream: sink }, redactor),
    metrics: new Metrics({ processMetrics: false }),
    redactor,
    env: {},
    protectedEnv: [],
    now: () => Date.now() + clockOffset,
  };
}

const created = { exchanges: new Set<string>(), queues: new Set<string>() };
const opened: RabbitMQPubSub[] = [];
const controllers: AbortController[] = [];
let admin: { model: ChannelModel; channel: Channel } | undefined;

afterEach(async () => {
  clockOffset = 0;
  for (const c of controllers.splice(0)) c.abort();
  await Promise.all(opened.splice(0).map((p) => p.close()));
});

afterAll(async () => {
  if (admin) await admin.model.close();
  if (rabbitUp) await deleteRabbitMQ({ exchanges: created.exchanges, queues: created.queues });
});

async function adminChannel(): Promise<Channel> {
  if (!admin) {
    const model = await connect(RABBITMQ_URL);
    admin = { model, channel: await model.createChannel() };
  }
  return admin.channel;
}

async function open(metadata: Record<string, string> = {}): Promise<RabbitMQPubSub> {
  const pubsub = new RabbitMQPubSub(context());
  opened.push(pubsub);
  await pubsub.init(ComponentMetadata.of("rabbit", "pubsub.rabbitmq", { connectionString: RABBITMQ_URL, ...metadata }));
  return pubsub;
}

function names(): { topic: string; group: string; queue: string } {
  const topic = `rmq-spec-${randomUUID()}`;
  const group = `g-${randomUUID().slice(0, 8)}`;
  const queue = `${group}-${topic}`;
  created.exchanges.add(topic);
  created.queues.add(queue);
  return { topic, group, queue };
}

async function subscribe(pubsub: RabbitMQPubSub, topic: string, group: string, handler: MessageHandler, extra: Record<string, string> = {}): Promise<AbortController> {
  const controller = new AbortController();
  controllers.push(controller);
  await pubsub.subscribe({ topic, metadata: { consumerID: group, ...extra } }, handler, controller.signal);
  return controller;
}

async function stop(pubsub: RabbitMQPubSub, topic: string, group: string): Promise<void> {
  const controller = await subscribe(pubsub, topic, group, () => Promise.resolve());
  controller.abort();
}

(rabbitUp ? describe : describe.skip)("pubsub.rabbitmq specifics", () => {
  it("declares Dapr's topology with our defaults: a durable exchange per topic, a durable queue <consumerID>-<topic> kept when unused, persistent messages", async () => {
    const pubsub = await open();
    const { topic, group, queue } = names();
    await stop(pubsub, topic, group);
    await pubsub.publish({ topic, data: Buffer.from("kept"), contentType: "text/plain", metadata: {} });
    await pubsub.close();
    const channel = await adminChannel();
    expect((await channel.checkQueue(queue)).messageCount).toBe(1);
    const message = await channel.get(queue, { noAck: true });
    expect(message && message.content.toString()).toBe("kept");
    expect(message && message.properties.deliveryMode).toBe(2);
    expect(message && message.properties.contentType).toBe("text/plain");
  });

  it("sets a message's expiration from ttlInSeconds on publish, else from the component's ttlInSeconds", async () => {
    const pubsub = await open({ ttlInSeconds: "60" });
    const { topic, group, queue } = names();
    await stop(pubsub, topic, group);
    await pubsub.publish({ topic, data: Buffer.from("default"), metadata: {} });
    await pubsub.publish({ topic, data: Buffer.from("own"), ttlMs: 5000, metadata: {} });
    const channel = await adminChannel();
    await waitFor(async () => (await channel.checkQueue(queue)).messageCount === 2, { what: "two messages queued" });
    const first = await channel.get(queue, { noAck: true });
    const second = await channel.get(queue, { noAck: true });
    expect(first && first.properties.expiration).toBe("60000");
    expect(second && second.properties.expiration).toBe("5000");
  });

  it("does not deliver a message whose TTL passed by the component's clock, though RabbitMQ still holds it (behind another)", async () => {
    const pubsub = await open();
    const { topic, group } = names();
    await stop(pubsub, topic, group);
    await pubsub.publish({ topic, data: Buffer.from("no-ttl"), metadata: {} });
    await pubsub.publish({ topic, data: Buffer.from("expires"), ttlMs: 60_000, metadata: {} });
    await pubsub.publish({ topic, data: Buffer.from("last"), metadata: {} });
    clockOffset = 61_000;
    const got: string[] = [];
    await subscribe(pubsub, topic, group, (m) => {
      got.push(m.data.toString());
      return Promise.resolve();
    });
    await waitFor(() => got.includes("last"), { what: "the messages around the expired one" });
    expect(got).toEqual(["no-ttl", "last"]);
  });

  it("routes by routingKey on a topic exchange (exchangeKind: topic)", async () => {
    const pubsub = await open({ exchangeKind: "topic" });
    const { topic, group } = names();
    const got: string[] = [];
    const record: MessageHandler = (m) => {
      got.push(m.data.toString());
      return Promise.resolve();
    };
    await subscribe(pubsub, topic, group, record, { routingKey: "orders.*,audit.#" });
    for (const key of ["orders.eu", "invoices.eu", "audit.a.b", "orders.eu.late"]) await pubsub.publish({ topic, data: Buffer.from(key), metadata: { routingKey: key } });
    await waitFor(() => got.length >= 2, { what: "the two matching messages" });
    await pubsub.publish({ topic, data: Buffer.from("orders.us"), metadata: { routingKey: "orders.us" } });
    await waitFor(() => got.includes("orders.us"), { what: "a message published after the others" });
    expect(got.sort()).toEqual(["audit.a.b", "orders.eu", "orders.us"]);
  });

  it("with enableDeadLetter and requeueInFailure false, a rejected message goes to dlq-<queue> through dlx-<queue>", async () => {
    const pubsub = await open({ enableDeadLetter: "true", requeueInFailure: "false" });
    const { topic, group, queue } = names();
    created.exchanges.add(`dlx-${queue}`);
    created.queues.add(`dlq-${queue}`);
    let attempts = 0;
    await subscribe(pubsub, topic, group, () => {
      attempts++;
      return Promise.reject(new Error("refused"));
    });
    await pubsub.publish({ topic, data: Buffer.from("poison"), metadata: {} });
    const channel = await adminChannel();
    await waitFor(async () => (await channel.checkQueue(`dlq-${queue}`)).messageCount === 1, { what: "the message in the dead-letter queue" });
    const message = await channel.get(`dlq-${queue}`, { noAck: true });
    expect(message && message.content.toString()).toBe("poison");
    expect(attempts).toBe(1);
  });

  it("concurrency single hands over one message at a time, in order; parallel overlaps them", async () => {
    const run = async (mode: string): Promise<{ order: string[]; maxRunning: number }> => {
      const pubsub = await open({ concurrencyMode: mode });
      const { topic, group } = names();
      const order: string[] = [];
      let running = 0;
      let maxRunning = 0;
      await subscribe(pubsub, topic, group, async (m: PubSubMessage) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(m.data.toString());
        running--;
      });
      const bodies = Array.from({ length: 20 }, (_, i) => `s-${i}`);
      await pubsub.bulkPublish({ topic, entries: bodies.map((b) => ({ entryId: b, data: Buffer.from(b), metadata: {} })), metadata: {} });
      await waitFor(() => order.length === 20, { what: "20 messages handled" });
      return { order, maxRunning };
    };
    const single = await run("single");
    expect(single.maxRunning).toBe(1);
    expect(single.order).toEqual(Array.from({ length: 20 }, (_, i) => `s-${i}`));
    expect((await run("parallel")).maxRunning).toBeGreaterThan(1);
  });

  it("bounds the queue with maxLen (RabbitMQ drops from the head)", async () => {
    const pubsub = await open({ maxLen: "2" });
    const { topic, group, queue } = names();
    await stop(pubsub, topic, group);
    for (let i = 0; i < 5; i++) await pubsub.publish({ topic, data: Buffer.from(`m-${i}`), metadata: {} });
    const channel = await adminChannel();
    expect((await channel.checkQueue(queue)).messageCount).toBe(2);
  });
  it("delayed messages keep their routingKey through the delay ladder (exchangeKind direct): each reaches only the queue bound with its key, none early", async () => {
    const pubsub = await open({ exchangeKind: "direct" });
    const { topic, group } = names();
    const other = `g-${randomUUID().slice(0, 8)}`;
    created.queues.add(`${other}-${topic}`);
    const got: Record<string, Array<{ body: string; at: number }>> = { eu: [], plain: [] };
    await subscribe(pubsub, topic, group, (m) => Promise.resolve(void got["eu"]!.push({ body: m.data.toString(), at: Date.now() })), { routingKey: "orders.eu" });
    await subscribe(pubsub, topic, other, (m) => Promise.resolve(void got["plain"]!.push({ body: m.data.toString(), at: Date.now() })));
    const due = Date.now() + 700;
    for (const key of ["orders.eu", "", "orders.us"]) await pubsub.publish({ topic, data: Buffer.from(key === "" ? "no-key" : key), metadata: key === "" ? {} : { routingKey: key }, deliverAt: due });
    // Due last: once it is in, the others had their chance.
    await pubsub.publish({ topic, data: Buffer.from("marker"), metadata: { routingKey: "orders.eu" }, deliverAt: due + 300 });
    await waitFor(() => got["eu"]!.some((a) => a.body === "marker") && got["plain"]!.length >= 1, { what: "the delayed messages" });
    expect(got["eu"]!.map((a) => a.body)).toEqual(["orders.eu", "marker"]);
    expect(got["plain"]!.map((a) => a.body)).toEqual(["no-key"]);
    for (const a of [...got["eu"]!, ...got["plain"]!]) expect(a.at).toBeGreaterThanOrEqual(due);
  });

  it("a delayed message matches topic-exchange patterns by its own routingKey (exchangeKind topic)", async () => {
    const pubsub = await open({ exchangeKind: "topic" });
    const { topic, group } = names();
    const got: string[] = [];
    await subscribe(pubsub, topic, group, (m) => Promise.resolve(void got.push(m.data.toString())), { routingKey: "orders.*" });
    const due = Date.now() + 500;
    for (const key of ["orders.eu", "invoices.eu", "orders.eu.late"]) await pubsub.publish({ topic, data: Buffer.from(key), metadata: { routingKey: key }, deliverAt: due });
    await pubsub.publish({ topic, data: Buffer.from("orders.last"), metadata: { routingKey: "orders.last" }, deliverAt: due + 300 });
    await waitFor(() => got.includes("orders.last"), { what: "the last delayed message" });
    expect(got).toEqual(["orders.eu", "orders.last"]);
  });

  it("a publish the broker refuses by closing the publish channel (the topic's exchange is of another kind) fails alone: the next publishes, to a topic published before too, go through a new channel", async () => {
    const pubsub = await open();
    const { topic, group, queue } = names();
    const clash = names().topic;
    await (await adminChannel()).assertExchange(clash, "direct", { durable: true });
    await stop(pubsub, topic, group);
    await pubsub.publish({ topic, data: Buffer.from("before"), metadata: {} });
    await expect(pubsub.publish({ topic: clash, data: Buffer.from("refused"), metadata: {} })).rejects.toThrow(/PRECONDITION_FAILED|inequivalent/);
    await pubsub.publish({ topic, data: Buffer.from("after"), metadata: {} });
    await expect(pubsub.publish({ topic: clash, data: Buffer.from("refused again"), metadata: {} })).rejects.toThrow(/PRECONDITION_FAILED|inequivalent/);
    await pubsub.publish({ topic, data: Buffer.from("last"), metadata: {} });
    const channel = await adminChannel();
    expect((await channel.checkQueue(queue)).messageCount).toBe(3);
  });

  it("refuses a delayed message whose routingKey starts with the delay ladder's own word", async () => {
    const pubsub = await open({ exchangeKind: "topic" });
    const { topic } = names();
    await expect(pubsub.publish({ topic, data: Buffer.from("x"), metadata: { routingKey: "runtime-delay.1.x" }, deliverAt: Date.now() + 1000 })).rejects.toThrow(/may not start with "runtime-delay"/);
  });

  it("acknowledges what was handled out of order and in a small prefetch window, with nacks among the acks: each message handled once, none left in the queue after a stop", async () => {
    const pubsub = await open({ prefetchCount: "8" });
    const { topic, group, queue } = names();
    const bodies = Array.from({ length: 60 }, (_, i) => `o-${i}`);
    const handled = new Map<string, number>();
    const failedOnce = new Set<string>();
    const controller = new AbortController();
    controllers.push(controller);
    const active = await pubsub.subscribe(
      { topic, metadata: { consumerID: group } },
      async (m: PubSubMessage) => {
        const body = m.data.toString();
        const n = Number(body.slice(2));
        // Every seventh fails its first delivery (a nack, requeued): its tag is settled apart from the acks around it.
        if (n % 7 === 3 && !failedOnce.has(body)) {
          failedOnce.add(body);
          throw new Error("refused once");
        }
        // Later messages finish first now and then, so acks come out of delivery order.
        await new Promise((r) => setTimeout(r, (n * 7) % 5));
        handled.set(body, (handled.get(body) ?? 0) + 1);
        // Stopped as the last one is handled: its ack, and any held with it, must still reach the broker.
        if (handled.size === bodies.length) controller.abort();
      },
      controller.signal,
    );
    await pubsub.bulkPublish({ topic, entries: bodies.map((b) => ({ entryId: b, data: Buffer.from(b), metadata: {} })), metadata: {} });
    await waitFor(() => handled.size === bodies.length, { what: "60 messages handled" });
    await active.drained();
    expect([...handled.values()].every((count) => count === 1)).toBe(true);
    expect(failedOnce.size).toBeGreaterThan(0);
    // The stop sent what the batcher still held: nothing went back to the queue.
    expect((await (await adminChannel()).checkQueue(queue)).messageCount).toBe(0);
  });
});
