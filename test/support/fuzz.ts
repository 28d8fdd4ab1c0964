/**
 * Property-based fuzzing of the built processes over HTTP: hostile requests as fast-check
 * arbitraries, a raw HTTP client that sends them as they are, the checks every answer must pass,
 * and a runner that prints per endpoint the number of cases, the seed and any shrunk counterexample.
 *
 * `make test` runs FUZZ_RUNS (default 150) cases per endpoint; `make fuzz` sets FUZZ_RUNS=10000.
 * FUZZ_SEED replays a run.
 */
import http from "node:http";
import https from "node:https";
import fc from "fast-check";

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? "") > 0 ? Number(process.env.FUZZ_RUNS) : 150;
const FUZZ_SEED = process.env.FUZZ_SEED !== undefined && process.env.FUZZ_SEED !== "" ? Number(process.env.FUZZ_SEED) : undefined;
/** Every request answers within this bound, or the case fails as a hang (generous: the machine is shared). */
export const ANSWER_WITHIN_MS = 10_000;
/** Jest's timeout for one endpoint's property: the cases at a pessimistic pace. */
export const fuzzTimeoutMs = (perCaseMs = 60): number => 60_000 + FUZZ_RUNS * perCaseMs;

// ---------------------------------------------------------------------------------------------------
// Arbitraries

const DEEP_LEAVES = ["1", '"x"', "null", "[]", "{}", "1e400", "-0", "123456789012345678901234567890"];

/** JSON text nested `depth` levels of arrays, objects or both; mostly shallow, sometimes far beyond any bound. */
export const deepJson: fc.Arbitrary<string> = fc
  .record({
    depth: fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 140 }) }, { weight: 1, arbitrary: fc.integer({ min: 140, max: 100_000 }) }),
    kind: fc.constantFrom("array", "object", "mixed"),
    leaf: fc.constantFrom(...DEEP_LEAVES),
  })
  .map(({ depth, kind, leaf }) => {
    if (kind === "array") return "[".repeat(depth) + leaf + "]".repeat(depth);
    if (kind === "object") return '{"a":'.repeat(depth) + leaf + "}".repeat(depth);
    const open: string[] = [];
    const close: string[] = [];
    for (let i = 0; i < depth; i++) {
      open.push(i % 2 === 0 ? '{"__proto__":' : "[");
      close.push(i % 2 === 0 ? "}" : "]");
    }
    return open.join("") + leaf + close.reverse().join("");
  });

const HOSTILE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "then", "status", "entryId", "specversion", "id", "data", "metadata", "operation"];
const HUGE_NUMBERS = ["1e400", "-1e400", "1e-400", "123456789012345678901234567890", "-0", "9007199254740993", "0.1e99999", "1E+308"];

/** JSON text of any shape: fast-check's JSON, with hostile keys and numbers JSON.stringify would never write. */
export const anyJsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v) ?? "null"),
    fc.constantFrom(...HUGE_NUMBERS),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 })), tie("value")), { maxLength: 4 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
  ),
})).value;

/** Bytes that are not UTF-8 (lone continuation bytes, overlongs, surrogates), alone or inside a JSON string. */
export const invalidUtf8: fc.Arbitrary<Buffer> = fc
  .tuple(fc.constantFrom([0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]), fc.boolean())
  .map(([bytes, wrapped]) => (wrapped ? Buffer.concat([Buffer.from('{"data":"'), Buffer.from(bytes), Buffer.from('"}')]) : Buffer.from(bytes)));

/** Any body: JSON of any shape or depth, broken JSON, random bytes, invalid UTF-8, nothing. */
export const hostileBody: fc.Arbitrary<Buffer> = fc.oneof(
  anyJsonText.map((t) => Buffer.from(t)),
  deepJson.map((t) => Buffer.from(t)),
  anyJsonText.map((t) => Buffer.from(t.slice(0, Math.max(0, t.length - 1)))),
  invalidUtf8,
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  fc.string({ unit: "grapheme", maxLength: 32 }).map((s) => Buffer.from(s)),
  fc.constant(Buffer.alloc(0)),
);

export const hostileContentType: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constantFrom(
    undefined,
    "application/json",
    "application/cloudevents+json",
    "application/cloudevents-batch+json",
    "text/plain",
    "application/octet-stream",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-16",
    "APPLICATION/JSON",
    "application/json;;;",
    "",
    "*/*",
    "application/xml",
    "text/html; charset=\"x\"",
  ),
  headerValue(),
);

const STANDARD_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"];
export const hostileMethod: fc.Arbitrary<string> = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...STANDARD_METHODS) }, { weight: 1, arbitrary: fc.constantFrom("PROPFIND", "TRACE", "CONNECT", "M-SEARCH", "PURGE", "FOO") });

