import { readFile, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { parseDocument } from "yaml";

/**
 * Dapr's multi-app run template (`dapr run -f`), read unchanged: the same fields, the same defaults
 * and the same path rules as dapr/cli's runfileconfig (common fields fill what an app leaves empty;
 * common paths resolve from the file's folder, an app's from its appDirPath; an app's own
 * `.dapr/resources` and `.dapr/config.yaml` win over common ones).
 */

export type LogDestination = "console" | "file" | "fileAndConsole";

/** One app of the template with every path absolute and common settings merged in. */
export interface TemplateApp {
  appId: string;
  appDirPath: string;
  command?: string[];
  appPort?: number;
  appChannelAddress?: string;
  daprHTTPPort?: number;
  daprGRPCPort?: number;
  metricsPort?: number;
  appProtocol?: string;
  appHealth: TemplateAppHealth;
  resourcesPaths: string[];
  configFilePath?: string;
  logLevel?: string;
  appMaxConcurrency?: number;
  maxBodySize?: string;
  apiListenAddresses?: string;
  env: Record<string, string>;
  appLogDestination: LogDestination;
  daprdLogDestination: LogDestination;
}

/** Dapr's app health fields, passed to the sidecar's --enable-app-health-check and --app-health-* flags. */
export interface TemplateAppHealth {
  enabled: boolean;
  path?: string;
  probeIntervalSeconds?: number;
  probeTimeoutMs?: number;
  threshold?: number;
}

export interface RunTemplate {
  file: string;
  apps: TemplateApp[];
  /** Unknown fields and Dapr fields runtimed has no use for: reported, never fatal. */
  warnings: string[];
}

/** A template that cannot run: the message names the file and the field. */
export class TemplateError extends Error {
  constructor(file: string, field: string, message: string) {
    super(`${file}: ${field}: ${message}`);
    this.name = "TemplateError";
  }
}

/** The fields runtimed acts on, shared by `common` and each app (Dapr's SharedRunConfig). */
const SHARED_USED = ["resourcesPath", "resourcesPaths", "configFilePath", "env", "appLogDestination", "daprdLogDestination", "logLevel", "appMaxConcurrency", "maxBodySize", "apiListenAddresses", "appProtocol", "enableAppHealthCheck", "appHealthCheckPath", "appHealthProbeInterval", "appHealthProbeTimeout", "appHealthThreshold"];
/** Dapr's other shared fields: accepted, with a note that runtimed ignores them. */
const SHARED_IGNORED = ["enableProfiling", "placementHostAddress", "schedulerHostAddress", "appSSL", "readBufferSize", "enableApiLogging", "runtimePath"];
/** Per-app fields (Dapr's RunConfig and App). */
const APP_USED = ["appID", "appDirPath", "appPort", "appChannelAddress", "daprHTTPPort", "daprGRPCPort", "metricsPort", "command"];
const APP_IGNORED = ["profilePort", "unixDomainSocket", "daprInternalGRPCPort", "containerImage", "containerImagePullPolicy", "createService"];
const TOP = ["version", "common", "apps", "name"];
const LOG_DESTINATIONS: readonly LogDestination[] = ["console", "file", "fileAndConsole"];

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `-f` takes the file, or a folder holding `dapr.yaml` (as Dapr's CLI). */
export async function findTemplate(fileOrFolder: string): Promise<string> {
  const resolved = path.resolve(fileOrFolder);
  const info = await stat(resolved).catch(() => undefined);
  if (!info) throw new Error(`run template ${fileOrFolder} does not exist`);
  if (info.isFile()) return resolved;
  for (const name of ["dapr.yaml", "dapr.yml"]) {
    const candidate = path.join(resolved, name);
    if ((await stat(candidate).catch(() => undefined))?.isFile()) return candidate;
  }
  throw new Error(`${fileOrFolder} holds no dapr.yaml run template`);
}

export async function loadTemplate(file: string): Promise<RunTemplate> {
  const doc = parseDocument(await readFile(file, "utf8"));
  if (doc.errors.length > 0) throw new TemplateError(file, "(yaml)", doc.errors[0]!.message.split("\n")[0]!);
  return resolveTemplate(doc.toJS(), file);
}

/** Validates and resolves a parsed template; `file` anchors relative paths and names the errors. */
export async function resolveTemplate(raw: unknown, file: string): Promise<RunTemplate> {
  const warnings: string[] = [];
  const fail = (field: string, message: string): never => {
    throw new TemplateError(file, field, message);
  };
  if (!isObject(raw)) return fail("(document)", "must be a mapping with version and apps");
  checkFields(raw, TOP, [], "", file, warnings);
  if (raw.version === undefined) fail("version", "is required (1)");
  if (raw.version !== 1) fail("version", `must be 1, got ${JSON.stringify(raw.version)}`);
  const baseDir = path.dirname(path.resolve(file));
  const common = raw.common === undefined || raw.common === null ? {} : raw.common;
  if (!isObject(common)) return fail("common", "must be a mapping");
  checkFields(common, SHARED_USED, SHARED_IGNORED, "common.", file, warnings);
  const commonShared = await readShared(common, "common", baseDir, file);
  if (!Array.isArray(raw.apps) || raw.apps.length === 0) return fail("apps", "is required: a list of apps, each with appDirPath");
  const apps: TemplateApp[] = [];
  const ids = new Set<string>();
  for (const [index, item] of raw.apps.entries()) {
    const at = `apps[${index}]`;
    if (!isObject(item)) return fail(at, "must be a mapping");
    checkFields(item, [...SHARED_USED, ...APP_USED], [...SHARED_IGNORED, ...APP_IGNORED], `${at}.`, file, warnings);
    if (typeof item.appDirPath !== "string" || item.appDirPath.trim() === "") return fail(`${at}.appDirPath`, "is required");
    const appDirPath = await existingPath(baseDir, item.appDirPath, `${at}.appDirPath`, file);
    const own = await readShared(item, at, appDirPath, file);
    const app = await mergeApp(item, at, appDirPath, own, commonShared, file);
    if (ids.has(app.appId)) fail(`${at}.appID`, `${JSON.stringify(app.appId)} is used by another app`);
    ids.add(app.appId);
    apps.push(app);
  }
  return { file, apps, warnings };
}

interface Shared {
  resourcesPaths: string[];
  configFilePath?: string;
  env: Record<string, string>;
  appLogDestination?: LogDestination;
  daprdLogDestination?: LogDestination;
  logLevel?: string;
  appMaxConcurrency?: number;
  maxBodySize?: string;
  apiListenAddresses?: string;
  appProtocol?: string;
  enableAppHealthCheck?: boolean;
  appHealthCheckPath?: string;
  appHealthProbeInterval?: number;
  appHealthProbeTimeout?: number;
  appHealthThreshold?: number;
}

async function readShared(section: Json, at: string, baseDir: string, file: string): Promise<Shared> {
  const fail = (field: string, message: string): never => {
    throw new TemplateError(file, `${at}.${field}`, message);
  };
  const resourcesPaths: string[] = [];
  if (section.resourcesPaths !== undefined && section.resourcesPaths !== null) {
    if (!Array.isArray(section.resourcesPaths) || !section.resourcesPaths.every((p) => typeof p === "string")) fail("resourcesPaths", "must be a list of folders");
    for (const [i, p] of (section.resourcesPaths as string[]).entries()) resourcesPaths.push(await existingPath(baseDir, p, `${at}.resourcesPaths[${i}]`, file));
  }
  if (typeof section.resourcesPath === "string" && section.resourcesPath.trim() !== "") resourcesPaths.push(await existingPath(baseDir, section.resourcesPath, `${at}.resourcesPath`, file));
  else if (section.resourcesPath !== undefined && section.resourcesPath !== null && typeof section.resourcesPath !== "string") fail("resourcesPath", "must be a folder");
  const env: Record<string, string> = {};
  if (section.env !== undefined && section.env !== null) {
    if (!isObject(section.env)) fail("env", "must be a mapping of names to values");
    for (const [name, value] of Object.entries(section.env as Json)) {
      if (typeof value === "object" && value !== null) fail(`env.${name}`, "must be a string");
      env[name] = value === null || value === undefined ? "" : String(value as string | number | boolean);
    }
  }
  const destination = (field: "appLogDestination" | "daprdLogDestination"): LogDestination | undefined => {
    const value = section[field];
    if (value === undefined || value === null || value === "") return undefined;
    if (!LOG_DESTINATIONS.includes(value as LogDestination)) fail(field, `must be one of ${LOG_DESTINATIONS.join(", ")}, got ${JSON.stringify(value)}`);
    return value as LogDestination;
  };
  const text = (field: string): string | undefined => {
    const value = section[field];
    if (value === undefined || value === null || value === "") return undefined;
    if (typeof value !== "string" && typeof value !== "number") fail(field, "must be a string");
    return String(value as string | number);
  };
  const positive = (field: string): number | undefined => {
    const value = section[field];
    if (value === undefined || value === null) return undefined;
    // Dapr's 0 or -1 leaves its default.
    if (value === 0 || value === -1) return undefined;
    if (!Number.isInteger(value) || (value as number) < 1) fail(field, `must be a positive integer, got ${JSON.stringify(value)}`);
    return value as number;
  };
  const enableHealth = section.enableAppHealthCheck;
  if (enableHealth !== undefined && enableHealth !== null && typeof enableHealth !== "boolean") fail("enableAppHealthCheck", "must be true or false");
  const configFile = text("configFilePath");
  const maxConcurrency = section.appMaxConcurrency;
  if (maxConcurrency !== undefined && maxConcurrency !== null && !Number.isInteger(maxConcurrency)) fail("appMaxConcurrency", "must be an integer");
  return {
    resourcesPaths,
    configFilePath: configFile === undefined ? undefined : await existingPath(baseDir, configFile, `${at}.configFilePath`, file),
    env,
    appLogDestination: destination("appLogDestination"),
    daprdLogDestination: destination("daprdLogDestination"),
    logLevel: text("logLevel"),
    // Dapr's -1 means "no limit": leave our default.
    appMaxConcurrency: typeof maxConcurrency === "number" && maxConcurrency > 0 ? maxConcurrency : undefined,
    maxBodySize: text("maxBodySize"),
    apiListenAddresses: text("apiListenAddresses"),
    appProtocol: text("appProtocol"),
    enableAppHealthCheck: typeof enableHealth === "boolean" ? enableHealth : undefined,
    appHealthCheckPath: text("appHealthCheckPath"),
    appHealthProbeInterval: positive("appHealthProbeInterval"),
    appHealthProbeTimeout: positive("appHealthProbeTimeout"),
    appHealthThreshold: positive("appHealthThreshold"),
  };
}

async function mergeApp(item: Json, at: string, appDirPath: string, own: Shared, common: Shared, file: string): Promise<TemplateApp> {
  const fail = (field: string, message: string): never => {
    throw new TemplateError(file, `${at}.${field}`, message);
  };
  const port = (field: string): number | undefined => {
    const value = item[field];
    if (value === undefined || value === null) return undefined;
    // Dapr's "unset" is -1 (or 0).
    if (value === -1 || value === 0) return undefined;
    if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 65535) fail(field, `must be a port number, got ${JSON.stringify(value)}`);
    return value as number;
  };
  let command: string[] | undefined;
  if (item.command !== undefined && item.command !== null) {
    if (!Array.isArray(item.command) || !item.command.every((c) => typeof c === "string")) fail("command", 'must be a list such as ["npm", "run", "start"]');
    command = (item.command as string[]).length > 0 ? (item.command as string[]) : undefined;
  }
  if (item.appID !== undefined && (typeof item.appID !== "string" || item.appID === "")) fail("appID", "must be a non-empty string");
  // Resources: the app's own, else its .dapr/resources folder, else common's (dapr/cli's order).
  const localResources = path.join(appDirPath, ".dapr", "resources");
  const resourcesPaths = own.resourcesPaths.length > 0 ? own.resourcesPaths : (await isDirectory(localResources)) ? [localResources] : common.resourcesPaths;
  const localConfig = path.join(appDirPath, ".dapr", "config.yaml");
  const configFilePath = own.configFilePath ?? ((await isFile(localConfig)) ? localConfig : common.configFilePath);
  return {
    appId: typeof item.appID === "string" ? item.appID : path.basename(appDirPath),
    appDirPath,
    command,
    appPort: port("appPort"),
    appChannelAddress: typeof item.appChannelAddress === "string" && item.appChannelAddress !== "" ? item.appChannelAddress : undefined,
    daprHTTPPort: port("daprHTTPPort"),
    daprGRPCPort: port("daprGRPCPort"),
    metricsPort: port("metricsPort"),
    resourcesPaths,
    configFilePath,
    logLevel: own.logLevel ?? common.logLevel,
    appMaxConcurrency: own.appMaxConcurrency ?? common.appMaxConcurrency,
    maxBodySize: own.maxBodySize ?? common.maxBodySize,
    apiListenAddresses: own.apiListenAddresses ?? common.apiListenAddresses,
    appProtocol: own.appProtocol ?? common.appProtocol,
    appHealth: {
      enabled: own.enableAppHealthCheck ?? common.enableAppHealthCheck ?? false,
      path: own.appHealthCheckPath ?? common.appHealthCheckPath,
      probeIntervalSeconds: own.appHealthProbeInterval ?? common.appHealthProbeInterval,
      probeTimeoutMs: own.appHealthProbeTimeout ?? common.appHealthProbeTimeout,
      threshold: own.appHealthThreshold ?? common.appHealthThreshold,
    },
    // An app's own variable wins over common's of the same name.
    env: { ...common.env, ...own.env },
    // Dapr's defaults: the sidecar's log to a file, the app's to a file and the console.
    appLogDestination: own.appLogDestination ?? common.appLogDestination ?? "fileAndConsole",
    daprdLogDestination: own.daprdLogDestination ?? common.daprdLogDestination ?? "file",
  };
}

function checkFields(section: Json, used: readonly string[], ignored: readonly string[], at: string, file: string, warnings: string[]): void {
  for (const key of Object.keys(section)) {
    if (used.includes(key)) continue;
    if (ignored.includes(key)) warnings.push(`${file}: ${at}${key}: Dapr field not used by runtimed; ignored`);
    else warnings.push(`${file}: ${at}${key}: unknown field; ignored`);
  }
}

/** `~` and relative paths as dapr/cli resolves them; a path that does not exist is an error naming the field. */
async function existingPath(baseDir: string, value: string, field: string, file: string): Promise<string> {
  const expanded = value === "~" ? homedir() : value.startsWith("~/") ? path.join(homedir(), value.slice(2)) : value;
  const resolved = path.resolve(baseDir, expanded);
  if (!(await stat(resolved).catch(() => undefined))) throw new TemplateError(file, field, `${value} does not exist (resolved to ${resolved})`);
  return resolved;
}

async function isDirectory(p: string): Promise<boolean> {
  return (await stat(p).catch(() => undefined))?.isDirectory() ?? false;
}

async function isFile(p: string): Promise<boolean> {
  return (await stat(p).catch(() => undefined))?.isFile() ?? false;
}
