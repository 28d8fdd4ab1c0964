import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { mkdir, open, readdir, readFile, realpath, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { ComponentContext } from "../../component.js";
import type { ComponentMetadata } from "../../metadata.js";
import { requestBytes, requestValue } from "../request.js";
import { BindingRequestError, type InvokeRequest, type InvokeResponse } from "../types.js";
import { resolveUnder, within } from "./paths.js";

const OPERATIONS = ["create", "get", "list", "delete"] as const;
/** Dapr refuses these roots: kernel interfaces, boot files and the pod's service-account secrets. */
const DISALLOWED_ROOTS = ["/proc", "/sys", "/boot", "/var/run/secrets"];

/**
 * The bytes `create` writes, decoded as Dapr's binding decodes them: a JSON string loses its quotes,
 * then text that is valid standard base64 is decoded (so base64 sent through the HTTP API lands as
 * the binary it encodes; plain text that happens to be valid base64 is decoded too, as in Dapr).
 */
export function fileBytes(data: unknown): Buffer {
  let bytes = requestBytes(data);
  const text = bytes.toString("utf8");
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    try {
      const unquoted: unknown = JSON.parse(text);
      if (typeof unquoted === "string") bytes = Buffer.from(unquoted, "utf8");
    } catch {
      // Not a JSON string: written as it came.
    }
  }
  const candidate = bytes.toString("latin1").replace(/[\r\n]/g, "");
  if (candidate.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(candidate)) return Buffer.from(candidate, "base64");
  return bytes;
}

/**
 * `bindings.localstorage`: files under `rootPath`. `create` writes the data to `metadata.fileName`
 * (a random UUID when absent) and answers `{"fileName": <relative path>}`; `get` answers the bytes;
 * `list` answers the paths of the files under a folder (the root without fileName); `delete` removes
 * a file. A fileName that could reach outside the root is a bad request (paths.ts).
 */
export class LocalStorageBinding {
  private root = "";

  constructor(private readonly context: ComponentContext) {}

  async init(metadata: ComponentMetadata): Promise<void> {
    const configured = metadata.requireString("rootPath");
    const absolute = path.resolve(configured);
    if (DISALLOWED_ROOTS.some((p) => within(p, absolute))) throw metadata.error("rootPath", `points to a disallowed location (${DISALLOWED_ROOTS.join(", ")})`);
    try {
      await mkdir(absolute, { recursive: true });
      this.root = await realpath(absolute);
    } catch (error) {
      throw metadata.error("rootPath", `cannot be created or read: ${(error as Error).message}`);
    }
    if (DISALLOWED_ROOTS.some((p) => within(p, this.root))) throw metadata.error("rootPath", `leads (through a symbolic link) to a disallowed location (${DISALLOWED_ROOTS.join(", ")})`);
    if (!(await stat(this.root)).isDirectory()) throw metadata.error("rootPath", "is a file, not a folder");
  }

  features(): string[] {
    return ["output"];
  }

  operations(): string[] {
    return [...OPERATIONS];
  }

  async invoke(request: InvokeRequest): Promise<InvokeResponse> {
    if (!this.root) throw new Error(`localstorage binding ${this.context.name} is not initialised`);
    if (!(OPERATIONS as readonly string[]).includes(request.operation)) throw new BindingRequestError(`unsupported operation ${request.operation}; localstorage supports ${OPERATIONS.join(", ")}`);
    const fileName = requestValue(request.metadata, "fileName");
    switch (request.operation) {
      case "create":
        return this.create(fileName ?? randomUUID(), fileBytes(request.data));
      case "list":
        return this.list(fileName ?? "");
      case "get":
        return this.get(this.required(fileName, "get"));
      default:
        return this.delete(this.required(fileName, "delete"));
    }
  }

  private required(fileName: string | undefined, operation: string): string {
    if (fileName === undefined) throw new BindingRequestError(`metadata.fileName is required for operation ${operation}`);
    return fileName;
  }

  private async create(fileName: string, data: Buffer): Promise<InvokeResponse> {
    const { absolute, relative } = await resolveUnder(this.root, fileName);
    if (relative === "") throw new BindingRequestError("metadata.fileName must name a file under rootPath, not rootPath itself");
    await mkdir(path.dirname(absolute), { recursive: true });
    // O_NOFOLLOW: a symlink put in place after the check is not followed out of the root.
    const handle = await open(absolute, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    return { data: { fileName: relative } };
  }

  private async get(fileName: string): Promise<InvokeResponse> {
    const { absolute } = await resolveUnder(this.root, fileName);
    try {
      return { data: await readFile(absolute) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`file not found: ${fileName}`);
      throw error;
    }
  }

  private async list(fileName: string): Promise<InvokeResponse> {
    const { absolute } = await resolveUnder(this.root, fileName);
    const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
      throw error.code === "ENOENT" ? new Error(`folder not found: ${fileName}`) : error;
    });
    if (!info.isDirectory()) throw new BindingRequestError(`metadata.fileName ${JSON.stringify(fileName)} is a file; list wants a folder`);
    // Dapr lists every file below the folder, as absolute paths, in lexical order (filepath.Walk).
    const entries = await readdir(absolute, { recursive: true, withFileTypes: true });
    const files = entries.filter((e) => !e.isDirectory()).map((e) => path.join(e.parentPath, e.name)).sort();
    return { data: files };
  }

  private async delete(fileName: string): Promise<InvokeResponse> {
    const { absolute, relative } = await resolveUnder(this.root, fileName);
    if (relative === "") throw new BindingRequestError("metadata.fileName must name a file under rootPath, not rootPath itself");
    try {
      await unlink(absolute);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`file not found: ${fileName}`);
      throw error;
    }
    return {};
  }

  async close(): Promise<void> {
    await Promise.resolve();
  }
}
