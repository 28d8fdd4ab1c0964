import http from "node:http";
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from "jose";
import { answerAfterBody, HttpServer } from "../../../util/httpserver.js";
import { JsonDepthError, parseJson } from "../../../util/json.js";
import type { Logger } from "../../../diagnostics/logger.js";
import type { InputEvent, InputHandler } from "../types.js";
import { DEFAULT_AUTHORITY_HOST } from "./metadata.js";

/** Asymmetric algorithms only: `none` and shared-secret HMAC tokens are never accepted. */
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512"];
export const DEFAULT_WEBHOOK_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** A header value we echo back: Node throws on CR/LF, and an origin is a host name anyway (ARCHITECTURE.md "Hardening"). */
const SAFE_ORIGIN = /^[A-Za-z0-9.*:_-]{1,253}$/;

export interface TokenPolicy {
  /** The tenant's v2 and v1 issuers (see tokenIssuers). */
  issuers: string[];
  /** The client id or the subscriber endpoint. */
  audiences: string[];
  keys: JWTVerifyGetKey;
  /** Application ids allowed to call (the token's `appid` in v1, `azp` in v2): Event Grid's by default. */
  callers: string[];
  /** The app role the token must carry in `roles`. */
  role: string;
}

export interface CallerPolicy {
  callers: string[];
  role: string;
}

/** The tenant's signing keys, fetched once and cached (jose refreshes on an unknown `kid`, at most every 30 s). */
export function tenantTokenPolicy(authorityHost: string, tenantId: string, clientId: string, subscriberEndpoint: URL, caller: CallerPolicy): TokenPolicy {
  const tenant = encodeURIComponent(tenantId);
  return {
    issuers: tokenIssuers(authorityHost, tenant),
    audiences: [clientId, subscriberEndpoint.toString(), subscriberEndpoint.toString().replace(/\/+$/, "")],
    keys: createRemoteJWKSet(new URL(`${authorityHost}/${tenant}/discovery/v2.0/keys`), { timeoutDuration: 10_000, cacheMaxAge: 24 * 3600_000 }),
    callers: caller.callers,
    role: caller.role,
  };
}

/**
 * Which issuer a token names depends on the Entra app registration the webhook is protected with, not
 * on anything we configure: its `accessTokenAcceptedVersion` is unset (v1) by default, and v1 tokens come
 * from `https://sts.windows.net/<tenant>/` while v2 tokens come from `<authorityHost>/<tenant>/v2.0`
 * (the eventrouter's endpoints derive from authorityHost). Both are the same tenant, signing
 * with the same keys. Another authority host (a sovereign cloud, a stand-in) names its v1 issuer by itself.
 */
export function tokenIssuers(authorityHost: string, tenant: string): string[] {
  const v1Host = authorityHost === DEFAULT_AUTHORITY_HOST ? "https://sts.windows.net" : authorityHost;
  return [`${authorityHost}/${tenant}/v2.0`, `${v1Host}/${tenant}/`];
}

/**
 * The calling application of a verified token: `appid` in a v1 token, `azp` in a v2 one. A token
 * without `ver` may name it in either, but not two different ones.
 */
export function callerOf(payload: JWTPayload): string | undefined {
  const appid = typeof payload["appid"] === "string" ? payload["appid"] : undefined;
  const azp = typeof payload["azp"] === "string" ? payload["azp"] : undefined;
  if (payload["ver"] === "1.0") return appid;
  if (payload["ver"] === "2.0") return azp;
  if (appid !== undefined && azp !== undefined && appid !== azp) return undefined;
  return appid ?? azp;
}

export interface WebhookOptions {
  port: number;
  address: string;
  /** Only this path is served (the path of subscriberEndpoint; TLS ends at the ingress). */
  path: string;
  policy: TokenPolicy;
  handler: InputHandler;
  logger: Logger;
  maxBodyBytes?: number;
  graceMs?: number;
}

class HttpFailure extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function isCloudEvent(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const event = value as Record<string, unknown>;
  return event.specversion === "1.0" && typeof event.id === "string" && typeof event.source === "string" && typeof event.type === "string";
}

/** Single (`application/cloudevents+json`) or batched (`application/cloudevents-batch+json`) delivery. */
export function parseDelivery(contentType: string, body: Buffer): Array<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = parseJson(body);
  } catch (error) {
    throw new HttpFailure(400, error instanceof JsonDepthError ? `the body is ${error.message}` : "body is not JSON");
  }
  const media = contentType.split(";")[0]!.trim().toLowerCase();
  const batch = media === "application/cloudevents-batch+json" || (media !== "application/cloudevents+json" && Array.isArray(parsed));
  const events = batch ? parsed : [parsed];
  if (!Array.isArray(events)) throw new HttpFailure(400, "a batch must be a JSON array of CloudEvents");
  if (events.length === 0) throw new HttpFailure(400, "the batch holds no events");
  events.forEach((event, i) => {
    if (!isCloudEvent(event)) throw new HttpFailure(400, `event ${i} is not a CloudEvent 1.0 (specversion, id, source, type)`);
  });
  return events as Array<Record<string, unknown>>;
}

