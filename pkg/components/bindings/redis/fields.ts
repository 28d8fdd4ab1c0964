import type { MetadataField } from "../../component.js";
import { REDIS_CONNECTION_FIELDS } from "../../redis/fields.js";

/** `bindings.redis` metadata (components-contrib bindings/redis/metadata.yaml): the shared Redis connection fields. */
export const REDIS_BINDING_FIELDS: readonly MetadataField[] = [
  ...REDIS_CONNECTION_FIELDS,
  { name: "direction", type: "enum", allowed: ["output"], description: "Only output: this binding has no input side" },
];
