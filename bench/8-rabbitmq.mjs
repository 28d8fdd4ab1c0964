// 8. pubsub.rabbitmq: publish msgs/s through the sidecar / amqplib publishing directly with confirms (same in-flight),
// and publish -> app delivery p99 at 1,000 msg/s / a direct amqplib publisher and consumer. Targets >= 0.5x and <= 2x.
// Both sides use the component's defaults: persistent messages, durable queues, publisher confirms.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { connect } from "amqplib";
import { SECONDS, WARM_SECONDS, body1k, fmt, nowMs, openLoop, percentile, poster, startLatencyApp, startSidecar, waitFor } from "./lib.mjs";

const RABBITMQ_URL = process.env.BENCH_RABBITMQ ?? "amqp://guest:guest@127.0.0.1:5672";
const IN_FLIGHT = 32;
const RATE = 1000;
const PUBSUB = "rabbitbus";

/** What the sidecar publishes: its CloudEvent envelope around the 1 KB body (bench 2's shape). */
function cloudEvent(topic, data) {
  return Buffer.from(JSON.stringify({ specversion: "1.0", id: randomUUID(), source: "bench", type: "com.runtime.event.sent", datacontenttype: "application/json", data: JSON.parse(data), time: new Date().toISOString(), topic, pubsubname: PUBSUB }));
}

function component() {
  return `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: ${PUBSUB}}
spec:
  type: pubsub.rabbitmq
  version: v1
  metadata:
  - {name: connectionString, value: "${RABBITMQ_URL}"}
`;
}

/** A confirmed, persistent publish on a confirm channel, as the component does it. */
function confirmedPublish(channel, exchange, content) {
  return new Promise((resolve, reject) => channel.publish(exchange, "", content, { persistent: true, contentType: "application/cloudevents+json" }, (err) => (err ? reject(err) : resolve(true))));
}

export async function run() {
  const id = randomUUID().slice(0, 8);
  const appId = `bench8-${id}`;
  const names = { pubDirect: `bench8-pub-direct-${id}`, pubSidecar: `bench8-pub-sidecar-${id}`, delivery: `bench8-delivery-${id}`, deliveryDirect: `bench8-delivery-direct-${id}` };
  const queues = [names.pubDirect, names.pubSidecar, `${appId}-${names.delivery}`, names.deliveryDirect];
  const app = await startLatencyApp({ pubsubname: PUBSUB, topic: names.delivery });
  const sidecarLatencies = app.latencies;
  const appPort = app.port;
  const model = await connect(RABBITMQ_URL);
  const admin = await model.createChannel();
  const publisher = await model.createConfirmChannel();
  const sidecar = await startSidecar({ appId, appPort, components: component() });
  const client = poster(sidecar.url);
  try {
    // Publish throughput: each exchange has one durable queue bound and no consumer, so both sides pay the same broker work.
    for (const name of [names.pubDirect, names.pubSidecar]) {
      await admin.assertExchange(name, "fanout", { durable: true });
      await admin.assertQueue(name, { durable: true });
      await admin.bindQueue(name, name, "");
    }
    const body = body1k();
    let direct = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (Date.now() < until) {
          await confirmedPublish(publisher, names.pubDirect, cloudEvent(names.pubDirect, body));
          direct++;
        }
      }),
    );
    const directRate = direct / SECONDS;
    const url = `${sidecar.url}/v1.0/publish/${PUBSUB}/${names.pubSidecar}`;
    await autocannon({ url, method: "POST", connections: 8, duration: 1, headers: { "content-type": "application/json" }, body });
    const side = await autocannon({ url, method: "POST", connections: IN_FLIGHT, duration: SECONDS, headers: { "content-type": "application/json" }, body });
    if (side.non2xx > 0 || side.errors > 0) throw new Error(`sidecar answered ${side.non2xx} non-2xx, ${side.errors} errors`);
    const sideRate = side.requests.average;

    // Delivery p99 at 1000 msg/s: through the sidecar to the app.
    const publishPath = `/v1.0/publish/${PUBSUB}/${names.delivery}`;
    await app.measure(client, publishPath, RATE);

    // Baseline: the same CloudEvent published with confirms and read by an amqplib consumer (prefetch and ack as the component).
    const directLatencies = [];
    const consumerChannel = await model.createChannel();
    await consumerChannel.assertExchange(names.deliveryDirect, "fanout", { durable: true });
    await consumerChannel.assertQueue(names.deliveryDirect, { durable: true });
    await consumerChannel.bindQueue(names.deliveryDirect, names.deliveryDirect, "");
    await consumerChannel.prefetch(1000);
    let directWarm = 0;
    await consumerChannel.consume(names.deliveryDirect, (message) => {
      const data = JSON.parse(message.content.toString()).data;
      if (data.warm) directWarm++;
      else directLatencies.push(nowMs() - data.t);
      consumerChannel.ack(message);
    });
    await openLoop(RATE, WARM_SECONDS, () => confirmedPublish(publisher, names.deliveryDirect, cloudEvent(names.deliveryDirect, body1k({ warm: true }))));
    await waitFor(() => directWarm >= RATE * WARM_SECONDS, { timeoutMs: 30_000, what: "direct warm-up deliveries" });
    await openLoop(RATE, SECONDS, () => confirmedPublish(publisher, names.deliveryDirect, cloudEvent(names.deliveryDirect, body1k({ t: nowMs() }))));
    await waitFor(() => directLatencies.length >= RATE * SECONDS, { timeoutMs: 30_000, what: "all direct deliveries" });
    await consumerChannel.close();

    const d99 = percentile(directLatencies, 99);
    const s99 = percentile(sidecarLatencies, 99);
    if (process.env.BENCH_DEBUG) console.log("sidecar pcts", [50, 90, 99, 100].map((p) => `${p}:${fmt(percentile(sidecarLatencies, p))}`).join(" "), "direct", [50, 90, 99, 100].map((p) => `${p}:${fmt(percentile(directLatencies, p))}`).join(" "));
    return [
      { name: "8a publish msgs/s to RabbitMQ / direct amqplib with confirms", baseline: `${directRate.toFixed(0)} msg/s`, sidecar: `${sideRate.toFixed(0)} msg/s`, ratio: sideRate / directRate, extra: `${IN_FLIGHT} in flight each`, target: ">= 0.5x", pass: sideRate / directRate >= 0.5 },
      { name: "8b publish -> app p99 at 1000 msg/s via RabbitMQ / direct amqplib consumer", baseline: `${fmt(d99, 3)} ms`, sidecar: `${fmt(s99, 3)} ms`, ratio: s99 / d99, extra: `p50 ${fmt(percentile(sidecarLatencies, 50), 3)} vs ${fmt(percentile(directLatencies, 50), 3)} ms`, target: "<= 2x", pass: s99 / d99 <= 2 },
    ];
  } finally {
    client.close();
    await sidecar.stop();
    await app.close();
    for (const queue of queues) await admin.deleteQueue(queue).catch(() => undefined);
    for (const exchange of Object.values(names)) await admin.deleteExchange(exchange).catch(() => undefined);
    await model.close();
  }
}
