/* global WebSocket -- Node 22+ has the WHATWG WebSocket client built in */
// A Chrome DevTools Protocol session with a process started with --inspect=127.0.0.1:<port>, over Node's own
// WebSocket client: what profile-delivery uses to sample allocations (garbage included) in the sidecar and the relay,
// and what the soak uses to force a full collection and read the heap it leaves (`liveHeap`, `heapSnapshot`).
export async function inspectorSession(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map();
  const listeners = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.method) for (const listener of listeners.get(message.method) ?? []) listener(message.params);
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  });
  return {
    send(method, params = {}) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
    /** Calls `listener(params)` for each event of `method` (e.g. "HeapProfiler.addHeapSnapshotChunk"); returns the undo. */
    on(method, listener) {
      if (!listeners.has(method)) listeners.set(method, new Set());
      listeners.get(method).add(listener);
      return () => listeners.get(method).delete(listener);
    },
    close: () => socket.close(),
  };
}

/**
 * Bytes allocated per function and per place from a HeapProfiler sampling profile taken with the objects
 * collected by GC included (so it counts allocation, not retention).
 */
export function allocationsOf(profile, placeOf) {
  const functions = new Map();
  const places = new Map();
  const walk = (node) => {
    const self = node.selfSize;
    if (self > 0) {
      const { functionName, url, lineNumber } = node.callFrame;
      const name = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*\/(dist|node_modules)\//, "$1/")}:${lineNumber + 1}` : ""}`;
      functions.set(name, (functions.get(name) ?? 0) + self);
      const place = placeOf(url, functionName);
      places.set(place, (places.get(place) ?? 0) + self);
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(profile.head);
  return { functions, places };
}

/**
 * The heap a full collection leaves: runs one full mark-compact in the process, then reads the heap in use. The heap
 * in use between collections swings with each scavenge and with the old generation filling until its next full
 * collection, so only this figure tells what stays live. `ms` is the round trip, the collection's pause included.
 *
 * Not HeapProfiler.collectGarbage: that one collects as for low memory (several rounds, the young generation shrunk,
 * free pages returned), which on the soaked sidecar took 120 ms and cut its RSS from 170 to 125 MB and its reserved
 * heap to 24 MB, so a soak forcing it would measure a process kept small by its probe. Instead V8's own `gc`
 * function, made in a fresh context (exposing it there leaves the process's global alone), runs one ordinary full
 * collection, as V8 would when the old generation fills.
 */
export async function liveHeap(session) {
  const started = performance.now();
  const { result, exceptionDetails } = await session.send("Runtime.evaluate", { expression: FULL_COLLECTION, returnByValue: true });
  if (exceptionDetails) throw new Error(`full collection: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  const ms = performance.now() - started;
  const { usedSize, totalSize } = await session.send("Runtime.getHeapUsage");
  return { usedBytes: usedSize, totalBytes: totalSize, ms, spaces: result.value };
}
const FULL_COLLECTION = `(() => {
  if (!globalThis[Symbol.for("bench.fullCollection")]) {
    process.getBuiltinModule("node:v8").setFlagsFromString("--expose-gc");
    globalThis[Symbol.for("bench.fullCollection")] = new (process.getBuiltinModule("node:vm").Script)("gc").runInNewContext();
  }
  globalThis[Symbol.for("bench.fullCollection")]({ type: "major", execution: "sync" });
  // Bytes in use per heap space after the collection: compiled code and bytecode settle in code and old space
  // while the process warms up, apart from what the program itself keeps.
  return Object.fromEntries(process.getBuiltinModule("node:v8").getHeapSpaceStatistics().map((s) => [s.space_name, s.space_used_size]));
})()`;

/** A heap snapshot (V8 collects before it takes one) as its parsed JSON. Pauses the process for a second or more. */
export async function heapSnapshot(session) {
  const chunks = [];
  const off = session.on("HeapProfiler.addHeapSnapshotChunk", ({ chunk }) => chunks.push(chunk));
  try {
    await session.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false, captureNumericValue: false });
  } finally {
    off();
  }
  return JSON.parse(chunks.join(""));
}

/** Objects and their own bytes per constructor (per node type and name for what is not an object) in a heap snapshot. */
export function constructorTotals(snapshot) {
  const { node_fields: fields, node_types: [types] } = snapshot.snapshot.meta;
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const totals = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]];
    const name = snapshot.strings[snapshot.nodes[i + nameAt]];
    // Strings are grouped by type alone (their name is their text); everything else by its name.
    const key = type === "string" || type === "concatenated string" || type === "sliced string" ? `(${type})` : `${type} ${name}`;
    const total = totals.get(key) ?? { count: 0, bytes: 0 };
    total.count++;
    total.bytes += snapshot.nodes[i + sizeAt];
    totals.set(key, total);
  }
  return totals;
}

/** What grew from one `constructorTotals` to another, largest byte growth first. */
export function totalsGrowth(before, after, top = 25) {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .map((key) => {
      const b = before.get(key) ?? { count: 0, bytes: 0 };
      const a = after.get(key) ?? { count: 0, bytes: 0 };
      return { what: key.slice(0, 80), "count before": b.count, "count after": a.count, "count +": a.count - b.count, "kB +": Math.round((a.bytes - b.bytes) / 1024) };
    })
    .filter((row) => row["count +"] !== 0 || row["kB +"] !== 0)
    .sort((x, y) => Math.abs(y["kB +"]) - Math.abs(x["kB +"]) || Math.abs(y["count +"]) - Math.abs(x["count +"]))
    .slice(0, top);
}
