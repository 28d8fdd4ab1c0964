import type { Request } from "express";
import { isJsonType, mediaType } from "../../../runtime/pubsub/envelope.js";
import { TRACEPARENT } from "../../../diagnostics/tracing.js";
import { checkEntryIds, type BulkInputEntry, type Universal } from "../../universal/index.js";
import { bodyOf, queryMetadata, type Endpoint } from "../endpoint.js";
import { ApiError, Errors } from "../errors.js";
import { JsonDepthError, parseJson } from "../../../util/json.js";
import { fieldIgnoringCase } from "../../../util/parse.js";

/**
 * Spec endpoints 1 and 2: parse, call the universal operation, render. Status codes follow the spec's
 * Errors tables (the catalogue's): 404 when no pub/sub name or topic is given; an unknown pub/sub is 404
 * on single publish (Dapr's ERR_PUBSUB_NOT_FOUND) but 400 on bulk publish (the spec); scoping 403; a
 * broker failure 500; a bulk publish with failed entries 500 listing them. 204 only once the broker accepted.
 */
export function pubsubEndpoints(api: Universal): Endpoint[] {
  return [
    // Bulk first: `/v1.0/publish/bulk/...` would otherwise match single publish to a pub/sub named "bulk".
    {
      method: "post",
      paths: ["/v1.0-alpha1/publish/bulk/:pubsubname/*topic", "/v1.0/publish/bulk/:pubsubname/*topic"],
      name: "BulkPublishEvent",
      handler: async (req, res) => {
        const { pubsubName, topic } = target(req);
        const entries = parseBulkBody(req, pubsubName, topic);
        const { failedEntries } = await api.bulkPublishEvent({ pubsubName, topic, entries, metadata: queryMetadata(req), traceparent: traceparentOf(req) });
        if (failedEntries.length > 0) {
          const base = Errors.pubsubPublishMessage(topic, pubsubName, `${failedEntries.length} of ${entries.length} entries failed`);
          throw new ApiError(500, base.errorCode, base.message, { failedEntries }, base.grpcCode);
        }
        res.status(204).end();
      },
    },
    {
      method: "post",
      paths: ["/v1.0/publish/:pubsubname/*topic"],
      name: "PublishEvent",
      direct: true,
      handler: async (req, res) => {
        const { pubsubName, topic } = target(req);
        await api.publishEvent({ pubsubName, topic, data: bodyOf(req), contentType: req.headers["content-type"], metadata: queryMetadata(req), traceparent: traceparentOf(req), tracestate: tracestateOf(req) });
        res.status(204).end();
      },
    },
    // Spec Errors tables: no pub/sub name or topic given -> 404 (with a catalogue body, not the generic route 404).
    ...(["/v1.0-alpha1/publish/bulk", "/v1.0/publish/bulk", "/v1.0/publish"] as const).flatMap((prefix): Endpoint[] => [
      { method: "post", paths: [prefix, `${prefix}/`], name: "PublishEventNoName", handler: () => { throw Errors.pubsubEmpty(); } },
      {
        method: "post",
        paths: [`${prefix}/:pubsubname`, `${prefix}/:pubsubname/`],
        name: "PublishEventNoTopic",
        handler: (req) => {
          throw Errors.pubsubTopicEmpty(req.params.pubsubname as string);
        },
      },
    ]),
  ];
}

function target(req: Request): { pubsubName: string; topic: string } {
  const pubsubName = req.params.pubsubname as string;
  const segments = req.params.topic as unknown as string[] | string | undefined;
  // Express 5 hands a wildcard over as its segments: a topic may contain "/" (Dapr allows it).
  const topic = Array.isArray(segments) ? segments.join("/") : (segments ?? "");
  return { pubsubName, topic };
}

/** A W3C traceparent is carried into the envelope; anything else is ignored (never copied into a header). */
function traceparentOf(req: Request): string | undefined {
  const header = req.headers.traceparent;
  const value = typeof header === "string" ? header.trim().toLowerCase() : undefined;
  return value && TRACEPARENT.test(value) ? value : undefined;
}

/** W3C tracestate: list members of printable ASCII, at most 32 and 512 bytes; anything else is not carried. */
const TRACESTATE = /^[\x20-\x2b\x2d-\x7e]+(,[\x20-\x2b\x2d-\x7e]+){0,31}$/;

function tracestateOf(req: Request): string | undefined {
  const header = req.headers.tracestate;
  return typeof header === "string" && header.length <= 512 && TRACESTATE.test(header) ? header : undefined;
}

/**
 * Spec "Bulk publish entry": a JSON array of {entryId, event, contentType, metadata?}, sent as
 * application/json; entryIds present and unique; field names in any letter case, as Dapr reads them. Each event becomes bytes as Dapr does: JSON content
 * types serialise the value, other types take a string as it is.
 */
/** Go's base64.StdEncoding: padded, no whitespace. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const BULK_ENTRY_FIELDS = ["entryId", "event", "contentType", "metadata"] as const;

function parseBulkBody(req: Request, pubsubName: string, topic: string): BulkInputEntry[] {
  const bad = (problem: string): ApiError => Errors.pubsubEventsSer(topic, pubsubName, problem);
  if (mediaType(req.get("content-type")) !== "application/json") throw bad(`Content-Type must be application/json, got ${JSON.stringify(req.get("content-type") ?? "")}`);
  let body: unknown;
  try {
    body = parseJson(bodyOf(req));
  } catch (error) {
    throw bad(error instanceof JsonDepthError ? `the body is ${error.message}` : `the body is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(body)) throw bad("the body must be a JSON array of entries");
  const entries = body.map((item: unknown, index): BulkInputEntry => {
    if (typeof item !== "object" || item === null || Array.isArray(item)) throw bad(`entry #${index} is not an object`);
    // Dapr decodes these names in any letter case; its JS SDK sends `entryID`.
    const [entryId, event, contentType, metadata] = BULK_ENTRY_FIELDS.map((name) => fieldIgnoringCase(item as Record<string, unknown>, name));
    if (typeof entryId !== "string" || entryId === "") throw bad(`entry #${index}: entryId is required`);
    if (event === undefined || event === null) throw bad(`entry ${JSON.stringify(entryId)}: event is required`);
    if (typeof contentType !== "string" || contentType === "") throw bad(`entry ${JSON.stringify(entryId)}: contentType is required`);
    let data: Buffer;
    const serialisedJson = isJsonType(contentType);
    if (serialisedJson) data = Buffer.from(JSON.stringify(event));
    else if (typeof event === "string" && mediaType(contentType) === "application/octet-stream") {
      // daprd's ConvertEventToBytes (spec silent): binary data travels base64-encoded in the JSON body.
      if (!BASE64.test(event) || event.length % 4 !== 0) throw bad(`entry ${JSON.stringify(entryId)}: unable to decode base64 application/octet-stream data`);
      data = Buffer.from(event, "base64");
    } else if (typeof event === "string") data = Buffer.from(event);
    else throw bad(`entry ${JSON.stringify(entryId)}: event must be a string for content type ${contentType}`);
    const entryMetadata: Record<string, string> = Object.create(null) as Record<string, string>;
    if (metadata !== undefined && metadata !== null) {
      if (typeof metadata !== "object" || Array.isArray(metadata)) throw bad(`entry ${JSON.stringify(entryId)}: metadata must be an object of strings`);
      for (const [k, v] of Object.entries(metadata as Record<string, unknown>)) entryMetadata[k] = String(v);
    }
    return { entryId, data, contentType, metadata: entryMetadata, serialisedJson };
  });
  checkEntryIds(entries, bad);
  return entries;
}
