import type { Component } from "../component.js";

/** Key -> value of one secret. Name/value stores answer `{[name]: value}` (spec: Resources, Secret). */
export type SecretValue = Record<string, string>;

export interface GetSecretRequest {
  name: string;
  /** Per-request properties from `metadata.<property>` (spec endpoint 6, note 6). */
  metadata: Record<string, string>;
}

/** The secret store contract (one per building block, components-contrib style). */
export interface SecretStore extends Component {
  /** undefined when the secret does not exist (the API answers 204). */
  getSecret(request: GetSecretRequest): Promise<SecretValue | undefined>;
  /** Secret name -> its key/value object. */
  bulkGetSecret(metadata: Record<string, string>): Promise<Record<string, SecretValue>>;
}
