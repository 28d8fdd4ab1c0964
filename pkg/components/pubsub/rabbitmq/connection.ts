/** The delay queues (delayed.ts) share the component's connection. */
export type { AmqpConnection } from "../../rabbitmq/connection.js";
