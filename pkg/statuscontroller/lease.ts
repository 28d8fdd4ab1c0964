import { CoordinationV1Api, type KubeConfig, type V1Lease } from "@kubernetes/client-node";
import { scoped, type Logger } from "../diagnostics/logger.js";

export interface LeaderElectionOptions {
  kubeConfig: KubeConfig;
  namespace: string;
  /** The Lease's name: every replica of one installation uses the same. */
  leaseName: string;
  /** This replica's identity (the pod name). */
  identity: string;
  logger: Logger;
  /** How long a lease holds without renewal before another replica may take it (client-go default 15 s). */
  leaseDurationMs?: number;
  /** How often the holder renews and the others look (client-go default 2 s). */
  retryPeriodMs?: number;
  /** Called on every change of leadership: true when this replica became the leader, false when it lost it. */
  onChange: (leading: boolean) => void;
  /** A local clock, injectable for tests. */
  now?: () => number;
}

/**
 * Leader election through a coordination.k8s.io/v1 Lease, as client-go's leaderelection does: the
 * holder renews every retry period; another replica takes the lease over once it has seen the same
 * record unchanged for a whole lease duration on its own clock (clocks of replicas are never
 * compared). Every write carries the resourceVersion it read, so two replicas cannot both win. On
 * close the holder releases the lease, so the next one takes over at once rather than after the duration.
 */
export class LeaderElector {
  private readonly api: CoordinationV1Api;
  private readonly logger: Logger;
  private readonly now: () => number;
  private leading = false;
  private observed?: { record: string; at: number };
  private timer?: NodeJS.Timeout;
  private closed = false;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly options: LeaderElectionOptions) {
    this.api = options.kubeConfig.makeApiClient(CoordinationV1Api);
    this.logger = scoped(options.logger, "runtime.statuscontroller.lease");
    this.now = options.now ?? Date.now;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    this.tick();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
    if (this.leading) {
      await this.release().catch((error: unknown) => this.logger.warn(`releasing the lease failed: ${(error as Error).message}`));
      this.setLeading(false);
    }
  }

  private tick(): void {
    if (this.closed) return;
    this.running = this.tryAcquireOrRenew().then(
      (leading) => this.setLeading(leading),
      (error: unknown) => {
        this.logger.warn(`lease ${this.options.namespace}/${this.options.leaseName}: ${(error as Error).message}`);
        // A holder that cannot renew stops acting as leader once its lease could have been taken.
        if (this.leading && this.observed && this.now() - this.observed.at > this.durationMs) this.setLeading(false);
      },
    ).finally(() => {
      if (!this.closed) this.timer = setTimeout(() => this.tick(), this.options.retryPeriodMs ?? 2000);
    });
  }

  private get durationMs(): number {
    return this.options.leaseDurationMs ?? 15_000;
  }

  private setLeading(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    this.logger.info(leading ? `${this.options.identity} is now the leader` : `${this.options.identity} is no longer the leader`);
    this.options.onChange(leading);
  }

  private async tryAcquireOrRenew(): Promise<boolean> {
    const { namespace, leaseName: name, identity } = this.options;
    const nowDate = new Date(this.now());
    let lease: V1Lease;
    try {
      lease = await this.api.readNamespacedLease({ name, namespace });
    } catch (error) {
      if ((error as { code?: number }).code !== 404) throw error;
      await this.api.createNamespacedLease({ namespace, body: { metadata: { name, namespace }, spec: this.spec(nowDate, nowDate, 0) } });
      this.observed = { record: `${identity}@${nowDate.toISOString()}`, at: this.now() };
      return true;
    }
    const spec = lease.spec ?? {};
    const holder = spec.holderIdentity ?? "";
    const record = `${holder}@${String(spec.renewTime ?? "")}`;
    if (this.observed?.record !== record) this.observed = { record, at: this.now() };
    const expired = holder === "" || this.now() - this.observed.at > (spec.leaseDurationSeconds ?? this.durationMs / 1000) * 1000;
    if (holder !== identity && !expired) return false;
    const acquire = holder === identity && spec.acquireTime ? new Date(spec.acquireTime as unknown as string) : nowDate;
    const transitions = (spec.leaseTransitions ?? 0) + (holder === identity ? 0 : 1);
    await this.api.replaceNamespacedLease({ name, namespace, body: { ...lease, spec: this.spec(acquire, nowDate, transitions) } });
    this.observed = { record: `${identity}@${nowDate.toISOString()}`, at: this.now() };
    return true;
  }

  private spec(acquireTime: Date, renewTime: Date, leaseTransitions: number): V1Lease["spec"] {
    return {
      holderIdentity: this.options.identity,
      leaseDurationSeconds: Math.max(1, Math.ceil(this.durationMs / 1000)),
      acquireTime: acquireTime as never,
      renewTime: renewTime as never,
      leaseTransitions,
    };
  }

  private async release(): Promise<void> {
    const { namespace, leaseName: name, identity } = this.options;
    const lease = await this.api.readNamespacedLease({ name, namespace });
    if (lease.spec?.holderIdentity !== identity) return;
    await this.api.replaceNamespacedLease({ name, namespace, body: { ...lease, spec: { ...lease.spec, holderIdentity: "", leaseDurationSeconds: 1 } } });
  }
}
