import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { makeCertificates, type Certificates } from "./azure-standins.js";

export interface EchoedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The client certificate's subject CN over mutual TLS. */
  clientCN?: string;
}

/** What the server answers a request with: status, headers, body; delay before answering. */
export interface EchoReply {
  status?: number;
  headers?: Record<string, string>;
  body?: Buffer | string;
  delayMs?: number;
}

export interface EchoServer {
  url: string;
  requests: EchoedRequest[];
  /** Sets how the next requests are answered (default: 200 with a JSON echo of the request). */
  reply(fn: (request: EchoedRequest) => EchoReply): void;
  close(): Promise<void>;
}

export interface MutualTls extends Certificates {
  clientCert: string;
  clientKey: string;
  caPem: string;
}

/** A CA, a server certificate for 127.0.0.1 and a client certificate (CN=binding-client) the CA signed. */
export function makeMutualTls(): MutualTls {
  const certs = makeCertificates();
  const at = (name: string): string => path.join(certs.dir, name);
  execFileSync("openssl", ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", at("client.key"), "-out", at("client.csr"), "-subj", "/CN=binding-client"], { stdio: "pipe" });
  execFileSync("openssl", ["x509", "-req", "-in", at("client.csr"), "-CA", at("ca.crt"), "-CAkey", at("ca.key"), "-CAcreateserial", "-out", at("client.crt"), "-days", "1"], { stdio: "pipe" });
  return { ...certs, clientCert: at("client.crt"), clientKey: at("client.key"), caPem: readFileSync(at("ca.crt"), "utf8") };
}

/** An HTTP server on 127.0.0.1 that records each request and answers with a JSON echo, or HTTPS demanding a client certificate. */
export async function startEchoServer(tls?: MutualTls): Promise<EchoServer> {
  const requests: EchoedRequest[] = [];
  const delayed = new Set<NodeJS.Timeout>();
  let replier: (r: EchoedRequest) => EchoReply = (r) => ({ body: JSON.stringify({ method: r.method, url: r.url, body: r.body.toString() }), headers: { "content-type": "application/json" } });
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const socket = req.socket as TLSSocket;
      const peer = tls ? socket.getPeerCertificate() : undefined;
      const recorded: EchoedRequest = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks), clientCN: peer?.subject?.CN as string | undefined };
      requests.push(recorded);
      const answer = replier(recorded);
      const send = (): void => {
        res.writeHead(answer.status ?? 200, answer.headers ?? {});
        res.end(answer.body);
      };
      if (answer.delayMs) {
        const timer = setTimeout(() => (delayed.delete(timer), send()), answer.delayMs);
        delayed.add(timer);
      }
      else send();
    });
  };
  const server = tls ? https.createServer({ key: tls.key, cert: tls.cert, ca: tls.caPem, requestCert: true, rejectUnauthorized: true }, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    requests,
    reply: (fn) => {
      replier = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of delayed) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
