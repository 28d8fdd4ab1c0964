import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { connect, type Channel, type ChannelModel } from "amqplib";
import { RabbitMQBinding } from "../../../pkg/components/bindings/rabbitmq/rabbitmq.js";
import { BindingRequestError, type InputEvent } from "../../../pkg/components/bindings/types.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { rabbitUrl, TcpProxy } from "../../integration/pubsub-rabbitmq-support.js";
import { brokerAvailable } from "../../support/brokers.js";
import { waitFor } from "../../support/ports.js";
import { deleteRabbitMQ, RABBITMQ_URL } from "../../support/rabbitmq.js";
import { testContext } from "../context.js";

const available = await brokerAvailable("rabbitmq");

(available ? describe : describe.skip)("bindings.rabbitmq against the real RabbitMQ", () => {
  let model: ChannelModel;
  let channel: Channel;
  const queues: string[] = [];
  const opened: RabbitMQBinding[] = [];
  const controllers: AbortController[] = [];
  const queue = (): string => {
    const name = `binding-rmq-${randomUUID()}`;
    queues.push(name);
    return name;
  };
  async function open(metadata: Record<string, string>): Promise<RabbitMQBinding> {
    const binding = new RabbitMQBinding(testContext("bindings.rabbitmq"));
    opened.push(binding);
    await binding.init(ComponentMetadata.of("rmq", "bindings.rabbitmq", { reconnectWaitInSeconds: "100ms", ...metadata }));
    return binding;
  }
  async function reading(metadata: Record<string, string>, take: (e: InputEvent) => Promise<void> = () => Promise.resolve()): Promise<{ binding: RabbitMQBinding; events: InputEvent[] }> {
    const binding = await open(metadata);
    const events: InputEvent[] = [];
    const controller = new AbortController();
    controllers.push(controller);
    await binding.read(async (e) => {
      events.push(e);
      await take(e);
    }, controller.signal);
    return { binding, events };
  }

  beforeAll(async () => {
    model = await connect(RABBITMQ_URL);
    channel = await model.createChannel();
  });
  afterEach(async () => {
    for (const c of controllers.splice(0)) c.abort();
    await Promise.all(opened.splice(0).map((b) => b.close()));
  });
  afterAll(async () => {
    await model.close();
    await deleteRabbitMQ({ queues });
  });

  it("create publishes persistent messages to the queue with Dapr's request metadata: headers, contentType, ttlInSeconds, priority, ids, type", async () => {
    const name = queue();
    const binding = await open({ host: RABBITMQ_URL, queueName: name, maxPriority: "5" });
    await binding.invoke({ operation: "create", data: { n: 1 }, metadata: { ttlInSeconds: "60", priority: "3", messageID: "m-1", correlationID: "c-1", type: "order", "x-tenant": "acme" } });
    await binding.invoke({ operation: "create", data: "hi", metadata: { contentType: "application/json" } });
    const first = await channel.get(name, { noAck: true });
    const second = await channel.get(name, { noAck: true });
    if (!first || !second) throw new Error("both messages should be in the queue");
    expect(first.content.toString()).toBe('{"n":1}');
    expect(first.properties).toMatchObject({ deliveryMode: 2, contentType: "text/plain", expiration: "60000", priority: 3, messageId: "m-1", correlationId: "c-1", type: "order" });
    expect(first.properties.headers).toMatchObject({ "x-tenant": "acme", ttlInSeconds: "60" });
    expect(second.content.toString()).toBe('"hi"');
    expect(second.properties.contentType).toBe("application/json");
  });

  it("the component's contentType is the default for its messages", async () => {
    const name = queue();
    const binding = await open({ host: RABBITMQ_URL, queueName: name, contentType: "application/octet-stream" });
    await binding.invoke({ operation: "create", data: Buffer.from([1, 2]), metadata: {} });
    const got = await channel.get(name, { noAck: true });
    expect(got && got.properties.contentType).toBe("application/octet-stream");
    expect(got && got.content).toEqual(Buffer.from([1, 2]));
  });

  it("declares the queue as the metadata says: durable, auto-delete, message TTL and max priority", async () => {
    const name = queue();
    await open({ host: RABBITMQ_URL, queueName: name, durable: "true", deleteWhenUnused: "false", ttlInSeconds: "30", maxPriority: "300" });
    const { stdout } = await promisify(execFile)("rabbitmqctl", ["-q", "list_queues", "--no-table-headers", "name", "durable", "auto_delete", "arguments"]);
    const line = stdout.split("\n").find((l) => l.startsWith(`${name}\t`));
    expect(line).toContain("\ttrue\tfalse\t");
    expect(line).toContain('{"x-message-ttl",30000}');
    expect(line).toContain('{"x-max-priority",255}');
  });

  it("exclusive keeps the queue to the binding's connection; deleteWhenUnused removes it once its consumer leaves", async () => {
    const exclusive = queue();
    await open({ host: RABBITMQ_URL, queueName: exclusive, exclusive: "true" });
    const other = await model.createChannel();
    other.on("error", () => undefined);
    await expect(other.consume(exclusive, () => undefined)).rejects.toThrow(/RESOURCE_LOCKED/);
    const transient = queue();
    const controller = new AbortController();
    const binding = await open({ host: RABBITMQ_URL, queueName: transient, deleteWhenUnused: "true" });
    await binding.read(() => Promise.resolve(), controller.signal);
    expect((await channel.checkQueue(transient)).consumerCount).toBe(1);
    controller.abort();
    await waitFor(async () => {
      const probe = await model.createChannel();
      probe.on("error", () => undefined);
      const gone = await probe.checkQueue(transient).then(() => false, () => true);
      await probe.close().catch(() => undefined);
      return gone;
    }, { what: "the auto-delete queue to go" });
  });

  it("a bad ttlInSeconds or priority on a request is a bad request", async () => {
    const binding = await open({ host: RABBITMQ_URL, queueName: queue() });
    await expect(binding.invoke({ operation: "create", data: 1, metadata: { ttlInSeconds: "soon" } })).rejects.toBeInstanceOf(BindingRequestError);
    await expect(binding.invoke({ operation: "create", data: 1, metadata: { priority: "high" } })).rejects.toThrow("metadata.priority");
  });

  it("the input acks after the app took a message and requeues one it did not, with the message's headers as metadata", async () => {
    const name = queue();
    let refused = 0;
    const { events } = await reading({ host: RABBITMQ_URL, queueName: name }, (e) => (e.data.toString() === "flaky" && refused++ === 0 ? Promise.reject(new Error("app answered 500")) : Promise.resolve()));
    channel.sendToQueue(name, Buffer.from("flaky"), { headers: { "trace id": "t-1", count: 3 }, contentType: "text/plain" });
    await waitFor(() => events.filter((e) => e.data.toString() === "flaky").length === 2, { what: "the message, then again after the nack" });
    expect(events[0]!.metadata).toEqual({ "trace%20id": "t-1" });
    expect(events[0]!.contentType).toBe("text/plain");
    await waitFor(async () => (await channel.checkQueue(name)).messageCount === 0, { what: "the queue to be empty" });
    const { stdout } = await promisify(execFile)("rabbitmqctl", ["-q", "list_queues", "--no-table-headers", "name", "messages_unacknowledged"]);
    expect(stdout.split("\n").find((l) => l.startsWith(`${name}\t`))).toBe(`${name}\t0`);
  });

  it("prefetchCount bounds the messages held unacknowledged", async () => {
    const name = queue();
    const release: Array<() => void> = [];
    const { events } = await reading({ host: RABBITMQ_URL, queueName: name, prefetchCount: "2" }, () => new Promise<void>((resolve) => release.push(resolve)));
    for (let i = 0; i < 5; i++) channel.sendToQueue(name, Buffer.from(`m-${i}`));
    await waitFor(() => events.length === 2, { what: "two messages handed over" });
    await waitFor(async () => (await channel.checkQueue(name)).messageCount === 3, { what: "three left ready in the queue" });
    expect(events.length).toBe(2);
    release.splice(0).forEach((r) => r());
    await waitFor(() => events.length >= 4, { what: "the next two" });
    for (;;) {
      release.splice(0).forEach((r) => r());
      if (events.length === 5) break;
      await waitFor(() => events.length === 5 || release.length > 0, { what: "the rest" });
    }
    release.splice(0).forEach((r) => r());
  });

  it("nothing is lost when the connection is cut: it reports itself down, reconnects and redelivers what was unacknowledged", async () => {
    const name = queue();
    const proxy = await TcpProxy.start();
    try {
      const taken = new Set<string>();
      let hold = true;
      const { binding, events } = await reading({ host: rabbitUrl(proxy.port), queueName: name, durable: "true" }, async (e) => {
        // The first few are held unanswered when the connection goes: they must come again.
        if (hold && e.data.toString() < "m-05") await new Promise(() => undefined);
        taken.add(e.data.toString());
      });
      const sent = Array.from({ length: 20 }, (_, i) => `m-${String(i).padStart(2, "0")}`);
      for (const body of sent.slice(0, 10)) channel.sendToQueue(name, Buffer.from(body), { persistent: true });
      await waitFor(() => events.length >= 10, { what: "the first ten handed over" });
      hold = false;
      proxy.cut();
      await waitFor(() => !binding.healthy(), { what: "the binding to see the connection gone" });
      for (const body of sent.slice(10)) channel.sendToQueue(name, Buffer.from(body), { persistent: true });
      await waitFor(() => binding.healthy(), { what: "the binding to reconnect" });
      await waitFor(() => sent.every((s) => taken.has(s)), { timeoutMs: 15_000, what: "all 20 taken" });
    } finally {
      await proxy.close();
    }
  });

  it("an unreachable broker fails init saying where, without the password", async () => {
    await expect(open({ host: "amqp://guest:secret@127.0.0.1:1", queueName: "x" })).rejects.toThrow("cannot connect to RabbitMQ at amqp://guest:***@127.0.0.1:1");
  });
});

