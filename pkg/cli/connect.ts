import { Writable } from "node:stream";
import type { ComponentResource } from "../apis/types.js";
import type { Registries } from "../components/builtins.js";
import { kindOfType } from "../components/component.js";
import { createLogger, SecretRedactor } from "../diagnostics/logger.js";
import { Metrics } from "../diagnostics/metrics.js";
import { PROTECTED_ENV } from "../runtime/options.js";
import { Processor } from "../runtime/processor.js";
import { ComponentStore } from "../runtime/store.js";

export interface ConnectDeps {
  registries: Registries;
  /** The environment cmd/ read (the env secret store serves from it). */
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * `runtimed validate --connect`: each component initialised by the sidecar's own processor (secret
 * stores first, secretKeyRefs resolved, spec.initTimeout applied), then every one closed again.
 */
export function connectCheck(deps: ConnectDeps): (components: ComponentResource[]) => Promise<Array<{ component: ComponentResource; error: string }>> {
  return async (components) => {
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
    const logger = createLogger({ appId: "runtimed-validate", level: "error", json: false, stream: quiet });
    const metrics = new Metrics({ processMetrics: false });
    const processor = new Processor({
      registries: deps.registries,
      store: new ComponentStore(),
      logger,
      metrics,
      context: { appId: "runtimed-validate", metrics, redactor: new SecretRedactor(), env: deps.env, protectedEnv: PROTECTED_ENV },
    });
    const failures: Array<{ component: ComponentResource; error: string }> = [];
    const ordered = [...components].sort((a, b) => rank(a) - rank(b));
    try {
      for (const component of ordered) {
        try {
          await processor.apply(component);
        } catch (error) {
          failures.push({ component, error: (error as Error).message });
        }
      }
    } finally {
      await processor.closeAll();
    }
    return failures;
  };
}

function rank(resource: ComponentResource): number {
  return kindOfType(resource.spec.type) === "secretstores" ? 0 : 1;
}
