import type { MetadataField } from "../../component.js";
import { POSTGRES_CONNECTION_FIELDS } from "../../postgresql/fields.js";

/** `bindings.postgresql` metadata (components-contrib bindings/postgres/metadata.yaml): the shared PostgreSQL connection fields. */
export const POSTGRES_BINDING_FIELDS: readonly MetadataField[] = [
  ...POSTGRES_CONNECTION_FIELDS,
  {
    name: "queryExecMode",
    type: "enum",
    allowed: ["cache_statement", "cache_describe", "describe_exec", "exec", "simple_protocol"],
    description: "Accepted for Dapr manifests (a pgx setting); node-postgres sends parameterised statements with the extended protocol, unnamed",
  },
  { name: "direction", type: "enum", allowed: ["output"], description: "Only output: this binding has no input side" },
];
