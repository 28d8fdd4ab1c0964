import { runPubSubTarget } from "./suite.js";

// The shared Mosquitto on 127.0.0.1:1883: shared subscriptions (the default) and plain ones.
await runPubSubTarget("pubsub.mqtt3");
await runPubSubTarget("pubsub.mqtt3 (sharedSubscriptions false)");
