import type * as grpc from "@grpc/grpc-js";
import type { SubscribeTopicEventsRequestAlpha1__Output } from "../../proto/gen/dapr/proto/runtime/v1/SubscribeTopicEventsRequestAlpha1.js";
import type { SubscribeTopicEventsResponseAlpha1 } from "../../proto/gen/dapr/proto/runtime/v1/SubscribeTopicEventsResponseAlpha1.js";
import { topicEventRequest } from "../../runtime/appchannel/grpc-envelope.js";
import { Errors, type Universal } from "../universal/index.js";
import { openTopicStream, type StreamFrame, type StreamTransport } from "../universal/streams.js";

export type TopicEventsCall = grpc.ServerDuplexStream<SubscribeTopicEventsRequestAlpha1__Output, SubscribeTopicEventsResponseAlpha1>;

/**
 * SubscribeTopicEventsAlpha1 as daprd serves it: the first message must be `initial_request`, answered by
 * `initial_response` once the subscription is live; then `event_message`s (TopicEventRequest, as the gRPC
 * app channel builds them, path "/") and the client's `event_processed{id, status}`, several in flight.
 * The client half-closing, cancelling or breaking the call ends the subscription; what it had not
 * acknowledged goes back to the broker. `maxInFlight` is read from the request's metadata (the proto has
 * no field for it); bulk delivery has no frame in the proto, so it is HTTP-only.
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
  const transport: StreamTransport = {
    send: (frame) => write(call, frame),
    end: (reason) => endedBy?.(reason),
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

/** Resolves once grpc-js can take more (its 'drain'): the next message waits, so memory holds at most maxInFlight. */
async function write(call: TopicEventsCall, frame: StreamFrame): Promise<void> {
  if (frame.kind !== "event") throw new Error("bulk delivery has no frame in SubscribeTopicEventsAlpha1");
  if (call.cancelled || call.destroyed) throw new Error("the call has ended");
  const request = topicEventRequest(frame.event, "/");
  request.id = frame.ackId;
  if (call.write({ event_message: request })) return;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      call.off("drain", done);
      call.off("close", done);
      resolve();
    };
    call.once("drain", done);
    call.once("close", done);
  });
}
