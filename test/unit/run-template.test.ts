import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { appEnvironment, templateArgs } from "../../pkg/cli/run/plan.js";
import { findTemplate, loadTemplate } from "../../pkg/cli/run/template.js";
import { tempDir } from "../support/tempdirs.js";

/** Dapr's run template read as dapr/cli reads it: paths, precedence, defaults, warnings and errors. */

let root: string;
beforeAll(async () => {
  root = tempDir("run-template-");
  for (const dir of ["components", "shared-config", "api", "api/.dapr/resources", "worker", "worker/own"]) await mkdir(path.join(root, dir), { recursive: true });
  await writeFile(path.join(root, "shared-config", "config.yaml"), "kind: Configuration\n");
});

async function template(text: string): Promise<ReturnType<typeof loadTemplate>> {
  const file = path.join(root, "dapr.yaml");
  await writeFile(file, text);
  return loadTemplate(await findTemplate(root));
}

describe("run template", () => {
  it("resolves common paths from the file's folder and an app's from its appDirPath, with dapr/cli's precedence", async () => {
    const t = await template(`version: 1
common:
  resourcesPath: ./components
  configFilePath: shared-config/config.yaml
  env: {SHARED: common, OVERRIDE: common}
  logLevel: debug
apps:
  - appID: api
    appDirPath: ./api/
    appPort: 3000
    command: ["npm", "run", "start"]
  - appDirPath: worker
    resourcesPaths: [own]
    env: {OVERRIDE: worker, NUMBER: 7}
    appLogDestination: console
`);
    expect(t.warnings).toEqual([]);
    const [api, worker] = t.apps;
    // The app's own .dapr/resources folder wins over common's.
    expect(api).toMatchObject({ appId: "api", appDirPath: path.join(root, "api"), appPort: 3000, command: ["npm", "run", "start"], resourcesPaths: [path.join(root, "api/.dapr/resources")], configFilePath: path.join(root, "shared-config/config.yaml"), logLevel: "debug" });
    expect(api!.appLogDestination).toBe("fileAndConsole");
    expect(api!.daprdLogDestination).toBe("file");
    // appID defaults to the folder's name; resourcesPaths resolve from appDirPath.
    expect(worker).toMatchObject({ appId: "worker", resourcesPaths: [path.join(root, "worker/own")], env: { SHARED: "common", OVERRIDE: "worker", NUMBER: "7" }, appLogDestination: "console" });
    expect(worker!.command).toBeUndefined();
    expect(await templateArgs({ ...api!, daprHTTPPort: 3500, daprGRPCPort: 50007, metricsPort: 9090 })).toEqual([
      "--app-id", "api", "--http-port", "3500", "--grpc-port", "50007", "--metrics-port", "9090", "--app-port", "3000",
      "--resources-path", path.join(root, "api/.dapr/resources"), "--config", path.join(root, "shared-config/config.yaml"), "--log-level", "debug",
    ]);
  });

  it("warns about unknown fields and Dapr fields runtimed does not use, without failing", async () => {
    const t = await template(`version: 1
name: demo
common: {enableProfiling: true, colour: blue}
apps:
  - {appDirPath: api, profilePort: 7777, apiVersion: 2}
`);
    const file = path.join(root, "dapr.yaml");
    expect(t.warnings).toEqual([
      `${file}: common.enableProfiling: Dapr field not used by runtimed; ignored`,
      `${file}: common.colour: unknown field; ignored`,
      `${file}: apps[0].profilePort: Dapr field not used by runtimed; ignored`,
      `${file}: apps[0].apiVersion: unknown field; ignored`,
    ]);
  });

  it.each([
    ["apps: [{appDirPath: api}]", "version: is required (1)"],
    ["version: 2\napps: [{appDirPath: api}]", "version: must be 1, got 2"],
    ["version: 1", "apps: is required"],
    ["version: 1\napps: [{appID: x}]", "apps[0].appDirPath: is required"],
    ["version: 1\napps: [{appDirPath: nowhere}]", "apps[0].appDirPath: nowhere does not exist"],
    ["version: 1\ncommon: {resourcesPath: gone}\napps: [{appDirPath: api}]", "common.resourcesPath: gone does not exist"],
    ["version: 1\napps: [{appDirPath: api, appPort: web}]", 'apps[0].appPort: must be a port number, got "web"'],
    ["version: 1\napps: [{appDirPath: api, command: npm start}]", "apps[0].command: must be a list"],
    ["version: 1\napps: [{appDirPath: api, daprdLogDestination: syslog}]", "apps[0].daprdLogDestination: must be one of console, file, fileAndConsole"],
    ["version: 1\napps: [{appDirPath: api}, {appDirPath: ./api/}]", 'apps[1].appID: "api" is used by another app'],
  ])("%j is a clear error naming the field", async (text, message) => {
    await expect(template(text)).rejects.toThrow(`${path.join(root, "dapr.yaml")}: ${message}`);
  });

  it("gives the app Dapr's variables, the gRPC port and the tokens under both names", () => {
    const env = appEnvironment(
      { appId: "a", appPort: 3000, appChannelAddress: "127.0.0.1", appProtocol: "grpc", httpPort: 4000, grpcPort: 4002, metricsPort: 4001, enableMetrics: true, listenAddress: "127.0.0.1", gracefulShutdownMs: 5000 },
      { PATH: "/bin", RUNTIME_API_TOKEN: "t0ken", APP_API_TOKEN: "app" },
    );
    expect(env).toEqual({
      PATH: "/bin", APP_ID: "a", APP_PORT: "3000", APP_PROTOCOL: "grpc", DAPR_HTTP_PORT: "4000", RUNTIME_HTTP_PORT: "4000", DAPR_GRPC_PORT: "4002", RUNTIME_GRPC_PORT: "4002",
      DAPR_METRICS_PORT: "4001", DAPR_API_TOKEN: "t0ken", RUNTIME_API_TOKEN: "t0ken", APP_API_TOKEN: "app",
    });
  });

  it("passes daprGRPCPort, appProtocol and the app health fields to the sidecar", async () => {
    const t = await template(`version: 1
common: {appHealthProbeInterval: 2, appHealthThreshold: 4}
apps:
  - {appDirPath: api, appPort: 50051, daprGRPCPort: 50007, appProtocol: grpc, enableAppHealthCheck: true, appHealthProbeTimeout: 700}
`);
    expect(t.warnings).toEqual([]);
    const args = await templateArgs({ ...t.apps[0]!, daprHTTPPort: 3500, metricsPort: 9090 });
    expect(args.slice(0, 12)).toEqual(["--app-id", "api", "--http-port", "3500", "--grpc-port", "50007", "--metrics-port", "9090", "--app-port", "50051", "--app-protocol", "grpc"]);
    expect(args.slice(12)).toEqual(expect.arrayContaining(["--enable-app-health-check", "true", "--app-health-probe-interval", "2", "--app-health-probe-timeout", "700", "--app-health-threshold", "4"]));
  });
});
