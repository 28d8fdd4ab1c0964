// Bench 6's baseline: a bare node:http process, idle.
import http from "node:http";

http.createServer((_req, res) => res.end()).listen(Number(process.argv[2]), "127.0.0.1", () => process.stdout.write("listening\n"));
