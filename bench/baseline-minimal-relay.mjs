// Bench 10's reference: the least a relay between an app and Redis Streams can do. node:http takes a
// POST and XADDs its body (204 once Redis accepted it); one consumer-group reader POSTs each entry to
// the app with a keep-alive agent and XACKs the answered ones in one command per read batch. No
// envelope, routing, metrics or retries: what the sidecar's CPU and syscalls are compared with.
import http from "node:http";
import { Redis } from "ioredis";
import { appDeliverer, relayReader } from "./lib.mjs";

const [port, redisHost, topic, appPort] = process.argv.slice(2);
const [host, redisPort] = redisHost.split(":");
const redis = new Redis({ host, port: Number(redisPort), enableAutoPipelining: true });
const reader = new Redis({ host, port: Number(redisPort) });

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    redis.call("XADD", topic, "*", "data", Buffer.concat(chunks)).then(
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

const deliver = appDeliverer(appPort);

await relayReader(redis, reader, topic, (entries) => {
  void Promise.all(entries.map(([, fields]) => deliver(fields[1]))).then(() => redis.call("XACK", topic, "g", ...entries.map(([id]) => id)));
});
server.listen(Number(port), "127.0.0.1", () => console.log("listening"));
