import type { Request, Response } from "express";
import { isJsonType, mediaType } from "../../../runtime/pubsub/envelope.js";
import { checkEntryIds, NO_METADATA, type BulkInputEntry } from "../../universal/index.js";
import type { DaprPubSubErrors } from "../../universal/dapr-errors.js";
import { bodyOf } from "../endpoint.js";
import type { ApiError } from "../errors.js";
import { JsonDepthError, parseJson } from "../../../util/json.js";
import { fieldIgnoringCase } from "../../../util/parse.js";

/**
 * Spec "Bulk publish entry": a JSON array of {entryId, event, contentType, metadata?}; entryIds present and
 * unique; field names in any letter case, as Dapr reads them. A `runtime.io` pub/sub takes the body only as
 * application/json (spec endpoint 2); a `dapr.io` one reads it whatever its Content-Type and turns each event
 * into bytes as daprd's ConvertEventToBytes (pkg/api/http/util.go) does, with daprd's errors.
 */
export type BulkBodyDialect = { kind: "spec"; bad: (problem: string) => ApiError } | { kind: "dapr"; errors: DaprPubSubErrors; topic: string };

/** Go's base64.StdEncoding: padded, no whitespace. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const MISMATCH = "error: mismatch between contentType and event";

export function parseBulkBody(req: Request, dialect: BulkBodyDialect): BulkInputEntry[] {
  const unmarshal = (problem: string): ApiError => (dialect.kind === "spec" ? dialect.bad(problem) : dialect.errors.unmarshalEvents(dialect.topic, problem));
  if (dialect.kind === "spec" && mediaType(req.get("content-type")) !== "application/json") throw dialect.bad(`Content-Type must be application/json, got ${JSON.stringify(req.get("content-type") ?? "")}`);
  let body: unknown;
  try {
    body = parseJson(bodyOf(req));
  } catch (error) {
    throw unmarshal(error instanceof JsonDepthError ? `the body is ${error.message}` : `the body is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(body)) throw unmarshal("the body must be a JSON array of entries");
  const entries: BulkInputEntry[] = [];
  for (let index = 0; index < body.length; index++) {
    const item: unknown = body[index];
    if (typeof item !== "object" || item === null || Array.isArray(item)) throw unmarshal(`entry #${index} is not an object`);
    // Dapr decodes these names in any letter case; its JS SDK sends `entryID`.
    const fields = item as Record<string, unknown>;
    const entryId = fieldIgnoringCase(fields, "entryId");
    const event = fieldIgnoringCase(fields, "event");
    const contentType = fieldIgnoringCase(fields, "contentType");
    const entryMetadata = metadataOf(entryId, fieldIgnoringCase(fields, "metadata"), unmarshal);
    entries.push(dialect.kind === "dapr" ? daprEntry(entryId, event, contentType, entryMetadata, dialect) : specEntry(entryId, event, contentType, entryMetadata, index, dialect.bad));
  }
  checkEntryIds(entries, dialect.kind === "spec" ? dialect.bad : () => dialect.errors.marshalEvents(dialect.topic, "entryId is duplicated or not present for entry"));
  return entries;
}

/** An entry's metadata as strings; an entry without any shares the one empty map (components copy what they keep). */
function metadataOf(entryId: unknown, metadata: unknown, bad: (problem: string) => ApiError): Record<string, string> {
  if (metadata === undefined || metadata === null) return NO_METADATA;
  if (typeof metadata !== "object" || Array.isArray(metadata)) throw bad(`entry ${JSON.stringify(entryId)}: metadata must be an object of strings`);
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of Object.entries(metadata as Record<string, unknown>)) out[k] = String(v);
  return out;
}

