import type { Registries } from "../../pkg/components/builtins.js";
import { BindingRequestError, type InputHandler, type InvokeRequest, type InvokeResponse } from "../../pkg/components/bindings/types.js";
import type { ComponentMetadata } from "../../pkg/components/metadata.js";

/**
 * Tiny real bindings for the bindings API tests: `bindings.test.echo` (output; its operations
 * steer the reply) and `bindings.test.source` (input; the test emits events through it).
 */
export class EchoBinding {
  async init(): Promise<void> {}
  async close(): Promise<void> {}
  operations(): string[] {
    return ["echo", "empty", "bytes", "fail", "badrequest"];
  }
  async invoke(request: InvokeRequest): Promise<InvokeResponse> {
    switch (request.operation) {
      case "echo":
        return { data: { data: request.data, metadata: { ...request.metadata } }, metadata: { op: "echo", "bad\nname": "x" } };
      case "bytes":
        return { data: Buffer.from([0, 1, 2, 255]) };
      case "fail":
        throw new Error("backend is down");
      case "badrequest":
        throw new BindingRequestError("data must be a number");
      default:
        return {};
    }
  }
}

/** Every started source, by component name: `emit` hands an event to the runtime as a real source would. */
export const sources = new Map<string, SourceBinding>();

export class SourceBinding {
  handler?: InputHandler;
  signal?: AbortSignal;
  closed = false;
  name = "";
  async init(md: ComponentMetadata): Promise<void> {
    this.name = md.componentName;
  }
  async read(handler: InputHandler, signal: AbortSignal): Promise<void> {
    this.handler = handler;
    this.signal = signal;
    sources.set(this.name, this);
  }
  emit(data: unknown, metadata: Record<string, string> = {}): Promise<void> {
    if (!this.handler) throw new Error("not started");
    return this.handler({ data: Buffer.from(JSON.stringify(data)), contentType: "application/json", metadata });
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

export function registerTestBindings(registries: Registries): Registries {
  registries.bindings.register("bindings.test.echo", () => new EchoBinding());
  registries.bindings.register("bindings.test.source", () => new SourceBinding());
  return registries;
}
