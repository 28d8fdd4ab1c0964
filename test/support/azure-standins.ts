/**
 * Local HTTPS stand-ins for the cloud endpoints the eventrouter binding calls, so
 * the Azure SDKs run against local stand-ins: an identity provider (OIDC discovery, token endpoint, signing keys), the
 * management API (event subscriptions) and a custom topic. They speak the real wire protocol so the
 * real SDKs run unchanged; every request is recorded so tests can assert nothing left for the internet.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { removeLater, tempDir } from "./tempdirs.js";

export interface Certificates {
  dir: string;
  /** The CA to trust: pass as NODE_EXTRA_CA_CERTS to the process running the SDKs. */
  caFile: string;
  key: Buffer;
  cert: Buffer;
  remove(): void;
}

/** A throw-away CA and a server certificate for 127.0.0.1/localhost, made with the openssl CLI. */
export function makeCertificates(): Certificates {
  const dir = tempDir("standin-tls-");
  const at = (name: string): string => path.join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync("openssl", args, { stdio: "pipe" });
  };
  openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", at("ca.key"), "-out", at("ca.crt"), "-days", "1", "-subj", "/CN=standin test CA");
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", at("server.key"), "-out", at("server.csr"), "-subj", "/CN=127.0.0.1");
  const ext = at("san.ext");
  execFileSync("sh", ["-c", `printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\\nbasicConstraints=CA:FALSE\\nextendedKeyUsage=serverAuth\\n' > '${ext}'`]);
  openssl("x509", "-req", "-in", at("server.csr"), "-CA", at("ca.crt"), "-CAkey", at("ca.key"), "-CAcreateserial", "-out", at("server.crt"), "-days", "1", "-extfile", ext);
  return {
    dir,
    caFile: at("ca.crt"),
    key: readFileSync(at("server.key")),
    cert: readFileSync(at("server.crt")),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface Served {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

type Route = (req: RecordedRequest) => Served | Promise<Served>;

class StandinServer {
  readonly requests: RecordedRequest[] = [];
  private readonly server: https.Server;

  constructor(certs: Certificates, route: Route) {
    this.server = https.createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const recorded: RecordedRequest = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
        this.requests.push(recorded);
        Promise.resolve(route(recorded)).then(
          (served) => {
            const body = served.body === undefined ? "" : typeof served.body === "string" ? served.body : JSON.stringify(served.body);
            res.writeHead(served.status, { "content-type": "application/json", ...served.headers });
            res.end(body);
          },
          (error: unknown) => {
            res.writeHead(500, { "content-type": "application/json" });
            res.end(JSON.stringify({ error: { code: "StandinError", message: (error as Error).message } }));
          },
        );
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface TokenOptions {
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  /** Signs with another key than the published one. */
  key?: CryptoKey;
  /** Claims set over the defaults (Event Grid's v2 delivery token: `azp` Event Grid's app id, its webhook role); `undefined` removes one. */
  claims?: Record<string, unknown>;
}

/** Event Grid's well-known Entra application id (public cloud) and the app role its delivery tokens carry (Microsoft's secure webhook docs). */
export const EVENT_GRID_APP_ID = "4962773b-9cdb-44cf-a8bf-237846a00ab7";
export const EVENT_GRID_ROLE = "AzureEventGridSecureWebhookSubscriber";

export interface Standins {
  certs: Certificates;
  authorityHost: string;
  managementEndpoint: string;
  topicEndpoint: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  accessKey: string;
  identity: StandinServer;
  management: StandinServer;
  topic: StandinServer;
  /** Event subscriptions as the management stand-in holds them, by lower-cased resource id. */
  subscriptions: Map<string, Record<string, unknown>>;
  /** Status the topic answers next (default 200). */
  topicStatus: { value: number };
  /** A token as the identity provider would issue it for webhook delivery. */
  token(options?: TokenOptions): Promise<string>;
  /** An unsigned token (`alg: none`) with otherwise valid claims. */
  unsignedToken(): string;
  /** A key pair nobody published. */
  foreignKey(): Promise<CryptoKey>;
  close(): Promise<void>;
}

export interface StandinOptions {
  /** Maps a subscriber endpoint to the local webhook URL: the management stand-in runs the handshake there on PUT, as the service does. */
  ingress?: (endpointUrl: string) => string | undefined;
}

function withClaims(defaults: Record<string, unknown>, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const claims = { ...defaults, ...overrides };
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name];
  return claims;
}

function json(status: number, body?: unknown): Served {
  return { status, body };
}

function armError(status: number, code: string, message: string): Served {
  return json(status, { error: { code, message } });
}

/** Identity, management and topic stand-ins on three HTTPS ports, with one test signing key. */
export async function startStandins(options: StandinOptions = {}): Promise<Standins> {
  const certs = makeCertificates();
  const tenantId = randomUUID();
  const clientId = randomUUID();
  const clientSecret = `secret-${randomUUID()}`;
  const accessKey = `key-${randomUUID()}`;
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const subscriptions = new Map<string, Record<string, unknown>>();
  const topicStatus = { value: 200 };
  let authorityHost = "";

  const identity = new StandinServer(certs, async (req) => {
    const p = req.path.split("?")[0]!.replace(/\/+/g, "/");
    const tenantBase = `${authorityHost}/${tenantId}`;
    if (req.method === "GET" && p.endsWith("/.well-known/openid-configuration")) {
      return json(200, {
        issuer: `${tenantBase}/v2.0`,
        token_endpoint: `${tenantBase}/oauth2/v2.0/token`,
        authorization_endpoint: `${tenantBase}/oauth2/v2.0/authorize`,
        jwks_uri: `${tenantBase}/discovery/v2.0/keys`,
        end_session_endpoint: `${tenantBase}/oauth2/v2.0/logout`,
        response_types_supported: ["code", "id_token", "token"],
        subject_types_supported: ["pairwise"],
        id_token_signing_alg_values_supported: ["RS256"],
        tenant_region_scope: "EU",
      });
    }
    if (req.method === "GET" && p === `/${tenantId}/discovery/v2.0/keys`) return json(200, { keys: [publicJwk] });
    if (req.method === "POST" && p === `/${tenantId}/oauth2/v2.0/token`) {
      const form = new URLSearchParams(req.body);
      if (form.get("grant_type") !== "client_credentials" || form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
        return json(401, { error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided.", error_codes: [7000215] });
      }
      const accessToken = await new SignJWT({ tid: tenantId, appid: clientId })
        .setProtectedHeader({ alg: "RS256", kid })
        .setIssuer(`${tenantBase}/v2.0`)
        .setAudience(form.get("scope")?.replace(/\/\.default$/, "") ?? "")
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(privateKey);
      return json(200, { token_type: "Bearer", expires_in: 3599, ext_expires_in: 3599, access_token: accessToken });
    }
    return json(404, { error: "not_found" });
  });

  const management = new StandinServer(certs, async (req) => {
    if (!/^Bearer \S+$/.test(String(req.headers.authorization ?? ""))) return armError(401, "AuthenticationFailed", "no bearer token");
    // The SDK sends `PUT //subscriptions/...` (host + "/" + a scope starting with "/"): collapse the slashes.
    const p = decodeURIComponent(req.path.split("?")[0]!).replace(/\/+/g, "/");
    const match = /^(\/subscriptions\/.+)\/providers\/Microsoft\.EventGrid\/eventSubscriptions\/([^/]+)$/i.exec(p);
    if (!match) return armError(404, "NotFound", `no route ${req.method} ${p}`);
    const [, scope, name] = match;
    const id = `${scope}/providers/Microsoft.EventGrid/eventSubscriptions/${name}`;
    if (req.method === "GET") {
      const existing = subscriptions.get(id.toLowerCase());
      return existing ? json(200, existing) : armError(404, "ResourceNotFound", `event subscription ${name} not found`);
    }
    if (req.method !== "PUT") return armError(405, "MethodNotAllowed", req.method);
    const info = JSON.parse(req.body) as { properties?: { destination?: { endpointType?: string; properties?: Record<string, unknown> }; eventDeliverySchema?: string } };
    const destination = info.properties?.destination;
    const endpointUrl = String(destination?.properties?.endpointUrl ?? "");
    const local = options.ingress?.(endpointUrl);
    if (local) {
      // The service validates a webhook before it creates the subscription (CloudEvents abuse protection).
      const reply = await fetch(local, { method: "OPTIONS", headers: { "WebHook-Request-Origin": "eventgrid.azure.net" } }).catch(() => undefined);
      if (!reply || reply.status !== 200 || reply.headers.get("webhook-allowed-origin") !== "eventgrid.azure.net") {
        return armError(400, "Url validation", `Webhook validation handshake failed for ${endpointUrl}`);
      }
    }
    const { endpointUrl: _secretish, ...destProps } = destination?.properties ?? {};
    const base = endpointUrl.split("?")[0];
    const stored = {
      id,
      name,
      type: "Microsoft.EventGrid/eventSubscriptions",
      properties: {
        topic: scope,
        provisioningState: "Succeeded",
        destination: { endpointType: destination?.endpointType, properties: { ...destProps, endpointBaseUrl: base, maxEventsPerBatch: 1, preferredBatchSizeInKilobytes: 64 } },
        eventDeliverySchema: info.properties?.eventDeliverySchema,
        filter: { includedEventTypes: null, advancedFilters: [] },
        labels: [],
        retryPolicy: { maxDeliveryAttempts: 30, eventTimeToLiveInMinutes: 1440 },
      },
    };
    const existed = subscriptions.has(id.toLowerCase());
    subscriptions.set(id.toLowerCase(), stored);
    return json(existed ? 200 : 201, stored);
  });

  const topic = new StandinServer(certs, (req) => {
    if (req.method !== "POST" || !req.path.startsWith("/api/events")) return json(404, { error: { code: "NotFound", message: "no such route" } });
    if (req.headers["aeg-sas-key"] !== accessKey) return json(401, { error: { code: "Unauthorized", message: "The request authorization key is not authorized for 127.0.0.1." } });
    if (topicStatus.value !== 200) return json(topicStatus.value, { error: { code: "Failure", message: `stand-in answers ${topicStatus.value}` } });
    return { status: 200 };
  });

  authorityHost = await identity.start();
  const managementEndpoint = await management.start();
  const topicBase = await topic.start();

  return {
    certs,
    authorityHost,
    managementEndpoint,
    topicEndpoint: `${topicBase}/api/events`,
    tenantId,
    clientId,
    clientSecret,
    accessKey,
    identity,
    management,
    topic,
    subscriptions,
    topicStatus,
    token: async (o: TokenOptions = {}) =>
      new SignJWT(withClaims({ tid: tenantId, ver: "2.0", azp: EVENT_GRID_APP_ID, roles: [EVENT_GRID_ROLE] }, o.claims))
        .setProtectedHeader({ alg: "RS256", kid })
        .setIssuer(o.issuer ?? `${authorityHost}/${tenantId}/v2.0`)
        .setAudience(o.audience ?? clientId)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
        .setExpirationTime(Math.floor(Date.now() / 1000) + (o.expiresIn ?? 600))
        .sign(o.key ?? privateKey),
    unsignedToken: () => {
      const enc = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString("base64url");
      const now = Math.floor(Date.now() / 1000);
      return `${enc({ alg: "none", typ: "JWT" })}.${enc({ iss: `${authorityHost}/${tenantId}/v2.0`, aud: clientId, iat: now, exp: now + 600, ver: "2.0", azp: EVENT_GRID_APP_ID, roles: [EVENT_GRID_ROLE] })}.`;
    },
    foreignKey: async () => (await generateKeyPair("RS256")).privateKey,
    close: async () => {
      await Promise.all([identity.close(), management.close(), topic.close()]);
      certs.remove();
    },
  };
}

/**
 * A resources folder for the binding tests: a file secret store named `secrets` (its JSON kept
 * beside the folder, since only manifests belong in it) and the given binding manifest.
 */
export function bindingResources(prefix: string, secrets: Record<string, string>, binding: string): { dir: string; remove(): void } {
  const dir = tempDir(prefix);
  const secretsFile = path.join(dir, "..", `${path.basename(dir)}-secrets.json`);
  removeLater(secretsFile);
  writeFileSync(secretsFile, JSON.stringify(secrets));
  const store = `apiVersion: runtime.io/v1alpha1
kind: Component
metadata: {name: secrets}
spec:
  type: secretstores.local.file
  version: v1
  metadata:
  - {name: secretsFile, value: ${JSON.stringify(secretsFile)}}
`;
  writeFileSync(path.join(dir, "components.yaml"), `${store}---\n${binding}`);
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      rmSync(secretsFile, { force: true });
    },
  };
}

export interface EventRouterInputOptions {
  /** The Component's name and the Event Grid subscription's. */
  name: string;
  subscriptionName: string;
  /** The public endpoint Event Grid posts to (the stand-ins route it to `handshakePort`). */
  subscriber: string;
  handshakePort: number;
  /** The Event Grid topic's resource id. */
  scope: string;
  apiVersion?: "runtime.io/v1alpha1" | "dapr.io/v1alpha1";
  direction?: string;
  /** More metadata rows, as YAML list items indented like the others. */
  extraRows?: string;
}

/** An input eventrouter Component against the stand-ins, its client secret read from the `secrets` store (bindingResources). */
export function eventRouterInputComponent(standins: Standins, o: EventRouterInputOptions): string {
  return `apiVersion: ${o.apiVersion ?? "runtime.io/v1alpha1"}
kind: Component
metadata: {name: ${o.name}}
spec:
  type: bindings.cloud.eventrouter
  version: v1
  metadata:
  - {name: direction, value: ${JSON.stringify(o.direction ?? "input")}}
${o.extraRows ?? ""}  - {name: cloudTenantId, value: ${JSON.stringify(standins.tenantId)}}
  - {name: cloudSubscriptionId, value: "00000000-0000-0000-0000-000000000001"}
  - {name: cloudClientId, value: ${JSON.stringify(standins.clientId)}}
  - name: cloudClientSecret
    secretKeyRef: {name: clientSecret, key: clientSecret}
  - {name: subscriberEndpoint, value: ${JSON.stringify(o.subscriber)}}
  - {name: handshakePort, value: "${o.handshakePort}"}
  - {name: handshakeAddress, value: 127.0.0.1}
  - {name: scope, value: ${JSON.stringify(o.scope)}}
  - {name: eventSubscriptionName, value: ${o.subscriptionName}}
  - {name: authorityHost, value: ${JSON.stringify(standins.authorityHost)}}
  - {name: managementEndpoint, value: ${JSON.stringify(standins.managementEndpoint)}}
auth: {secretStore: secrets}
`;
}
