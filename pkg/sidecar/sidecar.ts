import type { KubeConfig } from "@kubernetes/client-node";
import type { ComponentResource, ConfigurationResource, SubscriptionResource } from "../apis/types.js";
import { GrpcApiServer } from "../api/grpc/server.js";
import { allEndpoints } from "../api/http/routes/index.js";
import { createApiApp, expressServerOptions } from "../api/http/server.js";
import { Universal, type ApiContext } from "../api/universal/index.js";
import type { Token } from "../util/token.js";
import { builtinRegistries, type Registries } from "../components/builtins.js";
import { reportsHealth } from "../components/component.js";
import { readConfiguration } from "../controller/configfile.js";
import { TokenFile } from "../diagnostics/tokenfile.js";
import { ComponentEventReporter, Controller, selectLoader, type ControllerTuning } from "../controller/index.js";
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
import { StreamSubscriptions } from "../runtime/pubsub/streams/manager.js";
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

/** Kubernetes mode: the built-in secret store `kubernetes`, which secretKeyRefs use by default. */
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
  /** The pod's name (kubernetes mode): the sidecar's Events on Components name it. */
  podName?: string;
  /** Switched on by the Configuration's spec.tracing; cmd/ shares it with the logger for trace ids in log lines. */
  tracing?: Tracing;
}

type Gates = ReturnType<typeof readinessGates>;

/**
 * The composition root (ARCHITECTURE.md "The layers"): the only place that knows every part. The constructor
 * is the list of parts, each built by a named step below; the long-running ones go to one RunnableManager
 * (start in order, close in reverse within the grace period, the API listeners first).
 */
export class Sidecar {
  readonly store = new ComponentStore();
  readonly readiness = new Readiness();
  readonly appConfiguration = new AppConfiguration();
  readonly metrics: Metrics;
  readonly processor: Processor;
  private readonly apiToken?: Token;
  /** Loads resources and hot-reloads them (files or the Kubernetes API; pkg/controller). */
  readonly controller: Controller;
  /** Runs the input side of bindings and delivers their events to the app. */
  readonly inputBindings: InputBindingsManager;
  readonly appChannel?: AppChannel;
  /** With --enable-app-health-check: delivery pauses while the app is unhealthy. */
  readonly appHealth?: AppHealthChecker;
  /** Configuration subscriptions and their notifications to the app (spec endpoints 4, 5, A4). */
  readonly configurationSubscriptions: ConfigurationSubscriptions;
  /** Publishing (spec endpoints 1, 2): scoping, envelope, the broker call. */
  readonly publisher: PubSubPublisher;
  /** Topic subscriptions and delivery to the app (spec A1-A3); only with an app channel. */
  readonly pubsubSubscriptions?: SubscriptionManager;
  /** Subscriptions opened at run time by subscribers' streams (gRPC and HTTP); with or without an app channel. */
  readonly topicStreams: StreamSubscriptions;
  /** Resiliency policies in force per component and direction, swapped as Resiliency resources change. */
  readonly resiliency: ResiliencyRegistry;
  /** What both API transports read: narrow parts, never this object. */
  readonly api: ApiContext;

  /** Declarative Subscription resources in scope for this app. */
  declarativeSubscriptions: SubscriptionResource[] = [];

  private readonly logger: Logger;
  private readonly http: HttpServer;
  private readonly grpc: GrpcApiServer;
  private readonly manager: RunnableManager;
  /** Set while blockShutdown waits: the app reporting unhealthy ends the wait. */
  private onAppUnhealthy?: () => void;

