import { StreamRefused, type StreamRequest, type TopicStream } from "../../runtime/pubsub/streams/manager.js";
import type { StreamTransport } from "../../runtime/pubsub/streams/sink.js";
import type { ApiContext } from "./context.js";
import { Errors, type ApiError } from "./errors.js";

export type { StreamRequest, TopicStream } from "../../runtime/pubsub/streams/manager.js";
export type { StreamFrame, StreamTransport } from "../../runtime/pubsub/streams/sink.js";

/**
 * Opens a stream subscription (SubscribeTopicEventsAlpha1 and its HTTP twin): resolves once the broker
 * subscription is live, rejects with the catalogue's error (daprd's codes on gRPC) when refused.
 */
export async function openTopicStream(ctx: ApiContext, request: StreamRequest, transport: StreamTransport): Promise<TopicStream> {
  if (!ctx.topicStreams) throw Errors.notReady("stream subscriptions are not available");
  try {
    return await ctx.topicStreams.open(request, transport);
  } catch (error) {
    if (error instanceof StreamRefused) throw refusal(request, error);
    throw Errors.internal(`subscribing to topic ${request.topic} on ${request.pubsubName}: ${(error as Error).message}`);
  }
}

function refusal(request: StreamRequest, error: StreamRefused): ApiError {
  switch (error.reason) {
    case "pubsubEmpty":
      return Errors.pubsubEmpty();
    case "topicEmpty":
      return Errors.pubsubTopicEmpty(request.pubsubName);
    case "pubsubNotFound":
      return Errors.pubsubNotFound(request.pubsubName);
    case "forbidden":
      return Errors.streamForbidden(request.pubsubName, request.topic, request.pubsubName);
    case "invalid":
      return Errors.malformedRequest(error.message);
    case "closed":
      return Errors.notReady(error.message);
  }
}

export interface StreamAck {
  id: string;
  status?: string;
}

/** Acknowledgements for an open stream; returns the ids no message waited for (ignored, with a warning in the log). */
export function ackTopicStream(ctx: ApiContext, streamId: string, acks: StreamAck[]): string[] {
  const stream = ctx.topicStreams?.stream(streamId);
  if (!stream) throw Errors.streamNotFound(streamId);
  return acks.filter((ack) => !stream.ack(ack.id, ack.status)).map((ack) => ack.id);
}

/**
 * A transport's wait for its socket to drain, shared by every frame waiting at once: one 'drain' (or
 * 'close') listener per episode rather than one per frame, which with maxInFlight frames waiting made
 * each removal scan the others.
 */
export function drainWaiter(stream: NodeJS.EventEmitter): () => Promise<void> {
  let waiting: Promise<void> | undefined;
  return () =>
    (waiting ??= new Promise<void>((resolve) => {
      const done = (): void => {
        stream.off("drain", done);
        stream.off("close", done);
        waiting = undefined;
        resolve();
      };
      stream.once("drain", done);
      stream.once("close", done);
    }));
}
