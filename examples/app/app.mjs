// The sample application: an ordinary Express app that never links a broker client.
// It tells the sidecar what it subscribes to and prints what the sidecar delivers.
import express from "express";

// `runtimed run` gives the app its port in APP_PORT, as `dapr run` does.
const port = Number(process.env.APP_PORT ?? process.argv[2] ?? 3000);
const app = express();
app.use(express.json({ type: ["application/json", "application/*+json"] }));

// A1: subscription discovery.
app.get("/runtime/subscribe", (_req, res) => {
  res.json([{ pubsubname: "pubsub", topic: "orders", routes: { default: "/orders" } }]);
});

// A2: delivery of a topic message (a CloudEvent).
app.post("/orders", (req, res) => {
  console.log(`[app] order received: id=${req.body.id} data=${JSON.stringify(req.body.data)}`);
  res.json({ status: "SUCCESS" });
});

// A4: configuration change notifications.
app.post(["/configuration", "/configuration/:store", "/configuration/:store/:key"], (req, res) => {
  console.log(`[app] configuration changed: ${JSON.stringify(req.body.items)}`);
  res.sendStatus(200);
});

app.listen(port, "127.0.0.1", () => console.log(`[app] listening on 127.0.0.1:${port}`));