  constructor(readonly options: RuntimeOptions, deps: SidecarDeps) {
    this.metrics = deps.metrics;
    this.logger = scoped(deps.logger, "runtime");
    const tracing = deps.tracing ?? new Tracing(options.appId);
    const gates = readinessGates(this.readiness, options);
    this.watchComponentHealth();
    const redactor = deps.redactor ?? new SecretRedactor();
    for (const name of PROTECTED_ENV) if (options.env[name]) redactor.add(options.env[name]!);
    const tokens = watchedTokens(options, deps, redactor);
    this.apiToken = tokens.api;
    this.processor = buildProcessor(options, deps, this.store, redactor);
    this.appChannel = createAppChannel(options, tokens.app);
    this.appHealth = this.buildAppHealth(options, deps);
    this.inputBindings = new InputBindingsManager({ appChannel: this.appChannel, appHealth: this.appHealth, logger: deps.logger, metrics: deps.metrics, resiliency: { inbound: (component) => this.resiliency.inbound(component) } });
    this.processor.addListener(this.inputBindings);
    this.resiliency = new ResiliencyRegistry({ logger: deps.logger, metrics: deps.metrics, kindOf: (name) => this.store.entry(name)?.kind });
    this.controller = this.buildController(options, deps, gates.resources);
    this.configurationSubscriptions = new ConfigurationSubscriptions({ store: this.store, ...notificationChannel(this.appChannel), logger: deps.logger, metrics: deps.metrics });
    this.processor.addListener(this.configurationSubscriptions);
    this.readiness.exportTo(deps.metrics);
    const pubsubMetrics = new PubSubMetrics(deps.metrics);
    this.publisher = new PubSubPublisher({ appId: options.appId, store: this.store, metrics: pubsubMetrics, tracing, resiliency: this.resiliency });
    this.pubsubSubscriptions = this.buildSubscriptions(options, deps, pubsubMetrics, tracing);
    this.topicStreams = new StreamSubscriptions({ appId: options.appId, store: this.store, logger: scoped(deps.logger, "runtime.pubsub.streams"), metrics: pubsubMetrics, appMaxConcurrency: options.appMaxConcurrency, drainTimeoutMs: options.gracefulShutdownMs, tracing, resiliency: this.resiliency });
    this.processor.addListener(this.topicStreams);
    this.api = this.apiContext(options, deps);
    const universal = new Universal(this.api);
    this.http = buildHttpApi(options, deps, this.api, universal, tracing, this.apiToken);
    this.grpc = new GrpcApiServer({ api: universal, port: options.grpcPort, address: options.listenAddress, maxBodyBytes: options.maxBodyBytes, gracefulShutdownMs: options.gracefulShutdownMs, apiToken: this.apiToken, logger: scoped(deps.logger, "runtime.grpc"), metrics: deps.metrics, tracing, gate: gates.grpc });
    this.manager = new RunnableManager(this.runnables(options, deps, gates, tracing), { graceMs: options.gracefulShutdownMs, logger: this.logger });
  }

  get httpPort(): number {
    return this.http.port;
  }

