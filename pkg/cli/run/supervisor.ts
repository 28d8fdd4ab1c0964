import { setTimeout as delay } from "node:timers/promises";
import { GroupProcess, type Exit } from "./process.js";
import type { LineSink } from "./output.js";
import { assertPortFree } from "./ports.js";

/** Everything needed to run one app beside its sidecar; built from flags (`runtimed run`) or a run template (`-f`). */
export interface AppPlan {
  appId: string;
  /** The app's working folder (the current folder, or the template's appDirPath). */
  cwd: string;
  /** The app's command; none runs the sidecar alone (as Dapr's template allows). */
  command?: readonly string[];
  /** runtimed's flags for this app's sidecar. */
  sidecarArgs: readonly string[];
  /** The ports to check before starting: a taken one is a one-line error instead of a half-started pair. */
  portChecks: ReadonlyArray<{ port: number; host: string; what: string }>;
  /** Where the sidecar's API answers, to wait for it before starting the app. */
  sidecarUrl: string;
  /** The app's whole environment (the caller's, plus what Dapr's CLI gives apps). */
  appEnv: Record<string, string | undefined>;
  sidecarEnv: Record<string, string | undefined>;
  appSink: LineSink;
  runtimeSink: LineSink;
  /** How long the app gets after SIGTERM; the sidecar gets this plus its own drain margin. */
  graceMs: number;
  /** What `runtimed list` shows of it. */
  ports: { http: number; grpc: number; metrics?: number; app?: number };
  /** The run template it comes from, if any. */
  runTemplatePath?: string;
}

/** Told as processes start and stop: the run records (`runtimed list`) and the reaper. */
export interface RunHooks {
  spawned(role: "app" | "sidecar", pid: number | undefined, graceMs: number): void;
  started(plan: AppPlan, pids: { sidecar: number; app?: number }): void;
  stopped(plan: AppPlan, pids: { sidecar?: number; app?: number }): void;
}

export interface SupervisorDeps {
  /** The node binary and runtimed's entry script, to start each sidecar. */
  node: string;
  runtimedMain: string;
  /** Status lines (not the children's output). */
  info(message: string): void;
  /** Why the run ends badly, in one line. */
  error(message: string): void;
  hooks?: RunHooks;
}

/** A start that failed before the app ran: the message is the one line the user sees. */
export class RunError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = "RunError";
  }
}

/** runtimed's own margin past the grace period before it exits hard (cmd/runtimed/main.ts). */
const SIDECAR_MARGIN_MS = 3000;

/** One app and its sidecar: the sidecar starts first and is ready before the app starts (as `dapr run` does). */
class AppUnit {
  sidecar?: GroupProcess;
  app?: GroupProcess;
  /** Resolves with the unit's exit code once both processes are gone. */
  done?: Promise<number>;
  private stopping?: Promise<void>;

  constructor(readonly plan: AppPlan, private readonly deps: SupervisorDeps) {}

  async start(signal: AbortSignal): Promise<void> {
    const { plan } = this;
    for (const { port, host, what } of plan.portChecks) await assertPortFree(port, host, what);
    this.sidecar = new GroupProcess({ command: this.deps.node, args: [this.deps.runtimedMain, ...plan.sidecarArgs], cwd: plan.cwd, env: plan.sidecarEnv, sink: plan.runtimeSink });
    this.deps.hooks?.spawned("sidecar", this.sidecar.pid, plan.graceMs);
    this.deps.info(`starting the sidecar of app "${plan.appId}" (pid ${this.sidecar.pid})`);
    await this.waitReady(this.sidecar, signal);
    if (plan.command && plan.command.length > 0) {
      const [command, ...args] = plan.command;
      this.app = new GroupProcess({ command: command!, args, cwd: plan.cwd, env: plan.appEnv, sink: plan.appSink });
      this.deps.hooks?.spawned("app", this.app.pid, plan.graceMs);
      // A command that cannot start has no pid; its "error" event follows on the next tick.
      if (this.app.pid === undefined) {
        const exit = await this.app.exited;
        throw new RunError(describeSpawnError(command!, exit.spawnError!), exit.code);
      }
    }
    this.deps.hooks?.started(plan, { sidecar: this.sidecar.pid!, app: this.app?.pid });
    this.done = this.supervise();
  }

