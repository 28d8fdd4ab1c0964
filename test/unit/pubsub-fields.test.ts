import { describe, expect, it } from "@jest/globals";
import { builtinRegistries } from "../../pkg/components/builtins.js";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import { InMemoryPubSub } from "../../pkg/components/pubsub/inmemory/inmemory.js";
import { parseJetStreamMetadata } from "../../pkg/components/pubsub/jetstream/metadata.js";
import { parseMqttMetadata } from "../../pkg/components/pubsub/mqtt/metadata.js";
import { parseRabbitMQMetadata } from "../../pkg/components/pubsub/rabbitmq/metadata.js";
import { parseRedisMetadata } from "../../pkg/components/pubsub/redis/metadata.js";
import { parseBackOffFields } from "../../pkg/util/backoff.js";

/** Metadata whose every read is noted (each typed getter looks its name up once). */
function recording(type: string, values: Record<string, string>): { metadata: ComponentMetadata; read: Set<string> } {
  const metadata = ComponentMetadata.of("ps", type, values);
  const read = new Set<string>();
  const target = metadata as unknown as { lookup(name: string, aliases: readonly string[]): unknown };
  const lookup = target.lookup.bind(metadata);
  target.lookup = (name, aliases) => {
    read.add(name);
    return lookup(name, aliases);
  };
  return { metadata, read };
}

/** Each parser with metadata that takes its conditional branches, so it reads every field it can. */
const PARSERS: Record<string, { values: Record<string, string>; parse(metadata: ComponentMetadata): unknown }> = {
  "pubsub.in-memory": { values: {}, parse: (m) => new InMemoryPubSub().init(m) },
  "pubsub.redis": { values: { redisHost: "localhost:6379", redisMaxRetries: "3", redisMinRetryInterval: "1s", redisMaxRetryInterval: "2s", dialTimeout: "1s", readTimeout: "1s", writeTimeout: "1s" }, parse: (m) => parseRedisMetadata(m, "app") },
  "pubsub.rabbitmq": { values: { hostname: "localhost" }, parse: (m) => parseRabbitMQMetadata(m, "app") },
  "pubsub.mqtt3": { values: { url: "tcp://localhost:1883", backOffPolicy: "exponential" }, parse: (m) => [parseMqttMetadata(m, { appId: "app", env: {} }), parseBackOffFields(m)] },
  "pubsub.jetstream": { values: { natsURL: "nats://localhost:4222", deliverPolicy: "sequence", startSequence: "1", backOff: "1s", maxDeliver: "5" }, parse: (m) => parseJetStreamMetadata(m) },
};

describe("each pub/sub component's metadata list (fields.ts)", () => {
  const registry = builtinRegistries().pubsub;
  it.each(Object.entries(PARSERS))("%s lists every field its parser reads", async (type, { values, parse }) => {
    const fields = registry.metadataOf(type);
    if (!fields) throw new Error(`${type} registers no metadata list`);
    const { metadata, read } = recording(type, values);
    await parse(metadata);
    const listed = new Set(fields.map((f) => f.name));
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((name) => !listed.has(name))).toEqual([]);
  });
});
