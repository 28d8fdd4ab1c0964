import type { Request, Response } from "express";
import type { Universal } from "../../universal/index.js";
import { ackTopicStream, drainWaiter, openTopicStream, type StreamAck, type StreamFrame, type StreamRequest, type StreamTransport } from "../../universal/streams.js";
import { bodyOf, type Endpoint } from "../endpoint.js";
import { Errors } from "../errors.js";
import { parseJson } from "../../../util/json.js";

const NDJSON = "application/x-ndjson";
const EVENT_STREAM = "text/event-stream";

/**
 * Streaming subscriptions over plain HTTP (SubscribeTopicEventsAlpha1's twin, for curl and EventSource):
 * `POST /v1.0-alpha1/subscriptions/stream` answers with a long response, one JSON line per frame (NDJSON;
 * Server-Sent Events when the client accepts text/event-stream): first `subscribed` with the stream id,
 * then `event`s and `bulk`s; acknowledgements are POSTed to `.../stream/<id>/ack`. The response ends
 * when the client goes away or the sidecar ends the stream (an `end` frame says why).
 */
export function streamEndpoints(api: Universal): Endpoint[] {
  return [
    {
      method: "post",
      paths: ["/v1.0-alpha1/subscriptions/stream"],
      name: "SubscribeTopicEventsHTTP",
      handler: (req, res) => openStream(api, parseStreamRequest(bodyOf(req)), req, res),
    },
    {
      // A browser's EventSource can only GET: the same request as query parameters (metadata.<key>, bulk.<field>).
      method: "get",
      paths: ["/v1.0-alpha1/subscriptions/stream"],
      name: "SubscribeTopicEventsHTTPGet",
      handler: (req, res) => openStream(api, streamRequestOf(queryObject(req)), req, res),
    },
    {
      method: "post",
      paths: ["/v1.0-alpha1/subscriptions/stream/:id/ack"],
      name: "SubscribeTopicEventsAck",
      handler: (req, res) => {
        const unknown = ackTopicStream(api.ctx, req.params.id as string, parseAcks(bodyOf(req)));
        // Unknown ids are ignored (daprd logs them); the caller is told which, without failing the known ones.
        if (unknown.length === 0) res.status(204).end();
        else res.status(200).json({ unknownIds: unknown });
      },
    },
  ];
}

async function openStream(api: Universal, request: StreamRequest, req: Request, res: Response): Promise<void> {
  const sse = (req.headers.accept ?? "").includes(EVENT_STREAM);
  const writeJson = (type: string, json: string, id?: string): boolean => res.write(sse ? `event: ${type}\n${id ? `id: ${id}\n` : ""}data: ${json}\n\n` : `${json}\n`);
  const write = (type: string, payload: Record<string, unknown>, id?: string): boolean => writeJson(type, JSON.stringify({ type, ...payload }), id);
  let gone = false;
  const drained = drainWaiter(res);
  const transport: StreamTransport = {
    send: async (frame) => {
      if (gone) throw new Error("the client went away");
      const [type, json, id] = render(frame);
      // The socket's buffer full: the next frame waits, so memory holds at most maxInFlight frames.
      if (!writeJson(type, json, id)) await drained();
    },
    end: (reason) => {
      if (gone) return;
      if (reason) write("end", { error: { errorCode: "ERR_PUBSUB_STREAM_ENDED", message: reason } });
      res.end();
    },
  };
  const stream = await openTopicStream(api.ctx, request, transport);
  // The client left while the broker subscription was being set up: its 'close' has already fired.
  if (req.socket.destroyed) return stream.close();
  const ended = new Promise<void>((resolve) => {
    res.once("close", () => {
      gone = true;
      void stream.close().finally(resolve);
    });
  });
  res.status(200);
  res.setHeader("content-type", sse ? EVENT_STREAM : NDJSON);
  res.setHeader("cache-control", "no-cache");
  res.setHeader("x-accel-buffering", "no");
  res.flushHeaders();
  write("subscribed", { id: stream.id, pubsubname: request.pubsubName, topic: request.topic });
  stream.begin();
  await ended;
}

