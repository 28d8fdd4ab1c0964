import { usePrivateKafka } from "../../support/kafka.js";
import { runPubSubTarget } from "./suite.js";

// A private single-node Kafka (KRaft) on a free port, from the jars `make kafka` brings; stopped after the file.
usePrivateKafka(1);

await runPubSubTarget("pubsub.kafka");
