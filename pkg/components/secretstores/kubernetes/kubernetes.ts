import { ApiException, CoreV1Api, type V1Secret } from "@kubernetes/client-node";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import type { GetSecretRequest, SecretStore, SecretValue } from "../types.js";

/**
 * `secretstores.kubernetes`: Secrets of the pod's namespace (or `metadata.namespace`) through the
 * API server. Built in and named `kubernetes` in kubernetes mode, where secretKeyRefs resolve through
 * it. A request may name another namespace with `metadata.namespace` (spec endpoint 6, note 6).
 */
export class KubernetesSecretStore implements SecretStore {
  private api?: CoreV1Api;
  private namespace = "";

  constructor(private readonly context: ComponentContext) {}

  init(metadata: ComponentMetadata): Promise<void> {
    const kubeConfig = this.context.kubeConfig;
    if (!kubeConfig) return Promise.reject(new Error("the kubernetes secret store needs an API server connection (kubernetes mode)"));
    const namespace = metadata.string("namespace", ["defaultNamespace"]) ?? this.context.namespace;
    if (!namespace) return Promise.reject(metadata.error("namespace", "is required outside kubernetes mode (no pod namespace is known)"));
    this.namespace = namespace;
    this.api = kubeConfig.makeApiClient(CoreV1Api);
    return Promise.resolve();
  }

  features(): string[] {
    return ["MULTIPLE_KEY_VALUES_PER_SECRET"];
  }

  async getSecret(request: GetSecretRequest): Promise<SecretValue | undefined> {
    const namespace = request.metadata.namespace || this.namespace;
    try {
      return this.decode(await this.requireApi().readNamespacedSecret({ name: request.name, namespace }));
    } catch (error) {
      if (error instanceof ApiException && error.code === 404) return undefined;
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
  if (error instanceof ApiException) {
    let reason = "";
    try {
      const body: unknown = typeof error.body === "string" ? JSON.parse(error.body) : error.body;
      if (body && typeof body === "object" && "message" in body) reason = `: ${String((body as { message: unknown }).message)}`;
    } catch {
      // not a Status object
    }
    return new Error(`${what}: the API server answered ${error.code}${reason}`);
  }
  return new Error(`${what}: ${(error as Error).message}`);
}

export function createKubernetesSecretStore(context: ComponentContext): SecretStore {
  return new KubernetesSecretStore(context);
}