/** The app gets each event as a JSON CloudEvent; its attributes travel as metadata too. */
function toInputEvent(event: Record<string, unknown>): InputEvent {
  const metadata: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const name of ["id", "source", "type", "subject", "time"]) {
    const value = event[name];
    if (typeof value === "string") metadata[`cloudevent.${name}`] = value;
  }
  return { data: Buffer.from(JSON.stringify(event)), contentType: "application/json", metadata };
}

/**
 * The input binding's webhook (spec "Events": binding input event; "Authentication" 1): the
 * CloudEvents abuse-protection handshake, then events accepted only with a valid Entra ID token.
 */
export class WebhookServer {
  /** The same listener as the sidecar API: slow-client timeouts, drain on close, cut-off after the grace period. */
  private readonly server: HttpServer;

  constructor(private readonly options: WebhookOptions) {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
      this.serve(req, res).catch((error: unknown) => {
        const status = error instanceof HttpFailure ? error.status : 500;
        const message = error instanceof Error ? error.message : String(error);
        if (status >= 500) this.options.logger.warn(`webhook ${req.method} ${req.url}: ${message}`);
        else this.options.logger.debug(`webhook ${req.method} ${req.url} refused (${status}): ${message}`);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        answerAfterBody(req, this.options.maxBodyBytes ?? DEFAULT_WEBHOOK_MAX_BODY_BYTES, () => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: message }));
        });
      });
    };
    this.server = new HttpServer(handler, { port: options.port, address: options.address }, options.graceMs ?? 5000);
  }

  start(): Promise<void> {
    return this.server.start();
  }

  get port(): number {
    return this.server.port;
  }

  /** Stops accepting; in-flight deliveries finish (up to the grace period) so their outcome reaches the service. */
  close(): Promise<void> {
    return this.server.close();
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== this.options.path) throw new HttpFailure(404, "not found");
    if (req.method === "OPTIONS") return this.handshake(req, res);
    if (req.method !== "POST") {
      res.setHeader("allow", "OPTIONS, POST");
      throw new HttpFailure(405, "method not allowed");
    }
    await this.authenticate(req.headers.authorization);
    const body = await this.readBody(req);
    const events = parseDelivery(req.headers["content-type"] ?? "", body);
    // In order, one at a time: a failure answers 500 and the service redelivers the whole request (at least once).
    for (const event of events) {
      try {
        await this.options.handler(toInputEvent(event));
      } catch (error) {
        throw new HttpFailure(500, `event ${String(event.id)} was not handled: ${(error as Error).message}`);
      }
    }
    res.writeHead(200).end();
  }

  /** CloudEvents 1.0 HTTP webhook spec, section 4: abuse protection. */
  private handshake(req: http.IncomingMessage, res: http.ServerResponse): void {
    const origin = req.headers["webhook-request-origin"];
    if (typeof origin !== "string" || !SAFE_ORIGIN.test(origin)) throw new HttpFailure(400, "missing or invalid WebHook-Request-Origin header");
    res.writeHead(200, { "WebHook-Allowed-Origin": origin, "WebHook-Allowed-Rate": "*", allow: "OPTIONS, POST" }).end();
  }

  private async authenticate(header: string | undefined): Promise<void> {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
    if (!match) throw new HttpFailure(401, "a bearer token is required");
    const { issuers, audiences, keys, callers, role } = this.options.policy;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(match[1]!, keys, { issuer: issuers, audience: audiences, algorithms: ALGORITHMS, requiredClaims: ["exp"] }));
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      // The key set could not be fetched: our problem, not the caller's; 500 lets the service retry.
      if (code === "ERR_JWKS_TIMEOUT" || (error instanceof TypeError)) throw new HttpFailure(500, `cannot fetch the signing keys: ${(error as Error).message}`);
      throw new HttpFailure(401, `invalid token: ${(error as Error).message}`);
    }
    // Issuer and audience only say the tenant issued a token for us: any app of the tenant can get one.
    const caller = callerOf(payload);
    if (caller === undefined || !callers.includes(caller.toLowerCase())) throw new HttpFailure(401, `the token's caller ${JSON.stringify(caller ?? "")} is not an allowed caller`);
    const roles = Array.isArray(payload["roles"]) ? (payload["roles"] as unknown[]) : [];
    if (!roles.includes(role)) throw new HttpFailure(401, `the token does not carry the ${role} role`);
  }

  private readBody(req: http.IncomingMessage): Promise<Buffer> {
    const limit = this.options.maxBodyBytes ?? DEFAULT_WEBHOOK_MAX_BODY_BYTES;
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > limit) return Promise.reject(new HttpFailure(413, `body exceeds ${limit} bytes`));
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          // Drain instead of destroying, so the 413 still reaches the caller.
          req.removeAllListeners("data");
          req.resume();
          reject(new HttpFailure(413, `body exceeds ${limit} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      req.on("end", () => resolve(Buffer.concat(chunks)));
      req.on("error", reject);
    });
  }
}
