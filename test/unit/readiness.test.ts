import { describe, expect, it } from "@jest/globals";
import { Readiness } from "../../pkg/diagnostics/health.js";

describe("Readiness.firstOpen (the end of start-up)", () => {
  it("resolves only once every gate has been open at the same time, whatever the probes say", async () => {
    const readiness = new Readiness();
    const http = readiness.gate("http-server", { outbound: true });
    const app = readiness.gate("app-channel", { outbound: false });
    readiness.probe(() => ["component orders (not connected)"], { outbound: true });
    let opened = false;
    void readiness.firstOpen.then(() => (opened = true));
    http.set(true);
    http.set(false);
    app.set(true);
    await Promise.resolve();
    expect(opened).toBe(false);
    http.set(true);
    await readiness.firstOpen;
    expect(opened).toBe(true);
    expect(readiness.waitingFor("outbound")).toEqual(["component orders (not connected)"]);
  });
});
