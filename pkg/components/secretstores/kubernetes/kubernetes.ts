import type { CoreV1Api, V1Secret } from "@kubernetes/client-node";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import type { GetSecretRequest, SecretStore, SecretValue } from "../types.js";
import { parseJson } from "../../../util/json.js";

/**
 * `secretstores.kubernetes`: Secrets of the pod's namespace (or `metadata.namespace`) through the
 * API server. Built in and named `kubernetes` in kubernetes mode, where secretKeyRefs resolve through
 * it. A request may name another namespace with `metadata.namespace` (spec endpoint 6, note 6).
 */
export class KubernetesSecretStore implements SecretStore {
  private api?: CoreV1Api;
  private namespace = "";

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    const kubeConfig = this.context.kubeConfig;
    if (!kubeConfig) throw new Error("the kubernetes secret store needs an API server connection (kubernetes mode)");
    const namespace = metadata.string("namespace", ["defaultNamespace"]) ?? this.context.namespace;
    if (!namespace) throw metadata.error("namespace", "is required outside kubernetes mode (no pod namespace is known)");
    this.namespace = namespace;
    // Loaded here, not at import: the client costs about a second of every sidecar's start-up.
    const { CoreV1Api } = await import("@kubernetes/client-node");
    this.api = kubeConfig.makeApiClient(CoreV1Api);
  }

  features(): string[] {
    return ["MULTIPLE_KEY_VALUES_PER_SECRET"];
  }

  async getSecret(request: GetSecretRequest): Promise<SecretValue | undefined> {
    const namespace = request.metadata.namespace || this.namespace;
    try {
      return this.decode(await this.requireApi().readNamespacedSecret({ name: request.name, namespace }));
    } catch (error) {
      if (apiStatus(error) === 404) return undefined;
      throw describe(error, `reading secret ${request.name} in namespace ${namespace}`);
    }
  }

  async bulkGetSecret(metadata: Record<string, string>): Promise<Record<string, SecretValue>> {
    const namespace = metadata.namespace || this.namespace;
    const out = Object.create(null) as Record<string, SecretValue>;
    let cont: string | undefined;
    try {
      do {
        const list = await this.requireApi().listNamespacedSecret({ namespace, _continue: cont, limit: 500 });
        for (const secret of list.items) if (secret.metadata?.name) out[secret.metadata.name] = this.decode(secret);
        cont = list.metadata?._continue || undefined;
      } while (cont);
    } catch (error) {
      throw describe(error, `listing secrets in namespace ${namespace}`);
    }
    return out;
  }

  /** Secret data is base64 on the wire; stringData is write-only, so only `data` is read. */
  private decode(secret: V1Secret): SecretValue {
    const out = Object.create(null) as SecretValue;
    for (const [key, encoded] of Object.entries(secret.data ?? {})) {
      const value = Buffer.from(encoded, "base64").toString("utf8");
      this.context.redactor.add(value);
      out[key] = value;
    }
    return { ...out };
  }

  private requireApi(): CoreV1Api {
    if (!this.api) throw new Error("the store is not initialised");
    return this.api;
  }

  close(): Promise<void> {
    this.api = undefined;
    return Promise.resolve();
  }
}

/** The client's errors carry the whole response body; keep the status and the API's own message only. */
function describe(error: unknown, what: string): Error {
  const status = apiStatus(error);
  if (status !== undefined) {
    const apiError = error as { body?: unknown };
    let reason = "";
    try {
      const body: unknown = typeof apiError.body === "string" ? parseJson(apiError.body) : apiError.body;
      if (body && typeof body === "object" && "message" in body) reason = `: ${String((body as { message: unknown }).message)}`;
    } catch {
      // not a Status object
    }
    return new Error(`${what}: the API server answered ${status}${reason}`);
  }
  return new Error(`${what}: ${(error as Error).message}`);
}

/** The HTTP status of the client's ApiException (checked by shape: the class is loaded lazily). */
function apiStatus(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return error instanceof Error && typeof code === "number" && "body" in error && "headers" in error ? code : undefined;
}

export function createKubernetesSecretStore(context: ComponentContext): SecretStore {
  return new KubernetesSecretStore(context);
}
