import { expect } from "@jest/globals";
import type { InputEvent, InvokeRequest, InvokeResponse } from "../../../pkg/components/bindings/types.js";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { BROKERS } from "../../support/brokers.js";
import { PG_URL } from "../configuration/postgres-support.js";
import { startEchoServer } from "../../support/echo-server.js";
import { deleteRabbitMQ, RABBITMQ_URL } from "../../support/rabbitmq.js";
import { tempDir } from "../../support/tempdirs.js";
import type { ConformanceTarget } from "../context.js";

/** A request the binding must serve, and what its answer must show. */
export interface Sample {
  request: InvokeRequest;
  check?: (response: InvokeResponse) => void;
}

/** What a target needs around it for one case (a server, a folder, a table), and how to end it. */
export interface PreparedTarget {
  metadata: Record<string, string>;
  /** Output requests that succeed against what was prepared. */
  samples?: Sample[];
  /** Input: makes the source produce an event carrying `marker`. */
  trigger?: (marker: string) => Promise<void>;
  /** Input: whether `event` is the one `trigger(marker)` produced. */
  matches?: (event: InputEvent, marker: string) => boolean;
  dispose(): Promise<void>;
}

/**
 * A binding under the conformance suite. Adding a binding is adding a row here and a one-line test
 * file (`runBindingTarget("bindings.x")`); the suite creates it through the built-in registry.
 */
export interface BindingTarget extends ConformanceTarget {
  /** Exactly what operations() lists; empty for an input-only binding. */
  operations: string[];
  /** Whether it has an input side (read). */
  input: boolean;
  prepare(): Promise<PreparedTarget>;
  timeoutMs?: number;
}

const nothingToDispose = (): Promise<void> => Promise.resolve();

