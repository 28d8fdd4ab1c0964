import { describe, expect, it } from "@jest/globals";
import { parseStatusControllerOptions, UsageError } from "../../cmd/statuscontroller/options.js";

describe("runtime-status-controller's command line", () => {
  it("takes the namespaces, and its identity and Lease namespace from the downward API", () => {
    const options = parseStatusControllerOptions(["--namespaces=shop,payments", "--namespaces", "shop", "--lease-duration=10s", "--retry-period=1"], { POD_NAME: "sc-0", POD_NAMESPACE: "runtime-system" });
    expect(options).toMatchObject({ namespaces: ["shop", "payments"], identity: "sc-0", leaseNamespace: "runtime-system", leaseName: "runtime-status-controller", leaseDurationMs: 10_000, retryPeriodMs: 1000 });
  });

  it("refuses a missing identity, no namespaces, or a retry period not shorter than the lease", () => {
    expect(() => parseStatusControllerOptions(["--namespaces=shop"], { POD_NAMESPACE: "ns" })).toThrow(new UsageError("--identity (or POD_NAME) is required"));
    expect(() => parseStatusControllerOptions([], { POD_NAME: "a", POD_NAMESPACE: "ns" })).toThrow(UsageError);
    expect(() => parseStatusControllerOptions(["--namespaces=shop", "--lease-duration=2s", "--retry-period=2s"], { POD_NAME: "a", POD_NAMESPACE: "ns" })).toThrow("--retry-period must be shorter than --lease-duration");
  });
});
