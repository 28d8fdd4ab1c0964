import type { MetadataField } from "../../component.js";

/** `secretstores.local.env`'s metadata (Dapr's names). */
export const LOCAL_ENV_SECRET_STORE_FIELDS: readonly MetadataField[] = [
  { name: "prefix", type: "string", description: "Only variables starting with it are secrets, named without it." },
];
