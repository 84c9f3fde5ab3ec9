/**
 * An index that lists a path twice where git never does (two entries of
 * the same path and stage, or a merged (stage 0) entry beside a conflict
 * stage of the same path), or lists paths out of order. git's own fsck refuses such an index ("multiple
 * stage entries for merged file"), and git 2.39 was seen writing one for a
 * sparse index; its status then answers from a broken list, so baton's scan
 * declines the tree instead of comparing it. Entries are in index order, so
 * a duplicate sits next to its twin. Pure.
 * @module
 */
import { ENTRY_WORDS, FIELD, type GitIndex } from "./index_file.ts";

/**
 * The first entry number that repeats the path before it in a way git never
 * writes, or sorts before it (git 2.39 was seen writing a sparse index out
 * of path order, seed 1082 of the random suite, and then answering from it
 * as if sorted), or -1.
 */
export function duplicateEntry(index: GitIndex): number {
  const { paths, fields } = index;
  for (let i = 1; i < index.count; i++) {
    // Names that are not UTF-8 decode alike (U+FFFD): only their bytes tell them apart.
    if (index.invalidNames?.has(i) === true || index.invalidNames?.has(i - 1) === true) continue;
    // Compared where they lie in the paths' text: no string cut out per entry.
    const order = paths.compareWithPrevious(i);
    if (order !== 0) {
      // Out of path order (code points order as UTF-8 bytes do).
      if (order > 0) return i;
      continue;
    }
    const stage = (fields[i * ENTRY_WORDS + FIELD.flags]! >> 12) & 3;
    const before = (fields[(i - 1) * ENTRY_WORDS + FIELD.flags]! >> 12) & 3;
    if (stage === before || stage === 0 || before === 0) return i;
  }
  return -1;
}
