import type { MetadataField } from "../../component.js";
import { REDIS_CONNECTION_FIELDS } from "../../redis/fields.js";

/** `configuration.redis`'s metadata: the Redis connection fields every Redis component reads (Dapr's names). */
export const REDIS_CONFIGURATION_FIELDS: readonly MetadataField[] = [...REDIS_CONNECTION_FIELDS];
