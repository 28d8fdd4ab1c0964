import { TRACEPARENT } from "../../diagnostics/tracing.js";
import { parseJson } from "../../util/json.js";
import type { AppChannel } from "../appchannel.js";

export type Outcome = "success" | "retry" | "drop";

export interface DeliveryResult {
  outcome: Outcome;
  /** Why, for the log line: the status, the reply's status value, or the connection error. */
  reason: string;
  /** The app's HTTP status when it answered outside 2xx (Resiliency `matching.httpStatusCodes`). */
  httpStatus?: number;
}

export interface AppDelivery {
  path: string;
  body: Buffer;
  contentType: string;
  pubsubName: string;
  traceparent?: string;
  /** Aborts the request (a Resiliency timeout). */
  signal?: AbortSignal;
  tracestate?: string;
}

/** Headers the app gets with every delivery (docs/api.md "Subscriptions and delivery"); the channel adds the app token. */
function deliveryHeaders(delivery: AppDelivery): Record<string, string> {
  const headers: Record<string, string> = { "content-type": delivery.contentType, pubsubname: delivery.pubsubName };
  // Only a well-formed W3C traceparent becomes a header: a value with CR/LF would make Node throw (ARCHITECTURE.md "Hardening").
  if (delivery.traceparent && TRACEPARENT.test(delivery.traceparent)) {
    headers["traceparent"] = delivery.traceparent;
    if (delivery.tracestate && delivery.tracestate.length <= 512 && TRACESTATE.test(delivery.tracestate)) headers["tracestate"] = delivery.tracestate;
  }
  return headers;
}

/** W3C tracestate: list members of printable ASCII without CR/LF, bounded as the spec bounds it (32 members, 512 bytes). */
const TRACESTATE = /^[\x20-\x2b\x2d-\x7e]+(,[\x20-\x2b\x2d-\x7e]+){0,31}$/;

/**
 * One message to the app, its reply read per the spec's "Reply handling for A2": 2xx goes by `status`
 * (empty, no status or an unparsable body is SUCCESS); 404 drops; any other status, and an app that
 * cannot be reached or times out, retries.
 */
export async function deliverOne(channel: AppChannel, delivery: AppDelivery): Promise<DeliveryResult> {
  let status: number;
  let body: Buffer;
  try {
    ({ status, body } = await channel.invoke({ method: "POST", path: delivery.path, body: delivery.body, headers: deliveryHeaders(delivery), signal: delivery.signal }));
  } catch (error) {
    return { outcome: "retry", reason: (error as Error).message };
  }
  if (status === 404) return { outcome: "drop", reason: "the app answered 404" };
  if (status < 200 || status > 299) return { outcome: "retry", reason: `the app answered ${status}`, httpStatus: status };
  return statusOutcome(replyStatus(body));
}

function replyStatus(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    // A reply nested too deep counts as unparsable, like any other body that is not JSON.
    const parsed = parseJson(body);
    return typeof parsed === "object" && parsed !== null ? (parsed as { status?: unknown }).status : undefined;
  } catch {
    return undefined;
  }
}

/** Spec "Processing status": SUCCESS, RETRY, DROP; no status is SUCCESS; anything else is an error, retried. */
export function statusOutcome(status: unknown): DeliveryResult {
  if (status === undefined || status === null || status === "") return { outcome: "success", reason: "no status" };
  const value = typeof status === "string" ? status.toUpperCase() : status;
  if (value === "SUCCESS") return { outcome: "success", reason: "SUCCESS" };
  if (value === "DROP") return { outcome: "drop", reason: "the app answered DROP" };
  if (value === "RETRY") return { outcome: "retry", reason: "the app answered RETRY" };
  return { outcome: "retry", reason: `unknown processing status ${JSON.stringify(status)}` };
}

export interface BulkEntry {
  entryId: string;
  event: unknown;
  contentType: string;
  metadata: Record<string, string>;
}

/**
 * A bulk delivery (the body of docs/api.md) read per the spec's "Reply handling for bulk delivery": 2xx goes by
 * each entry's status (missing entries RETRY); 404 drops all; anything else retries all.
 */
export async function deliverBulk(
  channel: AppChannel,
  request: { path: string; pubsubName: string; topic: string; id: string; type: string; metadata: Record<string, string>; entries: BulkEntry[] },
): Promise<Map<string, DeliveryResult>> {
  const all = (result: DeliveryResult): Map<string, DeliveryResult> => new Map(request.entries.map((e) => [e.entryId, result]));
  const body = Buffer.from(JSON.stringify({ id: request.id, type: request.type, pubsubname: request.pubsubName, topic: request.topic, metadata: request.metadata, entries: request.entries }));
  let status: number;
  let reply: Buffer;
  try {
    ({ status, body: reply } = await channel.invoke({ method: "POST", path: request.path, body, headers: { "content-type": "application/json", pubsubname: request.pubsubName } }));
  } catch (error) {
    return all({ outcome: "retry", reason: (error as Error).message });
  }
  if (status === 404) return all({ outcome: "drop", reason: "the app answered 404" });
  if (status < 200 || status > 299) return all({ outcome: "retry", reason: `the app answered ${status}` });
  let statuses: unknown;
  try {
    const parsed = parseJson(reply);
    statuses = typeof parsed === "object" && parsed !== null ? (parsed as { statuses?: unknown }).statuses : undefined;
  } catch {
    return all({ outcome: "retry", reason: "the bulk reply is not JSON" });
  }
  const byId = new Map<string, unknown>();
  if (Array.isArray(statuses)) {
    for (const item of statuses as unknown[]) {
      if (typeof item === "object" && item !== null && typeof (item as { entryId?: unknown }).entryId === "string") {
        byId.set((item as { entryId: string }).entryId, (item as { status?: unknown }).status);
      }
    }
  }
  const results = new Map<string, DeliveryResult>();
  for (const entry of request.entries) {
    if (!byId.has(entry.entryId)) {
      results.set(entry.entryId, { outcome: "retry", reason: "entry missing from statuses" });
      continue;
    }
    const s = byId.get(entry.entryId);
    // In a bulk reply a status is required per entry: an empty one is not SUCCESS but an error.
    results.set(entry.entryId, s === undefined || s === null || s === "" ? { outcome: "retry", reason: "entry without status" } : statusOutcome(s));
  }
  return results;
}
