import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Paths this test file made; test/support/cleanup.ts removes them after its last test. */
const made = new Set<string>();

/** A fresh folder under the OS temp dir, removed after the test file even when a test fails. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}

/** Removes `file` (or folder) with the others: for what a test writes beside a temp folder. */
export function removeLater(file: string): void {
  made.add(file);
}

export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
