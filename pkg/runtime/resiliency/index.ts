import type { Counter, Gauge } from "prom-client";
import { parseResiliencySpec, type ResiliencySpec, type TargetPolicies } from "../../apis/resiliency.js";
import type { ComponentKind } from "../../components/component.js";
import type { ResiliencyResource } from "../../apis/types.js";
import { scoped, type Logger } from "../../diagnostics/logger.js";
import type { Metrics } from "../../diagnostics/metrics.js";
import { exponentialBackoff } from "../../util/backoff.js";
import { composePolicy, targetPolicy, type BreakerStateName, type PolicyEvents, type TargetPolicy } from "./policy.js";
import { NEVER_ABORTED } from "../../util/abort.js";

export { composePolicy, type TargetPolicy } from "./policy.js";

export type Direction = "inbound" | "outbound";

/** Dapr's gauge values for `cb_state`. */
const STATE_VALUE: Record<BreakerStateName, number> = { closed: 0, "half-open": 1, open: 2 };

/** A call with no policy: today's behaviour for every outbound call (one attempt, the component's own timeouts). */
export const DIRECT: TargetPolicy = {
  names: {},
  execute: (fn, options) => fn((options instanceof AbortSignal ? options : options?.signal) ?? NEVER_ABORTED),
  whenCallable: async () => undefined,
};

/**
 * The built-in inbound policy of pub/sub delivery, used when no Resiliency names the component: the
 * subscription's retry settings (RETRY_DEFAULTS.delivery unless it sets its own), no timeout beyond the
 * app channel's, no breaker.
 */
export function defaultDeliveryPolicy(settings: { maxRetries: number; retryInitialMs: number; retryMaxMs: number }): TargetPolicy {
  const backoff = exponentialBackoff({ initialMs: settings.retryInitialMs, maxMs: settings.retryMaxMs, jitter: "half" });
  return composePolicy({ retry: { backoff, maxRetries: settings.maxRetries, retryable: () => true } });
}

interface Entry {
  fingerprint: string;
  policy: TargetPolicy;
}

/**
 * The policies in force per component and direction, from every Resiliency in scope. A reload builds
 * the new table and swaps it in one assignment: a call takes its policy when it starts, so a change
 * applies to calls started after it. A target whose policies did not change keeps its policy object,
 * and so its breaker's state.
 */
export class ResiliencyRegistry {
  private table = new Map<string, Entry>();
  /** Every component some Resiliency names (either direction): daprd gives those no default policies. */
  private named = new Set<string>();
  /** The policies of every Resiliency in scope, by name (a later resource's name wins, as daprd merges them). */
  private merged?: ResiliencySpec;
  /** Policies resolved from the Default* names, per component and direction (each its own breaker, as daprd's). */
  private defaults = new Map<string, Entry | null>();
  private readonly kindOf: (component: string) => ComponentKind | undefined;
  private readonly logger: Logger;
  private readonly loaded: Gauge;
  private readonly activations: Counter<"kind" | "target" | "direction">;
  private readonly cbState: Gauge<"target" | "direction">;

  /** `kindOf`: a component's building block, for the type-scoped default names (DefaultPubsubComponent...). */
  constructor(deps: { logger: Logger; metrics: Metrics; kindOf?: (component: string) => ComponentKind | undefined }) {
    this.kindOf = deps.kindOf ?? (() => undefined);
    this.logger = scoped(deps.logger, "runtime.resiliency");
    this.loaded = deps.metrics.gauge("resiliency_loaded", "Resiliency resources in force", []);
    this.activations = deps.metrics.counter("resiliency_activations_total", "Resiliency policy activations (a retry, a timeout firing, a breaker opening), by policy kind, target and direction", ["kind", "target", "direction"]);
    this.cbState = deps.metrics.gauge("resiliency_cb_state", "Circuit breaker state per target: 0 closed, 1 half-open, 2 open", ["target", "direction"]);
  }

  outbound(component: string): TargetPolicy | undefined {
    return this.table.get(key(component, "outbound"))?.policy ?? this.defaultPolicy(component, "outbound");
  }

  inbound(component: string): TargetPolicy | undefined {
    return this.table.get(key(component, "inbound"))?.policy ?? this.defaultPolicy(component, "inbound");
  }

  /**
   * daprd's built-in policy names (`pkg/resiliency`): a component no Resiliency names takes, per kind of
   * policy, the first of Default<Type>Component<Direction><Kind>Policy, DefaultComponent<Direction>...,
   * DefaultComponent..., Default<Kind>Policy that some Resiliency defines.
   */
  private defaultPolicy(component: string, direction: Direction): TargetPolicy | undefined {
    if (!this.merged || this.named.has(component)) return undefined;
    const k = key(component, direction);
    const cached = this.defaults.get(k);
    if (cached !== undefined) return cached?.policy;
    const names = defaultNames(this.merged, this.kindOf(component), direction);
    const entry = names ? { fingerprint: JSON.stringify(resolved(this.merged, names)), policy: this.build(this.merged, names, component, direction) } : null;
    this.defaults.set(k, entry);
    return entry?.policy;
  }

