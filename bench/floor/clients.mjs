// The broker clients of the minimal relays (bench/floor/relay.mjs): for each broker, the same client
// library the sidecar's component uses, driven the simplest way that keeps the component's delivery
// guarantees (publish waits for the broker's acceptance; a consumed message is acked once the app
// answered). No envelope, routing, scoping, metrics or retries: that is what the sidecar adds and what
// the floor harness (bench/30-floor.mjs) measures.
//
// An adapter: `open(settings)` resolves with `{ publish(topic, body), consume(topic, deliver), close() }`;
// `publish` resolves once the broker accepted the body (a Buffer); `consume` hands each message's body to
// `deliver(body)`, which resolves once the app answered.
import { EventEmitter } from "node:events";

/** No broker: the relay hands the body to its own consumer on the next tick (as pubsub.in-memory does). */
async function inMemory() {
  const topics = new EventEmitter();
  topics.setMaxListeners(0);
  return {
    publish(topic, body) {
      setImmediate(() => topics.emit(topic, body));
      return Promise.resolve();
    },
    consume(topic, deliver) {
      topics.on(topic, (body) => void deliver(body));
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

/** ioredis: XADD on an auto-pipelined connection; one XREADGROUP loop (100 at a time), one XACK per batch. */
async function redis({ host }) {
  const { Redis } = await import("ioredis");
  const [hostname, port] = host.split(":");
  const commands = new Redis({ host: hostname, port: Number(port), enableAutoPipelining: true });
  const readers = [];
  return {
    publish: (topic, body) => commands.call("XADD", topic, "*", "data", body),
    async consume(topic, deliver) {
      const reader = new Redis({ host: hostname, port: Number(port) });
      readers.push(reader);
      await commands.call("XGROUP", "CREATE", topic, "relay", "$", "MKSTREAM").catch((error) => {
        if (!/BUSYGROUP/.test(error.message)) throw error;
      });
      void (async () => {
        while (reader.status !== "end") {
          const reply = await reader.callBuffer("XREADGROUP", "GROUP", "relay", "c", "COUNT", 100, "BLOCK", 1000, "STREAMS", topic, ">").catch(() => null);
          if (!reply) continue;
          const entries = Array.isArray(reply[0]) ? reply[0][1] : reply[1];
          void Promise.all(entries.map(([, fields]) => deliver(fields[1]))).then(() => commands.call("XACK", topic, "relay", ...entries.map(([id]) => id)));
        }
      })();
    },
    async close() {
      for (const reader of readers) reader.disconnect();
      await commands.quit();
    },
  };
}

/**
 * amqplib: a confirm channel publishing persistent messages to a durable fanout exchange per topic; a consumer channel
 * with prefetch 1000 and manual acks. `noDelay` is the socket's TCP_NODELAY, as the component sets it (Nagle off).
 */
async function rabbitmq({ url, noDelay }) {
  const { connect } = await import("amqplib");
  const connection = await connect(url, { noDelay });
  const publisher = await connection.createConfirmChannel();
  const exchanges = new Map();
  const exchange = (channel, topic) => {
    if (!exchanges.has(topic)) exchanges.set(topic, channel.assertExchange(topic, "fanout", { durable: true }));
    return exchanges.get(topic);
  };
  return {
    async publish(topic, body) {
      await exchange(publisher, topic);
      await new Promise((resolve, reject) => publisher.publish(topic, "", body, { persistent: true }, (error) => (error ? reject(error) : resolve())));
    },
    async consume(topic, deliver) {
      const channel = await connection.createChannel();
      await channel.prefetch(1000);
      await exchange(channel, topic);
      const queue = `relay-${topic}`;
      await channel.assertQueue(queue, { durable: true });
      await channel.bindQueue(queue, topic, "");
      await channel.consume(queue, (message) => void deliver(message.content).then(() => channel.ack(message)));
    },
    close: () => connection.close(),
  };
}

/**
 * mqtt.js with the component's client settings (TCP_NODELAY on, mqtt.js' debug calls off): QoS 1 publishes
 * (PUBACK awaited); a persistent-session subscriber at QoS 1 whose PUBACK leaves once the app answered, each on
 * its own, as the component's does (mqtt.js' own PUBACK would leave before the app had the message).
 */
async function mqtt({ url }) {
  const { connectAsync } = await import("mqtt");
  const connect = async (options) => {
    const client = await connectAsync(url, { ...options, log: () => undefined });
    client.stream.setNoDelay?.(true);
    return client;
  };
  const publisher = await connect({ clientId: `relay-pub-${process.pid}` });
  const subscribers = [];
  const held = new Error("acknowledged once the app answered");
  return {
    publish: (topic, body) => publisher.publishAsync(topic, body, { qos: 1 }),
    async consume(topic, deliver) {
      const subscriber = await connect({ clientId: `relay-sub-${process.pid}-${subscribers.length}`, clean: false });
      subscribers.push(subscriber);
      subscriber.handleMessage = (packet, done) => {
        void deliver(packet.payload).then(() => subscriber._sendPacket({ cmd: "puback", messageId: packet.messageId }));
        // An error makes mqtt.js skip its own PUBACK and go on with the next packet.
        done(held);
      };
      await subscriber.subscribeAsync(topic, { qos: 1 });
    },
    async close() {
      await Promise.all([publisher, ...subscribers].map((c) => c.endAsync()));
    },
  };
}

/**
 * @nats-io/jetstream: js.publish (PubAck awaited) to the stream holding the subject; a durable pull consumer
 * with explicit acks, 100 prefetched, one message at a time in order: the component's defaults (prefetch 100,
 * concurrency single, Dapr's default too: the next message goes to the app once the previous one was answered).
 */
async function jetstream({ url }) {
  const { connect } = await import("@nats-io/transport-node");
  const { AckPolicy, jetstream: jetstreamOf, jetstreamManager } = await import("@nats-io/jetstream");
  const nc = await connect({ servers: url, noAsyncTraces: true });
  const js = jetstreamOf(nc);
  const jsm = await jetstreamManager(nc);
  return {
    publish: (topic, body) => js.publish(topic, body),
    async consume(topic, deliver) {
      const stream = await jsm.streams.find(topic);
      await jsm.consumers.add(stream, { durable_name: "relay", ack_policy: AckPolicy.Explicit, filter_subject: topic });
      const messages = await (await js.consumers.get(stream, "relay")).consume({ max_messages: 100 });
      void (async () => {
        for await (const message of messages) {
          await deliver(message.data);
          message.ack();
        }
      })();
    },
    close: () => nc.close(),
  };
}

/**
 * kafkajs, set as pubsub.kafka sets it (pkg/components/pubsub/kafka): the client's timeouts and retries; a producer
 * without idempotence, acks from all in-sync replicas, no compression, and the component's batching (kafkajs has no
 * linger): publishes of a topic issued while a produce request is in flight leave together in the next one, a lone
 * one at once. A consumer group member with manual commits: each fetched batch of a partition is delivered one
 * record at a time in offset order (the component's default concurrency), 64 partitions at once, and the offset
 * past the batch is committed once every record of it was answered.
 */
async function kafka({ brokers }) {
  const { CompressionTypes, Kafka, logLevel } = await import("kafkajs");
  const client = new Kafka({
    clientId: "relay",
    brokers,
    connectionTimeout: 30_000,
    requestTimeout: 10_000,
    retry: { retries: 5, initialRetryTime: 100, maxRetryTime: 2000 },
    logLevel: logLevel.WARN,
    logCreator: () => () => undefined,
  });
  const producer = client.producer({ allowAutoTopicCreation: true, retry: { retries: 5 } });
  await producer.connect();
  const consumers = [];
  const waiting = new Map();
  let inFlight = 0;
  const send = (topic, items) => {
    inFlight++;
    producer.send({ topic, acks: -1, compression: CompressionTypes.None, messages: items.map((item) => ({ value: item.value })) }).then(
      () => {
        inFlight--;
        for (const item of items) item.resolve();
      },
      (error) => {
        inFlight--;
        for (const item of items) item.reject(error);
      },
    );
  };
  return {
    publish: (topic, value) =>
      new Promise((resolve, reject) => {
        const item = { value, resolve, reject };
        const queue = waiting.get(topic);
        if (queue) return void queue.push(item);
        if (inFlight === 0) return send(topic, [item]);
        waiting.set(topic, [item]);
        setImmediate(() => {
          const batch = waiting.get(topic);
          waiting.delete(topic);
          send(topic, batch);
        });
      }),
    async consume(topic, deliver) {
      const consumer = client.consumer({ groupId: "relay", sessionTimeout: 10_000, heartbeatInterval: 3000, rebalanceTimeout: 40_000, maxWaitTimeInMs: 500, allowAutoTopicCreation: true, retry: { retries: 10 } });
      consumers.push(consumer);
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: false });
      const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: 64,
        async eachBatch({ batch, resolveOffset, heartbeat, isRunning, isStale }) {
          let next;
          for (const message of batch.messages) {
            if (!isRunning() || isStale()) break;
            resolveOffset(message.offset);
            await deliver(message.value);
            next = BigInt(message.offset) + 1n;
            // A backlog's batch (up to 1 MB of a partition) can outlast the session: kafkajs heartbeats only between
            // batches, and the component hands such a batch to the background after 500 ms to keep its membership.
            await heartbeat();
          }
          if (next !== undefined && !isStale()) await consumer.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: next.toString() }]);
        },
      });
      await joined;
    },
    async close() {
      await Promise.all(consumers.map((consumer) => consumer.disconnect()));
      await producer.disconnect();
    },
  };
}

export const CLIENTS = { inmemory: inMemory, redis, rabbitmq, mqtt, jetstream, kafka };
