import { createHash } from "node:crypto";
import { parseDurationMs } from "../../../util/parse.js";
import type { ComponentMetadata } from "../../metadata.js";
import { maxDeliveryDelayOf } from "../metadata.js";

export type DeliverPolicyName = "all" | "last" | "new" | "sequence" | "time";
export type AckPolicyName = "explicit" | "all" | "none";

/** Typed settings of a `pubsub.jetstream` component (Dapr's metadata names, so Dapr manifests work unchanged). */
export interface JetStreamSettings {
  servers: string[];
  name: string;
  jwt?: string;
  seedKey?: string;
  token?: string;
  tlsClientCert?: string;
  tlsClientKey?: string;
  /** The stream every topic of this component lives in; empty: the stream that holds the subject, or one named after it. */
  streamName?: string;
  /** Replaces the consumerID as the base of the durable consumer's name. */
  durableName?: string;
  /** Accepted for Dapr manifests; pull consumers shared by name already make replicas compete. */
  queueGroupName?: string;
  deliverPolicy: DeliverPolicyName;
  startSequence?: number;
  /** Unix seconds, as Dapr. */
  startTime?: number;
  flowControl: boolean;
  ackWaitMs?: number;
  maxDeliver?: number;
  backOffMs: number[];
  maxAckPending?: number;
  replicas?: number;
  memoryStorage: boolean;
  /** The furthest ahead a delivery time may lie. */
  maxDeliveryDelayMs: number;
  /** Bits per second; pull consumers refuse the server-side limit, so the subscription paces itself. */
  rateLimitBps: number;
  /** Idle heartbeat of the pull requests (a push-consumer field in Dapr; here it detects a dead server sooner). */
  heartbeatMs?: number;
  ackPolicy: AckPolicyName;
  domain?: string;
  apiPrefix?: string;
  concurrency: "single" | "parallel";
  /** Ours: create a stream for a subject no stream holds (default true). */
  autoCreateStream: boolean;
  /** Ours: how long a rejected message waits before the server redelivers it, when backOff is not set. */
  nakDelayMs: number;
  /** Ours: messages a subscription fetches ahead, and handlers it runs at once when concurrency is parallel. */
  prefetch: number;
}

export const JETSTREAM_DEFAULTS = {
  name: "dapr.io - pubsub.jetstream",
  nakDelayMs: 1000,
  prefetch: 100,
  /** JetStream's own ack wait: the interval of in-progress acks for a handler still running. */
  serverAckWaitMs: 30_000,
} as const;

const DELIVER_POLICIES: Record<string, DeliverPolicyName> = { all: "all", "": "all", last: "last", new: "new", sequence: "sequence", time: "time", starttime: "time" };

