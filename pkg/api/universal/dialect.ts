import { wireDialectOf, type WireDialect } from "../../apis/dialect.js";
import type { ApiContext } from "./context.js";

/**
 * The wire dialect of the component a request names (docs/components/README.md "Two dialects on the wire"):
 * `dapr` for a `dapr.io` manifest, `spec` for a `runtime.io` one, `wireFormat` overriding either. A name that
 * resolves to no component has no manifest in play, so the spec's answer stays: undefined.
 */
export function dialectOfComponent(ctx: ApiContext, name: string): WireDialect | undefined {
  const entry = ctx.store.entry(name);
  return entry ? wireDialectOf(entry.resource) : undefined;
}

export function isDaprComponent(ctx: ApiContext, name: string): boolean {
  return dialectOfComponent(ctx, name) === "dapr";
}
