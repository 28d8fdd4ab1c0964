import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { connect } from "amqplib";
import { BROKERS } from "./brokers.js";

export const RABBITMQ_URL = `amqp://guest:guest@${BROKERS.rabbitmq.host}:${BROKERS.rabbitmq.port}`;

/** Removes what a test declared on the shared RabbitMQ (exchanges are topics, queues `<consumerID>-<topic>`). */
export async function deleteRabbitMQ({ exchanges = [], queues = [] }: { exchanges?: Iterable<string>; queues?: Iterable<string> }): Promise<void> {
  const model = await connect(RABBITMQ_URL);
  try {
    const channel = await model.createChannel();
    // Deleting what does not exist is fine for RabbitMQ (both are idempotent since 3.x).
    for (const queue of queues) await channel.deleteQueue(queue);
    for (const exchange of exchanges) await channel.deleteExchange(exchange);
    await channel.close();
  } finally {
    await model.close();
  }
}

/** Removes the topics' exchanges and every queue bound to them by Dapr's naming (`<consumerID>-<topic>`), found with rabbitmqctl; the shared delay ladder stays. */
export async function deleteRabbitMQTopics(topics: string[]): Promise<void> {
  if (topics.length === 0) return;
  const { stdout } = await promisify(execFile)("rabbitmqctl", ["-q", "list_queues", "--no-table-headers", "name"]);
  const queues = stdout.split("\n").map((l) => l.trim()).filter((name) => topics.some((topic) => name.endsWith(`-${topic}`)));
  await deleteRabbitMQ({ exchanges: topics, queues });
}

/**
 * Waits until `queue` has `count` consumers: a fanout exchange drops what is published before a
 * queue is bound to it (as with Dapr), so a test publishes only once the subscription is consuming.
 */
export async function waitForConsumers(queue: string, count = 1, timeoutMs = 10_000): Promise<void> {
  const model = await connect(RABBITMQ_URL);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // checkQueue on a missing queue closes the channel (404), so each check gets its own.
      const channel = await model.createChannel();
      channel.on("error", () => undefined);
      const consumers = await channel.checkQueue(queue).then((q) => q.consumerCount, () => -1);
      await channel.close().catch(() => undefined);
      if (consumers >= count) return;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs}ms waiting for ${count} consumer(s) on queue ${queue} (has ${consumers})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await model.close();
  }
}
