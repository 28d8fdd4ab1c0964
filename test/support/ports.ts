import net from "node:net";

/**
 * A loopback port free right now, for a process the test starts to bind. Drawn below Linux's ephemeral
 * range (32768-60999), not from it: a port the OS hands out for `listen(0)` can be handed out again as
 * the source port of any outgoing connection (a broker client, a load generator) before the process
 * binds it, which failed sidecar starts with EADDRINUSE. Ports below the range are never picked that way.
 *
 * A port is handed out once per test process: a sidecar takes its HTTP, metrics and gRPC ports in a
 * row before it binds any, so a second draw of the same still-unbound port would pass the bind check
 * and fail the start. Each Jest worker draws from its own slice of the range, so two workers never
 * race for one port either.
 */
export async function freePort(): Promise<number> {
  const [first, end] = workerSlice();
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = first + Math.floor(Math.random() * (end - first));
    if (handedOut.has(port)) continue;
    if (await bindable(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${first}-${end - 1} after 200 draws`);
}

const FIRST_FREE_PORT = 20_000;
const FIRST_EPHEMERAL_PORT = 32_768;
const WORKER_SLICES = 8;
const handedOut = new Set<number>();

/**
 * This Jest worker's part of the range (the whole range outside Jest). TEST_PORT_SLICE shifts a whole Jest
 * process to other slices: `make test` runs the Kafka suites in a second process beside the first.
 */
function workerSlice(): [number, number] {
  const worker = Number(process.env.JEST_WORKER_ID);
  if (!Number.isInteger(worker) || worker < 1) return [FIRST_FREE_PORT, FIRST_EPHEMERAL_PORT];
  const size = Math.floor((FIRST_EPHEMERAL_PORT - FIRST_FREE_PORT) / WORKER_SLICES);
  const slice = (worker - 1 + (Number(process.env.TEST_PORT_SLICE) || 0)) % WORKER_SLICES;
  const first = FIRST_FREE_PORT + slice * size;
  return [first, first + size];
}

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
