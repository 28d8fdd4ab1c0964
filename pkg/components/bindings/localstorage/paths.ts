import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { BindingRequestError } from "../types.js";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;

/** Whether `candidate` is `root` or inside it (both absolute and normalised). */
export function within(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * The file a request's `fileName` names under `root` (itself resolved, symlinks included), refused
 * with a BindingRequestError when it could reach outside: an absolute name, a `..` segment, a
 * backslash or control character, or a symlink on the way that leads out. Dapr joins with
 * SecureJoin, which folds such names back into the root; refusing them says what is wrong instead.
 */
export async function resolveUnder(root: string, fileName: string): Promise<{ absolute: string; relative: string }> {
  if (CONTROL.test(fileName) || fileName.includes("\\")) throw new BindingRequestError("metadata.fileName may not contain control characters or backslashes");
  if (path.isAbsolute(fileName)) throw new BindingRequestError(`metadata.fileName must be relative to rootPath, got the absolute path ${JSON.stringify(fileName)}`);
  if (fileName.split("/").includes("..")) throw new BindingRequestError(`metadata.fileName may not leave rootPath (a ".." segment in ${JSON.stringify(fileName)})`);
  const absolute = path.resolve(root, fileName);
  if (!within(root, absolute)) throw new BindingRequestError(`metadata.fileName may not leave rootPath: ${JSON.stringify(fileName)}`);
  // The deepest part that exists, with its symlinks resolved, must still be inside the root.
  let existing = absolute;
  for (;;) {
    try {
      const real = await realpath(existing);
      if (!within(root, real)) throw new BindingRequestError(`metadata.fileName may not leave rootPath: ${JSON.stringify(fileName)} leads through a symbolic link outside it`);
      break;
    } catch (error) {
      if (error instanceof BindingRequestError) throw error;
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || existing === root) throw error;
      // A dangling symlink is ENOENT too: writing through it would create its target, wherever that is.
      const link = await lstat(existing).catch(() => undefined);
      if (link?.isSymbolicLink()) throw new BindingRequestError(`metadata.fileName may not leave rootPath: ${JSON.stringify(fileName)} leads through a symbolic link that points nowhere inside it`);
      existing = path.dirname(existing);
    }
  }
  return { absolute, relative: path.relative(root, absolute) };
}
