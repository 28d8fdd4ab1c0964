/**
 * An in-process stand-in for kube-apiserver, speaking its REST wire protocol for the namespaced
 * resources the sidecar reads: core v1 Secrets and the runtime.io CRs. No kube-apiserver can run
 * on a test machine without a cluster, so tests drive the REAL
 * @kubernetes/client-node against this server instead of mocking the client.
 *
 * Wire protocol served (as kube-apiserver does; `fieldSelector=metadata.name=<name>` filters lists and watches;
 * `.../{name}/status` of the runtime.io kinds is their status subresource; Leases and Events are served too):
 *   GET    /api/v1/namespaces/{ns}/secrets[/{name}]                         list / get
 *   GET    /apis/runtime.io/v1alpha1/namespaces/{ns}/components[/{name}]
 *   GET    /apis/runtime.io/v2alpha1/namespaces/{ns}/subscriptions[/{name}]
 *   GET    /apis/runtime.io/v1alpha1/namespaces/{ns}/configurations[/{name}]
 *   GET    /apis/runtime.io/v1alpha1/namespaces/{ns}/resiliencies[/{name}]
 *   POST   <collection>            create (409 AlreadyExists)
 *   PUT    <collection>/{name}     replace (409 Conflict on a stale metadata.resourceVersion)
 *   DELETE <collection>/{name}     delete (returns the deleted object)
 *   GET    <collection>?watch=true&resourceVersion=N   chunked JSON lines {type, object}:
 *          ADDED | MODIFIED | DELETED | BOOKMARK, replaying the retained history after N, then live.
 *          When N is older than the retained history: one ERROR event carrying a Status 410
 *          "Expired", then the stream ends (the client then relists).
 * Lists carry metadata.resourceVersion; every write bumps one global resourceVersion (as etcd does).
 * Errors are `Status` objects ({kind: "Status", status: "Failure", reason, code, message}).
 *
 * Test-side API (no HTTP needed): `create/update/upsert/remove/get/list`, `putSecret`, and failure
 * injection: `failNext` (answer the next matching requests with an error status), `breakWatches`
 * (destroy open watch connections mid-stream: the client sees an error), `endWatches` (close them
 * cleanly: the client reconnects from its last resourceVersion), `compact` (drop the history, so a
 * watch resuming from an older resourceVersion gets 410 Gone), `bookmark`. `requests` logs each call.
 *
 *   const api = await FakeApiServer.start();
 *   const kc = api.kubeConfig();                // real KubeConfig (loadFromClusterAndUser)
 *   api.putSecret("default", "db", { password: "pw" });
 *   api.create(COMPONENTS, "default", { metadata: { name: "pubsub" }, spec: {...} });
 *   ...; await api.close();
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { KubeConfig } from "@kubernetes/client-node";
import { apiVersionOf, hasStatusSubresource, parsePath, RESOURCE_TYPES, SECRETS, sendJson, statusBody, typeKeyOf, type KubeObject, type ParsedPath, type ResourceType, type WatchEventType } from "./kube-wire.js";

export { COMPONENTS, CONFIGURATIONS, EVENTS, LEASES, RESILIENCIES, RESOURCE_TYPES, SECRETS, SUBSCRIPTIONS, type KubeObject, type ResourceType, type WatchEventType } from "./kube-wire.js";

interface HistoryEvent {
  rv: number;
  type: Exclude<WatchEventType, "BOOKMARK" | "ERROR">;
  typeKey: string;
  namespace: string;
  object: KubeObject;
}

interface Watcher {
  /** A `metadata.name=<name>` field selector: only that object's events. */
  name?: string;
  typeKey: string;
  type: ResourceType;
  namespace: string;
  bookmarks: boolean;
  res: http.ServerResponse;
}

/** Which requests an injected failure applies to; every given field must match. */
export interface RequestMatch {
  method?: string;
  /** true: only watch requests; false: only non-watch requests. */
  watch?: boolean;
  plural?: string;
}

export interface InjectedFailure extends RequestMatch {
  /** How many matching requests fail (default 1). */
  count?: number;
  /** HTTP status (default 500). */
  status?: number;
  message?: string;
}

