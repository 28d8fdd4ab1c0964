import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import mqtt, { type MqttClient } from "mqtt";
import { Mqtt3Binding } from "../../../pkg/components/bindings/mqtt3/mqtt3.js";
import { BindingRequestError, type InputEvent } from "../../../pkg/components/bindings/types.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { PrivateMosquitto } from "../../integration/pubsub-mqtt-server.js";
import { brokerAvailable, BROKERS, spawnListening } from "../../support/brokers.js";
import { makeMutualTls, type MutualTls } from "../../support/echo-server.js";
import { freePort, waitFor } from "../../support/ports.js";
import { testContext } from "../context.js";

const available = await brokerAvailable("mqtt");
const SHARED = `tcp://${BROKERS.mqtt.host}:${BROKERS.mqtt.port}`;

interface Reader {
  binding: Mqtt3Binding;
  events: InputEvent[];
  controller: AbortController;
}

const opened: Mqtt3Binding[] = [];
const controllers: AbortController[] = [];

async function open(metadata: Record<string, string>): Promise<Mqtt3Binding> {
  const binding = new Mqtt3Binding(testContext("bindings.mqtt3"));
  opened.push(binding);
  await binding.init(ComponentMetadata.of("mq", "bindings.mqtt3", metadata));
  return binding;
}

async function reading(metadata: Record<string, string>, take: (e: InputEvent) => Promise<void> = () => Promise.resolve()): Promise<Reader> {
  const binding = await open(metadata);
  const events: InputEvent[] = [];
  const controller = new AbortController();
  controllers.push(controller);
  await binding.read(async (e) => {
    events.push(e);
    await take(e);
  }, controller.signal);
  return { binding, events, controller };
}

