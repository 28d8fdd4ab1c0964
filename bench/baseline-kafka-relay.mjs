// Bench 13's reference: the least an HTTP relay in front of Kafka can do. node:http takes a POST and sends its body
// as one record with kafkajs (acks all, as the sidecar), answering 204 once the broker acknowledged it. No envelope,
// routing, metrics or validation: what the sidecar's publish path is compared with.
import http from "node:http";
import { Kafka, logLevel } from "kafkajs";

const [port, brokers, topic] = process.argv.slice(2);
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
server.listen(Number(port), "127.0.0.1", () => console.log("listening"));
