// Bench 1's baseline: a bare Express 5 handler that reads the body and answers 204, as its own process (like the sidecar).
import express from "express";

const app = express();
app.post("/publish", express.raw({ type: () => true, limit: "4mb" }), (_req, res) => {
  res.status(204).end();
});
const server = app.listen(Number(process.argv[2]), "127.0.0.1", () => process.stdout.write("listening\n"));
server.keepAliveTimeout = 60_000;
