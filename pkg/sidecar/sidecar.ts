import type { KubeConfig } from "@kubernetes/client-node";
import type { ComponentResource, ConfigurationResource, SubscriptionResource } from "../apis/types.js";
import type { ApiContext } from "../api/http/context.js";
import { allEndpoints } from "../api/http/routes/index.js";
import { createApiApp, expressServerOptions } from "../api/http/server.js";
import { builtinRegistries, type Registries } from "../components/builtins.js";
import { reportsHealth } from "../components/component.js";
import { readConfiguration } from "../controller/configfile.js";
import { Controller, selectLoader, type ControllerTuning } from "../controller/index.js";
import { Readiness, type Gate } from "../diagnostics/health.js";
import { scoped, SecretRedactor, type Logger } from "../diagnostics/logger.js";
import type { Metrics } from "../diagnostics/metrics.js";
import { MetricsServer } from "../diagnostics/server.js";
import { Tracing } from "../diagnostics/tracing.js";
import { parseTracingSpec, type TracingSpec } from "../apis/tracing.js";
import { AppHealthChecker, createAppChannel, notificationChannel, type AppChannel } from "../runtime/appchannel/index.js";
import { AppConfiguration } from "../runtime/appconfig.js";
import { InputBindingsManager } from "../runtime/bindings/manager.js";
import { ConfigurationSubscriptions } from "../runtime/configuration/subscriptions.js";
import { PROTECTED_ENV, RUNTIME_VERSION, type RuntimeOptions } from "../runtime/options.js";
import { Processor } from "../runtime/processor.js";
import { PubSubMetrics, PubSubPublisher, SubscriptionManager } from "../runtime/pubsub/index.js";
import type { SubscriptionInfo } from "../runtime/pubsub/manager.js";
import { ResiliencyRegistry } from "../runtime/resiliency/index.js";
import { ComponentStore } from "../runtime/store.js";
import { HttpServer } from "../util/httpserver.js";
import { closer, RunnableManager, type Runnable } from "./runnables.js";

/** Standalone with no --resources-path: an in-memory pub/sub named `pubsub`, so a first publish works on a fresh machine. */
export const EMBEDDED_DEFAULT: ComponentResource = {
  apiVersion: "runtime.io/v1alpha1",
  kind: "Component",
  metadata: { name: "pubsub" },
  spec: { type: "pubsub.in-memory", version: "v1", metadata: [] },
};

/** Kubernetes mode: the built-in secret store `kubernetes`, which secretKeyRefs use by default (issue 4). */
export const KUBERNETES_SECRET_STORE: ComponentResource = {
  apiVersion: "runtime.io/v1alpha1",
  kind: "Component",
  metadata: { name: "kubernetes" },
  spec: { type: "secretstores.kubernetes", version: "v1", metadata: [] },
};

export interface SidecarDeps {
  logger: Logger;
  metrics: Metrics;
  redactor?: SecretRedactor;
  registries?: Registries;
  /** Called when the API asks the process to stop (`POST /v1.0/shutdown`); cmd/ decides how. */
  onShutdownRequest?: () => void;
  /** The API server connection in kubernetes mode (components get it: the kubernetes secret store). */
  kubeConfig?: KubeConfig;
  /** Resync, debounce and backoff periods of the resource controller (tests shorten them). */
  controllerTuning?: ControllerTuning;
  /** Switched on by the Configuration's spec.tracing; cmd/ shares it with the logger for trace ids in log lines. */
  tracing?: Tracing;
}

/**
 * The composition root (ARCHITECTURE.md "The layers"): the only place that knows every part. It builds
 * them, hands the API an ApiContext made of narrow parts, and lists the long-running ones for one
 * RunnableManager (start in order, close in reverse within the grace period).
 */
