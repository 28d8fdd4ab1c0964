// 9. pubsub.jetstream: publish msgs/s through the sidecar / the NATS client publishing to JetStream directly
// (both wait for the PubAck, same in-flight count), target >= 0.5; publish -> app delivery p99 at 1,000 msg/s /
// a direct JetStream consumer in this process (publish -> consume), target <= 2x. Needs NATS with JetStream (BENCH_NATS).
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { connect } from "@nats-io/transport-node";
import { AckPolicy, jetstream, jetstreamManager } from "@nats-io/jetstream";
import { SECONDS, WARM_SECONDS, body1k, fmt, harnessText, hopsText, httpHopsReference, nowMs, openLoop, percentile, poster, startLatencyApp, startSidecar, waitFor, watchingHarness } from "./lib.mjs";

const NATS_URL = process.env.BENCH_NATS ?? "nats://127.0.0.1:4222";
const IN_FLIGHT = 32;
const RATE = 1000;

function natsComponent(name) {
  return `apiVersion: dapr.io/v1alpha1
kind: Component
metadata: {name: ${name}}
spec:
  type: pubsub.jetstream
  version: v1
  metadata:
  - {name: natsURL, value: "${NATS_URL}"}
  - {name: concurrency, value: parallel}
`;
}

/** What the sidecar stores: its CloudEvent envelope around the 1 KB body, id first; built as cheaply as the sidecar builds it. */
function cloudEvent(topic, data) {
  const id = randomUUID();
  return { id, event: `{"id":"${id}","source":"bench","type":"com.runtime.event.sent","specversion":"1.0","datacontenttype":"application/json","time":"${new Date().toISOString()}","topic":"${topic}","pubsubname":"natsbus","data":${data}}` };
}

export async function run() {
  const nc = await connect({ servers: NATS_URL, noAsyncTraces: true });
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  const tag = randomUUID().slice(0, 8);
  const subjects = { pubDirect: `bench9-pub-direct-${tag}`, pubSidecar: `bench9-pub-sidecar-${tag}`, delDirect: `bench9-del-direct-${tag}`, delSidecar: `bench9-del-sidecar-${tag}` };
  // The same kind of stream for both sides (file storage, the component's default), made up front so neither pays for its creation.
  for (const subject of Object.values(subjects)) await jsm.streams.add({ name: subject, subjects: [subject] });

  const app = await startLatencyApp({ pubsubname: "natsbus", topic: subjects.delSidecar });
  const sidecarLatencies = app.latencies;
  const appPort = app.port;
  const sidecar = await startSidecar({ appId: `bench9-${tag}`, appPort, components: natsComponent("natsbus") });
  const client = poster(sidecar.url);
  try {
    // Publish throughput. Direct: IN_FLIGHT workers, each awaiting its PubAck before the next.
    const body = body1k();
    let direct = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (Date.now() < until) {
          const { id, event } = cloudEvent(subjects.pubDirect, body);
          await js.publish(subjects.pubDirect, event, { msgID: id });
          direct++;
        }
      }),
    );
    const directRate = direct / SECONDS;
    const url = `${sidecar.url}/v1.0/publish/natsbus/${subjects.pubSidecar}`;
    await autocannon({ url, method: "POST", connections: 8, duration: 1, headers: { "content-type": "application/json" }, body });
    const side = await autocannon({ url, method: "POST", connections: IN_FLIGHT, duration: SECONDS, headers: { "content-type": "application/json" }, body });
    if (side.non2xx > 0 || side.errors > 0) throw new Error(`sidecar answered ${side.non2xx} non-2xx, ${side.errors} errors`);
    const sideRate = side.requests.average;

    // Delivery p99 at 1000 msg/s. Sidecar: HTTP publish -> JetStream -> sidecar -> HTTP to the app.
    const publishPath = `/v1.0/publish/natsbus/${subjects.delSidecar}`;
    const { harness: sidecarHarness } = await app.measure(client, publishPath, RATE);

    // Direct: the NATS client publishes (PubAck awaited) and a durable pull consumer in this process acks each message.
    await jsm.consumers.add(subjects.delDirect, { durable_name: "direct", ack_policy: AckPolicy.Explicit, filter_subject: subjects.delDirect });
    const consumer = await js.consumers.get(subjects.delDirect, "direct");
    const messages = await consumer.consume({ max_messages: 100 });
    const directLatencies = [];
    let directWarm = 0;
    const reading = (async () => {
      for await (const m of messages) {
        const data = JSON.parse(m.string()).data;
        if (data.warm) directWarm++;
        else directLatencies.push(nowMs() - data.t);
        m.ack();
      }
    })();
    const publishDirect = (extra) => {
      const { id, event } = cloudEvent(subjects.delDirect, body1k(extra));
      return js.publish(subjects.delDirect, event, { msgID: id }).then(() => true);
    };
    await openLoop(RATE, WARM_SECONDS, () => publishDirect({ warm: true }));
    await waitFor(() => directWarm >= RATE * WARM_SECONDS, { timeoutMs: 30_000, what: "direct warm-up deliveries" });
    const { harness: directHarness } = await watchingHarness(() => openLoop(RATE, SECONDS, () => publishDirect({ t: nowMs() })));
    await waitFor(() => directLatencies.length >= RATE * SECONDS, { timeoutMs: 30_000, what: "all direct deliveries" });
    messages.stop();
    await reading;

    const d99 = percentile(directLatencies, 99);
    const s99 = percentile(sidecarLatencies, 99);
    const hops = await httpHopsReference(RATE);
    if (process.env.BENCH_DEBUG) console.log("sidecar pcts", [50, 90, 99, 100].map((p) => `${p}:${fmt(percentile(sidecarLatencies, p))}`).join(" "), "direct", [50, 90, 99, 100].map((p) => `${p}:${fmt(percentile(directLatencies, p))}`).join(" "));
    return [
      { name: "9a publish msgs/s to JetStream / NATS client js.publish", baseline: `${directRate.toFixed(0)} msg/s`, sidecar: `${sideRate.toFixed(0)} msg/s`, ratio: sideRate / directRate, target: ">= 0.5", pass: sideRate / directRate >= 0.5 },
      { name: "9b publish -> app p99 at 1000 msg/s / js.publish -> JetStream consumer", baseline: `${fmt(d99, 3)} ms`, sidecar: `${fmt(s99, 3)} ms`, ratio: s99 / d99, extra: `p50 ${fmt(percentile(sidecarLatencies, 50), 3)} vs ${fmt(percentile(directLatencies, 50), 3)} ms; ${hopsText(hops, d99)}; harness loop delay while measuring the sidecar ${harnessText(sidecarHarness)}, the direct path ${harnessText(directHarness)}`, target: "<= 2x", pass: s99 / d99 <= 2 },
    ];
  } finally {
    client.close();
    await sidecar.stop();
    await app.close();
    for (const subject of Object.values(subjects)) await jsm.streams.delete(subject).catch(() => undefined);
    await nc.close();
  }
}