  /** App first (its whole group), then the sidecar, which drains in-flight work. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      // stop() also takes down what an exited leader left in its group (a background child of the app).
      await this.app?.stop(this.plan.graceMs);
      await this.sidecar?.stop(this.plan.graceMs + SIDECAR_MARGIN_MS);
      // A descendant that left the group (setsid) may still hold the pipes: do not wait on it for long.
      await Promise.race([Promise.all([this.app?.drained, this.sidecar?.drained]), delay(1000)]);
      await Promise.all([this.plan.appSink.close(), this.plan.runtimeSink.close()]);
      this.deps.hooks?.stopped(this.plan, { sidecar: this.sidecar?.pid, app: this.app?.pid });
    })();
    return this.stopping;
  }

  kill(): void {
    this.app?.kill();
    this.sidecar?.kill();
  }

  /** Whichever ends first takes the other down: the app's exit code, or the sidecar's when it went first. */
  private async supervise(): Promise<number> {
    const sidecar = this.sidecar!;
    const ended = await Promise.race([
      ...(this.app ? [this.app.exited.then((exit) => ({ who: "app" as const, exit }))] : []),
      sidecar.exited.then((exit) => ({ who: "sidecar" as const, exit })),
    ]);
    if (!this.stopping) {
      const { who, exit } = ended;
      if (who === "sidecar") this.deps.error(`the sidecar of app "${this.plan.appId}" exited (${describeExit(exit)}); stopping the app`);
      else if (exit.code !== 0) this.deps.error(`app "${this.plan.appId}" exited (${describeExit(exit)}); its sidecar is stopped`);
      else this.deps.info(`app "${this.plan.appId}" exited; stopping its sidecar`);
    }
    await this.stop();
    return ended.exit.code;
  }

  private async waitReady(sidecar: GroupProcess, signal: AbortSignal): Promise<void> {
    const url = `${this.plan.sidecarUrl}/v1.0/healthz/outbound`;
    for (;;) {
      if (signal.aborted) throw new RunError("interrupted while the sidecar was starting", 130);
      if (!sidecar.running) {
        const exit = await sidecar.exited;
        throw new RunError(`the sidecar of app "${this.plan.appId}" exited (${describeExit(exit)}) before it was ready${explain(sidecar.recentOutput())}`);
      }
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
        await response.body?.cancel();
        if (response.status === 204) return;
      } catch {
        // not listening yet
      }
      await Promise.race([delay(50), sidecar.exited]);
    }
  }
}

/**
 * Runs apps beside their sidecars until they end or `signal` aborts. One app (`runtimed run -- cmd`):
 * its exit stops the sidecar and is the result. Several (`-f`): an app's exit stops its own sidecar,
 * the run ends when none is left, and the result is the first non-zero code.
 */
export class Supervisor {
  private readonly units: AppUnit[];

  constructor(plans: readonly AppPlan[], private readonly deps: SupervisorDeps) {
    this.units = plans.map((plan) => new AppUnit(plan, deps));
  }

  async run(signal: AbortSignal): Promise<number> {
    try {
      for (const unit of this.units) {
        await unit.start(signal);
        this.deps.info(`app "${unit.plan.appId}" started${unit.app ? ` (pid ${unit.app.pid})` : " (no command: the sidecar alone)"}; sidecar API ${unit.plan.sidecarUrl}`);
      }
    } catch (error) {
      await this.stopAll();
      throw error;
    }
    const aborted = new Promise<"signal">((resolve) => (signal.aborted ? resolve("signal") : signal.addEventListener("abort", () => resolve("signal"), { once: true })));
    const codes = Promise.all(this.units.map((unit) => unit.done!));
    const first = await Promise.race([codes, aborted]);
    if (first === "signal") {
      this.deps.info("stopping: the apps first, then their sidecars");
      await this.stopAll();
      return 0;
    }
    return first.find((code) => code !== 0) ?? 0;
  }

  /** Every unit at once (each stops its app before its sidecar). */
  async stopAll(): Promise<void> {
    await Promise.all(this.units.map((unit) => unit.stop()));
  }

  /** A second Ctrl-C: SIGKILL to every group. */
  kill(): void {
    for (const unit of this.units) unit.kill();
  }
}

function describeExit(exit: Exit): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
}

function describeSpawnError(command: string, error: NodeJS.ErrnoException): string {
  if (error.code === "ENOENT") return `cannot start the app: command not found: ${command}`;
  if (error.code === "EACCES") return `cannot start the app: permission denied: ${command}`;
  return `cannot start the app ${command}: ${error.message}`;
}

/** The sidecar's own last complaint, so the one line says why (a port in use, a broken component). */
function explain(lines: readonly string[]): string {
  const reason = [...lines].reverse().find((line) => /startup failed|error|EADDRINUSE/i.test(line)) ?? lines.at(-1);
  return reason ? `: ${reason.replace(/^.*?startup failed: /, "").trim()}` : "";
}