export interface RequestRecord {
  method: string;
  path: string;
  watch: boolean;
  /** The request's user (the bearer token), so tests can tell the callers apart. */
  token?: string;
  fieldSelector?: string;
  resourceVersion?: string;
  status: number;
}

export interface FakeApiServerOptions {
  /** Watch events retained for resuming watches (default 1000); older resourceVersions get 410 Gone. */
  historyLimit?: number;
  /** When set, every request must carry `Authorization: Bearer <token>` (401 otherwise). */
  token?: string;
}


const clone = <T>(value: T): T => structuredClone(value);

/** The name of a `fieldSelector=metadata.name=<name>` (the one field selector served; any other is ignored). */
function nameSelected(url: URL): string | undefined {
  const selector = url.searchParams.get("fieldSelector") ?? "";
  const match = /^metadata\.name==?(.+)$/.exec(selector);
  return match ? match[1] : undefined;
}

export class FakeApiServer {
  /** Every request served, in order (watch requests are logged when they start). */
  readonly requests: RequestRecord[] = [];
  private readonly objects = new Map<string, Map<string, KubeObject>>();
  private history: HistoryEvent[] = [];
  /** The newest resourceVersion no longer in `history`: watches from before it get 410. */
  private compactedRv = 0;
  private rv = 1;
  private uid = 0;
  private readonly watchers = new Set<Watcher>();
  private readonly failures: Array<InjectedFailure & { remaining: number }> = [];
  private readonly server: http.Server;

  private constructor(private readonly options: FakeApiServerOptions) {
    for (const t of RESOURCE_TYPES) this.objects.set(typeKeyOf(t), new Map());
    this.server = http.createServer((req, res) => this.handle(req, res));
  }

