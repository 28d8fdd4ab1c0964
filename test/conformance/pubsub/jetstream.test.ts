import { runPubSubTarget } from "./suite.js";

// The shared NATS with JetStream on 127.0.0.1:4222; outside CI the target is skipped (with a message) when it is down.
await runPubSubTarget("pubsub.jetstream");