/** The spec's reading: every field required; JSON content types serialise the value, other types take a string as it is. */
function specEntry(entryId: unknown, event: unknown, contentType: unknown, metadata: Record<string, string>, index: number, bad: (problem: string) => ApiError): BulkInputEntry {
  if (typeof entryId !== "string" || entryId === "") throw bad(`entry #${index}: entryId is required`);
  if (event === undefined || event === null) throw bad(`entry ${JSON.stringify(entryId)}: event is required`);
  if (typeof contentType !== "string" || contentType === "") throw bad(`entry ${JSON.stringify(entryId)}: contentType is required`);
  // A JSON value stays the text JSON.stringify gives until the envelope writes it into its own bytes.
  let data: Buffer | string;
  if (isJsonType(contentType)) data = JSON.stringify(event);
  else if (typeof event === "string" && mediaType(contentType) === "application/octet-stream") {
    // daprd's ConvertEventToBytes (spec silent): binary data travels base64-encoded in the JSON body.
    if (!BASE64.test(event) || event.length % 4 !== 0) throw bad(`entry ${JSON.stringify(entryId)}: unable to decode base64 application/octet-stream data`);
    data = Buffer.from(event, "base64");
  } else if (typeof event === "string") data = Buffer.from(event);
  else throw bad(`entry ${JSON.stringify(entryId)}: event must be a string for content type ${contentType}`);
  return { entryId, data, contentType, metadata };
}

/**
 * daprd's ConvertEventToBytes: application/octet-stream takes a base64 string, text/* and application/xml a
 * string, application/json and application/cloudevents+json any JSON value (an absent or null event is the
 * JSON `null`); anything else is a mismatch. An entry id that is missing is refused after its event, as daprd.
 */
function daprEntry(entryId: unknown, event: unknown, contentType: unknown, metadata: Record<string, string>, dialect: Extract<BulkBodyDialect, { kind: "dapr" }>): BulkInputEntry {
  const mismatch = (problem = MISMATCH): ApiError => dialect.errors.marshalEnvelope(dialect.topic, problem);
  if (entryId !== undefined && entryId !== null && typeof entryId !== "string") throw dialect.errors.unmarshalEvents(dialect.topic, "entryId must be a string");
  const type = typeof contentType === "string" ? contentType : "";
  if (typeof contentType !== "string" && contentType !== undefined && contentType !== null) throw dialect.errors.unmarshalEvents(dialect.topic, "contentType must be a string");
  const media = type.includes(";") ? type.slice(0, type.indexOf(";")).toLowerCase() : type.toLowerCase();
  let data: Buffer | string;
  if (media === "application/octet-stream") {
    if (typeof event !== "string") throw mismatch();
    if (!BASE64.test(event) || event.length % 4 !== 0) throw mismatch("error: unable to decode base64 application/octect-stream data: illegal base64 data");
    data = Buffer.from(event, "base64");
  } else if (media.startsWith("text/") || media === "application/xml") {
    if (typeof event !== "string") throw mismatch();
    data = Buffer.from(event);
  } else if (media === "application/json" || media === "application/cloudevents+json") {
    data = JSON.stringify(event ?? null);
  } else throw mismatch();
  return { entryId: typeof entryId === "string" ? entryId : "", data, contentType: type, metadata };
}

/**
 * daprd's answer to a bulk publish with failed entries (onBulkPublish): 500, the body `{failedEntries,
 * errorCode}` with no message, and the same body and the error as response headers `metadata.responseData` and
 * `metadata.error` (Go writes a header's bytes as they are, so UTF-8 goes out as its bytes; line breaks become spaces).
 */
export function renderDaprBulkFailure(res: Response, pubsubName: string, topic: string, failedEntries: ReadonlyArray<{ entryId: string; error: string }>): void {
  const body = JSON.stringify({ failedEntries: failedEntries.map((f) => ({ entryId: f.entryId, ...(f.error ? { error: f.error } : {}) })), errorCode: "ERR_PUBSUB_PUBLISH_MESSAGE" });
  const error = `api error: code = Internal desc = error when publishing to topic ${topic} in pubsub ${pubsubName}: ${failedEntries[0]?.error ?? ""}`;
  res.setHeader("metadata.responseData", headerBytes(body));
  res.setHeader("metadata.error", headerBytes(error));
  res.status(500).setHeader("content-type", "application/json");
  res.end(body);
}

// eslint-disable-next-line no-control-regex
const UNSENDABLE = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

function headerBytes(text: string): string {
  return Buffer.from(text.replace(UNSENDABLE, " "), "utf8").toString("latin1");
}