  static async start(options: FakeApiServerOptions = {}): Promise<FakeApiServer> {
    const api = new FakeApiServer(options);
    await new Promise<void>((resolve, reject) => {
      api.server.once("error", reject);
      api.server.listen(0, "127.0.0.1", () => resolve());
    });
    return api;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The current (newest) resourceVersion. */
  get resourceVersion(): string {
    return String(this.rv);
  }

  /** Open watch connections, optionally for one plural. */
  watchCount(plural?: string): number {
    return [...this.watchers].filter((w) => !plural || w.type.plural === plural).length;
  }

  /** A real client configuration pointing at this server (what cmd/ builds with loadFromCluster in a pod). */
  kubeConfig(token = this.options.token): KubeConfig {
    const kc = new KubeConfig();
    kc.loadFromClusterAndUser({ name: "fake", server: this.url, skipTLSVerify: true }, { name: "test", token });
    return kc;
  }

  // ---- test-side CRUD (the same effects as the HTTP verbs, watch events included) ----

  /** Creates an object; fills apiVersion, kind, namespace, uid, creationTimestamp, resourceVersion. Throws if it exists. */
  create(type: ResourceType, namespace: string, object: Omit<KubeObject, "metadata"> & { metadata: { name: string; [key: string]: unknown } }): KubeObject {
    const items = this.items(type);
    const name = object.metadata.name;
    if (items.has(`${namespace}/${name}`)) throw new Error(`${type.plural} ${namespace}/${name} already exists`);
    const stored = clone(object) as KubeObject;
    stored.apiVersion = apiVersionOf(type);
    stored.kind = type.kind;
    stored.metadata = { ...stored.metadata, namespace, uid: `uid-${++this.uid}`, creationTimestamp: new Date().toISOString(), resourceVersion: String(++this.rv) };
    if (hasStatusSubresource(type)) {
      // With a status subresource the API server ignores status on create and counts spec generations.
      delete stored.status;
      stored.metadata.generation = 1;
    }
    items.set(`${namespace}/${name}`, stored);
    this.emit(type, namespace, "ADDED", stored);
    return clone(stored);
  }

  /** Replaces an object's content (metadata.resourceVersion, when given, must be current). Throws if missing or stale. */
  update(type: ResourceType, namespace: string, object: Omit<KubeObject, "metadata"> & { metadata: { name: string; [key: string]: unknown } }, subresource?: "status"): KubeObject {
    const items = this.items(type);
    const key = `${namespace}/${object.metadata.name}`;
    const current = items.get(key);
    if (!current) throw new Error(`${type.plural} ${key} not found`);
    const asked = object.metadata.resourceVersion;
    if (asked !== undefined && asked !== current.metadata.resourceVersion) throw new Error(`conflict: ${type.plural} ${key} is at resourceVersion ${current.metadata.resourceVersion}, not ${String(asked)}`);
    const stored = clone(object) as KubeObject;
    stored.apiVersion = apiVersionOf(type);
    stored.kind = type.kind;
    stored.metadata = { ...stored.metadata, namespace, uid: current.metadata.uid, creationTimestamp: current.metadata.creationTimestamp, resourceVersion: String(++this.rv) };
    if (hasStatusSubresource(type)) {
      // The status subresource writes only status; the main resource writes everything but status,
      // and a changed spec bumps metadata.generation (as kube-apiserver does for such CRDs).
      const generation = Number(current.metadata.generation ?? 1);
      if (subresource === "status") {
        const status = stored.status;
        Object.assign(stored, clone(current), { status });
        stored.metadata = { ...current.metadata, resourceVersion: stored.metadata.resourceVersion };
      } else {
        if (current.status === undefined) delete stored.status;
        else stored.status = clone(current.status);
        stored.metadata.generation = JSON.stringify(stored.spec) === JSON.stringify(current.spec) ? generation : generation + 1;
      }
    }
    items.set(key, stored);
    this.emit(type, namespace, "MODIFIED", stored);
    return clone(stored);
  }

  /** Creates or replaces. */
  upsert(type: ResourceType, namespace: string, object: Omit<KubeObject, "metadata"> & { metadata: { name: string; [key: string]: unknown } }): KubeObject {
    const { resourceVersion: _ignored, ...metadata } = object.metadata;
    const plain = { ...object, metadata };
    return this.items(type).has(`${namespace}/${object.metadata.name}`) ? this.update(type, namespace, plain) : this.create(type, namespace, plain);
  }

  /** Deletes an object; returns it, or undefined when it did not exist. */
  remove(type: ResourceType, namespace: string, name: string): KubeObject | undefined {
    const items = this.items(type);
    const current = items.get(`${namespace}/${name}`);
    if (!current) return undefined;
    items.delete(`${namespace}/${name}`);
    const deleted = clone(current);
    deleted.metadata.resourceVersion = String(++this.rv);
    this.emit(type, namespace, "DELETED", deleted);
    return clone(deleted);
  }

  get(type: ResourceType, namespace: string, name: string): KubeObject | undefined {
    const found = this.items(type).get(`${namespace}/${name}`);
    return found ? clone(found) : undefined;
  }

  list(type: ResourceType, namespace: string): KubeObject[] {
    return [...this.items(type).values()].filter((o) => o.metadata.namespace === namespace).map(clone);
  }

  /** Creates or replaces a core v1 Secret from plain strings (stored base64 in `data`, as the API does). */
  putSecret(namespace: string, name: string, values: Record<string, string>): KubeObject {
    const data: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) data[k] = Buffer.from(v, "utf8").toString("base64");
    return this.upsert(SECRETS, namespace, { metadata: { name }, type: "Opaque", data });
  }

  // ---- failure injection ----

  /** The next `count` requests matching `failure` are answered with `status` (a Status body), before any other handling. */
  failNext(failure: InjectedFailure): void {
    this.failures.push({ ...failure, remaining: failure.count ?? 1 });
  }

  /** Destroys open watch connections mid-stream (the client sees a connection error); returns how many. */
  breakWatches(plural?: string): number {
    return this.closeWatchers(plural, (w) => w.res.destroy());
  }

  /** Ends open watch streams cleanly (as the API server's watch timeout does); returns how many. */
  endWatches(plural?: string): number {
    return this.closeWatchers(plural, (w) => w.res.end());
  }

  /** Forgets the watch history: a watch resuming from any resourceVersion handed out so far gets 410 Gone. */
  compact(): void {
    this.history = [];
    // Bump, so a list made after this returns a version a watch may resume from.
    this.compactedRv = ++this.rv;
  }

