import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import { fileBytes, LocalStorageBinding } from "../../../pkg/components/bindings/localstorage/localstorage.js";
import { BindingRequestError } from "../../../pkg/components/bindings/types.js";
import { ComponentMetadata } from "../../../pkg/components/metadata.js";
import { tempDir } from "../../support/tempdirs.js";
import { testContext } from "../context.js";

const opened: LocalStorageBinding[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

async function open(rootPath: string): Promise<LocalStorageBinding> {
  const binding = new LocalStorageBinding(testContext("bindings.localstorage"));
  opened.push(binding);
  await binding.init(ComponentMetadata.of("files", "bindings.localstorage", { rootPath }));
  return binding;
}

describe("bindings.localstorage operations", () => {
  it("create writes under rootPath (made when missing), get reads, list walks, delete removes", async () => {
    const root = path.join(tempDir("ls-"), "not", "yet");
    const binding = await open(root);
    expect(existsSync(root)).toBe(true);
    expect((await binding.invoke({ operation: "create", data: "hello", metadata: { fileName: "greeting.txt" } })).data).toEqual({ fileName: "greeting.txt" });
    await binding.invoke({ operation: "create", data: { a: 1 }, metadata: { fileName: "deep/er/x.json" } });
    expect(readFileSync(path.join(root, "greeting.txt"), "utf8")).toBe("hello");
    expect(String((await binding.invoke({ operation: "get", data: null, metadata: { fileName: "deep/er/x.json" } })).data)).toBe('{"a":1}');
    const real = realpathSync(root);
    expect((await binding.invoke({ operation: "list", data: null, metadata: {} })).data).toEqual([`${real}/deep/er/x.json`, `${real}/greeting.txt`]);
    expect((await binding.invoke({ operation: "list", data: null, metadata: { fileName: "deep" } })).data).toEqual([`${real}/deep/er/x.json`]);
    expect(await binding.invoke({ operation: "delete", data: null, metadata: { fileName: "greeting.txt" } })).toEqual({});
    expect(existsSync(path.join(root, "greeting.txt"))).toBe(false);
  });

  it("create without fileName names the file with a UUID", async () => {
    const root = tempDir("ls-");
    const binding = await open(root);
    const { fileName } = (await binding.invoke({ operation: "create", data: "x", metadata: {} })).data as { fileName: string };
    expect(fileName).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFileSync(path.join(root, fileName), "utf8")).toBe("x");
  });

  it("decodes data as Dapr does: a JSON string loses its quotes, valid base64 is decoded, anything else is written as JSON", () => {
    expect(fileBytes("hello")).toEqual(Buffer.from("hello"));
    expect(fileBytes(Buffer.from([1, 2, 3]).toString("base64"))).toEqual(Buffer.from([1, 2, 3]));
    expect(fileBytes({ a: 1 })).toEqual(Buffer.from('{"a":1}'));
    expect(fileBytes(Buffer.from([0, 255]))).toEqual(Buffer.from([0, 255]));
  });

  it("get or delete of a missing file fails naming it; get and delete need fileName; list of a file is a bad request", async () => {
    const binding = await open(tempDir("ls-"));
    await expect(binding.invoke({ operation: "get", data: null, metadata: { fileName: "nope" } })).rejects.toThrow("file not found: nope");
    await expect(binding.invoke({ operation: "delete", data: null, metadata: { fileName: "nope" } })).rejects.toThrow("file not found: nope");
    await expect(binding.invoke({ operation: "get", data: null, metadata: {} })).rejects.toThrow("metadata.fileName is required");
    await binding.invoke({ operation: "create", data: "x", metadata: { fileName: "f" } });
    await expect(binding.invoke({ operation: "list", data: null, metadata: { fileName: "f" } })).rejects.toBeInstanceOf(BindingRequestError);
  });
});

describe("bindings.localstorage refuses a fileName that escapes rootPath", () => {
  it.each(["../escape.txt", "a/../../escape.txt", "/etc/passwd", "/tmp/x", "..", "a\\..\\..\\x", "a\u0000b", "line\nbreak"])("%j on every operation, touching nothing", async (fileName) => {
    const outer = tempDir("ls-outer-");
    const binding = await open(path.join(outer, "root"));
    for (const operation of ["create", "get", "list", "delete"]) {
      await expect(binding.invoke({ operation, data: "x", metadata: { fileName } })).rejects.toBeInstanceOf(BindingRequestError);
    }
    expect(existsSync(path.join(outer, "escape.txt"))).toBe(false);
  });

  it("a symlink inside the root that leads out, as a folder or a file, dangling or not", async () => {
    const outer = tempDir("ls-outer-");
    const root = path.join(outer, "root");
    const secret = path.join(outer, "secret");
    mkdirSync(secret);
    writeFileSync(path.join(secret, "key"), "s3cret");
    const binding = await open(root);
    symlinkSync(secret, path.join(root, "dir-out"));
    symlinkSync(path.join(secret, "key"), path.join(root, "file-out"));
    symlinkSync(path.join(outer, "not-yet"), path.join(root, "dangling"));
    for (const fileName of ["dir-out/key", "dir-out/new", "file-out", "dangling"]) {
      for (const operation of ["create", "get", "delete"]) {
        await expect(binding.invoke({ operation, data: "overwritten", metadata: { fileName } })).rejects.toBeInstanceOf(BindingRequestError);
      }
    }
    await expect(binding.invoke({ operation: "list", data: null, metadata: { fileName: "dir-out" } })).rejects.toBeInstanceOf(BindingRequestError);
    expect(readFileSync(path.join(secret, "key"), "utf8")).toBe("s3cret");
    expect(existsSync(path.join(secret, "new"))).toBe(false);
    expect(existsSync(path.join(outer, "not-yet"))).toBe(false);
  });

  it("a symlink inside the root that stays inside is followed", async () => {
    const root = tempDir("ls-");
    const binding = await open(root);
    mkdirSync(path.join(root, "real"));
    symlinkSync(path.join(root, "real"), path.join(root, "alias"));
    await binding.invoke({ operation: "create", data: "in", metadata: { fileName: "alias/f" } });
    expect(readFileSync(path.join(root, "real", "f"), "utf8")).toBe("in");
  });
});

describe("bindings.localstorage metadata", () => {
  it.each(["/proc", "/sys/kernel", "/boot", "/var/run/secrets/kubernetes.io"])("refuses rootPath %s naming the field", async (rootPath) => {
    await expect(open(rootPath)).rejects.toThrow('metadata field "rootPath" points to a disallowed location');
  });

  it("refuses a rootPath that is a file, or a symlink to a disallowed place", async () => {
    const dir = tempDir("ls-");
    writeFileSync(path.join(dir, "file"), "x");
    await expect(open(path.join(dir, "file"))).rejects.toThrow('metadata field "rootPath"');
    symlinkSync("/proc", path.join(dir, "proc-link"));
    await expect(open(path.join(dir, "proc-link"))).rejects.toThrow("disallowed location");
  });
});
