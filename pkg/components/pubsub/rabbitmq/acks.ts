import type { Channel, Message } from "amqplib";

/**
 * How long an ack may wait for others to go with it. With Nagle off every ack sent on its own is a
 * TCP segment, whose loopback or network send costs the sidecar more CPU than the delivery's own
 * work; a few ms of delay costs nothing the app sees (it already has the message), and a message
 * whose ack is held is at worst delivered again after a crash in that window: a duplicate, as an
 * ack lost on the wire would be.
 */
export const ACK_FLUSH_MS = 5;

/**
 * The acks of one consumer channel, sent a few at a time: those below the oldest message still being
 * handled go as one `multiple` ack (AMQP 0-9-1 basic.ack: every unacknowledged delivery up to the
 * tag), the others one by one. A nack goes at once, after what was held. Nothing held ever stalls the
 * channel: once the held acks and the messages in hand fill the prefetch window, they are sent at once.
 */
export class AckBatcher {
  /** Delivery tags handed out and not settled, ascending (the channel numbers them in order). */
  private readonly inHand = new Set<number>();
  private held: Message[] = [];
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly channel: Channel,
    private readonly prefetch: number,
    private readonly onError: (error: Error) => void,
  ) {}

  delivered(message: Message): void {
    this.inHand.add(message.fields.deliveryTag);
  }

  ack(message: Message): void {
    if (this.closed) return;
    this.inHand.delete(message.fields.deliveryTag);
    this.held.push(message);
    if (this.prefetch > 0 && this.held.length + this.inHand.size >= this.prefetch) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), ACK_FLUSH_MS);
  }

  nack(message: Message, requeue: boolean): void {
    if (this.closed) return;
    this.flush();
    this.inHand.delete(message.fields.deliveryTag);
    this.send(() => this.channel.nack(message, false, requeue));
  }

  /** Sends what is held (before the channel closes, when a nack goes, when the window fills). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const held = this.held;
    if (held.length === 0 || this.closed) return;
    this.held = [];
    if (held.length === 1) {
      this.send(() => this.channel.ack(held[0]!));
      return;
    }
    held.sort((a, b) => a.fields.deliveryTag - b.fields.deliveryTag);
    const oldest = this.inHand.values().next();
    const below = oldest.done ? Infinity : oldest.value;
    let covered = 0;
    while (covered < held.length && held[covered]!.fields.deliveryTag < below) covered++;
    // Every delivery up to the last of `covered` is settled: one frame acknowledges them all.
    if (covered > 0) this.send(() => this.channel.ack(held[covered - 1]!, true));
    for (let i = covered; i < held.length; i++) this.send(() => this.channel.ack(held[i]!));
  }

  /** The channel closed: what was held cannot be sent; the broker requeued those messages itself. */
  discard(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.held = [];
    this.inHand.clear();
  }

  private send(frame: () => void): void {
    try {
      frame();
    } catch (error) {
      this.onError(error as Error);
    }
  }
}
