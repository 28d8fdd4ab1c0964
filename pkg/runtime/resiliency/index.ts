import type { Counter, Gauge } from "prom-client";
import { parseResiliencySpec, type ResiliencySpec, type TargetPolicies } from "../../apis/resiliency.js";
import type { ResiliencyResource } from "../../apis/types.js";
import { scoped, type Logger } from "../../diagnostics/logger.js";
import type { Metrics } from "../../diagnostics/metrics.js";
import { exponentialBackoff } from "../../util/backoff.js";
import { composePolicy, targetPolicy, type BreakerStateName, type PolicyEvents, type TargetPolicy } from "./policy.js";

export { composePolicy, type TargetPolicy } from "./policy.js";

export type Direction = "inbound" | "outbound";

/** Dapr's gauge values for `cb_state`. */
const STATE_VALUE: Record<BreakerStateName, number> = { closed: 0, "half-open": 1, open: 2 };

const NEVER_ABORTED = new AbortController().signal;

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
  private readonly logger: Logger;
  private readonly loaded: Gauge;
  private readonly activations: Counter<"kind" | "target" | "direction">;
  private readonly cbState: Gauge<"target" | "direction">;

  constructor(deps: { logger: Logger; metrics: Metrics }) {
    this.logger = scoped(deps.logger, "runtime.resiliency");
    this.loaded = deps.metrics.gauge("resiliency_loaded", "Resiliency resources in force", []);
    this.activations = deps.metrics.counter("resiliency_activations_total", "Resiliency policy activations (a retry, a timeout firing, a breaker opening), by policy kind, target and direction", ["kind", "target", "direction"]);
    this.cbState = deps.metrics.gauge("resiliency_cb_state", "Circuit breaker state per target: 0 closed, 1 half-open, 2 open", ["target", "direction"]);
  }

  outbound(component: string): TargetPolicy | undefined {
    return this.table.get(key(component, "outbound"))?.policy;
  }

  inbound(component: string): TargetPolicy | undefined {
    return this.table.get(key(component, "inbound"))?.policy;
  }

  /** The whole in-scope set (the controller's listener); each one was validated, trips compiled, when it was loaded. */
  update(resources: ResiliencyResource[]): void {
    const next = new Map<string, Entry>();
    const owner = new Map<string, string>();
    for (const resource of [...resources].sort((a, b) => a.metadata.name.localeCompare(b.metadata.name))) {
      const errors: Array<{ field: string; message: string }> = [];
      const spec = parseResiliencySpec(resource.spec, errors);
      if (errors.length > 0) {
        // Not reached for resources from a loader (they validate first); kept so nothing half-parsed is used.
        this.logger.error(`Resiliency ${resource.metadata.name}: ${errors.map((e) => `${e.field}: ${e.message}`).join("; ")}; not applied`);
        continue;
      }
      for (const [component, targets] of spec.components) {
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
    this.loaded.set(resources.length);
    const described = [...next.keys()].map((k) => k.replace("\0", " ")).join(", ");
    this.logger.info(`resiliency policies in force: ${described || "none (built-in defaults)"}`);
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
