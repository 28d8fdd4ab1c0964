/* global WebSocket -- Node 22+ has the WHATWG WebSocket client built in */
// A Chrome DevTools Protocol session with a process started with --inspect=127.0.0.1:<port>, over Node's own
// WebSocket client: what profile-delivery uses to sample allocations (garbage included) in the sidecar and the relay.
export async function inspectorSession(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const waiting = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
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
