import type { MetadataField } from "../../component.js";
import { MAX_DELIVERY_DELAY_FIELD } from "../fields.js";

export const FIELDS: readonly MetadataField[] = [
  { name: "redeliveryDelay", type: "duration", default: "50ms", description: "How long a message whose handler refused it waits before it is delivered again." },
  { name: "maxBufferedMessages", type: "number", default: "100000", description: "Undelivered messages one consumer group may hold; a publish beyond it fails (500)." },
  MAX_DELIVERY_DELAY_FIELD,
];
