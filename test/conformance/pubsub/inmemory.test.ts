import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { InMemoryPubSub } from "../../../pkg/components/pubsub/inmemory/index.js";
import { runPubSubConformance } from "./suite.js";

runPubSubConformance(
  "pubsub.in-memory",
  () => Promise.resolve({ pubsub: new InMemoryPubSub(), metadata: ComponentMetadata.of("conformance", "pubsub.in-memory", { redeliveryDelay: "10ms" }) }),
  { ordering: true, durableGroups: true, timeoutMs: 5000 },
);
