import type { MetadataField } from "../../component.js";

/** `bindings.localstorage` metadata (components-contrib bindings/localstorage/metadata.yaml). */
export const LOCALSTORAGE_FIELDS: readonly MetadataField[] = [
  { name: "rootPath", type: "string", required: true, description: "The folder files live under (created when missing; a relative path is read from the sidecar's working folder). /proc, /sys, /boot and /var/run/secrets are refused" },
  { name: "direction", type: "enum", allowed: ["output"], description: "Only output: this binding has no input side" },
];
