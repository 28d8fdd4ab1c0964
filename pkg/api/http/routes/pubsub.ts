import type { Request } from "express";
import { TRACEPARENT } from "../../../diagnostics/tracing.js";
import { NO_METADATA, type Universal } from "../../universal/index.js";
import { daprPubSubErrors } from "../../universal/dapr-errors.js";
import { isDaprComponent } from "../../universal/dialect.js";
import { bodyOf, queryMetadata, type Endpoint } from "../endpoint.js";
import { ApiError, Errors } from "../errors.js";
import { parseBulkBody, renderDaprBulkFailure, type BulkBodyDialect } from "./bulk-publish.js";

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
        const dapr = isDaprComponent(api.ctx, pubsubName);
        const metadata = queryMetadata(req);
        const dialect: BulkBodyDialect = dapr ? { kind: "dapr", errors: daprPubSubErrors(pubsubName, api.ctx.appId), topic } : { kind: "spec", bad: (problem) => Errors.pubsubEventsSer(topic, pubsubName, problem) };
        const entries = parseBulkBody(req, dialect);
        const { failedEntries } = await api.bulkPublishEvent({ pubsubName, topic, entries, metadata, traceparent: traceparentOf(req) });
        if (failedEntries.length > 0 && dapr) return renderDaprBulkFailure(res, pubsubName, topic, failedEntries);
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
        await api.publishEvent({ pubsubName, topic, data: bodyOf(req), contentType: req.headers["content-type"], metadata: queryMetadata(req, NO_METADATA), traceparent: traceparentOf(req), tracestate: tracestateOf(req) });
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
          throw api.topicEmpty(req.params.pubsubname as string, queryMetadata(req));
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
