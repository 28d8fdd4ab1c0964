// Bench 6's floor: a bare node:http process as a CommonJS script (no ES module loader), idle.
/* global require, process */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS is what this floor measures
const http = require("node:http");

http.createServer((_req, res) => res.end()).listen(Number(process.argv[2]), "127.0.0.1", () => process.stdout.write("listening\n"));
