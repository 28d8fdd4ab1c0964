// Bench 4's reference: the sidecar's two hops with nothing else. A bare Express 5 process XADDs what
// is POSTed to it and answers 204; a consumer-group reader on its own connection POSTs each entry to
// the app with a keep-alive agent and XACKs after the app's answer. No envelope, routing or retries.
// It listens on the sidecar's server set-up (bench/express-listen.mjs), so the two pay the same for Express.
import express from "express";
import { Redis } from "ioredis";
import { appDeliverer, relayReader } from "./lib.mjs";
import { listen } from "./express-listen.mjs";

const [port, redisHost, topic, appPort] = process.argv.slice(2);
const app = express();
const deliver = appDeliverer(appPort);

if (redisHost === "none") {
  // Two HTTP hops and nothing between: what any HTTP sidecar pays before it does any work (benches 9b, 12b).
  const head = Buffer.from('{"data":');
  const tail = Buffer.from("}");
  app.post("/publish", express.raw({ type: () => true, limit: "4mb" }), (req, res) => {
    res.status(204).end();
    void deliver(Buffer.concat([head, req.body, tail]));
  });
} else {
  const [host, redisPort] = redisHost.split(":");
  const redis = new Redis({ host, port: Number(redisPort) });
  const reader = new Redis({ host, port: Number(redisPort) });
  app.post("/publish", express.raw({ type: () => true, limit: "4mb" }), (req, res, next) => {
    redis.call("XADD", topic, "*", "data", req.body).then(() => res.status(204).end(), next);
  });
  await relayReader(redis, reader, topic, (entries) => {
    for (const [id, fields] of entries) void deliver(fields[1]).then(() => redis.call("XACK", topic, "g", id));
  });
}
listen(app, port, "born-parented");
