import type { MetadataField } from "../../component.js";

/** `secretstores.local.file`'s metadata (Dapr's names). */
export const LOCAL_FILE_SECRET_STORE_FIELDS: readonly MetadataField[] = [
  { name: "secretsFile", type: "string", required: true, description: "The JSON file holding the secrets, relative to the sidecar's working folder." },
  { name: "nestedSeparator", type: "string", default: ":", description: "Joins the keys of nested objects into one secret name." },
  { name: "multiValued", type: "bool", default: "false", description: "Each top-level key is a secret whose value is its object's keys and values." },
];
