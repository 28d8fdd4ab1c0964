import net from "node:net";

/**
 * A loopback port free right now, for a process the test starts to bind. Drawn below Linux's ephemeral
 * range (32768-60999), not from it: a port the OS hands out for `listen(0)` can be handed out again as
 * the source port of any outgoing connection (a broker client, a load generator) before the process
 * binds it, which failed sidecar starts with EADDRINUSE. Ports below the range are never picked that way.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = FIRST_FREE_PORT + Math.floor(Math.random() * (FIRST_EPHEMERAL_PORT - FIRST_FREE_PORT));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${FIRST_FREE_PORT}-${FIRST_EPHEMERAL_PORT - 1} after 100 draws`);
}

const FIRST_FREE_PORT = 20_000;
const FIRST_EPHEMERAL_PORT = 32_768;

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Polls `check` until it returns true or the deadline passes (no fixed sleeps in tests). */
export async function waitFor(check: () => boolean | Promise<boolean>, { timeoutMs = 10_000, intervalMs = 25, what = "condition" } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs}ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
