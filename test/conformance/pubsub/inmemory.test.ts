import { runPubSubTarget } from "./suite.js";

await runPubSubTarget("pubsub.in-memory");
