import { runBindingTarget } from "./suite.js";

// The shared RabbitMQ on 127.0.0.1:5672; outside CI the target is skipped (with a message) when it is down.
await runBindingTarget("bindings.rabbitmq");