export const BINDING_TARGETS: readonly BindingTarget[] = [
  {
    type: "bindings.cron",
    operations: ["delete"],
    input: true,
    prepare: () =>
      Promise.resolve({
        metadata: { schedule: "@every 1s" },
        samples: [{ request: { operation: "delete", data: null, metadata: {} }, check: (r) => expect(r.metadata?.["schedule"]).toBe("@every 1s") }],
        // The schedule is the source: the next firing (within a second) is the event.
        trigger: nothingToDispose,
        matches: (event) => event.metadata["readTimeUTC"] !== undefined,
        dispose: nothingToDispose,
      }),
  },
  {
    type: "bindings.http",
    operations: ["create", "get", "head", "post", "put", "patch", "delete", "options", "trace"],
    input: false,
    prepare: async () => {
      const server = await startEchoServer();
      return {
        metadata: { url: `${server.url}/api`, responseTimeout: "5s", maxResponseBodySize: "1Mi", errorIfNot2XX: "true" },
        samples: [
          {
            request: { operation: "post", data: { order: 1 }, metadata: { path: "/orders" } },
            check: (r) => {
              expect(r.metadata?.["statusCode"]).toBe("200");
              expect(JSON.parse(String(r.data))).toEqual({ method: "POST", url: "/api/orders", body: '{"order":1}' });
            },
          },
        ],
        dispose: () => server.close(),
      };
    },
  },
  {
    type: "bindings.redis",
    broker: "redis",
    operations: ["create", "get", "delete", "increment"],
    input: false,
    prepare: () => {
      const key = `conf-binding-${randomUUID()}`;
      const check = (expected: string | undefined) => (r: InvokeResponse): void => expect(r.data === undefined ? undefined : String(r.data)).toBe(expected);
      const samples: Sample[] = [
          { request: { operation: "create", data: { n: 1 }, metadata: { key, ttlInSeconds: "60" } } },
          { request: { operation: "get", data: null, metadata: { key } }, check: check('{"n":1}') },
          { request: { operation: "delete", data: null, metadata: { key } } },
          { request: { operation: "get", data: null, metadata: { key } }, check: check(undefined) },
      ];
      return Promise.resolve({ metadata: { redisHost: `${BROKERS.redis.host}:${BROKERS.redis.port}`, redisDB: "0" }, samples, dispose: nothingToDispose });
    },
  },
  {
    type: "bindings.localstorage",
    operations: ["create", "get", "list", "delete"],
    input: false,
    prepare: () => {
      const root = tempDir("conf-localstorage-");
      const samples: Sample[] = [
        { request: { operation: "create", data: { n: 1 }, metadata: { fileName: "a/b.json" } }, check: (r) => expect(r.data).toEqual({ fileName: "a/b.json" }) },
        { request: { operation: "get", data: null, metadata: { fileName: "a/b.json" } }, check: (r) => expect(String(r.data)).toBe('{"n":1}') },
        { request: { operation: "list", data: null, metadata: {} }, check: (r) => expect(r.data).toEqual([`${root}/a/b.json`]) },
        { request: { operation: "delete", data: null, metadata: { fileName: "a/b.json" } } },
      ];
      return Promise.resolve({ metadata: { rootPath: root }, samples, dispose: nothingToDispose });
    },
  },
  {
    type: "bindings.postgresql",
    broker: "postgres",
    operations: ["exec", "query", "close"],
    input: false,
    prepare: async () => {
      const table = `conf_binding_${randomUUID().replaceAll("-", "")}`;
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`CREATE TABLE ${table} (id int PRIMARY KEY, name text)`);
      const samples: Sample[] = [
        { request: { operation: "exec", data: null, metadata: { sql: `INSERT INTO ${table} (id, name) VALUES ($1, $2)`, params: '[1, "one"]' } }, check: (r) => expect(r.metadata?.["rows-affected"]).toBe("1") },
        { request: { operation: "query", data: null, metadata: { sql: `SELECT id, name FROM ${table} WHERE id = $1`, params: "[1]" } }, check: (r) => expect(r.data).toEqual([[1, "one"]]) },
        { request: { operation: "close", data: null, metadata: {} } },
      ];
      return {
        metadata: { connectionString: PG_URL, timeout: "5s", maxConns: "2" },
        samples,
        dispose: async () => {
          await admin.query(`DROP TABLE IF EXISTS ${table}`);
          await admin.end();
        },
      };
    },
  },
  {
    type: "bindings.mqtt3",
    broker: "mqtt",
    operations: ["create"],
    input: true,
    prepare: async () => {
      const { default: mqtt } = await import("mqtt");
      const url = `tcp://${BROKERS.mqtt.host}:${BROKERS.mqtt.port}`;
      const topic = `conf/binding/${randomUUID()}`;
      const publisher = await mqtt.connectAsync(url.replace("tcp:", "mqtt:"), { reconnectPeriod: 0 });
      return {
        // A clean session: nothing is left on the shared broker after the case.
        metadata: { url, topic, consumerID: `conf-${randomUUID()}`, cleanSession: "true", redeliverInterval: "100ms" },
        samples: [{ request: { operation: "create", data: { n: 1 }, metadata: {} } }],
        trigger: async (marker) => {
          await publisher.publishAsync(topic, marker, { qos: 1 });
        },
        matches: (event, marker) => event.data.toString() === marker && event.metadata["topic"] === topic,
        dispose: () => publisher.endAsync(),
      };
    },
  },
  {
    type: "bindings.rabbitmq",
    broker: "rabbitmq",
    operations: ["create"],
    input: true,
    prepare: async () => {
      const { connect } = await import("amqplib");
      const queueName = `conf-binding-${randomUUID()}`;
      const model = await connect(RABBITMQ_URL);
      const channel = await model.createChannel();
      return {
        metadata: { host: RABBITMQ_URL, queueName, durable: "false", prefetchCount: "10", reconnectWaitInSeconds: "200ms" },
        samples: [{ request: { operation: "create", data: { n: 1 }, metadata: {} } }],
        trigger: (marker) => {
          channel.sendToQueue(queueName, Buffer.from(marker));
          return Promise.resolve();
        },
        matches: (event, marker) => event.data.toString() === marker,
        dispose: async () => {
          await model.close();
          await deleteRabbitMQ({ queues: [queueName] });
        },
      };
    },
  },
];
