import type { Component } from "../component.js";

export interface InvokeRequest {
  operation: string;
  data: unknown;
  metadata: Record<string, string>;
}

export interface InvokeResponse {
  /** JSON-serialisable data, or bytes; undefined answers 204. */
  data?: unknown;
  metadata?: Record<string, string>;
}

/** An event from an input binding's source, handed to the app as `POST /<binding-name>`. */
export interface InputEvent {
  data: Buffer;
  contentType?: string;
  metadata: Record<string, string>;
}

/** Resolves when the app handled the event (2xx); rejects otherwise, and the component reports that to its source. */
export type InputHandler = (event: InputEvent) => Promise<void>;

export interface OutputBinding extends Component {
  operations(): string[];
  invoke(request: InvokeRequest): Promise<InvokeResponse>;
}

export interface InputBinding extends Component {
  /** Starts receiving; resolves once listening, stops when `signal` aborts. */
  read(handler: InputHandler, signal: AbortSignal): Promise<void>;
}

/** A binding component implements one side or both; which ones start is also decided by `direction`. */
export type Binding = Component & Partial<Pick<OutputBinding, "operations" | "invoke">> & Partial<Pick<InputBinding, "read">>;

export function isOutputBinding(binding: Binding): binding is OutputBinding {
  return typeof binding.invoke === "function" && typeof binding.operations === "function";
}

export function isInputBinding(binding: Binding): binding is InputBinding {
  return typeof binding.read === "function";
}

/** The request itself is wrong (bad data for the operation): the bindings API answers 400, not 500. */
export class BindingRequestError extends Error {
  /** A bad request stays bad: a Resiliency retry does not repeat it. */
  readonly retryable = false;
  constructor(message: string) {
    super(message);
    this.name = "BindingRequestError";
  }
}
