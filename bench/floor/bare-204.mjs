// The floor of an HTTP publish with no broker at all: a bare node:http server that reads the body and answers 204.
import http from "node:http";

const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    res.statusCode = 204;
    res.end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.argv[2]), "127.0.0.1", () => console.log("listening"));
