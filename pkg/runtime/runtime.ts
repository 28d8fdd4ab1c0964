import { readFile } from "node:fs/promises";
import type { KubeConfig } from "@kubernetes/client-node";
import type { ComponentResource, ConfigurationResource, SubscriptionResource } from "../apis/types.js";
import type { ApiContext, SubscriptionInfo } from "../api/http/context.js";
import { allEndpoints } from "../api/http/routes/index.js";
import { createApiApp, expressServerOptions } from "../api/http/server.js";
import { HttpServer } from "../util/httpserver.js";
import { builtinRegistries, type Registries } from "../components/builtins.js";
import { formatManifestError, parseManifests } from "../controller/files.js";
import { Controller, selectLoader, type ControllerTuning } from "../controller/index.js";
import { scoped, SecretRedactor, type Logger } from "../diagnostics/logger.js";
import type { Metrics } from "../diagnostics/metrics.js";
import { MetricsServer } from "../diagnostics/server.js";
import { AppChannel } from "./appchannel.js";
import { ConfigurationSubscriptions } from "./configuration/subscriptions.js";
import { Readiness } from "./health.js";
import { PROTECTED_ENV, RUNTIME_VERSION, type RuntimeOptions } from "./options.js";
import { InputBindingsManager } from "./bindings/manager.js";
import { Processor } from "./processor.js";
import { PubSubMetrics, PubSubPublisher, SubscriptionManager } from "./pubsub/index.js";
import { ResiliencyRegistry } from "./resiliency/index.js";
import { SecretAccessPolicy } from "./secrets/scoping.js";
import { ComponentStore } from "./store.js";

/** Standalone with no --resources-path: an in-memory pub/sub named `pubsub`, so a first publish works (DESIGN.md). */
export const EMBEDDED_DEFAULT: ComponentResource = {
  apiVersion: "runtime.io/v1alpha1",
  kind: "Component",
  metadata: { name: "pubsub" },
  spec: { type: "pubsub.in-memory", version: "v1", metadata: [] },
};

export interface RuntimeDeps {
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
}

/** Kubernetes mode: the built-in secret store `kubernetes`, which secretKeyRefs use by default (issue 4). */
export const KUBERNETES_SECRET_STORE: ComponentResource = {
  apiVersion: "runtime.io/v1alpha1",
  kind: "Component",
  metadata: { name: "kubernetes" },
  spec: { type: "secretstores.kubernetes", version: "v1", metadata: [] },
};

/**
 * The sidecar: loads resources, initialises components, serves the API and metrics, connects to the
 * app. One `start(signal)` / `close()` shape, like every long-running part.
 */
export class Runtime implements ApiContext {
  readonly appId: string;
  readonly runtimeVersion = RUNTIME_VERSION;
  readonly store = new ComponentStore();
  readonly readiness = new Readiness();
  readonly extended = new Map<string, string>();
  readonly enabledFeatures: string[] = [];
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly processor: Processor;
  /** Loads resources and hot-reloads them (files or the Kubernetes API; pkg/controller). */
  readonly controller: Controller;
  /** Runs the input side of bindings and delivers their events to the app (issue 5). */
  readonly inputBindings: InputBindingsManager;
  readonly appChannel?: AppChannel;
  /** Configuration subscriptions and their notifications to the app (spec endpoints 4, 5, A4). */
  readonly configurationSubscriptions: ConfigurationSubscriptions;
  /** Secret scoping from the Configuration resource; allows everything until --config says otherwise. */
  secretAccess = new SecretAccessPolicy();
  readonly appConnection?: ApiContext["appConnection"];
  /** The Configuration resource from --config (secret scoping, features). */
  configuration?: ConfigurationResource;
  /** Publishing (spec endpoints 1, 2): scoping, envelope, the broker call (issue 3). */
  readonly pubsub: PubSubPublisher;
  /** Topic subscriptions and delivery to the app (spec A1-A3); only with an app channel (issue 3). */
  readonly pubsubSubscriptions?: SubscriptionManager;
  /** Resiliency policies in force per component and direction, swapped as Resiliency resources change. */
  readonly resiliency: ResiliencyRegistry;
  /** Declarative Subscription resources in scope for this app. */
  declarativeSubscriptions: SubscriptionResource[] = [];

