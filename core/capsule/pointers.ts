/**
 * Checks the paths a draft says the next session should read first. They
 * must stay inside the repository: absolute paths, `..` escapes and symlinks
 * that lead out are dropped and listed (by index, never echoed), never
 * followed and never fatal.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { DroppedPointer } from "./types.ts";

/** Accepted pointers (normalised) and the refused ones. */
export interface PointerCheck {
  kept: string[];
  dropped: DroppedPointer[];
}

/**
 * Normalises a repo-relative path, or returns why it is refused. Pure.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizePointer } from "./pointers.ts";
 * assert.equal(normalizePointer("./src//a.ts"), "src/a.ts");
 * assert.deepEqual(normalizePointer("../etc/passwd"), { reason: "escapes_repository" });
 * assert.deepEqual(normalizePointer("/etc/passwd"), { reason: "absolute" });
 * ```
 */
export function normalizePointer(raw: string): string | { reason: DroppedPointer["reason"] } {
  // deno-lint-ignore no-control-regex
  if (raw.trim() === "" || raw.length > 1024 || /[\u0000-\u001f\u007f]/.test(raw)) {
    return { reason: "invalid" };
  }
  if (/^([/\\~]|[A-Za-z]:)/.test(raw)) return { reason: "absolute" };
  const parts: string[] = [];
  for (const seg of raw.split(/[/\\]+/)) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return { reason: "escapes_repository" };
      parts.pop();
      continue;
    }
    parts.push(seg);
  }
  if (parts.length === 0) return { reason: "invalid" };
  if (parts[0] === ".git") return { reason: "invalid" };
  return parts.join("/");
}

/** A capsule's pointers as a view may list them. */
export interface ShownPointers {
  /** The repository-relative ones, in their normal form. */
  shown: string[];
  /** How many others there were (never echoed). */
  hidden: number;
}

/**
 * The pointers of a capsule that a view may list: only paths already in the
 * normal repository-relative form finalize keeps. A capsule a commit or a
 * pull brings never went through finalize's check, and a path outside the
 * repository under "read these first" would send the next session's model to
 * open it. Pure.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shownPointers } from "./pointers.ts";
 * assert.deepEqual(shownPointers(["src/a.ts", "~/.ssh/id_rsa", "../x", "/etc/shadow"]), { shown: ["src/a.ts"], hidden: 3 });
 * ```
 */
export function shownPointers(pointers: readonly string[]): ShownPointers {
  const shown = pointers.filter((p) => normalizePointer(p) === p);
  return { shown, hidden: pointers.length - shown.length };
}

/** Checks every pointer, resolving symlinks on the way to make sure none leads out. */
export async function checkPointers(
  fs: ReadFs,
  root: string,
  pointers: readonly string[],
): Promise<PointerCheck> {
  const kept: string[] = [];
  const dropped: DroppedPointer[] = [];
  let realRoot = root;
  try {
    realRoot = await fs.realPath(root);
  } catch {
    // keep the given root
  }
  for (const [index, raw] of pointers.entries()) {
    const norm = normalizePointer(raw);
    if (typeof norm !== "string") {
      dropped.push({ index, reason: norm.reason });
      continue;
    }
    if (await leadsOutside(fs, root, realRoot, norm)) {
      dropped.push({ index, reason: "symlink_outside" });
      continue;
    }
    if (!kept.includes(norm)) kept.push(norm);
  }
  return { kept, dropped };
}

/**
 * A check of repository-relative paths: true when the folder a path lies in
 * resolves outside the repository (a symbolic link a commit can carry, such as
 * `up -> ../..`), so reading the path would read a file elsewhere on the
 * machine. git never reports a file beneath a symbolic link, so a recorded
 * path there is one baton must not open. Each folder is resolved once; a
 * folder that is not there leads nowhere (false); one that cannot be
 * resolved otherwise is treated as leading out.
 */
export async function createFolderCheck(
  fs: ReadFs,
  root: string,
): Promise<(rel: string) => Promise<boolean>> {
  let realRoot = root;
  try {
    realRoot = await fs.realPath(root);
  } catch {
    // keep the given root
  }
  const folders = new Map<string, Promise<boolean>>();
  const resolve = async (folder: string): Promise<boolean> => {
    const path = `${root}/${folder}`;
    if ((await fs.lstat(path)) === null) return false;
    try {
      const real = await fs.realPath(path);
      return !(real === realRoot || real.startsWith(`${realRoot}/`));
    } catch {
      return true;
    }
  };
  return (rel) => {
    const slash = rel.lastIndexOf("/");
    if (slash <= 0) return Promise.resolve(false);
    const folder = rel.slice(0, slash);
    let known = folders.get(folder);
    if (known === undefined) folders.set(folder, known = resolve(folder));
    return known;
  };
}

async function leadsOutside(
  fs: ReadFs,
  root: string,
  realRoot: string,
  rel: string,
): Promise<boolean> {
  const parts = rel.split("/");
  for (let i = parts.length; i >= 1; i--) {
    const prefix = `${root}/${parts.slice(0, i).join("/")}`;
    if ((await fs.lstat(prefix)) === null) continue; // not there (yet): check its parent
    try {
      const real = await fs.realPath(prefix);
      return !(real === realRoot || real.startsWith(`${realRoot}/`));
    } catch {
      return true; // a dangling link leads nowhere we can vouch for
    }
  }
  return false;
}
