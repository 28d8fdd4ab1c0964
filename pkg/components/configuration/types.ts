import type { Component } from "../component.js";

/** One configuration item (spec: Resources, Configuration item). */
export interface ConfigurationItem {
  value: string;
  version?: string;
  metadata?: Record<string, string>;
}

/** A change notification: the changed items; a deleted key arrives with value "". */
export type ConfigurationUpdateHandler = (items: Map<string, ConfigurationItem>) => Promise<void>;

/** Frees what a subscription holds in the store (a listener, a connection). */
export type ConfigurationRelease = () => Promise<void>;

/** The configuration store contract. */
export interface ConfigurationStore extends Component {
  /** No keys: every item. Keys that do not exist are absent from the result. */
  get(keys: string[], metadata: Record<string, string>): Promise<Map<string, ConfigurationItem>>;
  /**
   * Calls `handler` on each update or deletion of `keys` (none: every key, including later ones) until `signal` aborts.
   * Resolves once the store watches (a rejection is the API's "failed to subscribe"). It may resolve to a release
   * function that frees the store-side watch; its rejection is the API's "failed to unsubscribe" (spec: Errors, configuration).
   */
  subscribe(keys: string[], metadata: Record<string, string>, handler: ConfigurationUpdateHandler, signal: AbortSignal): Promise<ConfigurationRelease | void>;
}
