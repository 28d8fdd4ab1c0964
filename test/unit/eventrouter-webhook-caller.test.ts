import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { callerOf, tokenIssuers, WebhookServer } from "../../pkg/components/bindings/eventrouter/webhook.js";
import { createLogger } from "../../pkg/diagnostics/logger.js";
import { freePort } from "../support/ports.js";

/** The webhook's caller check with metadata naming another caller and role (a sovereign cloud, a test). */
const ISSUER = "https://login.example.test/tenant/v2.0";
const AUDIENCE = "client-id";
const CALLER = "aaaaaaaa-1111-2222-3333-444444444444";

let server: WebhookServer;
let key: CryptoKey;
const handled: string[] = [];

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  key = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256" };
  server = new WebhookServer({
    port: await freePort(),
    address: "127.0.0.1",
    path: "/hook",
    policy: { issuers: [ISSUER], audiences: [AUDIENCE], keys: createLocalJWKSet({ keys: [jwk] }), callers: [CALLER], role: "Deliverer" },
    handler: async (event) => {
      handled.push(String(event.metadata["cloudevent.id"]));
    },
    logger: createLogger({ appId: "t", level: "error", json: true }),
  });
  await server.start();
});

afterAll(async () => {
  await server?.close();
});

const token = (claims: Record<string, unknown>): Promise<string> =>
  new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "k1" }).setIssuer(ISSUER).setAudience(AUDIENCE).setExpirationTime("5m").sign(key);

const deliver = async (id: string, claims: Record<string, unknown>): Promise<number> =>
  (
    await fetch(`http://127.0.0.1:${server.port}/hook`, {
      method: "POST",
      headers: { "content-type": "application/cloudevents+json", authorization: `Bearer ${await token(claims)}` },
      body: JSON.stringify({ specversion: "1.0", id, source: "s", type: "t" }),
    })
  ).status;

describe("eventrouter webhook: the caller's application and role", () => {
  it("accepts the configured caller with the configured role, in v1 and v2 tokens", async () => {
    expect(await deliver("v2", { ver: "2.0", azp: CALLER, roles: ["Deliverer"] })).toBe(200);
    expect(await deliver("v1", { ver: "1.0", appid: CALLER.toUpperCase(), roles: ["Other", "Deliverer"] })).toBe(200);
    expect(handled).toEqual(["v2", "v1"]);
  });

  it("refuses Event Grid's default application and role when metadata named others, and tokens naming two callers", async () => {
    expect(await deliver("eg", { ver: "2.0", azp: "4962773b-9cdb-44cf-a8bf-237846a00ab7", roles: ["AzureEventGridSecureWebhookSubscriber"] })).toBe(401);
    expect(await deliver("v1-azp", { ver: "1.0", azp: CALLER, roles: ["Deliverer"] })).toBe(401);
    expect(await deliver("roles-string", { ver: "2.0", azp: CALLER, roles: "Deliverer" })).toBe(401);
    expect(callerOf({ appid: "a", azp: "b" })).toBeUndefined();
    expect(callerOf({ appid: "a" })).toBe("a");
    expect(handled).not.toContain("eg");
  });
});

describe("eventrouter webhook: the tenant's issuers", () => {
  it("accepts v2 tokens from the authority host and v1 tokens from sts.windows.net in the public cloud, and the same tenant only", () => {
    expect(tokenIssuers("https://login.microsoftonline.com", "t1")).toEqual(["https://login.microsoftonline.com/t1/v2.0", "https://sts.windows.net/t1/"]);
    expect(tokenIssuers("https://login.example.test", "t1")).toEqual(["https://login.example.test/t1/v2.0", "https://login.example.test/t1/"]);
  });
});