export class Sidecar {
  readonly store = new ComponentStore();
  readonly readiness = new Readiness();
  readonly appConfiguration = new AppConfiguration();
  readonly metrics: Metrics;
  readonly processor: Processor;
  /** Loads resources and hot-reloads them (files or the Kubernetes API; pkg/controller). */
  readonly controller: Controller;
  /** Runs the input side of bindings and delivers their events to the app (issue 5). */
  readonly inputBindings: InputBindingsManager;
  readonly appChannel?: AppChannel;
  /** With --enable-app-health-check: delivery pauses while the app is unhealthy. */
  readonly appHealth?: AppHealthChecker;
  /** Configuration subscriptions and their notifications to the app (spec endpoints 4, 5, A4). */
  readonly configurationSubscriptions: ConfigurationSubscriptions;
  /** Publishing (spec endpoints 1, 2): scoping, envelope, the broker call (issue 3). */
  readonly publisher: PubSubPublisher;
  /** Topic subscriptions and delivery to the app (spec A1-A3); only with an app channel (issue 3). */
  readonly pubsubSubscriptions?: SubscriptionManager;
  /** Resiliency policies in force per component and direction, swapped as Resiliency resources change. */
  readonly resiliency: ResiliencyRegistry;
  /** What the HTTP API reads: narrow parts, never this object. */
  readonly api: ApiContext;

  /** Declarative Subscription resources in scope for this app. */
  declarativeSubscriptions: SubscriptionResource[] = [];

  private readonly logger: Logger;
  private readonly http: HttpServer;
  private readonly manager: RunnableManager;
  /** Set while blockShutdown waits: the app reporting unhealthy ends the wait. */
  private onAppUnhealthy?: () => void;