  /** The whole in-scope set (the controller's listener); each one was validated, trips compiled, when it was loaded. */
  update(resources: ResiliencyResource[]): void {
    const next = new Map<string, Entry>();
    const owner = new Map<string, string>();
    const named = new Set<string>();
    const merged: ResiliencySpec = { timeouts: new Map(), retries: new Map(), circuitBreakers: new Map(), components: new Map() };
    for (const resource of [...resources].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))) {
      const errors: Array<{ field: string; message: string }> = [];
      const spec = parseResiliencySpec(resource.spec, errors);
      if (errors.length > 0) {
        // Not reached for resources from a loader (they validate first); kept so nothing half-parsed is used.
        this.logger.error(`Resiliency ${resource.metadata.name}: ${errors.map((e) => `${e.field}: ${e.message}`).join("; ")}; not applied`);
        continue;
      }
      for (const [name, value] of spec.timeouts) merged.timeouts.set(name, value);
      for (const [name, value] of spec.retries) merged.retries.set(name, value);
      for (const [name, value] of spec.circuitBreakers) merged.circuitBreakers.set(name, value);
      for (const [component, targets] of spec.components) {
        named.add(component);
        for (const direction of ["outbound", "inbound"] as const) {
          const names = targets[direction];
          if (!names || Object.keys(names).length === 0) continue;
          const k = key(component, direction);
          if (owner.has(k)) this.logger.warn(`components.${component}.${direction} is set by Resiliency ${owner.get(k)} and ${resource.metadata.name}; using ${resource.metadata.name}`);
          owner.set(k, resource.metadata.name);
          const fingerprint = JSON.stringify(resolved(spec, names));
          const current = this.table.get(k);
          next.set(k, current && current.fingerprint === fingerprint ? current : { fingerprint, policy: this.build(spec, names, component, direction) });
        }
      }
    }
    for (const [k, entry] of this.table) {
      if (next.get(k) === entry || !entry.policy.breaker) continue;
      const [target, direction] = k.split("\0") as [string, Direction];
      this.cbState.remove({ target, direction });
    }
    this.table = next;
    this.named = named;
    this.merged = merged;
    // A component whose default policies did not change keeps its policy object, and so its breaker's state.
    const defaults = new Map<string, Entry | null>();
    for (const [k, entry] of this.defaults) {
      if (!entry) continue;
      const [component, direction] = k.split("\0") as [string, Direction];
      const names = named.has(component) ? undefined : defaultNames(merged, this.kindOf(component), direction);
      if (names && JSON.stringify(resolved(merged, names)) === entry.fingerprint) defaults.set(k, entry);
      else if (entry.policy.breaker) this.cbState.remove({ target: component, direction });
    }
    this.defaults = defaults;
    this.loaded.set(resources.length);
    const described = [...next.keys()].map((k) => k.replace("\0", " ")).join(", ");
    const defaultNamed = [...merged.retries.keys(), ...merged.timeouts.keys(), ...merged.circuitBreakers.keys()].filter((name) => /^Default\w*Policy$/.test(name));
    this.logger.info(`resiliency policies in force: ${described || "none"}${defaultNamed.length > 0 ? `; for every other component: ${defaultNamed.join(", ")}` : described ? "" : " (built-in defaults)"}`);
  }

  private build(spec: ResiliencySpec, names: TargetPolicies, target: string, direction: Direction): TargetPolicy {
    const events: PolicyEvents = {
      activation: (kind) => this.activations.inc({ kind, target, direction }),
      breakerState: (state) => {
        this.cbState.set({ target, direction }, STATE_VALUE[state]);
        this.logger.info(`circuit breaker ${names.circuitBreaker} of ${target} ${direction} is ${state}`);
      },
    };
    const policy = targetPolicy(spec, names, events);
    if (policy.breaker) this.cbState.set({ target, direction }, 0);
    return policy;
  }
}

/** daprd's ComponentType names, by building block. */
const DAPR_COMPONENT_TYPES: Record<ComponentKind, string> = { pubsub: "Pubsub", bindings: "Binding", secretstores: "Secretstore", configuration: "Configuration" };

/** The Default* policy names that apply to a component (daprd's getDefaultPolicy); undefined when none is defined. */
function defaultNames(spec: ResiliencySpec, kind: ComponentKind | undefined, direction: Direction): TargetPolicies | undefined {
  const dir = direction === "inbound" ? "Inbound" : "Outbound";
  const levels = [...(kind ? [`${DAPR_COMPONENT_TYPES[kind]}Component${dir}`] : []), `Component${dir}`, "Component", ""];
  const first = (policies: Map<string, unknown>, kindName: string): string | undefined => levels.map((level) => `Default${level}${kindName}Policy`).find((name) => policies.has(name));
  const names: TargetPolicies = {};
  const retry = first(spec.retries, "Retry");
  const timeout = first(spec.timeouts, "Timeout");
  const circuitBreaker = first(spec.circuitBreakers, "CircuitBreaker");
  if (retry) names.retry = retry;
  if (timeout) names.timeout = timeout;
  if (circuitBreaker) names.circuitBreaker = circuitBreaker;
  return retry || timeout || circuitBreaker ? names : undefined;
}

function key(component: string, direction: Direction): string {
  return `${component}\0${direction}`;
}

/** What a target's policies are, by value: a target keeps its policy (and breaker state) while this is unchanged. */
function resolved(spec: ResiliencySpec, names: TargetPolicies): unknown {
  return {
    timeout: names.timeout ? spec.timeouts.get(names.timeout) : null,
    retry: names.retry ? spec.retries.get(names.retry) : null,
    breaker: names.circuitBreaker ? spec.circuitBreakers.get(names.circuitBreaker) : null,
  };
}