afterEach(async () => {
  for (const c of controllers.splice(0)) c.abort();
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

(available ? describe : describe.skip)("bindings.mqtt3 on the shared Mosquitto", () => {
  let watcher: MqttClient;
  const seen: { topic: string; payload: string; retain: boolean }[] = [];
  const base = `binding/mqtt3/${randomUUID()}`;
  beforeAll(async () => {
    watcher = await mqtt.connectAsync(SHARED.replace("tcp:", "mqtt:"), { reconnectPeriod: 0 });
    watcher.on("message", (topic, payload, packet) => seen.push({ topic, payload: payload.toString(), retain: packet.retain }));
    await watcher.subscribeAsync(`${base}/#`, { qos: 1 });
  });
  afterAll(async () => {
    // Clears the retained message the retain case left.
    await watcher.publishAsync(`${base}/retained`, "", { qos: 1, retain: true });
    await watcher.endAsync();
  });

  it("create publishes the data to the component's topic, or to the request's metadata.topic", async () => {
    const binding = await open({ url: SHARED, topic: `${base}/a`, consumerID: `c-${randomUUID()}` });
    await binding.invoke({ operation: "create", data: { n: 1 }, metadata: {} });
    await binding.invoke({ operation: "create", data: Buffer.from("raw"), metadata: { topic: `${base}/b` } });
    await waitFor(() => seen.length >= 2, { what: "both publishes" });
    expect(seen.filter((s) => s.topic !== `${base}/retained`)).toEqual([
      { topic: `${base}/a`, payload: '{"n":1}', retain: false },
      { topic: `${base}/b`, payload: "raw", retain: false },
    ]);
  });

  it("retain: true publishes retained messages", async () => {
    const binding = await open({ url: SHARED, topic: `${base}/retained`, consumerID: `c-${randomUUID()}`, retain: "true" });
    await binding.invoke({ operation: "create", data: "kept", metadata: {} });
    const late = await mqtt.connectAsync(SHARED.replace("tcp:", "mqtt:"), { reconnectPeriod: 0 });
    try {
      const got = new Promise<string>((resolve) => late.on("message", (_t, payload, packet) => packet.retain && resolve(payload.toString())));
      await late.subscribeAsync(`${base}/retained`, { qos: 1 });
      expect(await got).toBe('"kept"');
    } finally {
      await late.endAsync();
    }
  });

  it("a request topic with wildcards is a bad request", async () => {
    const binding = await open({ url: SHARED, topic: `${base}/a`, consumerID: `c-${randomUUID()}` });
    await expect(binding.invoke({ operation: "create", data: 1, metadata: { topic: "a/#" } })).rejects.toBeInstanceOf(BindingRequestError);
  });

  it("an event the app did not take is handed over again after redeliverInterval, in order before the next", async () => {
    const topic = `${base}/retry`;
    let failures = 2;
    const { events } = await reading({ url: SHARED, topic, consumerID: `c-${randomUUID()}`, cleanSession: "true", redeliverInterval: "50ms" }, (e) => {
      if (e.data.toString() === "first" && failures-- > 0) return Promise.reject(new Error("app answered 500"));
      return Promise.resolve();
    });
    await watcher.publishAsync(topic, "first", { qos: 1 });
    await watcher.publishAsync(topic, "second", { qos: 1 });
    await waitFor(() => events.length >= 4, { what: "three attempts at the first, then the second" });
    expect(events.map((e) => e.data.toString())).toEqual(["first", "first", "first", "second"]);
    expect(events[0]!.metadata).toEqual({ topic });
  });
});

(available ? describe : describe.skip)("bindings.mqtt3 input is at-least-once on a private Mosquitto", () => {
  let broker: PrivateMosquitto;
  let publisher: MqttClient;
  beforeAll(async () => {
    broker = await PrivateMosquitto.start();
    publisher = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, { clientId: `pub-${randomUUID()}`, clean: false, reconnectPeriod: 100 });
    await new Promise((resolve) => publisher.once("connect", resolve));
  });
  afterAll(async () => {
    publisher.end(true);
    await broker.remove();
  });

  it("a message is acknowledged only after the app took it: one left unacknowledged comes again to the next reader of the session", async () => {
    const topic = `drill/${randomUUID()}`;
    const metadata = { url: broker.url, topic, consumerID: `c-${randomUUID()}`, cleanSession: "false", backOffMaxRetries: "0" };
    const first = await reading(metadata, () => Promise.reject(new Error("app answered 503")));
    await publisher.publishAsync(topic, "once", { qos: 1 });
    await waitFor(() => first.events.length === 1, { what: "the first attempt" });
    first.controller.abort();
    await first.binding.close();
    const second = await reading(metadata);
    await waitFor(() => second.events.some((e) => e.data.toString() === "once"), { what: "the message again, for the next reader" });
  });

  it("nothing is lost across a broker restart; the binding reports itself down meanwhile", async () => {
    const topic = `drill/${randomUUID()}`;
    const { binding, events } = await reading({ url: broker.url, topic, consumerID: `c-${randomUUID()}`, cleanSession: "false" });
    const sent = Array.from({ length: 20 }, (_, i) => `m-${i}`);
    for (const body of sent.slice(0, 10)) await publisher.publishAsync(topic, body, { qos: 1 });
    await broker.stop();
    await waitFor(() => !binding.healthy(), { what: "the binding to see the broker gone" });
    await broker.restart();
    for (const body of sent.slice(10)) await publisher.publishAsync(topic, body, { qos: 1 });
    await waitFor(() => sent.every((s) => events.some((e) => e.data.toString() === s)), { timeoutMs: 15_000, what: "all 20 messages" });
    expect(binding.healthy()).toBe(true);
  });
});

describe("bindings.mqtt3 metadata errors name the field", () => {
  it.each([
    [{ topic: "t", consumerID: "c" }, "url"],
    [{ url: "http://127.0.0.1:1883", topic: "t", consumerID: "c" }, "url"],
    [{ url: SHARED, consumerID: "c" }, "topic"],
    [{ url: SHARED, topic: "a/+/b", consumerID: "c" }, "topic"],
    [{ url: SHARED, topic: "t" }, "consumerID"],
    [{ url: SHARED, topic: "t", consumerID: "c", caCert: "/etc/ca.pem" }, "caCert"],
    [{ url: SHARED, topic: "t", consumerID: "c", clientCert: "-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----" }, "clientKey"],
    [{ url: SHARED, topic: "t", consumerID: "c", redeliverInterval: "0s" }, "redeliverInterval"],
    [{ url: SHARED, topic: "t", consumerID: "c", backOffMaxRetries: "-2" }, "backOffMaxRetries"],
    [{ url: SHARED, topic: "t", consumerID: "c", retain: "sometimes" }, "retain"],
  ])("%j fails init naming %s", async (metadata, field) => {
    await expect(open(metadata as Record<string, string>)).rejects.toThrow(`metadata field "${field}"`);
  });
});

(available ? describe : describe.skip)("bindings.mqtt3 over mutual TLS", () => {
  let tls: MutualTls;
  let broker: { child: ChildProcess; exited: Promise<void> };
  let port: number;
  beforeAll(async () => {
    tls = makeMutualTls();
    // Mosquitto started as root reads its files as its own user.
    chmodSync(tls.dir, 0o755);
    for (const file of readdirSync(tls.dir)) chmodSync(path.join(tls.dir, file), 0o644);
    writeFileSync(path.join(tls.dir, "server.key"), tls.key, { mode: 0o644 });
    writeFileSync(path.join(tls.dir, "server.crt"), tls.cert, { mode: 0o644 });
    port = await freePort();
    const conf = path.join(tls.dir, "mosquitto.conf");
    writeFileSync(conf, [`listener ${port} 127.0.0.1`, "allow_anonymous true", `cafile ${tls.caFile}`, `certfile ${path.join(tls.dir, "server.crt")}`, `keyfile ${path.join(tls.dir, "server.key")}`, "require_certificate true", "log_dest none", ""].join("\n"));
    broker = await spawnListening("mosquitto", ["-c", conf], port);
  });
  afterAll(async () => {
    broker?.child.kill("SIGKILL");
    await broker?.exited;
  });

  it("connects with caCert, clientCert and clientKey as PEM, publishing and receiving; without the client certificate it cannot", async () => {
    const pems = { caCert: tls.caPem, clientCert: readFileSync(tls.clientCert, "utf8"), clientKey: readFileSync(tls.clientKey, "utf8") };
    const topic = `tls/${randomUUID()}`;
    const { binding, events } = await reading({ url: `ssl://127.0.0.1:${port}`, topic, consumerID: `c-${randomUUID()}`, cleanSession: "true", ...pems });
    await binding.invoke({ operation: "create", data: "over tls", metadata: {} });
    await waitFor(() => events.some((e) => e.data.toString() === '"over tls"'), { what: "the message over TLS" });
    const withoutCert = await open({ url: `mqtts://127.0.0.1:${port}`, topic, consumerID: `c-${randomUUID()}`, caCert: tls.caPem, connectTimeout: "2s" });
    await expect(withoutCert.read(() => Promise.resolve(), new AbortController().signal)).rejects.toThrow("cannot connect to MQTT broker");
  });
});
