import type { MetadataField } from "../component.js";

/** Dapr's per-component retry fields (components-contrib pkg/retry), read by util/backoff.ts parseBackOffFields. */
export const BACKOFF_FIELDS: readonly MetadataField[] = [
  { name: "backOffPolicy", type: "enum", allowed: ["constant", "exponential"], default: "constant", description: "How a refused delivery is retried: every backOffDuration, or growing from backOffInitialInterval to backOffMaxInterval." },
  { name: "backOffDuration", type: "duration", default: "5s", description: "The wait between attempts with backOffPolicy constant." },
  { name: "backOffInitialInterval", type: "duration", default: "500ms", description: "The first wait with backOffPolicy exponential." },
  { name: "backOffMaxInterval", type: "duration", default: "60s", description: "The longest wait with backOffPolicy exponential." },
  { name: "backOffMaxRetries", type: "number", default: "-1", description: "Attempts after the first before the message goes to the dead-letter topic (or is dropped); -1: for ever." },
  { name: "backOffMultiplier", type: "number", description: "Checked, not used: the delivery retry doubles its wait." },
  { name: "backOffRandomizationFactor", type: "number", description: "Checked, not used: the delivery retry draws each wait from its upper half." },
  { name: "backOffMaxElapsedTime", type: "duration", description: "Checked, not used: the delivery retry counts attempts, not elapsed time." },
];

/** `consumerID`, which every broker reads the same way (metadata.ts componentConsumerGroup). */
export const CONSUMER_ID_FIELD: MetadataField = { name: "consumerID", type: "string", description: "The consumer group: replicas sharing it compete for messages. Default: the app-id." };

/** `maxDeliveryDelay`, of every broker that holds delayed messages (DelayedDelivery). */
export const MAX_DELIVERY_DELAY_FIELD: MetadataField = { name: "maxDeliveryDelay", type: "duration", default: "720h", description: "The furthest ahead a publish's deliverAt or deliverAfter may lie; beyond it the publish is refused (400)." };