  constructor(readonly options: RuntimeOptions, deps: SidecarDeps) {
    this.metrics = deps.metrics;
    this.logger = scoped(deps.logger, "runtime");
    const redactor = deps.redactor ?? new SecretRedactor();
    for (const name of PROTECTED_ENV) if (options.env[name]) redactor.add(options.env[name]!);
    this.processor = new Processor({
      registries: deps.registries ?? builtinRegistries(),
      store: this.store,
      logger: deps.logger,
      metrics: deps.metrics,
      context: { appId: options.appId, metrics: deps.metrics, redactor, env: options.env, protectedEnv: PROTECTED_ENV, namespace: options.namespace, kubeConfig: deps.kubeConfig },
      defaultSecretStore: options.mode === "kubernetes" ? "kubernetes" : undefined,
    });
    const gates = {
      http: this.readiness.gate("http-server", { outbound: true }),
      components: this.readiness.gate("components", { outbound: true }),
      resources: this.readiness.gate("resources-synced", { outbound: true }),
      app: options.appPort !== undefined ? this.readiness.gate("app-channel", { outbound: false }) : undefined,
      // /v1.0/healthz answers 204 with an app channel only once its subscriptions are live (issue 15).
      subscriptions: options.appPort !== undefined ? this.readiness.gate("subscriptions", { outbound: false }) : undefined,
    };
    // A component that lost its broker (HealthReporter) keeps outbound health from answering 204 until it is back.
    this.readiness.probe(() => this.store.list().filter((e) => reportsHealth(e.instance) && !e.instance.healthy()).map((e) => `component ${e.name} (not connected)`), { outbound: true });
    let appConnection: ApiContext["appConnection"];
    if (options.appPort !== undefined) {
      this.appChannel = createAppChannel(options);
      appConnection = { port: options.appPort, channelAddress: options.appChannelAddress, protocol: options.appProtocol, maxConcurrency: options.appMaxConcurrency };
      if (options.appHealth.enabled) {
        this.appHealth = new AppHealthChecker(this.appChannel!, options.appHealth, scoped(deps.logger, "runtime.apphealth"), (healthy) => {
          void (healthy ? this.pubsubSubscriptions?.resume() : this.pubsubSubscriptions?.pause());
          if (!healthy) this.onAppUnhealthy?.();
        });
      }
    }
    this.inputBindings = new InputBindingsManager({ appChannel: this.appChannel, appHealth: this.appHealth, logger: deps.logger, metrics: deps.metrics });
    this.processor.addListener(this.inputBindings);
    this.controller = new Controller({
      loader: selectLoader({ ...options, embedded: [EMBEDDED_DEFAULT], kubeConfig: deps.kubeConfig, logger: deps.logger, tuning: deps.controllerTuning }),
      applier: this.processor,
      appId: options.appId,
      logger: deps.logger,
      metrics: deps.metrics,
      syncedGate: gates.resources,
      implicit: options.mode === "kubernetes" ? [KUBERNETES_SECRET_STORE] : [],
      ...deps.controllerTuning,
    });
    const resiliency = (this.resiliency = new ResiliencyRegistry({ logger: deps.logger, metrics: deps.metrics, kindOf: (name) => this.store.entry(name)?.kind }));
    this.controller.addListener({
      resilienciesChanged: (resources) => resiliency.update(resources),
      subscriptionsChanged: (subscriptions) => void (this.declarativeSubscriptions = subscriptions),
      // Kubernetes mode: an edit of the Configuration named by --config takes effect without a restart.
      configurationsChanged: (configurations) => {
        if (options.mode !== "kubernetes" || !options.configPath) return;
        const named = configurations.find((c) => c.metadata.name === options.configPath);
        if (named) this.appConfiguration.apply(named);
        else this.logger.warn(`Configuration ${options.configPath} was deleted; keeping its last settings`);
      },
    });
    this.configurationSubscriptions = new ConfigurationSubscriptions({ store: this.store, ...notificationChannel(this.appChannel), logger: deps.logger, metrics: deps.metrics });
    this.processor.addListener(this.configurationSubscriptions);
    this.readiness.exportTo(deps.metrics);
    const tracing = deps.tracing ?? new Tracing(options.appId);
    const pubsubMetrics = new PubSubMetrics(deps.metrics);
    this.publisher = new PubSubPublisher({ appId: options.appId, store: this.store, metrics: pubsubMetrics, tracing, resiliency });
    if (this.appChannel) {
      this.pubsubSubscriptions = new SubscriptionManager({ appId: options.appId, appChannel: this.appChannel, store: this.store, logger: scoped(deps.logger, "runtime.pubsub"), metrics: pubsubMetrics, defaultConcurrency: options.appMaxConcurrency, drainTimeoutMs: options.gracefulShutdownMs, tracing, resiliency });
      this.processor.addListener(this.pubsubSubscriptions);
      const subscriptions = this.pubsubSubscriptions;
      this.controller.addListener({ subscriptionsChanged: (resources) => subscriptions.updateDeclarative(resources) });
    }
    const appConfiguration = this.appConfiguration;
    const pubsubSubscriptions = this.pubsubSubscriptions;
    this.api = {
      appId: options.appId,
      runtimeVersion: RUNTIME_VERSION,
      store: this.store,
      readiness: this.readiness,
      metrics: deps.metrics,
      logger: this.logger,
      extended: new Map(),
      appConnection,
      enabledFeatures: appConfiguration.enabledFeatures,
      subscriptions: () => pubsubSubscriptions?.list() ?? [],
      requestShutdown: () => deps.onShutdownRequest?.(),
      configurationSubscriptions: this.configurationSubscriptions,
      // A getter: a Configuration edit (kubernetes mode) replaces the policy.
      get secretAccess() {
        return appConfiguration.secretAccess;
      },
      pubsub: this.publisher,
      resiliency,
    };
    const { app, listener } = createApiApp({ endpoints: allEndpoints(this.api), logger: scoped(deps.logger, "runtime.http"), metrics: deps.metrics, maxBodyBytes: options.maxBodyBytes, apiToken: options.apiToken, tracing });
    this.http = new HttpServer(listener, { port: options.httpPort, address: options.listenAddress }, options.gracefulShutdownMs, expressServerOptions(app));
    const metricsServer = options.enableMetrics ? new MetricsServer(deps.metrics, { port: options.metricsPort, address: options.listenAddress }) : undefined;

    // Started top to bottom, closed bottom to top: on shutdown the API stops accepting and drains its
    // requests first, then deliveries to the app drain, then components close.
    const runnables: Runnable[] = [
      // Closed last: spans of the final drain are exported (bounded by the exporters' timeouts).
      closer("tracing", () => tracing.close()),
      ...(metricsServer ? [{ name: "metrics server", start: () => metricsServer.start(), close: () => metricsServer.close() }] : []),
      {
        // The API listens first, so the probes can answer 500 while components initialise.
        name: "HTTP API",
        start: async () => {
          await this.http.start();
          gates.http.set(true);
          this.logger.info(`HTTP API listening on ${options.listenAddress}:${this.http.port}`);
        },
        close: () => this.http.close(),
      },
      closer("app channel", () => this.appChannel?.close()),
      closer("input bindings", () => this.inputBindings.close()),
      closer("components", () => this.processor.closeAll()),
      {
        name: "configuration (--config)",
        start: async () => {
          const configuration = await readConfiguration({ ...options, kubeConfig: deps.kubeConfig });
          if (configuration) this.appConfiguration.apply(configuration);
          await tracing.configure(tracingSpecOf(configuration), this.logger);
        },
        close: () => Promise.resolve(),
      },
      {
        // First list + initial load with the startup rule; afterwards changes are hot-reloaded (issue 6).
        name: "resource controller",
        start: async (signal) => {
          await this.controller.start(signal);
          gates.components.set(true);
          this.logger.info(`components ready: ${this.store.list().map((e) => `${e.name} (${e.resource.spec.type})`).join(", ") || "none"}`);
        },
        close: () => this.controller.close(),
      },
      closer("configuration subscriptions", () => this.configurationSubscriptions.close()),
      {
        name: "pub/sub subscriptions",
        start: (signal) => {
          this.connectApp(gates, signal);
          return Promise.resolve();
        },
        // Drain deliveries before their components close (issue 3).
        close: async () => void (await this.pubsubSubscriptions?.close()),
      },
      closer("HTTP API requests", () => this.http.close()),
    ];
    this.manager = new RunnableManager(runnables, { graceMs: options.gracefulShutdownMs, logger: this.logger });
  }

