import type { MetadataField } from "../../component.js";

/** `configuration.local.file`'s metadata. */
export const LOCAL_FILE_CONFIGURATION_FIELDS: readonly MetadataField[] = [
  { name: "path", type: "string", required: true, description: "The YAML or JSON file of configuration items, watched for changes." },
  { name: "debounce", type: "duration", default: "50ms", description: "Quiet time after a change to the file before it is re-read." },
];
