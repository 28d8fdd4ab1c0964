import { describe, expect, it } from "@jest/globals";
import { Command } from "commander";
import { closestFlag, ownFlags, translateDaprFlags } from "../../cmd/runtimed/dapr-flags.js";
import { addSidecarFlags, parseCommandLine, UsageError } from "../../cmd/runtimed/options.js";

const OWN = ownFlags(addSidecarFlags(new Command(), { appIdRequired: false }).options);

describe("Dapr's flags on runtimed's command line", () => {
  it("spells Dapr's names, short forms and daprd's single-dash long form as runtimed's flags", () => {
    expect(translateDaprFlags(["-a", "orders", "-p", "3000", "-H", "3501", "-G=50002", "-M", "9091", "-d", "./c", "--components-path", "./d", "-P", "grpc", "-app-id", "x", "-c", "cfg.yaml"], OWN)).toEqual({
      args: ["--app-id", "orders", "--app-port", "3000", "--http-port", "3501", "--grpc-port", "50002", "--metrics-port", "9091", "--resources-path", "./c", "--resources-path", "./d", "--app-protocol", "grpc", "--app-id", "x", "--config", "cfg.yaml"],
      warnings: [],
    });
  });

  it("converts Dapr's units: MB for --dapr-http-max-request-size, a list for --dapr-listen-addresses", () => {
    expect(translateDaprFlags(["--dapr-http-max-request-size", "16", "--dapr-listen-addresses=0.0.0.0,[::1]"], OWN).args).toEqual(["--max-body-size", "16Mi", "--listen-address", "0.0.0.0"]);
    expect(translateDaprFlags(["--dapr-http-max-request-size", "2Mi"], OWN).args).toEqual(["--max-body-size", "2Mi"]);
  });

  it("drops an ignored Dapr flag with its value (a boolean takes one only after =), with one warning each", () => {
    const { args, warnings } = translateDaprFlags(["--enable-mtls", "--placement-host-address", "p:50005", "--app-ssl=true", "-I", "50003", "--app-id", "x"], OWN);
    expect(args).toEqual(["--app-id", "x"]);
    expect(warnings).toEqual([
      "warning: --enable-mtls is a Dapr flag runtimed accepts and ignores: runtimed has no mTLS between sidecars (no Sentry)",
      "warning: --placement-host-address is a Dapr flag runtimed accepts and ignores: runtimed serves no actors (no placement service)",
      "warning: --app-ssl is a Dapr flag runtimed accepts and ignores: runtimed calls the app over plain http or grpc only (no TLS to the app)",
      "warning: -I is a Dapr flag runtimed accepts and ignores: runtimed has no sidecar-to-sidecar channel (service invocation, actors)",
    ]);
  });

  it("leaves runtimed's own flags, values that look like flags' names, and everything after -- alone", () => {
    expect(translateDaprFlags(["--http-port", "1", "--app-id", "-a", "--", "-p", "--dapr-http-port"], OWN).args).toEqual(["--http-port", "1", "--app-id", "-a", "--", "-p", "--dapr-http-port"]);
  });

  it("suggests the closest flag of either vocabulary, or none when nothing is close", () => {
    expect(closestFlag("--dapr-htp-port", OWN)).toBe("--dapr-http-port");
    expect(closestFlag("--app-prot", OWN)).toBe("--app-protocol");
    expect(closestFlag("--log-levle", OWN)).toBe("--log-level");
    expect(closestFlag("--scheduler-host", OWN)).toBe("--scheduler-host-address");
    expect(closestFlag("--banana-split", OWN)).toBeUndefined();
  });

  it("parses a daprd command line into the same options as runtimed's", () => {
    const dapr = parseCommandLine(["-app-id", "orders", "-dapr-http-port", "3501", "-dapr-grpc-port", "50002", "-app-protocol", "grpc", "-dapr-http-max-request-size", "8"], {});
    const ours = parseCommandLine(["--app-id", "orders", "--http-port", "3501", "--grpc-port", "50002", "--app-protocol", "grpc", "--max-body-size", "8Mi"], {});
    expect({ ...dapr.options, env: undefined }).toEqual({ ...ours.options, env: undefined });
    expect(dapr.options).toMatchObject({ httpPort: 3501, grpcPort: 50002, appProtocol: "grpc", maxBodyBytes: 8 * 1024 * 1024 });
    expect(() => parseCommandLine(["--app-id", "x", "--app-protocol", "h2c"], {})).toThrow(UsageError);
    expect(() => parseCommandLine(["--app-id", "x", "--dapr-grpc-prot", "1"], {})).toThrow("unknown flag --dapr-grpc-prot (did you mean --dapr-grpc-port?)");
  });
});
