import http from "node:http";
import type { AddressInfo } from "node:net";

/** One call the sidecar made to the test app. */
export interface AppCall {
  path: string;
  body: { id?: string; items?: Array<{ key: string; value: string; version: string }> };
  at: number;
}

/**
 * A real HTTP app for A4 (spec: Application endpoints): records every call and answers with the
 * status `answer(path)` gives (default 200), so a test steers which routes it serves.
 */
export class TestApp {
  readonly calls: AppCall[] = [];
  answer: (path: string) => number = () => 200;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = decodeURI(req.url ?? "");
      let body: AppCall["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as AppCall["body"];
      } catch {
        // recorded as empty
      }
      this.calls.push({ path, body, at: Date.now() });
      res.writeHead(this.answer(path)).end();
    });
  });

  static async start(): Promise<TestApp> {
    const app = new TestApp();
    await new Promise<void>((resolve) => app.server.listen(0, "127.0.0.1", resolve));
    return app;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Calls carrying `key` with `value` (the notification the test waits for). */
  delivered(key: string, value?: string): AppCall[] {
    return this.calls.filter((c) => c.body.items?.some((i) => i.key === key && (value === undefined || i.value === value)));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export function component(name: string, type: string, metadata: Record<string, string>, extra = ""): string {
  const items = Object.entries(metadata).map(([k, v]) => `      - name: ${k}\n        value: ${JSON.stringify(v)}`).join("\n");
  return `apiVersion: runtime.io/v1alpha1
kind: Component
metadata:
  name: ${name}
spec:
  type: ${type}
  version: v1
  metadata:
${items || "      []"}
${extra}`;
}
