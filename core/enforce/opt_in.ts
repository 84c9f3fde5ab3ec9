/**
 * The opt-in record (`<git dir>/baton/enforce/opt-in`) and what binds it to
 * this machine. The private state directory lives inside `.git`, which no
 * commit, pull or clone carries; but a repository can still arrive outside
 * git (an archive, a copied folder, a zip of a checkout) with a stranger's
 * `.git/baton` in it, opt-in and deny records included. So the opt-in names
 * the directory it was made in: `baton enforce on` records the device and
 * inode of the `enforce` directory, and the record counts only where they
 * are the directory it is found in. Unpacking or copying makes new
 * directories with numbers the archive's author cannot know, so a record
 * that arrived that way opts nobody in, and with it every deny record beside
 * it is ignored (the gate finds no store there). Moving a clone within its
 * file system keeps its directories, and its opt-in.
 *
 * Decisions:
 * - Not a key: the gate runs on every tool call and finds the stores on disk
 *   whatever the environment says; the baton home, where this machine's keys
 *   are, is found from variables a repository's host settings can set, and
 *   judging those costs a search per call. A binding the file system gives
 *   costs one lstat and a read of one short file, only where an opt-in exists.
 * - Where the platform reports no inode (both numbers null), the record is
 *   bound to nothing more than its place, as before.
 * - An opt-in written before the binding (`deny <time>` alone) is not this
 *   machine's either: `baton enforce status` says so, and `baton enforce on`
 *   records it again.
 *
 * Edge-free: I/O through `ReadFs`. Light: on the gate's path.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { bindingOf, bindingText, type DirBinding } from "../dir_binding.ts";

export { bindingOf };

/** Where the record was made, as the file system numbers it (core/dir_binding.ts). */
export type OptInBinding = DirBinding;

/** What an opt-in file says here: none, this machine's, or one made elsewhere. */
export type OptInState = "off" | "on" | "foreign";

/** The longest record read (ours is about 80 bytes). */
const MAX_RECORD = 256;

const RECORD = /^deny (\S+) dir=(\d+|-):(\d+|-)\n?$/;

/**
 * The text of an opt-in made now in a directory with `dir`'s numbers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const at = new Date("2026-12-04T00:00:00Z");
 * assert.equal(optInText(at, { dev: 2049, ino: 77 }), "deny 2026-12-04T00:00:00.000Z dir=2049:77\n");
 * ```
 */
export function optInText(at: Date, dir: OptInBinding): string {
  return `deny ${at.toISOString()} dir=${bindingText(dir)}\n`;
}

/**
 * Whether the record `text` was made in the directory `dir` describes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const text = "deny 2026-12-04T00:00:00.000Z dir=2049:77\n";
 * assert.equal(optInBound(text, { dev: 2049, ino: 77 }), true);
 * assert.equal(optInBound(text, { dev: 2049, ino: 78 }), false);
 * assert.equal(optInBound("deny 2026-12-04T00:00:00.000Z\n", { dev: 2049, ino: 77 }), false);
 * ```
 */
export function optInBound(text: string, dir: OptInBinding): boolean {
  const m = RECORD.exec(text);
  if (m === null) return false;
  return `${m[2]}:${m[3]}` === bindingText(dir);
}

/**
 * The opt-in's state for the enforcement directory `dir` (its file `optIn`):
 * `on` only for a regular file made in that very directory.
 */
export async function optInState(fs: ReadFs, dir: string, optIn: string): Promise<OptInState> {
  const [st, here] = await Promise.all([
    fs.lstat(optIn).catch(() => null),
    fs.lstat(dir).catch(() => null),
  ]);
  if (st === null) return "off";
  if (!st.isFile || here === null || !here.isDirectory || st.size > MAX_RECORD) return "foreign";
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(
      await fs.readRange(optIn, 0, MAX_RECORD),
    );
  } catch {
    return "foreign";
  }
  return optInBound(text, bindingOf(here)) ? "on" : "foreign";
}
