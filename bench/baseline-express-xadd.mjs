// Bench 3's reference: a bare Express 5 process that XADDs the body it receives and answers 204,
// so the HTTP hop's own cost can be told apart from the sidecar's work. It listens on the sidecar's
// server set-up (bench/express-listen.mjs), so the two pay the same for Express.
import express from "express";
import { Redis } from "ioredis";
import { listen } from "./express-listen.mjs";

const [port, redisHost, topic] = process.argv.slice(2);
const [host, redisPort] = redisHost.split(":");
const redis = new Redis({ host, port: Number(redisPort) });
const app = express();
app.post("/publish", express.raw({ type: () => true, limit: "4mb" }), (req, res, next) => {
  redis.call("XADD", topic, "*", "data", req.body, "contentType", "application/cloudevents+json").then(() => res.status(204).end(), next);
});
listen(app, port, "born-parented");