  private readonly http: HttpServer;
  private readonly metricsServer?: MetricsServer;
  private readonly stopping = new AbortController();
  private readonly gates;

  constructor(readonly options: RuntimeOptions, private readonly deps: RuntimeDeps) {
    this.appId = options.appId;
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
    this.gates = {
      http: this.readiness.gate("http-server", { outbound: true }),
      components: this.readiness.gate("components", { outbound: true }),
      resources: this.readiness.gate("resources-synced", { outbound: true }),
      app: options.appPort !== undefined ? this.readiness.gate("app-channel", { outbound: false }) : undefined,
      // /v1.0/healthz answers 204 with an app channel only once its subscriptions are live (issue 15).
      subscriptions: options.appPort !== undefined ? this.readiness.gate("subscriptions", { outbound: false }) : undefined,
    };
    if (options.appPort !== undefined) {
      this.appChannel = new AppChannel({ address: options.appChannelAddress, port: options.appPort, token: options.appToken, timeoutMs: 60_000, maxReplyBytes: options.maxBodyBytes });
      this.appConnection = { port: options.appPort, channelAddress: options.appChannelAddress, protocol: "http", maxConcurrency: options.appMaxConcurrency };
    }
    this.inputBindings = new InputBindingsManager({ appChannel: this.appChannel, logger: deps.logger, metrics: deps.metrics });
    this.processor.addListener(this.inputBindings);
    this.controller = new Controller({
      loader: selectLoader({ ...options, embedded: [EMBEDDED_DEFAULT], kubeConfig: deps.kubeConfig, logger: deps.logger, tuning: deps.controllerTuning }),
      applier: this.processor,
      appId: options.appId,
      logger: deps.logger,
      metrics: deps.metrics,
      syncedGate: this.gates.resources,
      implicit: options.mode === "kubernetes" ? [KUBERNETES_SECRET_STORE] : [],
      ...deps.controllerTuning,
    });
    const resiliency = (this.resiliency = new ResiliencyRegistry({ logger: deps.logger, metrics: deps.metrics }));
    this.controller.addListener({
      resilienciesChanged: (resources) => resiliency.update(resources),
      subscriptionsChanged: (subscriptions) => void (this.declarativeSubscriptions = subscriptions),
      // Kubernetes mode: an edit of the Configuration named by --config takes effect without a restart.
      configurationsChanged: (configurations) => {
        if (options.mode !== "kubernetes" || !options.configPath) return;
        const named = configurations.find((c) => c.metadata.name === options.configPath);
        if (named) this.applyConfiguration(named);
        else this.logger.warn(`Configuration ${options.configPath} was deleted; keeping its last settings`);
      },
    });
    this.configurationSubscriptions = new ConfigurationSubscriptions({ store: this.store, appChannel: this.appChannel, logger: deps.logger, metrics: deps.metrics });
    this.processor.addListener(this.configurationSubscriptions);
    const pubsubMetrics = new PubSubMetrics(deps.metrics);
    this.pubsub = new PubSubPublisher({ appId: options.appId, store: this.store, metrics: pubsubMetrics, resiliency });
    if (this.appChannel) {
      this.pubsubSubscriptions = new SubscriptionManager({ appId: options.appId, appChannel: this.appChannel, store: this.store, logger: scoped(deps.logger, "runtime.pubsub"), metrics: pubsubMetrics, defaultConcurrency: options.appMaxConcurrency, drainTimeoutMs: options.gracefulShutdownMs, resiliency });
      this.processor.addListener(this.pubsubSubscriptions);
      const subscriptions = this.pubsubSubscriptions;
      this.controller.addListener({ subscriptionsChanged: (resources) => subscriptions.updateDeclarative(resources) });
    }
    const app = createApiApp({ endpoints: allEndpoints(this), logger: scoped(deps.logger, "runtime.http"), metrics: deps.metrics, maxBodyBytes: options.maxBodyBytes, apiToken: options.apiToken });
    this.http = new HttpServer(app, { port: options.httpPort, address: options.listenAddress }, options.gracefulShutdownMs, expressServerOptions(app));
    if (options.enableMetrics) this.metricsServer = new MetricsServer(deps.metrics, { port: options.metricsPort, address: options.listenAddress });
  }