  /** Sends a BOOKMARK with the current resourceVersion to watchers that asked for bookmarks. */
  bookmark(): void {
    for (const w of this.watchers) {
      if (w.bookmarks) this.writeEvent(w.res, "BOOKMARK", { apiVersion: apiVersionOf(w.type), kind: w.type.kind, metadata: { name: "", resourceVersion: String(this.rv) } });
    }
  }

  async close(): Promise<void> {
    for (const w of this.watchers) w.res.destroy();
    this.watchers.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---- HTTP ----

  private items(type: ResourceType): Map<string, KubeObject> {
    return this.objects.get(typeKeyOf(type))!;
  }

  private closeWatchers(plural: string | undefined, how: (w: Watcher) => void): number {
    let n = 0;
    for (const w of [...this.watchers]) {
      if (plural && w.type.plural !== plural) continue;
      this.watchers.delete(w);
      how(w);
      n++;
    }
    return n;
  }

  private emit(type: ResourceType, namespace: string, eventType: HistoryEvent["type"], object: KubeObject): void {
    const typeKey = typeKeyOf(type);
    const rv = Number(object.metadata.resourceVersion);
    this.history.push({ rv, type: eventType, typeKey, namespace, object: clone(object) });
    const limit = this.options.historyLimit ?? 1000;
    while (this.history.length > limit) this.compactedRv = this.history.shift()!.rv;
    for (const w of this.watchers) if (w.typeKey === typeKey && w.namespace === namespace && (w.name === undefined || w.name === object.metadata.name)) this.writeEvent(w.res, eventType, object);
  }

  private writeEvent(res: http.ServerResponse, type: WatchEventType, object: unknown): void {
    if (!res.destroyed && !res.writableEnded) res.write(`${JSON.stringify({ type, object })}\n`);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? "/", "http://fake");
    const watch = /^(1|true)$/.test(url.searchParams.get("watch") ?? "");
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const record: RequestRecord = { method: req.method ?? "GET", path: url.pathname, watch, ...(bearer ? { token: bearer } : {}), ...(url.searchParams.has("fieldSelector") ? { fieldSelector: url.searchParams.get("fieldSelector")! } : {}), resourceVersion: url.searchParams.get("resourceVersion") ?? undefined, status: 200 };
    this.requests.push(record);
    const fail = (status: number, reason: string, message: string): void => {
      record.status = status;
      sendJson(res, status, statusBody(status, reason, message));
    };
    if (this.options.token && req.headers.authorization !== `Bearer ${this.options.token}`) return fail(401, "Unauthorized", "Unauthorized");
    const parsed = parsePath(url.pathname);
    const injected = this.takeFailure(record, parsed?.type.plural);
    if (injected) return fail(injected.status ?? 500, "InternalError", injected.message ?? "injected failure");
    if (!parsed) return fail(404, "NotFound", `the server could not find the requested resource (${url.pathname})`);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        this.route(req.method ?? "GET", parsed, url, watch, Buffer.concat(chunks), res, record);
      } catch (error) {
        fail(500, "InternalError", (error as Error).message);
      }
    });
  }

  private takeFailure(record: RequestRecord, plural: string | undefined): InjectedFailure | undefined {
    const index = this.failures.findIndex((f) => (!f.method || f.method === record.method) && (f.watch === undefined || f.watch === record.watch) && (!f.plural || f.plural === plural));
    if (index < 0) return undefined;
    const failure = this.failures[index]!;
    if (--failure.remaining <= 0) this.failures.splice(index, 1);
    return failure;
  }

  private route(method: string, p: ParsedPath, url: URL, watch: boolean, body: Buffer, res: http.ServerResponse, record: RequestRecord): void {
    const fail = (status: number, reason: string, message: string): void => {
      record.status = status;
      sendJson(res, status, statusBody(status, reason, message));
    };
    const what = `${p.type.plural}${p.type.group ? `.${p.type.group}` : ""} "${p.name ?? ""}"`;
    if (p.subresource && method !== "PUT" && method !== "GET") return fail(405, "MethodNotAllowed", `method ${method} is not supported on the status subresource here`);
    if (method === "GET" && !p.name && watch) return this.serveWatch(p, url, res, record);
    if (method === "GET" && !p.name) {
      const kind = `${p.type.kind}List`;
      const name = nameSelected(url);
      return sendJson(res, 200, { apiVersion: apiVersionOf(p.type), kind, metadata: { resourceVersion: String(this.rv) }, items: this.list(p.type, p.namespace).filter((o) => name === undefined || o.metadata.name === name) });
    }
    if (method === "GET") {
      const found = this.get(p.type, p.namespace, p.name!);
      return found ? sendJson(res, 200, found) : fail(404, "NotFound", `${what} not found`);
    }
    if (method === "DELETE" && p.name) {
      const deleted = this.remove(p.type, p.namespace, p.name);
      return deleted ? sendJson(res, 200, deleted) : fail(404, "NotFound", `${what} not found`);
    }
    if (method !== "POST" && method !== "PUT") return fail(405, "MethodNotAllowed", `method ${method} is not supported here`);
    let object: KubeObject;
    try {
      object = JSON.parse(body.toString("utf8")) as KubeObject;
    } catch (error) {
      return fail(400, "BadRequest", `invalid JSON body: ${(error as Error).message}`);
    }
    if (typeof object?.metadata?.name !== "string" || object.metadata.name === "") return fail(422, "Invalid", "metadata.name: Required value");
    if (method === "POST" && !p.name) {
      if (this.items(p.type).has(`${p.namespace}/${object.metadata.name}`)) return fail(409, "AlreadyExists", `${p.type.plural} "${object.metadata.name}" already exists`);
      record.status = 201;
      return sendJson(res, 201, this.create(p.type, p.namespace, object));
    }
    if (method === "PUT" && p.name) {
      if (object.metadata.name !== p.name) return fail(400, "BadRequest", "the name of the object does not match the name on the URL");
      const current = this.items(p.type).get(`${p.namespace}/${p.name}`);
      if (!current) return fail(404, "NotFound", `${what} not found`);
      const asked = object.metadata.resourceVersion;
      if (asked !== undefined && asked !== current.metadata.resourceVersion) return fail(409, "Conflict", `Operation cannot be fulfilled on ${what}: the object has been modified; please apply your changes to the latest version and try again`);
      return sendJson(res, 200, this.update(p.type, p.namespace, object, p.subresource === "status" ? "status" : undefined));
    }
    return fail(405, "MethodNotAllowed", `method ${method} is not supported on this path`);
  }

  private serveWatch(p: ParsedPath, url: URL, res: http.ServerResponse, record: RequestRecord): void {
    res.writeHead(200, { "Content-Type": "application/json", "Transfer-Encoding": "chunked", "Cache-Control": "no-cache" });
    // Without this the client's fetch never resolves and the informer's start() hangs.
    res.flushHeaders();
    const typeKey = typeKeyOf(p.type);
    const name = nameSelected(url);
    const selected = (o: KubeObject): boolean => name === undefined || o.metadata.name === name;
    const asked = url.searchParams.get("resourceVersion") ?? "";
    if (asked === "" || asked === "0") {
      // "Any version": start with the current state as ADDED events, as kube-apiserver does.
      for (const object of this.list(p.type, p.namespace).filter(selected)) this.writeEvent(res, "ADDED", object);
    } else {
      const from = Number(asked);
      if (!Number.isInteger(from) || from < this.compactedRv) {
        record.status = 410;
        this.writeEvent(res, "ERROR", statusBody(410, "Expired", `too old resource version: ${asked} (${this.compactedRv + 1})`));
        res.end();
        return;
      }
      for (const e of this.history) if (e.rv > from && e.typeKey === typeKey && e.namespace === p.namespace && selected(e.object)) this.writeEvent(res, e.type, e.object);
    }
    const watcher: Watcher = { name, typeKey, type: p.type, namespace: p.namespace, bookmarks: /^(1|true)$/.test(url.searchParams.get("allowWatchBookmarks") ?? ""), res };
    this.watchers.add(watcher);
    res.on("close", () => this.watchers.delete(watcher));
  }
}
