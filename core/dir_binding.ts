/**
 * What binds a file baton keeps in its private state directory to that very
 * directory. `<git dir>/baton` is never committed, pulled or cloned, but a
 * repository can still arrive outside git (a tar or zip of a checkout, a
 * copied folder) with a stranger's `.git/baton` in it. So every file baton
 * writes there names the directory it was written in by the device and
 * inode the file system gives it, and a reader counts a file only where
 * those are the numbers of the directory it is found in. Unpacking or
 * copying makes new directories with numbers an archive's author cannot
 * know; moving a clone within its file system keeps them.
 *
 * Decisions:
 * - One lstat of the directory per read, beside the read of the file itself:
 *   no key, no search, nothing on the hook's path beyond that.
 * - Where the platform reports no inode (both numbers null) the numbers are
 *   written as `-:-`, so a file is bound to nothing more than its place.
 * - A file without the numbers (written before the binding) is not bound:
 *   it is ignored as if absent, like one made elsewhere.
 * - Its readers share the read (a regular file only, never through a link,
 *   bounded: {@linkcode readStateFile}) and the check of the document's shape
 *   and binding ({@linkcode boundEntries}); they share one writer too,
 *   core/state_write.ts's `writeBoundJson` (loaded only when one writes).
 *
 * Edge-free: I/O through `ReadFs`. Light: on the hooks' path.
 * @module
 */
import type { FileStat, ReadFs } from "./fs.ts";

/** Where a file was written, as the file system numbers its directory. */
export interface DirBinding {
  dev: number | null;
  ino: number | null;
}

/** The key under which a JSON state file names its directory. */
export const BINDING_KEY = "dir";

/** The numbers of a directory's lstat that a file binds to. */
export function bindingOf(st: Pick<FileStat, "dev" | "ino">): DirBinding {
  return { dev: st.dev, ino: st.ino };
}

/**
 * A binding as text: `dev:ino`, `-` for a number the platform does not give.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(bindingText({ dev: 2049, ino: 77 }), "2049:77");
 * assert.equal(bindingText({ dev: null, ino: null }), "-:-");
 * ```
 */
export function bindingText(b: DirBinding): string {
  const n = (v: number | null) => v === null ? "-" : String(v);
  return `${n(b.dev)}:${n(b.ino)}`;
}

/** The binding text of the directory `dir` (one lstat); null unless it is a real directory. */
export async function dirBinding(fs: ReadFs, dir: string): Promise<string | null> {
  const st = await fs.lstat(dir).catch(() => null);
  return st === null || !st.isDirectory ? null : bindingText(bindingOf(st));
}

/**
 * Whether the parsed JSON state `doc` was written in the directory whose
 * binding text is `here` (null: no directory, so nothing is bound).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(boundHere({ dir: "2049:77", hosts: {} }, "2049:77"), true);
 * assert.equal(boundHere({ dir: "2049:78" }, "2049:77"), false);
 * assert.equal(boundHere({ hosts: {} }, "2049:77"), false);
 * assert.equal(boundHere({ dir: "2049:77" }, null), false);
 * ```
 */
export function boundHere(doc: unknown, here: string | null): boolean {
  if (here === null || typeof doc !== "object" || doc === null || Array.isArray(doc)) return false;
  return (doc as Record<string, unknown>)[BINDING_KEY] === here;
}

/**
 * The entries of the object under `field` of the JSON state `text`, for its
 * reader to check one by one: none when the text is not a JSON object, its
 * `field` is not an object, or (with `here` given) it was not written in the
 * directory whose binding text is `here`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const text = JSON.stringify({ dir: "2049:77", hosts: { codex: 1 } });
 * assert.deepEqual(boundEntries(text, "hosts", "2049:77"), [["codex", 1]]);
 * assert.deepEqual(boundEntries(text, "hosts", "2049:78"), []);
 * assert.deepEqual(boundEntries(text, "hosts"), [["codex", 1]]);
 * assert.deepEqual(boundEntries("[1]", "hosts"), []);
 * ```
 */
export function boundEntries(
  text: string,
  field: string,
  here?: string | null,
): [string, unknown][] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return [];
  if (here !== undefined && !boundHere(raw, here)) return [];
  const v = (raw as Record<string, unknown>)[field];
  if (typeof v !== "object" || v === null || Array.isArray(v)) return [];
  return Object.entries(v);
}

/** A state file's text as read, with the binding text of the directory it was found in. */
export interface StateFileText {
  text: string;
  /** {@linkcode dirBinding} of its directory. */
  here: string | null;
}

/**
 * The state file `path` in the directory `dir`, read only where it is a
 * regular file (a link is never followed) of at most `maxBytes`, with
 * `dir`'s binding (read beside it); null when it is not, or when it cannot
 * be read.
 */
export async function readStateFile(
  fs: ReadFs,
  dir: string,
  path: string,
  maxBytes: number,
): Promise<StateFileText | null> {
  try {
    const [st, here] = await Promise.all([fs.lstat(path), dirBinding(fs, dir)]);
    if (st === null || !st.isFile || st.size > maxBytes) return null;
    return { text: new TextDecoder().decode(await fs.readFile(path)), here };
  } catch {
    return null;
  }
}

/** The JSON state files baton binds in its private directory (doctor names the ones it ignores). */
export const BOUND_STATE_FILES = [
  "injected.json",
  "config-cache.json",
  "index.json",
  "rules_blocks.json",
  "head.json",
] as const;

/** Largest state file doctor reads to judge its binding. */
const MAX_JUDGED_BYTES = 4 * 1024 * 1024;

/**
 * The bound state files in `stateDir` that were not written there (made
 * elsewhere, or before the binding), which every reader ignores. A file that
 * is not JSON is left to its own reader's verdict. Never throws.
 */
export async function foreignStateFiles(fs: ReadFs, stateDir: string): Promise<string[]> {
  const here = await dirBinding(fs, stateDir);
  if (here === null) return [];
  const out: string[] = [];
  for (const name of BOUND_STATE_FILES) {
    const path = `${stateDir}/${name}`;
    const st = await fs.lstat(path).catch(() => null);
    if (st === null || !st.isFile || st.size > MAX_JUDGED_BYTES) continue;
    try {
      const doc: unknown = JSON.parse(new TextDecoder().decode(await fs.readFile(path)));
      if (!boundHere(doc, here)) out.push(name);
    } catch { /* not JSON: its reader reports it */ }
  }
  return out;
}