  get httpPort(): number {
    return this.http.port;
  }

  subscriptions(): SubscriptionInfo[] {
    return this.pubsubSubscriptions?.list() ?? [];
  }

  requestShutdown(): void {
    this.deps.onShutdownRequest?.();
  }

  /** Rejects when startup fails (a component without ignoreErrors, a port in use); cmd/ exits then. */
  async start(signal: AbortSignal): Promise<void> {
    signal.addEventListener("abort", () => this.stopping.abort(), { once: true });
    await this.metricsServer?.start();
    // The API listens first, so the probes can answer 500 while components initialise.
    await this.http.start();
    this.gates.http.set(true);
    this.logger.info(`HTTP API listening on ${this.options.listenAddress}:${this.http.port}`);

    await this.loadConfiguration();
    // First list + initial load with the startup rule; afterwards changes are hot-reloaded (issue 6).
    await this.controller.start(this.stopping.signal);
    this.gates.components.set(true);
    this.logger.info(`components ready: ${this.store.list().map((e) => `${e.name} (${e.resource.spec.type})`).join(", ") || "none"}`);

    if (this.appChannel && this.gates.app) {
      // Not awaited: the sidecar serves outbound calls while the app starts (spec note 8).
      void this.appChannel.waitUntilReachable(this.gates.app, this.stopping.signal).then(() => {
        if (this.stopping.signal.aborted) return;
        this.logger.info(`app channel ready at ${this.appChannel!.baseUrl}`);
        // Subscriptions start once components are loaded and the app answers (issue 3).
        const started = this.pubsubSubscriptions?.start(this.declarativeSubscriptions, this.stopping.signal) ?? Promise.resolve();
        void started
          .catch((error: Error) => this.logger.error(`starting subscriptions: ${error.message}`))
          .finally(() => this.gates.subscriptions?.set(!this.stopping.signal.aborted));
      });
    }
  }

  /** Stop accepting, drain in-flight requests (up to the grace period), then close components. */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.http.close();
    // Drain deliveries before their components close (issue 3).
    await this.pubsubSubscriptions?.close();
    await this.configurationSubscriptions.close();
    await this.controller.close();
    await this.processor.closeAll();
    this.inputBindings.close();
    this.appChannel?.close();
    await this.metricsServer?.close();
  }

  /** `--config`: a file in standalone mode; in kubernetes mode the name of a Configuration resource (as in Dapr). */
  private async loadConfiguration(): Promise<void> {
    const source = this.options.configPath;
    if (!source) return;
    if (this.options.mode === "kubernetes") {
      if (!this.deps.kubeConfig) throw new Error("--config in kubernetes mode needs a connection to the API server");
      const { fetchConfiguration } = await import("../controller/kubeconfiguration.js");
      this.applyConfiguration(await fetchConfiguration(this.deps.kubeConfig, this.options.namespace ?? "default", source));
      return;
    }
    const { resources, errors } = parseManifests(await readFile(source, "utf8"), source);
    if (errors.length > 0) throw new Error(`invalid --config: ${errors.map(formatManifestError).join("; ")}`);
    const configuration = resources.find((r): r is ConfigurationResource => r.kind === "Configuration");
    if (!configuration) throw new Error(`--config ${source} holds no Configuration resource`);
    this.applyConfiguration(configuration);
  }

  private applyConfiguration(configuration: ConfigurationResource): void {
    this.configuration = configuration;
    this.enabledFeatures.splice(0, this.enabledFeatures.length, ...(configuration.spec.features ?? []).filter((f) => f.enabled).map((f) => f.name));
    this.secretAccess = new SecretAccessPolicy(configuration.spec.secrets?.scopes);
  }

}
