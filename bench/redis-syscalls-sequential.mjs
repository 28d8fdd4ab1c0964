// Benchmark 10's syscalls per message with no batching possible: one message at a time (published, then delivered
// to the app before the next publish), so every count is the sidecar's own per message (4 + 4 at best: the publish
// request and its 204, the XADD and its reply, the reader's entry and its next XREADGROUP, the app's POST and its
// answer) plus what it adds besides (V8's tasks posted to the loop, the mover's poll). SEQ_N messages (2,000) at
// SEQ_RATE per second at most (200); PUBLISH_ONLY=1 publishes to a topic nobody reads. BENCH_NODE_ARGS reach the sidecar.
import { randomUUID } from "node:crypto";
import { spawn } from "node:child_process";
import { body1k, poster, redisComponent, startSidecar, subscriberApp, syscalls, waitFor } from "./lib.mjs";

const N = Number(process.env.SEQ_N ?? 2000);
const RATE = Number(process.env.SEQ_RATE ?? 200);
const topic = `seq-${randomUUID()}`;
let delivered = 0;
let onDelivered;
const { server: app, port: appPort } = await subscriberApp("redisbus", topic, () => {
  delivered++;
  onDelivered?.();
});
const sidecar = await startSidecar({ appId: `seq-${randomUUID().slice(0, 6)}`, appPort, components: redisComponent("redisbus") });
const client = poster(sidecar.url);
const target = process.env.PUBLISH_ONLY ? `${topic}-nobody` : topic;
const body = body1k();
try {
  await waitFor(async () => (await client.post(`/v1.0/publish/redisbus/${topic}`, body)) === 204 && delivered > 0, { timeoutMs: 20_000, what: "delivering" });
  const one = async () => {
    const arrived = process.env.PUBLISH_ONLY ? Promise.resolve() : new Promise((resolve) => (onDelivered = resolve));
    if ((await client.post(`/v1.0/publish/redisbus/${target}`, body)) !== 204) throw new Error("publish failed");
    await arrived;
  };
  const paced = async (n) => {
    const started = performance.now();
    for (let i = 0; i < n; i++) {
      await one();
      const due = started + ((i + 1) * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await paced(500);
  // SEQ_STRACE=<file>: every read and write of the measured phase, with its file descriptor's kind (strace -yy).
  const tracer = process.env.SEQ_STRACE ? spawn("strace", ["-f", "-yy", "-e", "trace=read,write,readv,writev,recvfrom,sendto,recvmsg,sendmsg", "-o", process.env.SEQ_STRACE, "-p", String(sidecar.child.pid)], { stdio: "ignore" }) : undefined;
  if (tracer) await new Promise((resolve) => setTimeout(resolve, 1000));
  const io0 = await syscalls(sidecar.child.pid);
  await paced(N);
  const io1 = await syscalls(sidecar.child.pid);
  if (tracer) {
    tracer.kill("SIGINT");
    await new Promise((resolve) => tracer.once("exit", resolve));
  }
  console.log(`${process.env.PUBLISH_ONLY ? "publish only" : "publish+deliver"}, one at a time, ${N} at <= ${RATE}/s: ${((io1.reads - io0.reads) / N).toFixed(3)} r + ${((io1.writes - io0.writes) / N).toFixed(3)} w per message`);
} finally {
  client.close();
  await sidecar.stop();
  await new Promise((r) => app.close(r));
  app.closeAllConnections();
}
process.exit(0);
