/**
 * The subscription replies of a test app. Discovery runs once per sidecar start, so a case
 * per process would take a second each; instead the sidecar's own discovery (its AppChannel, the
 * declaration parser and the CEL route compiler) asks a real test app over HTTP, which answers each
 * case with a reply of any status, type and shape. Every reply ends in a list of valid subscriptions
 * or a logged refusal, within the bound: never a throw, never a hang.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { createLogger } from "../../pkg/diagnostics/logger.js";
import { HttpAppChannel } from "../../pkg/runtime/appchannel/http.js";
import { discoverSubscriptions } from "../../pkg/runtime/pubsub/discovery.js";
import { Router } from "../../pkg/runtime/pubsub/router.js";
import { SubscriptionError } from "../../pkg/runtime/pubsub/subscription.js";
import { ANSWER_WITHIN_MS, anyJsonText, deepJson, fuzz, fuzzTimeoutMs, hostileBody, printSummary } from "../support/fuzz.js";
import { startTestApp, type Reply, type TestApp } from "../support/testapp.js";

let app: TestApp;
let channel: HttpAppChannel;
let reply: { runtime: Reply; dapr: Reply } = { runtime: { status: 404 }, dapr: { status: 404 } };
const logger = createLogger({ appId: "fuzz", level: "error", json: true, stream: new Writable({ write: (_chunk, _enc, done) => done() }) });

beforeAll(async () => {
  app = await startTestApp();
  app.respond("/runtime/subscribe", () => reply.runtime);
  app.respond("/dapr/subscribe", () => reply.dapr);
  channel = new HttpAppChannel({ address: "127.0.0.1", port: app.port, timeoutMs: 5000, maxReplyBytes: 4 * 1024 * 1024, discoveryMaxDelayMs: 10 });
});

afterAll(async () => {
  printSummary("discovery");
  await app?.close();
});

const text = fc.oneof(fc.constantFrom("pubsub", "orders", "", "/orders", "__proto__", "a/b", "event.type == 'x'", "true", "((((", "1 +", "size(event.data) > 0"), fc.string({ maxLength: 10 }), fc.integer({ min: 1, max: 3000 }).map((n) => "(".repeat(n) + "true" + ")".repeat(n)));
const declaration = fc
  .record(
    {
      pubsubname: text,
      topic: text,
      route: text,
      routes: fc.record({ rules: fc.array(fc.record({ match: text, path: text }), { maxLength: 3 }), default: text }, { requiredKeys: [] }),
      metadata: fc.dictionary(fc.constantFrom("rawPayload", "maxRetries", "retryInitialInterval", "__proto__", "maxConcurrency"), fc.oneof(text, fc.integer().map(String)), { maxKeys: 3 }),
      deadLetterTopic: text,
      bulkSubscribe: fc.record({ enabled: fc.oneof(fc.boolean(), text), maxMessagesCount: fc.oneof(fc.integer({ min: -5, max: 10_000 }), text), maxAwaitDurationMs: fc.oneof(fc.integer({ min: -5, max: 100_000 }), text) }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  )
  .map((d) => JSON.stringify(d));
const body = fc.oneof(
  fc.array(fc.oneof({ weight: 4, arbitrary: declaration }, { weight: 1, arbitrary: anyJsonText }), { maxLength: 4 }).map((items) => Buffer.from(`[${items.join(",")}]`)),
  deepJson.map((t) => Buffer.from(t)),
  hostileBody,
);
/** Mostly statuses that settle discovery; a 5xx makes the sidecar ask again with backoff, which the case stops. */
const status = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(200, 201, 204, 299, 404) }, { weight: 1, arbitrary: fc.constantFrom(500, 302, 400) });

describe("fuzzing subscription discovery against a test app", () => {
  it(
    "any reply to GET /runtime/subscribe and /dapr/subscribe",
    async () => {
      let discovered = 0;
      await fuzz("subscription replies (test app)", [status, body, status, body], async (runtimeStatus, runtimeBody, daprStatus, daprBody) => {
        reply = { runtime: { status: runtimeStatus, body: runtimeBody }, dapr: { status: daprStatus, body: daprBody } };
        // A 5xx may make the sidecar ask again later (the app is starting): such a case is stopped after the
        // first backoff. Without one, discovery must settle well within the bound.
        const retries = runtimeStatus >= 500 || daprStatus >= 500;
        const stop = AbortSignal.timeout(retries ? 50 : ANSWER_WITHIN_MS);
        let subscriptions;
        try {
          subscriptions = await discoverSubscriptions(channel, logger, stop);
        } catch (error) {
          if (retries && stop.aborted) return;
          throw new Error(`discovery did not settle: ${(error as Error).message}`);
        }
        for (const subscription of subscriptions) {
          if (typeof subscription.pubsubName !== "string" || typeof subscription.topic !== "string") throw new Error(`a subscription without names: ${JSON.stringify(subscription).slice(0, 200)}`);
          try {
            await Router.compile(subscription);
          } catch (error) {
            if (!(error instanceof SubscriptionError)) throw error;
          }
        }
        discovered += subscriptions.length;
      });
      expect(discovered).toBeGreaterThan(0);
    },
    fuzzTimeoutMs(),
  );
});