  /** The gRPC API's port once started (the one bound when --grpc-port is 0). */
  get grpcPort(): number {
    return this.grpc.port;
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

  /** With --enable-app-health-check: pauses and resumes delivery as the app's health changes. */
  private buildAppHealth(options: RuntimeOptions, deps: SidecarDeps): AppHealthChecker | undefined {
    if (!this.appChannel || !options.appHealth.enabled) return undefined;
    return new AppHealthChecker(this.appChannel, options.appHealth, scoped(deps.logger, "runtime.apphealth"), (healthy) => {
      void (healthy ? this.pubsubSubscriptions?.resume() : this.pubsubSubscriptions?.pause());
      if (!healthy) this.onAppUnhealthy?.();
    });
  }

  /** A component that lost its broker (HealthReporter) keeps outbound health from answering 204 until it is back. */
  private watchComponentHealth(): void {
    this.readiness.probe(() => this.store.list().filter((e) => reportsHealth(e.instance) && !e.instance.healthy()).map((e) => `component ${e.name} (not connected)`), { outbound: true });
  }

  private buildController(options: RuntimeOptions, deps: SidecarDeps, syncedGate: Gate): Controller {
    const controller = new Controller({
      loader: selectLoader({ ...options, embedded: [EMBEDDED_DEFAULT], kubeConfig: deps.kubeConfig, logger: deps.logger, tuning: deps.controllerTuning }),
      applier: this.processor,
      appId: options.appId,
      logger: deps.logger,
      metrics: deps.metrics,
      syncedGate,
      implicit: options.mode === "kubernetes" ? [KUBERNETES_SECRET_STORE] : [],
      secrets: {
        lookup: async (store, name) => this.store.get("secretstores", store)?.getSecret({ name, metadata: {} }),
        defaultSecretStore: options.mode === "kubernetes" ? "kubernetes" : undefined,
        watcher: { logger: deps.logger, kube: options.mode === "kubernetes" && deps.kubeConfig && options.namespace ? { kubeConfig: deps.kubeConfig, namespace: options.namespace } : undefined },
      },
      outcomes: options.mode === "kubernetes" && deps.kubeConfig && options.namespace && deps.podName
        ? new ComponentEventReporter({ kubeConfig: deps.kubeConfig, namespace: options.namespace, podName: deps.podName, logger: deps.logger, metrics: deps.metrics })
        : undefined,
      ...deps.controllerTuning,
    });
    const resiliency = this.resiliency;
    controller.addListener({
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
    return controller;
  }

  private buildSubscriptions(options: RuntimeOptions, deps: SidecarDeps, metrics: PubSubMetrics, tracing: Tracing): SubscriptionManager | undefined {
    if (!this.appChannel) return undefined;
    const subscriptions = new SubscriptionManager({ appId: options.appId, appChannel: this.appChannel, store: this.store, logger: scoped(deps.logger, "runtime.pubsub"), metrics, defaultConcurrency: options.appMaxConcurrency, drainTimeoutMs: options.gracefulShutdownMs, tracing, resiliency: this.resiliency });
    this.processor.addListener(subscriptions);
    this.controller.addListener({ subscriptionsChanged: (resources) => subscriptions.updateDeclarative(resources) });
    return subscriptions;
  }

  private apiContext(options: RuntimeOptions, deps: SidecarDeps): ApiContext {
    const appConfiguration = this.appConfiguration;
    const pubsubSubscriptions = this.pubsubSubscriptions;
    const topicStreams = this.topicStreams;
    return {
      appId: options.appId,
      runtimeVersion: RUNTIME_VERSION,
      store: this.store,
      readiness: this.readiness,
      metrics: deps.metrics,
      logger: this.logger,
      extended: new Map(),
      appConnection: appConnectionOf(options),
      enabledFeatures: appConfiguration.enabledFeatures,
      subscriptions: () => [...(pubsubSubscriptions?.list() ?? []), ...topicStreams.list()],
      topicStreams,
      requestShutdown: () => deps.onShutdownRequest?.(),
      configurationSubscriptions: this.configurationSubscriptions,
      // A getter: a Configuration edit (kubernetes mode) replaces the policy.
      get secretAccess() {
        return appConfiguration.secretAccess;
      },
      pubsub: this.publisher,
      resiliency: this.resiliency,
    };
  }

  /**
   * Started top to bottom, closed bottom to top after the API listeners (closesFirst): on shutdown the APIs
   * stop accepting and drain their requests first, then deliveries to the app drain, then components close.
   */
  private runnables(options: RuntimeOptions, deps: SidecarDeps, gates: Gates, tracing: Tracing): Runnable[] {
    const metricsServer = options.enableMetrics ? new MetricsServer(deps.metrics, { port: options.metricsPort, address: options.listenAddress }) : undefined;
    return [
      // Closed last: spans of the final drain are exported (bounded by the exporters' timeouts).
      closer("tracing", () => tracing.close()),
      ...(metricsServer ? [{ name: "metrics server", start: () => metricsServer.start(), close: () => metricsServer.close() }] : []),
      {
        // The APIs listen first, so the probes can answer 500 while components initialise.
        name: "HTTP API",
        closesFirst: true,
        start: async () => {
          await this.http.start();
          gates.http.set(true);
          this.logger.info(`HTTP API listening on ${options.listenAddress}:${this.http.port}`);
        },
        close: () => this.http.close(),
      },
      {
        name: "gRPC API",
        closesFirst: true,
        start: async () => {
          await this.grpc.start();
          this.logger.info(`gRPC API listening on ${options.listenAddress}:${this.grpc.port}`);
        },
        close: () => this.grpc.close(),
      },
      // Closed before the API listeners, whose drain would otherwise wait the whole grace period on these long calls.
      { name: "topic streams", closesFirst: true, start: () => Promise.resolve(), close: () => this.topicStreams.close() },
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
        // First list + initial load with the startup rule; afterwards changes are hot-reloaded.
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
        // Drain deliveries before their components close.
        close: async () => void (await this.pubsubSubscriptions?.close()),
      },
    ];
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
      // Subscriptions start once components are loaded and the app answers.
      const started = this.pubsubSubscriptions?.start(this.declarativeSubscriptions, signal) ?? Promise.resolve();
      void started
        .catch((error: Error) => this.logger.error(`starting subscriptions: ${error.message}`))
        .finally(() => gates.subscriptions?.set(!signal.aborted));
    });
  }
}

