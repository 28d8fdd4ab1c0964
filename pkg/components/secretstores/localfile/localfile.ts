import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import type { GetSecretRequest, SecretStore, SecretValue } from "../types.js";
import { JsonDepthError, parseJson } from "../../../util/json.js";

/**
 * `secretstores.local.file` (Dapr's local file store, for development): a JSON file read at init.
 * Not multi-valued: nested objects flatten into names joined by `nestedSeparator` (`db:password`),
 * each a name/value secret. Multi-valued: top-level names are secrets, their nested keys flatten
 * into the secret's keys.
 */
export class LocalFileSecretStore implements SecretStore {
  private secrets = new Map<string, SecretValue>();

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    const file = path.resolve(metadata.requireString("secretsFile"));
    const separator = metadata.string("nestedSeparator") ?? ":";
    const multiValued = metadata.bool("multiValued", false);
    let doc: unknown;
    try {
      doc = parseJson(await readFile(file, "utf8"));
    } catch (error) {
      // The parse error can quote the file's content, which is secret: report only where and what kind.
      const reason = error instanceof SyntaxError ? "is not valid JSON" : error instanceof JsonDepthError ? `is ${error.message}` : `cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`;
      throw metadata.error("secretsFile", `names a file that ${reason}: ${file}`);
    }
    if (doc === null || typeof doc !== "object" || Array.isArray(doc)) throw metadata.error("secretsFile", `must hold a JSON object: ${file}`);
    this.secrets = new Map();
    if (multiValued) {
      for (const [name, value] of Object.entries(doc as Record<string, unknown>)) {
        this.secrets.set(name, isObject(value) ? flatten(value, separator) : { [name]: scalar(value) });
      }
    } else {
      for (const [name, value] of Object.entries(flatten(doc as Record<string, unknown>, separator))) this.secrets.set(name, { [name]: value });
    }
    for (const secret of this.secrets.values()) for (const value of Object.values(secret)) this.context.redactor.add(value);
  }

  features(): string[] {
    return ["MULTIPLE_KEY_VALUES_PER_SECRET"];
  }

  getSecret(request: GetSecretRequest): Promise<SecretValue | undefined> {
    const secret = this.secrets.get(request.name);
    return Promise.resolve(secret ? { ...secret } : undefined);
  }

  bulkGetSecret(): Promise<Record<string, SecretValue>> {
    const out = Object.create(null) as Record<string, SecretValue>;
    for (const [name, secret] of this.secrets) out[name] = { ...secret };
    return Promise.resolve(out);
  }

  close(): Promise<void> {
    this.secrets.clear();
    return Promise.resolve();
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function scalar(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function flatten(doc: Record<string, unknown>, separator: string, prefix = "", out: Record<string, string> = Object.create(null) as Record<string, string>): Record<string, string> {
  for (const [key, value] of Object.entries(doc)) {
    const name = prefix === "" ? key : `${prefix}${separator}${key}`;
    if (isObject(value)) flatten(value, separator, name, out);
    else out[name] = scalar(value);
  }
  return out;
}

export function createLocalFileSecretStore(context: ComponentContext): SecretStore {
  return new LocalFileSecretStore(context);
}
