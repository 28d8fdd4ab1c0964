// Bench 1's baseline: a bare Express 5 handler that reads the body and answers 204, as its own process (like the sidecar).
// A second argument "born-parented" listens on the sidecar's server set-up (bench/express-listen.mjs).
import express from "express";
import { listen } from "./express-listen.mjs";

const app = express();
app.post("/publish", express.raw({ type: () => true, limit: "4mb" }), (_req, res) => {
  res.status(204).end();
});
listen(app, process.argv[2], process.argv[3]);
