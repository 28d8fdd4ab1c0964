// How the Express baselines listen: as `app.listen` does, or with "born-parented" on the sidecar's own
// server set-up (requests born with the app's prototypes, pkg/api/http/server.ts), so a reference can
// tell Express's cost on equal footing apart from the sidecar's own work.
import http from "node:http";
import { expressServerOptions } from "../dist/pkg/api/http/server.js";

export function listen(app, port, setup) {
  const options = setup === "born-parented" ? expressServerOptions(app) : {};
  const server = http.createServer(options, app);
  server.keepAliveTimeout = 60_000;
  server.listen(Number(port), "127.0.0.1", () => process.stdout.write("listening\n"));
  return server;
}
