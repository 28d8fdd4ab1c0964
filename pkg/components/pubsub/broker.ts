import type { ComponentContext, HealthReporter } from "../component.js";
import type { ComponentMetadata } from "../metadata.js";
import type { Clock } from "./metadata.js";
import { BrokerSubscriptions } from "./subscriptions.js";
import type { ActiveSubscription, MessageHandler, PubSub, PubSubFeature, PublishRequest, SubscribeRequest } from "./types.js";

/** A broker's subscription: started once, under a signal that stops it. */
export interface BrokerSubscription extends ActiveSubscription {
  /** Resolves once the subscription is established (the contract's subscribe). */
  start(signal: AbortSignal): Promise<void>;
}

/** The delayed messages a broker holds (its delayed.ts), moved on time by every live sidecar of the component. */
export interface DelayedMessages {
  pending(): Promise<Array<{ topic: string; count: number }>>;
  close(): Promise<void>;
}

/**
 * The lifecycle every broker with a connection shares, so that a broker's class holds only its
 * protocol (connect, publish, its subscription, disconnect): the component's clock, its settings once
 * init read them, its live subscriptions, the delayed messages it holds, and one close order: delayed
 * messages stop moving, subscriptions drain (bounded by the graceful-shutdown time: what is
 * unacknowledged then stays with the broker), then the connections close.
 */
export abstract class BrokerPubSub<Settings, Subscription extends BrokerSubscription, Delayed extends DelayedMessages = DelayedMessages> implements PubSub, HealthReporter {
  protected settings?: Settings;
  protected delayed?: Delayed;
  protected readonly now: Clock;
  protected readonly subscriptions: BrokerSubscriptions<Subscription>;
  /** Set as close() starts: an init still connecting then must not keep what it opened. */
  protected closed = false;

  constructor(protected readonly context: ComponentContext) {
    this.now = context.now ?? Date.now;
    this.subscriptions = new BrokerSubscriptions(context.gracefulShutdownMs);
  }

  abstract init(metadata: ComponentMetadata): Promise<void>;
  abstract features(): PubSubFeature[];
  /** Whether the broker connection is up: outbound health reports the component while it is not. */
  abstract healthy(): boolean;
  abstract publish(request: PublishRequest): Promise<void>;
  abstract subscribe(request: SubscribeRequest, handler: MessageHandler, signal: AbortSignal): Promise<ActiveSubscription>;
  /** Closes the connections, once the subscriptions drained. */
  protected abstract disconnect(): Promise<void>;

  delayedPending(): Promise<Array<{ topic: string; count: number }>> {
    return this.delayed ? this.delayed.pending() : Promise.resolve([]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.delayed?.close();
    await this.subscriptions.close();
    await this.disconnect();
  }

  /** The settings init read; a call before init is refused. */
  protected configured(): Settings {
    if (!this.settings) throw new Error(`pubsub ${this.context.name} is not initialised`);
    return this.settings;
  }

  /**
   * Starts a subscription under the caller's signal and the component's close, and tracks it until
   * it drained; `release` (a name it claimed) runs then, or at once when the start fails.
   */
  protected async track(topic: string, subscription: Subscription, signal: AbortSignal, release?: () => void): Promise<Subscription> {
    try {
      await subscription.start(this.subscriptions.signalFor(signal));
    } catch (error) {
      release?.();
      throw new Error(`subscribing to topic ${JSON.stringify(topic)}: ${(error as Error).message}`);
    }
    return this.subscriptions.add(subscription, release);
  }
}
