import { BindingRequestError, type InvokeRequest, type InvokeResponse, type OutputBinding } from "../../components/bindings/types.js";
import { bindingSides } from "../../runtime/bindings/direction.js";
import { bindingMetrics } from "../../runtime/bindings/metrics.js";
import { outboundPolicy, type ApiContext } from "./context.js";
import { isDaprComponent } from "./dialect.js";
import { Errors } from "./errors.js";

function outputBinding(ctx: ApiContext, name: string): OutputBinding | undefined {
  const entry = ctx.store.entry(name);
  if (!entry || entry.kind !== "bindings") return undefined;
  const binding = entry.instance as OutputBinding;
  return bindingSides(entry.resource, binding).output ? binding : undefined;
}

/**
 * docs/api.md "Bindings": unknown binding, unsupported operation and component failure each say which. A
 * name that is a `dapr.io` component gets daprd's answers instead (pkg/runtime/processor/binding/send.go
 * SendToOutputBinding, rendered by onOutputBindingMessage): every refusal is 500 ERR_INVOKE_OUTPUT_BINDING
 * with daprd's wording, a missing operation checked first.
 */
export class BindingOperations {
  private readonly metrics: ReturnType<typeof bindingMetrics>;

  constructor(private readonly ctx: ApiContext) {
    this.metrics = bindingMetrics(ctx.metrics);
  }

  /** Checks the binding before the request is parsed: an unknown binding is named whatever the body. */
  binding(name: string): OutputBinding {
    const binding = outputBinding(this.ctx, name);
    if (binding) return binding;
    if (isDaprComponent(this.ctx, name)) throw Errors.bindingInvoke(name, `couldn't find output binding ${name}`);
    throw Errors.bindingNotFound(name);
  }

  /** A `dapr.io` binding takes a request without an operation here, to refuse it as daprd does. */
  takesMissingOperation(name: string): boolean {
    return isDaprComponent(this.ctx, name);
  }

  async invoke(name: string, request: InvokeRequest): Promise<InvokeResponse> {
    const dapr = isDaprComponent(this.ctx, name);
    if (dapr && request.operation === "") throw Errors.bindingInvoke(name, "operation field is missing from request");
    const binding = this.binding(name);
    if (request.operation === "") throw Errors.bindingRequest("operation is required (a string, e.g. \"create\")");
    const supported = binding.operations();
    if (!supported.includes(request.operation)) {
      if (dapr) throw Errors.bindingInvoke(name, `binding ${name} does not support operation ${request.operation}. supported operations:${supported.join(" ")}`);
      throw Errors.bindingOperationUnsupported(name, request.operation, supported.join(", ") || "none");
    }
    const labels = { component: name, direction: "output", operation: request.operation } as const;
    const started = process.hrtime.bigint();
    let response: InvokeResponse;
    try {
      response = await outboundPolicy(this.ctx, name).execute(() => binding.invoke(request));
    } catch (error) {
      this.metrics.observe(labels, started, false);
      // runtimed's own check of a request's fields (a path escaping rootPath, a missing key): 400 naming it, both dialects.
      if (error instanceof BindingRequestError) throw Errors.bindingRequest(`${name}: ${error.message}`);
      throw Errors.bindingInvoke(name, (error as Error).message);
    }
    this.metrics.observe(labels, started, true);
    return response;
  }
}
