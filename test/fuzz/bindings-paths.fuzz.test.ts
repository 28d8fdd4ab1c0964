/**
 * Path-escape attempts on the two bindings that turn a request value into a location: a
 * `bindings.localstorage` fileName and a `bindings.http` path. fast-check builds names from the
 * pieces attackers combine (`..` in its encodings, separators, absolute prefixes, NUL, symlinks out
 * and in); every case is either refused as a bad request or stays inside rootPath / under the url.
 * FUZZ_RUNS cases each (`make fuzz`: 10,000).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { HttpBinding } from "../../pkg/components/bindings/http/http.js";
import { LocalStorageBinding } from "../../pkg/components/bindings/localstorage/localstorage.js";
import { BindingRequestError } from "../../pkg/components/bindings/types.js";
import { ComponentMetadata } from "../../pkg/components/metadata.js";
import { testContext } from "../conformance/context.js";
import { startEchoServer, type EchoServer } from "../support/echo-server.js";
import { fuzz, fuzzTimeoutMs, printSummary } from "../support/fuzz.js";
import { tempDir } from "../support/tempdirs.js";

const PIECES = [
  "..", ".", "...", "%2e%2e", "%2E%2E", "%2e.", ".%2e", "%252e%252e", "..%2f", "..%5c", "%2f", "%5c", "\\", "..\\", "//", "/", "a", "b", "etc", "passwd",
  "%00", "\u0000", "\n", "%0a", "?", "#", "~", "\u2024\u2024", "\uff0e\uff0e", "link-out", "link-in", "dangling", "C:", "file:", "http://evil.example", "@evil.example", " ", "%20",
];
const hostileName = fc
  .record({ absolute: fc.boolean(), pieces: fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }), separator: fc.constantFrom("/", "\\", "", "/./") })
  .map(({ absolute, pieces, separator }) => `${absolute ? "/" : ""}${pieces.join(separator)}`);

afterAll(() => printSummary("bindings-paths"));

describe("bindings.localstorage fileName", () => {
  let outer: string;
  let root: string;
  let binding: LocalStorageBinding;
  /** Everything under `outer` but the root: an escape of up to six levels (the most a case has) would land here. */
  const outside = (dir = outer): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (full === root) return [];
      return e.isDirectory() ? [full, ...outside(full)] : [full];
    });
  let before: string[];

  beforeAll(async () => {
    outer = realpathSync(tempDir("fuzz-ls-"));
    root = path.join(outer, "d1", "d2", "d3", "d4", "d5", "d6", "root");
    mkdirSync(path.join(outer, "secret"));
    writeFileSync(path.join(outer, "secret", "canary"), "untouched");
    mkdirSync(path.join(root, "sub"), { recursive: true });
    symlinkSync(path.join(outer, "secret"), path.join(root, "link-out"));
    symlinkSync(path.join(root, "sub"), path.join(root, "link-in"));
    symlinkSync(path.join(outer, "nowhere"), path.join(root, "dangling"));
    binding = new LocalStorageBinding(testContext("bindings.localstorage"));
    await binding.init(ComponentMetadata.of("files", "bindings.localstorage", { rootPath: root }));
    before = outside();
  });

  it(
    "is refused as a bad request or stays inside rootPath, on every operation",
    () =>
      fuzz("localstorage fileName", [hostileName, fc.constantFrom("create", "get", "list", "delete")], async (fileName, operation) => {
        try {
          const response = await binding.invoke({ operation, data: "written", metadata: { fileName } });
          if (operation === "create") {
            const written = realpathSync(path.join(root, (response.data as { fileName: string }).fileName));
            expect(written.startsWith(`${root}/`)).toBe(true);
          }
          // A listing names what is in the folder, symlinks as themselves (as Dapr's filepath.Walk): each name lies under the root.
          if (operation === "list") for (const file of response.data as string[]) expect(path.resolve(file).startsWith(`${root}/`)).toBe(true);
        } catch (error) {
          // A refusal, or an ordinary failure inside the root (no such file, a folder where a file was asked).
          if (!(error instanceof BindingRequestError)) expect((error as NodeJS.ErrnoException).code ?? (error as Error).message).toMatch(/not found|EISDIR|ENOTDIR|EEXIST|ELOOP|ENAMETOOLONG|ENOTEMPTY|EPERM/);
        }
        expect(readFileSync(path.join(outer, "secret", "canary"), "utf8")).toBe("untouched");
        expect(outside()).toEqual(before);
        expect(existsSync(path.join(outer, "nowhere"))).toBe(false);
      }),
    fuzzTimeoutMs(20),
  );
});

describe("bindings.http path", () => {
  let server: EchoServer;
  let binding: HttpBinding;
  beforeAll(async () => {
    server = await startEchoServer();
    binding = new HttpBinding(testContext("bindings.http"));
    await binding.init(ComponentMetadata.of("web", "bindings.http", { url: `${server.url}/api/v1`, responseTimeout: "5s" }));
  });
  afterAll(async () => {
    await binding?.close();
    await server?.close();
  });

  it(
    "is refused as a bad request or reaches the configured server under the url's path",
    () =>
      fuzz("http path", [hostileName], async (pathValue) => {
        server.requests.length = 0;
        try {
          await binding.invoke({ operation: "get", data: null, metadata: { path: pathValue } });
        } catch (error) {
          expect(error).toBeInstanceOf(BindingRequestError);
          expect(server.requests.length).toBe(0);
          return;
        }
        expect(server.requests.length).toBe(1);
        const raw = server.requests[0]!.url;
        // What any server behind a normalising proxy would resolve the path to: still under /api/v1/.
        const resolved = new URL(raw, "http://h").pathname;
        const decoded = decodeURIComponent(resolved);
        expect(resolved.startsWith("/api/v1/") || resolved === "/api/v1").toBe(true);
        expect(decoded.split("/")).not.toContain("..");
      }),
    fuzzTimeoutMs(20),
  );
});
