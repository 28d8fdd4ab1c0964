// Bench 14's reference: the least an HTTP relay in front of Kafka can do. node:http takes a POST and sends its body
// as one record with kafkajs (acks all, as the sidecar), answering 204 once the broker acknowledged it. With an app
// port, a kafkajs consumer group also reads the topic and POSTs each record to the app (auto-commit). No envelope,
// routing, metrics or validation: what the sidecar's publish and delivery paths are compared with.
import http from "node:http";
import { Kafka, logLevel } from "kafkajs";
import { appDeliverer } from "./lib.mjs";

const [port, brokers, topic, appPort] = process.argv.slice(2);
const kafka = new Kafka({ clientId: "relay", brokers: brokers.split(","), logLevel: logLevel.NOTHING });
const producer = kafka.producer();
await producer.connect();

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    producer.send({ topic, acks: -1, messages: [{ value: Buffer.concat(chunks) }] }).then(
      () => {
        res.statusCode = 204;
        res.end();
      },
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
  });
});
server.keepAliveTimeout = 60_000;

if (appPort) {
  const deliver = appDeliverer(appPort);
  const consumer = kafka.consumer({ groupId: "relay", heartbeatInterval: 1000, sessionTimeout: 10_000 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic] });
  const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
  // The app reads `data` of a CloudEvent: the least wrapping that gives it one.
  const open = Buffer.from('{"data":');
  const close = Buffer.from("}");
  await consumer.run({ partitionsConsumedConcurrently: 4, eachMessage: ({ message }) => deliver(Buffer.concat([open, message.value, close])) });
  await joined;
}
server.listen(Number(port), "127.0.0.1", () => console.log("listening"));
