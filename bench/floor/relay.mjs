// The floor under the sidecar, per broker: the thinnest relay that does the sidecar's hops with the same
// broker client. A bare node:http server takes `POST /publish/<topic>` and a bare grpc-js server takes Dapr's
// PublishEvent; each hands the body to the client and answers (204, Empty) once the broker accepted it.
// With an app port, the client consumes <topic> and POSTs each body to the app's /relay (one keep-alive agent).
// `node bench/floor/relay.mjs <broker> '<settings JSON>' <httpPort> <grpcPort> [<consumeTopic> <appPort>]`
import http from "node:http";
import path from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { ROOT } from "../lib.mjs";
import { CLIENTS } from "./clients.mjs";

const [broker, settings, httpPort, grpcPort, consumeTopic, appPort] = process.argv.slice(2);
const client = await CLIENTS[broker](JSON.parse(settings));

const PREFIX = "/publish/";
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    client.publish(req.url.slice(PREFIX.length), Buffer.concat(chunks)).then(
      () => {
        res.statusCode = 204;
        res.end();
      },
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
  });
});
server.keepAliveTimeout = 60_000;

const definition = protoLoader.loadSync("dapr/proto/runtime/v1/dapr.proto", { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true, includeDirs: [path.join(ROOT, "proto")] });
const grpcServer = new grpc.Server();
grpcServer.addService(grpc.loadPackageDefinition(definition).dapr.proto.runtime.v1.Dapr.service, {
  PublishEvent(call, callback) {
    client.publish(call.request.topic, call.request.data).then(
      () => callback(null, {}),
      (error) => callback({ code: grpc.status.INTERNAL, details: error.message }),
    );
  },
});

if (appPort) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  const deliver = (body) =>
    new Promise((resolve) => {
      const req = http.request({ host: "127.0.0.1", port: Number(appPort), path: "/relay", method: "POST", agent, headers: { "content-type": "application/json", "content-length": body.length } }, (res) => {
        res.resume();
        res.on("end", resolve);
      });
      req.on("error", resolve);
      req.end(body);
    });
  await client.consume(consumeTopic, deliver);
}

await new Promise((resolve, reject) => grpcServer.bindAsync(`127.0.0.1:${grpcPort}`, grpc.ServerCredentials.createInsecure(), (error) => (error ? reject(error) : resolve())));
server.listen(Number(httpPort), "127.0.0.1", () => console.log("listening"));
process.on("SIGTERM", () => {
  server.close();
  grpcServer.forceShutdown();
  void client.close().finally(() => process.exit(0));
});