/** Parses and checks the metadata; every error names the component and the field (MetadataError). */
export function parseJetStreamMetadata(metadata: ComponentMetadata): JetStreamSettings {
  const servers = metadata.list("natsURL");
  if (servers.length === 0) throw metadata.error("natsURL", "is required (e.g. nats://localhost:4222)");
  const jwt = metadata.string("jwt");
  const seedKey = metadata.string("seedKey");
  if (jwt !== undefined && seedKey === undefined) throw metadata.error("seedKey", "is required when jwt is set");
  if (seedKey !== undefined && jwt === undefined) throw metadata.error("jwt", "is required when seedKey is set");
  const tlsClientCert = metadata.string("tls_client_cert");
  const tlsClientKey = metadata.string("tls_client_key");
  if (tlsClientCert !== undefined && tlsClientKey === undefined) throw metadata.error("tls_client_key", "is required when tls_client_cert is set");
  if (tlsClientKey !== undefined && tlsClientCert === undefined) throw metadata.error("tls_client_cert", "is required when tls_client_key is set");

  const policyText = (metadata.string("deliverPolicy") ?? "all").trim();
  const deliverPolicy = DELIVER_POLICIES[policyText.toLowerCase()];
  if (deliverPolicy === undefined) throw metadata.error("deliverPolicy", `must be one of all, last, new, sequence, time; got ${JSON.stringify(policyText)}`);
  const startSequence = optionalInt(metadata, "startSequence", 1);
  const startTime = optionalInt(metadata, "startTime", 0);
  if (deliverPolicy === "sequence" && startSequence === undefined) throw metadata.error("startSequence", "is required when deliverPolicy is sequence");
  if (deliverPolicy === "time" && startTime === undefined) throw metadata.error("startTime", "is required when deliverPolicy is time");

  const ackText = (metadata.string("ackPolicy") ?? "explicit").trim().toLowerCase();
  if (ackText !== "explicit" && ackText !== "all" && ackText !== "none") throw metadata.error("ackPolicy", `must be one of explicit, all, none; got ${JSON.stringify(ackText)}`);
  const concurrency = (metadata.string("concurrency") ?? "single").trim().toLowerCase();
  if (concurrency !== "single" && concurrency !== "parallel") throw metadata.error("concurrency", `must be single or parallel; got ${JSON.stringify(concurrency)}`);

  const backOffMs = metadata.list("backOff").map((text) => {
    const ms = parseDurationMs(text);
    if (ms === undefined || ms <= 0) throw metadata.error("backOff", `must be a comma-separated list of durations such as 1s,5s; got ${JSON.stringify(text)}`);
    return ms;
  });
  const maxDeliver = optionalInt(metadata, "maxDeliver", -1);
  if (backOffMs.length > 0 && maxDeliver !== undefined && maxDeliver !== -1 && maxDeliver <= backOffMs.length) {
    throw metadata.error("maxDeliver", `must be greater than the number of backOff entries (${backOffMs.length})`);
  }
  const ackWaitMs = optionalDuration(metadata, "ackWait");
  if (ackWaitMs !== undefined && ackWaitMs < 1) throw metadata.error("ackWait", "must be at least 1ms");
  const streamName = metadata.string("streamName");
  if (streamName !== undefined && !validName(streamName)) throw metadata.error("streamName", `must not contain whitespace, '.', '*', '>', '/' or '\\'; got ${JSON.stringify(streamName)}`);

  return {
    servers,
    name: metadata.string("name") ?? JETSTREAM_DEFAULTS.name,
    jwt,
    seedKey,
    token: metadata.string("token"),
    tlsClientCert,
    tlsClientKey,
    streamName,
    durableName: metadata.string("durableName"),
    queueGroupName: metadata.string("queueGroupName"),
    deliverPolicy,
    startSequence,
    startTime,
    flowControl: metadata.bool("flowControl", false),
    ackWaitMs,
    maxDeliver,
    backOffMs,
    maxAckPending: optionalInt(metadata, "maxAckPending", 1),
    replicas: optionalInt(metadata, "replicas", 1),
    memoryStorage: metadata.bool("memoryStorage", false),
    maxDeliveryDelayMs: maxDeliveryDelayOf(metadata),
    rateLimitBps: metadata.int("rateLimit", 0, { min: 0 }),
    heartbeatMs: optionalDuration(metadata, "heartbeat"),
    ackPolicy: ackText,
    domain: metadata.string("domain"),
    apiPrefix: metadata.string("apiPrefix"),
    concurrency,
    autoCreateStream: metadata.bool("autoCreateStream", true),
    nakDelayMs: metadata.durationMs("nakDelay", JETSTREAM_DEFAULTS.nakDelayMs),
    prefetch: metadata.int("prefetch", JETSTREAM_DEFAULTS.prefetch, { min: 1, max: 10_000 }),
  };
}

function optionalInt(metadata: ComponentMetadata, name: string, min: number): number | undefined {
  if (metadata.string(name) === undefined) return undefined;
  return metadata.int(name, 0, { min });
}

function optionalDuration(metadata: ComponentMetadata, name: string): number | undefined {
  if (metadata.string(name) === undefined) return undefined;
  return metadata.durationMs(name, 0);
}

/** Stream and consumer names: no whitespace, '.', '*', '>' or path separators (they are subjects and file names on the server). */
export function validName(name: string): boolean {
  return name !== "" && !/[\s.*>/\\]/.test(name);
}

/**
 * A stream or consumer name from free text (topic, consumerID): unsafe characters become '_', and
 * when anything was replaced (or the name is long) a short hash of the original keeps two topics
 * such as `a.b` and `a_b` apart.
 */
export function safeName(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_-]/g, "_");
  if (cleaned === text && cleaned.length <= 64) return cleaned;
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 10);
  return `${cleaned.slice(0, 48)}_${hash}`;
}