function readinessGates(readiness: Readiness, options: RuntimeOptions) {
  const withApp = options.appPort !== undefined;
  return {
    http: readiness.gate("http-server", { outbound: true }),
    grpc: readiness.gate("grpc-server", { outbound: true }),
    components: readiness.gate("components", { outbound: true }),
    resources: readiness.gate("resources-synced", { outbound: true }),
    app: withApp ? readiness.gate("app-channel", { outbound: false }) : undefined,
    // /v1.0/healthz answers 204 with an app channel only once its subscriptions are live.
    subscriptions: withApp ? readiness.gate("subscriptions", { outbound: false }) : undefined,
  };
}

/** Token files are watched and re-read (rotation without a restart); they win over the environment's tokens. */
function watchedTokens(options: RuntimeOptions, deps: SidecarDeps, redactor: SecretRedactor): { api?: Token; app?: Token } {
  const watch = (file: string | undefined): (() => string) | undefined => {
    if (!file) return undefined;
    const token = new TokenFile(file, scoped(deps.logger, "runtime.auth"), redactor);
    return () => token.current();
  };
  return { api: watch(options.apiTokenFile) ?? options.apiToken, app: watch(options.appTokenFile) ?? options.appToken };
}

function buildProcessor(options: RuntimeOptions, deps: SidecarDeps, store: ComponentStore, redactor: SecretRedactor): Processor {
  return new Processor({
    registries: deps.registries ?? builtinRegistries(),
    store,
    logger: deps.logger,
    metrics: deps.metrics,
    context: { appId: options.appId, metrics: deps.metrics, redactor, env: options.env, protectedEnv: PROTECTED_ENV, namespace: options.namespace, kubeConfig: deps.kubeConfig, gracefulShutdownMs: options.gracefulShutdownMs },
    defaultSecretStore: options.mode === "kubernetes" ? "kubernetes" : undefined,
  });
}

/** The app connection GetMetadata shows (daprd's appConnectionProperties, there with or without --app-port). */
function appConnectionOf(options: RuntimeOptions): ApiContext["appConnection"] {
  const { appHealth } = options;
  const health = appHealth.enabled ? { healthCheckPath: appHealth.path, healthProbeInterval: goDuration(appHealth.probeIntervalMs), healthProbeTimeout: goDuration(appHealth.probeTimeoutMs), healthThreshold: appHealth.threshold } : undefined;
  return { port: options.appPort, channelAddress: options.appChannelAddress, protocol: options.appProtocol, maxConcurrency: options.appMaxConcurrency, ...(health ? { health } : {}) };
}

/** Milliseconds as Go writes a duration in daprd's metadata: whole seconds as `5s`, the rest as `500ms`. */
function goDuration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function buildHttpApi(options: RuntimeOptions, deps: SidecarDeps, ctx: ApiContext, universal: Universal, tracing: Tracing, apiToken: Token | undefined): HttpServer {
  const { app, listener } = createApiApp({ endpoints: allEndpoints(ctx, universal), logger: scoped(deps.logger, "runtime.http"), metrics: deps.metrics, maxBodyBytes: options.maxBodyBytes, apiToken, tracing });
  return new HttpServer(listener, { port: options.httpPort, address: options.listenAddress }, options.gracefulShutdownMs, expressServerOptions(app));
}

/** The Configuration's tracing section; the resource was validated when read, so nothing is reported here. */
function tracingSpecOf(configuration: ConfigurationResource | undefined): TracingSpec | undefined {
  return configuration ? parseTracingSpec(configuration.spec.tracing, []) : undefined;
}