describe("bindings.rabbitmq metadata errors name the field", () => {
  it.each([
    [{ queueName: "q" }, "host"],
    [{ host: "http://127.0.0.1", queueName: "q" }, "host"],
    [{ host: RABBITMQ_URL }, "queueName"],
    [{ host: RABBITMQ_URL, queueName: "q", prefetchCount: "-1" }, "prefetchCount"],
    [{ host: RABBITMQ_URL, queueName: "q", maxPriority: "high" }, "maxPriority"],
    [{ host: RABBITMQ_URL, queueName: "q", ttlInSeconds: "a while" }, "ttlInSeconds"],
    [{ host: RABBITMQ_URL, queueName: "q", durable: "yes" }, "durable"],
    [{ host: RABBITMQ_URL, queueName: "q", caCert: "/etc/ca.pem" }, "caCert"],
    [{ host: RABBITMQ_URL, queueName: "q", clientKey: "-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----" }, "clientCert"],
    [{ host: RABBITMQ_URL, queueName: "q", reconnectWaitInSeconds: "soon" }, "reconnectWaitInSeconds"],
  ])("%j fails init naming %s", async (metadata, field) => {
    const binding = new RabbitMQBinding(testContext("bindings.rabbitmq"));
    await expect(binding.init(ComponentMetadata.of("rmq", "bindings.rabbitmq", metadata as Record<string, string>))).rejects.toThrow(`metadata field "${field}"`);
    await binding.close();
  });
});