/** Header values as far as Node's client lets them through (tab, visible ASCII, latin-1 high bytes); CR/LF injection is the server's parser's business. */
function headerValue(): fc.Arbitrary<string> {
  return fc.string({ unit: fc.oneof(fc.constant(0x09), fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })).map((c) => String.fromCharCode(c)), maxLength: 40 });
}

const FRAMING_HEADERS = new Set(["content-length", "transfer-encoding", "host", "connection", "expect", "upgrade", "content-type", "keep-alive", "te", "trailer"]);
const INTERESTING_HEADERS = ["traceparent", "tracestate", "runtime-api-token", "dapr-api-token", "authorization", "webhook-request-origin", "x-forwarded-for", "x-forwarded-host", "cookie", "accept", "content-encoding", "accept-encoding", "origin", "pubsubname", "metadata.ttlinseconds", "x-http-method-override"];

/** Request headers: well-known ones with hostile values, and arbitrary names; never the framing ones. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...INTERESTING_HEADERS), fc.stringMatching(/^[a-z0-9!#$%&'*+.^_`|~-]{1,16}$/)), headerValue()), { maxLength: 5 })
  .map((pairs) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of pairs) {
      if (FRAMING_HEADERS.has(name)) continue;
      // gzip/deflate with bytes that are not compressed are a fine test; an unknown coding too.
      headers[name] = value;
    }
    return headers;
  });

/** A path segment: plain, percent-encoded oddities, dot segments, encoded NUL and slashes, unicode. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/),
  fc.constantFrom("..", ".", "%2e%2e", "%2E", "%00", "%2f", "%5c", "%", "%zz", "%c0%af", "%ff", "__proto__", "constructor", "bulk", "", "%20", "~", "%0d%0a"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }).map((s) => encodeURIComponent(s)),
);

export const hostileQuery: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom("metadata.rawPayload", "metadata.ttlInSeconds", "metadata.maxBulkPubBytes", "key", "metadata.__proto__", "__proto__", "metadata.contentType"), hostileSegment), hostileSegment), { maxLength: 4 })
  .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`));

// ---------------------------------------------------------------------------------------------------
// Sending

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface FuzzReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Target {
  port: number;
  /** HTTPS with this CA (the injector). */
  ca?: Buffer;
}

/**
 * Requests Node's own HTTP parser refuses before any handler runs (methods llhttp does not know, TRACE
 * with a body, CONNECT without a tunnel): the connection is closed at once, which is an answer too.
 */
const PARSER_REFUSED = new Set(["TRACE", "CONNECT", "FOO"]);

/**
 * Sends exactly the given request on a fresh connection (a reused one could be closed under it by
 * the previous case); rejects when no complete answer arrives within ANSWER_WITHIN_MS. A request
 * Node's parser refuses answers status 0 when the connection closes.
 */
export function send(target: Target, request: FuzzRequest): Promise<FuzzReply> {
  return new Promise((resolve, reject) => {
    // Framed by Content-Length whatever the method: Node's client sends a GET, DELETE or OPTIONS body
    // unframed, which the server rightly reads as a malformed next request.
    const headers = request.body === undefined ? request.headers : { ...request.headers, "content-length": String(request.body.length) };
    const options: https.RequestOptions = { host: "127.0.0.1", port: target.port, method: request.method, path: request.path, headers, timeout: ANSWER_WITHIN_MS, agent: false };
    const client = target.ca ? https.request({ ...options, ca: target.ca, servername: "localhost" }) : http.request(options);
    const timer = setTimeout(() => client.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS}ms`)), ANSWER_WITHIN_MS);
    client.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    client.on("timeout", () => client.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS}ms`)));
    client.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const closed = error.code === "ECONNRESET" || error.code === "EPIPE" || error.message === "socket hang up";
      if (closed && PARSER_REFUSED.has(request.method)) resolve({ status: 0, headers: {}, body: Buffer.alloc(0) });
      else reject(error);
    });
    client.end(request.body);
  });
}

/** With a body, the Content-Type (when given) goes with it. */
export function withBody(method: string, path: string, headers: Record<string, string>, contentType: string | undefined, body: Buffer): FuzzRequest {
  return { method, path, headers: contentType === undefined ? headers : { ...headers, "content-type": contentType }, body: method === "GET" || method === "HEAD" ? undefined : body };
}

// ---------------------------------------------------------------------------------------------------
// What every answer must satisfy

