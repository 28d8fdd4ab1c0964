// Bench 3's reference: a bare Express 5 process that XADDs the body it receives and answers 204,
// so the HTTP hop's own cost can be told apart from the sidecar's work.
import express from "express";
import { Redis } from "ioredis";

const [port, redisHost, topic] = process.argv.slice(2);
const [host, redisPort] = redisHost.split(":");
const redis = new Redis({ host, port: Number(redisPort) });
const app = express();
app.post("/publish", express.raw({ type: () => true, limit: "4mb" }), (req, res, next) => {
  redis.call("XADD", topic, "*", "data", req.body, "contentType", "application/cloudevents+json").then(() => res.status(204).end(), next);
});
const server = app.listen(Number(port), "127.0.0.1", () => process.stdout.write("listening\n"));
server.keepAliveTimeout = 60_000;
