import { BindingRequestError, type InvokeRequest, type InvokeResponse, type OutputBinding } from "../../components/bindings/types.js";
import { bindingSides } from "../../runtime/bindings/direction.js";
import { bindingMetrics } from "../../runtime/bindings/metrics.js";
import { outboundPolicy, type ApiContext } from "./context.js";
import { Errors } from "./errors.js";

function outputBinding(ctx: ApiContext, name: string): OutputBinding | undefined {
  const entry = ctx.store.entry(name);
  if (!entry || entry.kind !== "bindings") return undefined;
  const binding = entry.instance as OutputBinding;
  return bindingSides(entry.resource, binding).output ? binding : undefined;
}

/** docs/api.md "Bindings": unknown binding, unsupported operation and component failure each say which. */
export class BindingOperations {
  private readonly metrics: ReturnType<typeof bindingMetrics>;

  constructor(private readonly ctx: ApiContext) {
    this.metrics = bindingMetrics(ctx.metrics);
  }

  /** Checks the binding before the request is parsed: an unknown binding is named whatever the body. */
  binding(name: string): OutputBinding {
    const binding = outputBinding(this.ctx, name);
    if (!binding) throw Errors.bindingNotFound(name);
    return binding;
  }

  async invoke(name: string, request: InvokeRequest): Promise<InvokeResponse> {
    const binding = this.binding(name);
    if (request.operation === "") throw Errors.bindingRequest("operation is required (a string, e.g. \"create\")");
    const supported = binding.operations();
    if (!supported.includes(request.operation)) throw Errors.bindingOperationUnsupported(name, request.operation, supported.join(", ") || "none");
    const labels = { component: name, direction: "output", operation: request.operation } as const;
    const started = process.hrtime.bigint();
    let response: InvokeResponse;
    try {
      response = await outboundPolicy(this.ctx, name).execute(() => binding.invoke(request));
    } catch (error) {
      this.metrics.observe(labels, started, false);
      if (error instanceof BindingRequestError) throw Errors.bindingRequest(`${name}: ${error.message}`);
      throw Errors.bindingInvoke(name, (error as Error).message);
    }
    this.metrics.observe(labels, started, true);
    return response;
  }
}
