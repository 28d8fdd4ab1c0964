import type { MetadataField } from "../../component.js";

/** `secretstores.kubernetes`'s metadata (Dapr's names). */
export const KUBERNETES_SECRET_STORE_FIELDS: readonly MetadataField[] = [
  { name: "namespace", type: "string", aliases: ["defaultNamespace"], description: "The namespace read when a request names none; default: the pod's namespace (required outside kubernetes mode)." },
];