/** A frame as one line of JSON: the frame's type, the JSON, the id an SSE event carries. */
function render(frame: StreamFrame): [string, string, string] {
  if (frame.kind === "bulk") {
    const { bulk } = frame;
    return ["bulk", JSON.stringify({ type: "bulk", id: bulk.id, pubsubname: bulk.pubsubName, topic: bulk.topic, metadata: bulk.metadata, entries: bulk.entries }), bulk.id];
  }
  const { event, ackId } = frame;
  const head = `{"type":"event","id":${JSON.stringify(ackId)},"pubsubname":${JSON.stringify(event.pubsubName)},"topic":${JSON.stringify(event.topic)},"metadata":${JSON.stringify(event.metadata)}`;
  if (event.rawPayload) return ["event", `${head},"event":${JSON.stringify(event.event)},"rawPayload":true,"contentType":${JSON.stringify(event.contentType)},"data_base64":"${event.body.toString("base64")}"}`, ackId];
  // The CloudEvent's bytes as the broker carried them, spliced in rather than serialised again, unless a
  // line break between its tokens would split the line (JSON escapes those inside strings).
  const spliced = !event.body.includes(0x0a) && !event.body.includes(0x0d);
  return ["event", `${head},"event":${spliced ? event.body.toString("utf8") : JSON.stringify(event.event)}}`, ackId];
}

function parseBody(body: Buffer): unknown {
  if (body.length === 0) throw Errors.malformedRequest("the body is empty; send a JSON object");
  try {
    return parseJson(body);
  } catch (error) {
    throw Errors.malformedRequest(`the body is not JSON: ${(error as Error).message}`);
  }
}

/** The query string as the JSON body would say it; numbers stay text until checked. */
function queryObject(req: Request): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const metadata: Record<string, string> = {};
  const bulk: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(req.query)) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (typeof value !== "string") continue;
    const number = /^\d+$/.test(value) ? Number(value) : value;
    if (key.startsWith("metadata.")) metadata[key.slice("metadata.".length)] = value;
    else if (key.startsWith("bulk.")) bulk[key.slice("bulk.".length)] = number;
    else out[key] = key === "maxInFlight" ? number : value;
  }
  return { ...out, metadata, ...(Object.keys(bulk).length > 0 ? { bulk } : {}) };
}

function parseStreamRequest(body: Buffer): StreamRequest {
  const value = parseBody(body);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw Errors.malformedRequest("the body must be a JSON object");
  return streamRequestOf(value as Record<string, unknown>);
}

function streamRequestOf(o: Record<string, unknown>): StreamRequest {
  const text = (name: string, v: unknown): string | undefined => {
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string") throw Errors.malformedRequest(`${name} must be a string`);
    return v;
  };
  const count = (name: string, v: unknown): number | undefined => {
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1) throw Errors.malformedRequest(`${name} must be a positive integer`);
    return v;
  };
  const metadata: Record<string, string> = {};
  const rawMeta = o["metadata"];
  if (rawMeta !== undefined && rawMeta !== null) {
    if (typeof rawMeta !== "object" || Array.isArray(rawMeta)) throw Errors.malformedRequest("metadata must be an object of strings");
    for (const [k, v] of Object.entries(rawMeta as Record<string, unknown>)) {
      if (typeof v !== "string") throw Errors.malformedRequest(`metadata.${k} must be a string`);
      metadata[k] = v;
    }
  }
  let bulk: StreamRequest["bulk"];
  const rawBulk = o["bulk"];
  if (rawBulk !== undefined && rawBulk !== null) {
    if (typeof rawBulk !== "object" || Array.isArray(rawBulk)) throw Errors.malformedRequest("bulk must be an object");
    const b = rawBulk as Record<string, unknown>;
    bulk = { maxMessagesCount: count("bulk.maxMessagesCount", b["maxMessagesCount"]), maxAwaitDurationMs: count("bulk.maxAwaitDurationMs", b["maxAwaitDurationMs"]) };
  }
  return {
    pubsubName: text("pubsubname", o["pubsubname"] ?? o["pubsubName"]) ?? "",
    topic: text("topic", o["topic"]) ?? "",
    metadata,
    deadLetterTopic: text("deadLetterTopic", o["deadLetterTopic"]),
    maxInFlight: count("maxInFlight", o["maxInFlight"]),
    bulk,
  };
}

function parseAcks(body: Buffer): StreamAck[] {
  const value = parseBody(body);
  const list = Array.isArray(value) ? value : [value];
  return list.map((item: unknown, index) => {
    const where = Array.isArray(value) ? `entry ${index}: ` : "";
    if (typeof item !== "object" || item === null) throw Errors.malformedRequest(`${where}an acknowledgement is an object {id, status}`);
    const { id, status } = item as Record<string, unknown>;
    if (typeof id !== "string" || id === "") throw Errors.malformedRequest(`${where}id must be a non-empty string`);
    if (status !== undefined && (typeof status !== "string" || !/^(success|retry|drop)$/i.test(status))) {
      throw Errors.malformedRequest(`${where}status must be SUCCESS, RETRY or DROP`);
    }
    return { id, status: status as string | undefined };
  });
}
