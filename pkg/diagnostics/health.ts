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

  gate(name: string, options: { outbound: boolean }): Gate {
    const state: GateState = { ready: false, outbound: options.outbound };
    this.gates.set(name, state);
    return { set: (ready) => void (state.ready = ready) };
  }

  /** Names of the gates still closed; empty when healthy. */
  waitingFor(scope: "all" | "outbound"): string[] {
    return [...this.gates.entries()].filter(([, g]) => !g.ready && (scope === "all" || g.outbound)).map(([name]) => name);
  }
}
