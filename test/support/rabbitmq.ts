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
