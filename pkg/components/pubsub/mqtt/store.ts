import { Readable } from "node:stream";
import type { IStore, Packet } from "mqtt";

type Stored = Packet & { messageId?: number };

/**
 * mqtt.js' outgoing store (each QoS 1/2 publish until its PUBACK, resent after a reconnect) with the
 * packets in an array indexed by packet id instead of mqtt.js' Map. Measured on Node 24: an object put
 * in a long-lived Map and deleted a moment later still ends in the old generation, so mqtt.js' Map sent
 * every publish's stored copy (packet and payload) to the major GC; held in an array it dies young.
 * A reconnect resends in the order the packets were stored, as mqtt.js' store does.
 */
export class SlotStore implements IStore {
  private packets: Array<Stored | undefined> = [];
  /** The order each packet was stored in, by packet id. */
  private stored: number[] = [];
  private count = 0;

  put(packet: Packet, done: (error?: Error) => void): this {
    const id = (packet as Stored).messageId ?? 0;
    this.packets[id] = packet;
    this.stored[id] = this.count++;
    done();
    return this;
  }

  get(packet: Pick<Stored, "messageId">, done: (error?: Error, packet?: Packet) => void): this {
    const found = this.packets[packet.messageId ?? 0];
    if (found) done(undefined, found);
    else done(new Error("missing packet"));
    return this;
  }

  del(packet: Pick<Stored, "messageId">, done: (error?: Error, packet?: Packet) => void): this {
    const id = packet.messageId ?? 0;
    const found = this.packets[id];
    if (found) {
      this.packets[id] = undefined;
      done(undefined, found);
    } else done(new Error("missing packet"));
    return this;
  }

  createStream(): ReturnType<IStore["createStream"]> {
    const waiting: Stored[] = [];
    for (const packet of this.packets) if (packet) waiting.push(packet);
    waiting.sort((a, b) => this.stored[a.messageId ?? 0]! - this.stored[b.messageId ?? 0]!);
    return Readable.from(waiting, { objectMode: true }) as unknown as ReturnType<IStore["createStream"]>;
  }

  /** mqtt.js closes its stores when the client ends; what was unacknowledged is given up with it, as in mqtt.js' own (clean) store. */
  close(done: (error?: Error) => void): void {
    this.packets = [];
    this.stored = [];
    done();
  }
}
