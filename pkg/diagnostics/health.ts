import { Gauge } from "./prom.js";
import { METRIC_PREFIX, type Metrics } from "./metrics.js";

/**
 * Readiness gates behind the two probes (spec endpoints 8 and 9, note 8): `/v1.0/healthz/outbound`
 * needs the gates marked outbound (components, HTTP port, first resource sync); `/v1.0/healthz`
 * needs every gate, the app channel included.
 */
export interface Gate {
  set(ready: boolean): void;
}

interface GateState {
  ready: boolean;
  outbound: boolean;
}

export class Readiness {
  private readonly gates = new Map<string, GateState>();
  private readonly probes: Array<{ outbound: boolean; closed: () => string[] }> = [];
  private markOpened!: () => void;
  /** Resolves the first time every gate is open: start-up is over (probes, which come and go with brokers, are not waited for). */
  readonly firstOpen = new Promise<void>((resolve) => (this.markOpened = resolve));

  gate(name: string, options: { outbound: boolean }): Gate {
    const state: GateState = { ready: false, outbound: options.outbound };
    this.gates.set(name, state);
    return {
      set: (ready) => {
        state.ready = ready;
        if (ready && [...this.gates.values()].every((g) => g.ready)) this.markOpened();
      },
    };
  }

  /** A gate asked at each probe: `closed` names what is down now (a component that lost its broker). */
  probe(closed: () => string[], options: { outbound: boolean }): void {
    this.probes.push({ outbound: options.outbound, closed });
  }

  /** `runtime_health_ready{gate}`: 1 open, 0 closed, read at each scrape (the chart's alerts watch it). */
  exportTo(metrics: Metrics): void {
    const gates = this.gates;
    const probes = this.probes;
    new Gauge({
      name: `${METRIC_PREFIX}health_ready`,
      help: "Readiness gates behind the health probes (components, resources-synced, http-server, app-channel, subscriptions): 1 open, 0 closed",
      labelNames: ["gate"],
      registers: [metrics.registry],
      collect(this: Gauge<"gate">) {
        // Probed parts (a component that lost its broker) appear as a closed gate while down and vanish once back.
        this.reset();
        for (const [name, state] of gates) this.set({ gate: name }, state.ready ? 1 : 0);
        for (const probe of probes) for (const name of probe.closed()) this.set({ gate: name }, 0);
      },
    });
  }

  /** Names of the gates still closed; empty when healthy. */
  waitingFor(scope: "all" | "outbound"): string[] {
    const gates = [...this.gates.entries()].filter(([, g]) => !g.ready && (scope === "all" || g.outbound)).map(([name]) => name);
    for (const probe of this.probes) if (scope === "all" || probe.outbound) gates.push(...probe.closed());
    return gates;
  }
}
