import { runPubSubTarget } from "./suite.js";

// The real RabbitMQ on 127.0.0.1:5672 (guest/guest); outside CI the target is skipped (with a message) when it is down.
await runPubSubTarget("pubsub.rabbitmq");
