import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { HttpBinding } from "../../../pkg/components/bindings/http/http.js";
import { BindingRequestError } from "../../../pkg/components/bindings/types.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { makeMutualTls, startEchoServer, type EchoServer, type MutualTls } from "../../support/echo-server.js";
import { testContext } from "../context.js";

let server: EchoServer;
const opened: HttpBinding[] = [];

async function open(metadata: Record<string, string>): Promise<HttpBinding> {
  const binding = new HttpBinding(testContext("bindings.http"));
  opened.push(binding);
  await binding.init(ComponentMetadata.of("web", "bindings.http", metadata));
  return binding;
}

beforeAll(async () => {
  server = await startEchoServer();
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
  server.requests.length = 0;
  server.reply((r) => ({ body: JSON.stringify({ method: r.method, url: r.url, body: r.body.toString() }), headers: { "content-type": "application/json" } }));
});

describe("bindings.http operations", () => {
  it.each([
    ["create", "POST", true],
    ["post", "POST", true],
    ["put", "PUT", true],
    ["patch", "PATCH", true],
    ["get", "GET", false],
    ["delete", "DELETE", false],
    ["options", "OPTIONS", false],
    ["trace", "TRACE", false],
    ["head", "HEAD", false],
  ])("%s sends %s, with the data as its body only where the method has one", async (operation, method, withBody) => {
    const binding = await open({ url: `${server.url}/base` });
    const response = await binding.invoke({ operation, data: { n: 1 }, metadata: { path: "items/7" } });
    const seen = server.requests.at(-1)!;
    expect(seen.method).toBe(method);
    expect(seen.url).toBe("/base/items/7");
    expect(seen.body.toString()).toBe(withBody ? '{"n":1}' : "");
    expect(seen.headers["content-type"]).toBe(withBody ? "application/json; charset=utf-8" : undefined);
    expect(seen.headers["accept"]).toBe("application/json; charset=utf-8");
    expect(response.metadata?.["statusCode"]).toBe("200");
    expect(response.metadata?.["status"]).toBe("200 OK");
    if (method === "HEAD") expect((response.data as Buffer).length).toBe(0);
  });

  it("joins url and path with one slash, keeps a query string, and uses the url alone without a path", async () => {
    const binding = await open({ url: `${server.url}/api/` });
    await binding.invoke({ operation: "get", data: null, metadata: { path: "//users?id=3&x=a%20b" } });
    await binding.invoke({ operation: "get", data: null, metadata: {} });
    expect(server.requests.map((r) => r.url)).toEqual(["/api/users?id=3&x=a%20b", "/api/"]);
  });

  it("sends request metadata named with a capital letter as headers, the trace context too, and nothing else", async () => {
    const binding = await open({ url: server.url, securityToken: "s3cret", securityTokenHeader: "X-Token" });
    await binding.invoke({ operation: "post", data: "hi", metadata: { "X-Order": "42", "Content-Type": "text/plain", lowercase: "no", traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", path: "/" } });
    const seen = server.requests.at(-1)!;
    expect(seen.headers["x-order"]).toBe("42");
    expect(seen.headers["content-type"]).toBe("text/plain");
    expect(seen.headers["x-token"]).toBe("s3cret");
    expect(seen.headers["traceparent"]).toBe("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
    expect(seen.headers["lowercase"]).toBeUndefined();
    expect(seen.headers["path"]).toBeUndefined();
    // daprd's HTTP API hands data to the component as its JSON: the string "hi" keeps its quotes.
    expect(seen.body.toString()).toBe('"hi"');
  });

  it("refuses a header value with CR/LF or an invalid header name as a bad request naming it", async () => {
    const binding = await open({ url: server.url });
    await expect(binding.invoke({ operation: "get", data: null, metadata: { "X-Evil": "a\r\nSet-Cookie: x=1" } })).rejects.toThrow("metadata.X-Evil");
    await expect(binding.invoke({ operation: "get", data: null, metadata: { "Bad Name": "x" } })).rejects.toBeInstanceOf(BindingRequestError);
    expect(server.requests.length).toBe(0);
  });

  it("returns the response status and headers as metadata, in Go's canonical header form", async () => {
    server.reply(() => ({ status: 201, headers: { "x-request-id": "abc", "content-type": "text/plain" }, body: "made" }));
    const binding = await open({ url: server.url });
    const response = await binding.invoke({ operation: "put", data: "x", metadata: {} });
    expect(String(response.data)).toBe("made");
    expect(response.metadata).toMatchObject({ statusCode: "201", status: "201 Created", "X-Request-Id": "abc", "Content-Type": "text/plain" });
  });
});

describe("bindings.http answers that are not 2xx", () => {
  it("fail the invocation by default, naming the status", async () => {
    server.reply(() => ({ status: 404, body: "none" }));
    const binding = await open({ url: server.url });
    const attempt = binding.invoke({ operation: "get", data: null, metadata: {} });
    await expect(attempt).rejects.toThrow("received status code 404");
    await expect(attempt).rejects.not.toBeInstanceOf(BindingRequestError);
  });

  it("come back as data with their status when errorIfNot2XX is false, on the component or the request", async () => {
    server.reply(() => ({ status: 503, body: "busy" }));
    const lenient = await open({ url: server.url, errorIfNot2XX: "false" });
    expect((await lenient.invoke({ operation: "get", data: null, metadata: {} })).metadata?.["statusCode"]).toBe("503");
    const strict = await open({ url: server.url });
    const response = await strict.invoke({ operation: "get", data: null, metadata: { errorIfNot2XX: "false" } });
    expect(String(response.data)).toBe("busy");
    await expect(lenient.invoke({ operation: "get", data: null, metadata: { errorIfNot2XX: "true" } })).rejects.toThrow("503");
  });
});

describe("bindings.http limits", () => {
  it("gives up after responseTimeout", async () => {
    server.reply(() => ({ delayMs: 3000, body: "late" }));
    const binding = await open({ url: server.url, responseTimeout: "200ms" });
    const started = Date.now();
    await expect(binding.invoke({ operation: "get", data: null, metadata: {} })).rejects.toThrow("responseTimeout");
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("reads at most maxResponseBodySize of a body, 100Mi by default and no limit at 0", async () => {
    server.reply(() => ({ body: Buffer.alloc(10_000, 97) }));
    const capped = await open({ url: server.url, maxResponseBodySize: "1Ki" });
    expect((await capped.invoke({ operation: "get", data: null, metadata: {} })).data).toEqual(Buffer.alloc(1024, 97));
    const unlimited = await open({ url: server.url, maxResponseBodySize: "0" });
    expect(((await unlimited.invoke({ operation: "get", data: null, metadata: {} })).data as Buffer).length).toBe(10_000);
    const byDefault = await open({ url: server.url });
    expect(((await byDefault.invoke({ operation: "get", data: null, metadata: {} })).data as Buffer).length).toBe(10_000);
  });
});

describe("bindings.http paths may not leave the configured url", () => {
  it.each([
    "../admin",
    "a/../../admin",
    "%2e%2e/admin",
    "%2E%2E%2Fadmin",
    "./x",
    "a/%2e/b",
    "..\\admin",
    "a\\..\\..\\x",
    "//evil.example/x/../..",
    "x#frag",
    "a%00b",
    "a\nb",
    "%zz",
  ])("refuses %j as a bad request, sending nothing", async (path) => {
    const binding = await open({ url: `${server.url}/api/v1` });
    await expect(binding.invoke({ operation: "get", data: null, metadata: { path } })).rejects.toBeInstanceOf(BindingRequestError);
    expect(server.requests.length).toBe(0);
  });

  it("takes a path that only looks like another origin as a path under the url", async () => {
    const binding = await open({ url: `${server.url}/api` });
    for (const path of ["http://evil.example/x", "@evil.example", "//evil.example/x"]) await binding.invoke({ operation: "get", data: null, metadata: { path } });
    expect(server.requests.map((r) => r.url)).toEqual(["/api/http://evil.example/x", "/api/@evil.example", "/api/evil.example/x"]);
  });
});

describe("bindings.http over mutual TLS", () => {
  let tls: MutualTls;
  let secure: EchoServer;
  beforeAll(async () => {
    tls = makeMutualTls();
    secure = await startEchoServer(tls);
  });
  afterAll(async () => {
    await secure.close();
    tls.remove();
  });

  it("presents the client certificate, given as files or as PEM, and trusts MTLSRootCA", async () => {
    const fromFiles = await open({ url: secure.url, MTLSRootCA: tls.caFile, MTLSClientCert: tls.clientCert, MTLSClientKey: tls.clientKey });
    await fromFiles.invoke({ operation: "get", data: null, metadata: {} });
    const fromPem = await open({ url: secure.url, MTLSRootCA: tls.caPem, MTLSClientCert: readFileSync(tls.clientCert, "utf8"), MTLSClientKey: readFileSync(tls.clientKey, "utf8"), MTLSRenegotiation: "RenegotiateNever" });
    await fromPem.invoke({ operation: "get", data: null, metadata: {} });
    expect(secure.requests.map((r) => r.clientCN)).toEqual(["binding-client", "binding-client"]);
  });

  it("fails without a client certificate, and against a server its CA did not sign", async () => {
    secure.requests.length = 0;
    const noClientCert = await open({ url: secure.url, MTLSRootCA: tls.caFile });
    await expect(noClientCert.invoke({ operation: "get", data: null, metadata: {} })).rejects.toThrow();
    const untrusted = await open({ url: secure.url, MTLSClientCert: tls.clientCert, MTLSClientKey: tls.clientKey });
    await expect(untrusted.invoke({ operation: "get", data: null, metadata: {} })).rejects.toThrow(/certificate/);
    expect(secure.requests.length).toBe(0);
  });
});

describe("bindings.http metadata errors name the field", () => {
  it.each([
    [{}, "url", "is required"],
    [{ url: "not a url" }, "url", "absolute"],
    [{ url: "ftp://127.0.0.1/x" }, "url", "http or https"],
    [{ url: "http://127.0.0.1", responseTimeout: "soon" }, "responseTimeout", "duration"],
    [{ url: "http://127.0.0.1", maxResponseBodySize: "lots" }, "maxResponseBodySize", "size"],
    [{ url: "http://127.0.0.1", MTLSClientCert: "-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----" }, "MTLSClientKey", "other half"],
    [{ url: "http://127.0.0.1", MTLSRootCA: "/no/such/ca.pem" }, "MTLSRootCA", "neither PEM"],
    [{ url: "http://127.0.0.1", MTLSRenegotiation: "Sometimes" }, "MTLSRenegotiation", "RenegotiateNever"],
    [{ url: "http://127.0.0.1", errorIfNot2XX: "maybe" }, "errorIfNot2XX", "true or false"],
    [{ url: "http://127.0.0.1", securityTokenHeader: "X Token", securityToken: "t" }, "securityTokenHeader", "header name"],
  ])("%j fails init naming %s", async (metadata, field, problem) => {
    const attempt = open(metadata as Record<string, string>);
    await expect(attempt).rejects.toThrow(`metadata field "${field}"`);
    await expect(attempt).rejects.toThrow(problem);
  });
});
