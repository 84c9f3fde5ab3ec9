/**
 * The digest of latest.md's bytes, as session start records it beside the
 * capsule it injected. The prose header latest.md opens with is its writer's
 * word, and the id12 in it is public (anyone can copy it into a file of
 * their own): only the whole file's digest tells the capsule last injected
 * from a stranger's file that names it, without the full capsule parse the
 * light check avoids. Edge-free: takes a ReadFs.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { sha256Hex } from "../hash.ts";
import type { BatonLayout } from "./layout.ts";

/** Largest latest.md digested (the capsule reader's own bound); a bigger file has no digest. */
const MAX_LATEST_BYTES = 16 * 1024 * 1024;

/**
 * `sha256:` digest of `layout.latest`'s bytes; null when it is not a regular
 * file (a link is never read through), is larger than the bound, changed size
 * while read, or cannot be read. A null digest never confirms anything.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ReadFs } from "../fs.ts";
 * import type { BatonLayout } from "./layout.ts";
 * const bytes = new TextEncoder().encode("abc");
 * const st = { isFile: true, isSymlink: false, size: 3 };
 * const fs = {
 *   lstat: () => Promise.resolve(st),
 *   readRange: (_p: string, at: number, n: number) => Promise.resolve(bytes.slice(at, at + n)),
 * } as unknown as ReadFs;
 * const layout = { latest: "/r/.baton/latest.md" } as BatonLayout;
 * assert.equal(
 *   await readLatestDigest(fs, layout),
 *   "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
 * );
 * ```
 */
export async function readLatestDigest(fs: ReadFs, layout: BatonLayout): Promise<string | null> {
  try {
    const st = await fs.lstat(layout.latest);
    if (st?.isFile !== true || st.size > MAX_LATEST_BYTES) return null;
    // One byte past what lstat said shows a file that grew since: no digest then.
    const bytes = await fs.readRange(layout.latest, 0, st.size + 1);
    if (bytes.length !== st.size) return null;
    return `sha256:${await sha256Hex(bytes)}`;
  } catch {
    return null;
  }
}
