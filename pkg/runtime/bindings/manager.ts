import type { InputBinding, InputEvent, InputHandler } from "../../components/bindings/types.js";
import { scoped, type Logger } from "../../diagnostics/logger.js";
import type { Metrics } from "../../diagnostics/metrics.js";
import type { AppChannel } from "../appchannel/types.js";
import type { TargetPolicy } from "../resiliency/policy.js";
import type { ComponentListener } from "../processor.js";
import type { ComponentEntry } from "../store.js";
import { bindingSides } from "./direction.js";
import { bindingMetrics, type BindingMetrics } from "./metrics.js";

export interface InputBindingsDeps {
  /** Without an app channel there is nobody to hand events to, so input sides do not start. */
  appChannel?: AppChannel;
  /** With app health checks: events wait while the app is unhealthy, as daprd stops reading input bindings then. */
  appHealth?: { readonly healthy: boolean; whenHealthy(signal: AbortSignal): Promise<boolean> };
  logger: Logger;
  metrics: Metrics;
  /** A Resiliency's `components.<name>.inbound` policy wraps each delivery of that binding (retries, timeout, breaker). */
  resiliency?: { inbound(component: string): TargetPolicy | undefined };
}

/**
 * Starts `read()` of input-capable bindings after they attach and stops it before they detach
 * (a ComponentListener), delivering each event through the app channel (HTTP: `POST /<binding-name>`,
 * docs/api.md "Bindings", 2xx = handled; gRPC: `OnBindingEvent` for the bindings the app lists);
 * anything else rejects, and the component reports that to its source.
 */
export class InputBindingsManager implements ComponentListener {
  private readonly running = new Map<string, AbortController>();
  private readonly logger: Logger;
  private readonly metrics: BindingMetrics;

  constructor(private readonly deps: InputBindingsDeps) {
    this.logger = scoped(deps.logger, "runtime.bindings");
    this.metrics = bindingMetrics(deps.metrics);
  }

  /** Names of the bindings whose input side is running. */
  active(): string[] {
    return [...this.running.keys()];
  }

  async afterAttach(entry: ComponentEntry): Promise<void> {
    if (entry.kind !== "bindings") return;
    const binding = entry.instance as ComponentEntry<"bindings">["instance"];
    if (!bindingSides(entry.resource, binding).input) return;
    if (!this.deps.appChannel) {
      this.logger.warn(`input binding ${entry.name} not started: no --app-port, so there is no app to deliver its events to`);
      return;
    }
    const controller = new AbortController();
    this.running.set(entry.name, controller);
    try {
      await (binding as InputBinding).read(this.handlerFor(entry.name, controller.signal), controller.signal);
      this.logger.info(`input binding ${entry.name} started`);
    } catch (error) {
      controller.abort();
      this.running.delete(entry.name);
      throw new Error(`input binding ${entry.name} failed to start: ${(error as Error).message}`);
    }
  }

  async beforeDetach(entry: ComponentEntry): Promise<void> {
    const controller = this.running.get(entry.name);
    if (!controller) return;
    this.running.delete(entry.name);
    controller.abort();
    await Promise.resolve();
  }

  close(): void {
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
  }

  private handlerFor(name: string, signal: AbortSignal): InputHandler {
    const channel = this.deps.appChannel!;
    return async (event: InputEvent) => {
      // A source starts at attach, so that it is set up (subscriptions, webhook handshakes) while the
      // app starts; an event that arrives before the app answers waits for it, as Dapr only reads
      // input bindings once the app channel is ready, rather than failing against a closed port.
      if (!channel.isReachable) this.logger.debug(`input binding ${name}: holding an event until the app answers`);
      if (!(await channel.whenReachable(signal))) throw new Error(`input binding ${name} is stopping`);
      const health = this.deps.appHealth;
      if (health && !health.healthy) {
        this.logger.debug(`input binding ${name}: holding an event while the app is unhealthy`);
        if (!(await health.whenHealthy(signal))) throw new Error(`input binding ${name} is stopping`);
      }
      if (!(await channel.acceptsBinding(name, signal))) throw new Error(`the app does not take events of input binding ${name} (its ListInputBindings does not name it)`);
      const started = process.hrtime.bigint();
      let ok = false;
      const deliver = async (attemptSignal?: AbortSignal): Promise<void> => {
        await channel.deliverBindingEvent({ name, data: event.data, contentType: event.contentType, metadata: event.metadata, signal: attemptSignal ?? signal });
      };
      try {
        // Taken per event: a Resiliency edit applies to the events that come after it.
        const policy = this.deps.resiliency?.inbound(name);
        // waitWhileOpen: an open breaker holds the event at its source (unacknowledged) until it half-opens.
        await (policy ? policy.execute(deliver, { signal, waitWhileOpen: true }) : deliver());
        ok = true;
      } finally {
        this.metrics.observe({ component: name, direction: "input", operation: "read" }, started, ok);
      }
    };
  }
}