  get httpPort(): number {
    return this.http.port;
  }

  subscriptions(): SubscriptionInfo[] {
    return this.api.subscriptions();
  }

  /** Rejects when startup fails (a component without ignoreErrors, a port in use); cmd/ exits then. */
  start(signal: AbortSignal): Promise<void> {
    return this.manager.start(signal);
  }

  /** Stop accepting, drain in-flight requests and deliveries (up to the grace period), then close components. */
  close(): Promise<void> {
    return this.manager.close();
  }

  /**
   * daprd's --dapr-block-shutdown-duration, after the stop signal: subscriptions and input bindings stop
   * for good (in-flight deliveries drain) while the API keeps serving, so the app can finish its own
   * publishes; resolves after `ms`, or sooner when the app reports unhealthy.
   */
  async blockShutdown(ms: number): Promise<void> {
    this.logger.info(`blocking graceful shutdown for ${ms}ms or until the app reports unhealthy`);
    this.inputBindings.close();
    await this.pubsubSubscriptions?.close();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.logger.info("block shutdown period expired, entering shutdown");
        resolve();
      }, ms);
      this.onAppUnhealthy = () => {
        clearTimeout(timer);
        this.logger.info("the app reported unhealthy, entering shutdown");
        resolve();
      };
    });
  }

  /**
   * SIGHUP in standalone mode (daprd 1.18 restarts its runtime on it): every resource file is read
   * again and the differences applied, as a file change does, and the --config file re-read.
   */
  async reload(): Promise<void> {
    this.logger.info("SIGHUP: reloading every resource");
    await this.controller.reload();
    const configuration = await readConfiguration({ ...this.options, kubeConfig: undefined });
    if (configuration) this.appConfiguration.apply(configuration);
  }

  /** Not awaited: the sidecar serves outbound calls while the app starts (spec note 8). */
  private connectApp(gates: { app?: Gate; subscriptions?: Gate }, signal: AbortSignal): void {
    if (!this.appChannel || !gates.app) return;
    const channel = this.appChannel;
    const gate = gates.app;
    void channel.waitUntilReachable(this.logger, signal).then(async (reachable) => {
      if (!reachable) return;
      gate.set(true);
      this.logger.info(`app channel ready at ${channel.target} (${channel.protocol})`);
      if (this.appHealth) {
        void this.appHealth.run(signal);
        // daprd starts subscriptions once the app is first healthy, not merely listening.
        if (!(await this.appHealth.whenHealthy(signal))) return;
      }
      // Subscriptions start once components are loaded and the app answers (issue 3).
      const started = this.pubsubSubscriptions?.start(this.declarativeSubscriptions, signal) ?? Promise.resolve();
      void started
        .catch((error: Error) => this.logger.error(`starting subscriptions: ${error.message}`))
        .finally(() => gates.subscriptions?.set(!signal.aborted));
    });
  }

}

/** The Configuration's tracing section; the resource was validated when read, so nothing is reported here. */
function tracingSpecOf(configuration: ConfigurationResource | undefined): TracingSpec | undefined {
  return configuration ? parseTracingSpec(configuration.spec.tracing, []) : undefined;
}
