import type { Writable } from "node:stream";
import type * as grpc from "@grpc/grpc-js";
import type { SubscribeTopicEventsRequestAlpha1__Output } from "../../proto/gen/dapr/proto/runtime/v1/SubscribeTopicEventsRequestAlpha1.js";
import type { SubscribeTopicEventsResponseAlpha1 } from "../../proto/gen/dapr/proto/runtime/v1/SubscribeTopicEventsResponseAlpha1.js";
import type { BulkDelivery, BulkEntry } from "../../runtime/appchannel/types.js";
import { topicEventFields, type TopicEventFields } from "../../runtime/appchannel/grpc-envelope.js";
import { Errors, type Universal } from "../universal/index.js";
import { drainWaiter, openTopicStream, type StreamFrame, type StreamTransport } from "../universal/streams.js";
import { encodeEventMessage } from "./topic-events-wire.js";

/** event_messages go out as bytes encoded by topic-events-wire.ts, the initial response as an object. */
export type TopicEventsCall = grpc.ServerDuplexStream<SubscribeTopicEventsRequestAlpha1__Output, SubscribeTopicEventsResponseAlpha1 | Buffer>;

/** daprd's implicit route of a streaming subscription, which event_message's `path` carries. */
const STREAM_PATH = "/";

/**
 * SubscribeTopicEventsAlpha1 as daprd serves it: the first message must be `initial_request`, answered by
 * `initial_response` once the subscription is live; then `event_message`s (TopicEventRequest, as the gRPC
 * app channel builds them, path "/") and the client's `event_processed{id, status}`, several in flight.
 * The client half-closing, cancelling or breaking the call ends the subscription; what it had not
 * acknowledged goes back to the broker. `maxInFlight` and bulk delivery (`bulkSubscribe.*`) are read from
 * the request's metadata, the proto having no field for them; a bulk goes out as its entries'
 * event_messages written back to back, each acknowledged by its CloudEvent id as a single message is.
 */
export async function serveTopicEvents(api: Universal, call: TopicEventsCall): Promise<void> {
  const first = await firstMessage(call);
  // The client half-closed without a word: nothing to subscribe, the call ends OK.
  if (first === undefined) return void (call.cancelled || call.end());
  const initial = first.initial_request;
  if (!initial) throw Errors.streamProtocol("initial request is required");
  if (!initial.pubsub_name) throw Errors.streamProtocol("pubsubName is required");
  if (!initial.topic) throw Errors.streamProtocol("topic is required");
  let endedBy: ((reason?: string) => void) | undefined;
  const ended = new Promise<string | undefined>((resolve) => (endedBy = resolve));
  writeTogether(call);
  const drained = drainWaiter(call);
  const transport: StreamTransport = {
    send: (frame) => write(call, frame, drained),
    end: (reason) => endedBy?.(reason),
    bulkEntryAckId: "cloudEventId",
  };
  const stream = await openTopicStream(api.ctx, { pubsubName: initial.pubsub_name, topic: initial.topic, metadata: { ...initial.metadata }, deadLetterTopic: initial.dead_letter_topic ?? undefined }, transport);
  let protocolError: string | undefined;
  const gone = new Promise<void>((resolve) => {
    call.on("data", (message: SubscribeTopicEventsRequestAlpha1__Output) => {
      const processed = message.event_processed;
      if (processed) stream.ack(processed.id, processed.status?.status);
      else {
        protocolError = "duplicate initial request received";
        resolve();
      }
    });
    call.once("end", resolve);
    call.once("cancelled", resolve);
    call.once("error", () => resolve());
    call.once("close", resolve);
    call.resume();
  });
  if (call.cancelled) return stream.close();
  call.write({ initial_response: {} });
  stream.begin();
  const reason = await Promise.race([gone.then(() => undefined), ended]);
  await stream.close();
  if (protocolError) throw Errors.streamProtocol(protocolError);
  if (reason) throw Errors.streamEnded(reason);
  if (!call.cancelled) call.end();
}

/** The client's first message; undefined when the call ends before sending one. */
function firstMessage(call: TopicEventsCall): Promise<SubscribeTopicEventsRequestAlpha1__Output | undefined> {
  return new Promise((resolve) => {
    const done = (message?: SubscribeTopicEventsRequestAlpha1__Output): void => {
      call.off("data", done);
      call.off("end", none);
      call.off("cancelled", none);
      call.off("error", none);
      call.pause();
      resolve(message);
    };
    const none = (): void => done(undefined);
    call.once("data", done);
    call.once("end", none);
    call.once("cancelled", none);
    call.once("error", none);
  });
}

/**
 * Writes the frame's event_messages (a bulk's one per entry, back to back, so HTTP/2 sends them in one
 * go) and resolves once grpc-js can take more (its 'drain'): the next frame waits, so memory holds at
 * most maxInFlight messages.
 */
async function write(call: TopicEventsCall, frame: StreamFrame, drained: () => Promise<void>): Promise<void> {
  if (call.cancelled || call.destroyed) throw new Error("the call has ended");
  let more: boolean;
  if (frame.kind === "event") more = call.write(encodeEventMessage(topicEventFields(frame.event, STREAM_PATH), frame.ackId));
  else {
    more = true;
    const { bulk, ackIds } = frame;
    bulk.entries.forEach((entry, index) => (more = call.write(encodeEventMessage(entryFields(bulk, entry), ackIds[index]!))));
  }
  if (!more) await drained();
}

/**
 * grpc-js hands a call's messages to HTTP/2 one at a time, each once the one before has reached the socket
 * (its ServerDuplexStream has `_write` only): profiled under load, that was one socket write, and one turn
 * of the event loop, per event_message, and the stream's throughput tied to the loop's pace. With `_writev`,
 * the messages written while one is on its way go down together: one HTTP/2 write, one syscall. It calls
 * the call's own sendMessage (the method its `_write` calls); a grpc-js without it keeps its one-at-a-time.
 */
function writeTogether(call: TopicEventsCall): void {
  const inner = (call as unknown as { call?: { sendMessage?: unknown } }).call;
  if (typeof inner?.sendMessage !== "function") return;
  const send = inner.sendMessage.bind(inner) as (message: unknown, callback: () => void) => void;
  (call as unknown as Writable)._writev = (chunks, callback) => {
    let left = chunks.length;
    for (const { chunk } of chunks) {
      send(chunk, () => {
        if (--left === 0) callback();
      });
    }
  };
}

/**
 * A bulk entry as the event_message of a single message: its CloudEvent's attributes and data; a raw
 * payload's entry carries only its bytes, so it goes as they are (application/octet-stream), written under
 * its ack id.
 */
function entryFields(bulk: BulkDelivery, entry: BulkEntry): TopicEventFields {
  const raw = typeof entry.event === "string";
  return topicEventFields({
    path: STREAM_PATH,
    pubsubName: bulk.pubsubName,
    topic: bulk.topic,
    event: raw ? {} : (entry.event as Record<string, unknown>),
    body: raw ? Buffer.from(entry.event as string, "base64") : EMPTY,
    contentType: entry.contentType,
    rawPayload: raw,
    metadata: entry.metadata,
  }, STREAM_PATH);
}

const EMPTY = Buffer.alloc(0);
