/**
 * Which intent-to-add files git status may report as work-tree copies (.C)
 * under copy detection (status.renames or diff.renames = copies): diff-files
 * takes every file modified or type-changed in the work tree as a copy
 * source (its index side: mode and blob), and diffcore-rename pairs an
 * addition with one only where their file types allow it: an exact match
 * needs the same blob and, unless both are regular files, the same mode;
 * a scored (inexact) match needs two regular files. So a symlink source
 * can be copied only to a symlink of its exact link text, and a regular
 * source never to a symlink. Pure: reads through the caller's function.
 * @module
 */
import { hashBlob } from "./blob_oid.ts";
import { MODE_FILE, MODE_SYMLINK, MODE_TYPE_MASK } from "./compare_stat.ts";

/** A copy source: a modified or type-changed entry's index mode and blob id. */
export interface CopySource {
  mode: number;
  oid: string;
}

/**
 * The `added` paths git may pair with one of `sources` as a copy: any whose
 * content is not known, a regular file where a regular source exists
 * (scoring is not worked out here), a symlink where a symlink source holds
 * its link text. The others git shows added (.A).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { possibleCopies } from "./worktree_copies.ts";
 * import { hashBlob } from "./blob_oid.ts";
 * const text = new TextEncoder().encode("target");
 * const sources = [{ mode: 0o120000, oid: await hashBlob(text) }];
 * const content = (p: string) =>
 *   Promise.resolve(p === "link" ? { mode: 0o120000, data: text } : { mode: 0o100644, data: text });
 * assert.deepEqual(await possibleCopies(sources, ["file", "link"], content), ["link"]);
 * ```
 */
export async function possibleCopies(
  sources: readonly CopySource[],
  added: readonly string[],
  content: (path: string) => Promise<{ mode: number; data: Uint8Array } | { unknown: string }>,
): Promise<string[]> {
  const type = (mode: number) => mode & MODE_TYPE_MASK;
  const regularSource = sources.some((s) => type(s.mode) === MODE_FILE);
  const linkOids = new Set(
    sources.filter((s) => type(s.mode) === MODE_SYMLINK).map((s) => s.oid),
  );
  if (!regularSource && linkOids.size === 0) return [];
  const out: string[] = [];
  for (const path of added) {
    const c = await content(path);
    if ("unknown" in c) out.push(path);
    else if (type(c.mode) === MODE_FILE) {
      if (regularSource) out.push(path);
    } else if (type(c.mode) === MODE_SYMLINK) {
      if (linkOids.size > 0 && linkOids.has(await hashBlob(c.data))) out.push(path);
    } else out.push(path);
  }
  return out;
}
