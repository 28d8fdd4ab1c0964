import type { MetadataField } from "../../component.js";
import { REDIS_CONNECTION_FIELDS } from "../../redis/fields.js";
import { CONSUMER_ID_FIELD, MAX_DELIVERY_DELAY_FIELD } from "../fields.js";

export const FIELDS: readonly MetadataField[] = [
  ...REDIS_CONNECTION_FIELDS,
  CONSUMER_ID_FIELD,
  { name: "processingTimeout", type: "duration", default: "60s", description: "An entry pending this long with a consumer that went away is claimed by another." },
  { name: "redeliverInterval", type: "duration", default: "15s", description: "How often pending entries are checked for claiming." },
  { name: "concurrency", type: "number", default: "100", description: "Messages the sidecar holds at once per subscription (being delivered or waiting for a retry)." },
  { name: "queueDepth", type: "number", default: "100", description: "Entries read ahead per subscription." },
  { name: "maxLenApprox", type: "number", default: "0", description: "Trims each stream to about this many entries on publish; 0: no trimming." },
  { name: "streamTTL", type: "duration", default: "0", description: "Trims entries older than this on publish (when maxLenApprox is not set); 0: no trimming." },
  MAX_DELIVERY_DELAY_FIELD,
  { name: "delayedPollInterval", type: "duration", default: "500ms", description: "How often the delay sets are checked for due messages another sidecar published (a sidecar's own delayed publishes wake its mover on time)." },
];