export interface AnswerRules {
  /** errorCodes a 5xx may carry: documented component failures of this endpoint (ERR_INTERNAL never is). */
  allowed5xx?: string[];
  /** The `{errorCode, message}` body on every API error (false for the webhook and the injector, which have their own shapes). */
  catalogueErrors?: boolean;
  /** Response headers that may carry request content, each with the pattern it was validated against. */
  echoAllowed?: Record<string, RegExp>;
}

/** Headers the servers write from their own values, with the shape those values have. */
const SERVER_WRITTEN: Record<string, RegExp> = {
  "content-type": /^(application\/json|text\/plain|application\/octet-stream|text\/html)(; charset=utf-8)?$/,
  "content-length": /^\d+$/,
  connection: /^(keep-alive|close)$/,
  allow: /^[A-Z, ]+$/,
};

/** Throws (failing the case) when an answer breaks a hardening rule (ARCHITECTURE.md "Hardening"). */
export function checkAnswer(request: FuzzRequest, reply: FuzzReply, rules: AnswerRules = {}): void {
  const text = reply.body.toString("utf8");
  const where = `${request.method} ${request.path} -> ${reply.status} ${text.slice(0, 300)}`;
  if (reply.status >= 500) {
    let code: unknown;
    try {
      code = (JSON.parse(text) as { errorCode?: unknown }).errorCode;
    } catch {
      code = undefined;
    }
    if (typeof code !== "string" || !(rules.allowed5xx ?? []).includes(code)) throw new Error(`undocumented 5xx: ${where}`);
  }
  if (rules.catalogueErrors && reply.status >= 400 && request.method !== "HEAD" && reply.body.length > 0) {
    let body: { errorCode?: unknown; message?: unknown } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    if (typeof body?.errorCode !== "string" || typeof body.message !== "string") throw new Error(`an error without {errorCode, message}: ${where}`);
  }
  // Never a header echoed unvalidated: no request header value (of some length) reappears in a response
  // header, unless that header's value has a shape the server itself vouches for.
  const echoAllowed = { ...SERVER_WRITTEN, ...rules.echoAllowed };
  for (const [name, value] of Object.entries(reply.headers)) {
    const values = Array.isArray(value) ? value : [String(value ?? "")];
    for (const sent of Object.values(request.headers)) {
      if (sent.trim().length < 6) continue;
      for (const v of values) {
        if (!v.includes(sent.trim())) continue;
        const pattern = echoAllowed[name.toLowerCase()];
        if (!pattern || !pattern.test(v)) throw new Error(`request header value ${JSON.stringify(sent)} echoed in response header ${name}: ${where}`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Running and reporting

export interface FuzzResult {
  endpoint: string;
  runs: number;
  seed: number;
  seconds: number;
  outcome: string;
}

export const results: FuzzResult[] = [];

/** Runs `property` FUZZ_RUNS times; throws fast-check's report (seed, path, shrunk counterexample) on failure. */
export async function fuzz<Ts extends [unknown, ...unknown[]]>(endpoint: string, arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }, predicate: (...args: Ts) => Promise<void>): Promise<void> {
  const started = Date.now();
  const property = fc.asyncProperty(...arbitraries, predicate);
  const details = await fc.check(property, { numRuns: FUZZ_RUNS, ...(FUZZ_SEED !== undefined ? { seed: FUZZ_SEED } : {}) });
  const seconds = (Date.now() - started) / 1000;
  const outcome = details.failed ? `FAILED (counterexample below)` : "ok";
  results.push({ endpoint, runs: details.numRuns, seed: details.seed, seconds, outcome });
  process.stdout.write(`fuzz ${endpoint}: ${details.numRuns} cases, seed ${details.seed}, ${seconds.toFixed(1)}s, ${outcome}\n`);
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    // A counterexample can be a megabyte of brackets: the report keeps its start and says how long it was.
    const full = fc.defaultReportMessage(details) ?? "failed";
    const shown = full.length > 4000 ? `${full.slice(0, 4000)}... (${full.length} characters in all; replay with FUZZ_SEED=${details.seed})` : full;
    const report = `${shown}\nFailure: ${cause.slice(0, 2000)}`;
    process.stdout.write(`${report}\n`);
    throw new Error(report);
  }
}

/** The summary table, printed once per file. */
export function printSummary(file: string): void {
  if (results.length === 0) return;
  const total = results.reduce((n, r) => n + r.runs, 0);
  const lines = results.map((r) => `  ${r.endpoint.padEnd(34)} ${String(r.runs).padStart(6)} cases  seed ${String(r.seed).padStart(11)}  ${r.seconds.toFixed(1).padStart(6)}s  ${r.outcome}`);
  process.stdout.write(`\nfuzz summary (${file}): ${total} cases\n${lines.join("\n")}\n`);
}
