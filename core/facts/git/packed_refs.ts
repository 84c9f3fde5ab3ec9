/**
 * Parser for `packed-refs`: "<oid> <name>" lines, each optionally followed
 * by a "^<oid>" line giving the commit an annotated tag peels to.
 * Pure: text in, data out.
 * @module
 */
import { GitCorruptError } from "./errors.ts";

/** One packed ref. */
export interface PackedRef {
  /** The object the ref names. */
  oid: string;
  /** For annotated tags: the object the tag peels to. */
  peeled?: string;
}

/**
 * Parses packed-refs text into a map from full ref name to its value.
 *
 * @param text The file's content.
 * @returns Refs in file order.
 * @throws {GitCorruptError} On a line that is neither the first line's header, a ref nor a
 * peel line (git stops there too), or a name out of order under the header's `sorted` trait.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePackedRefs } from "./packed_refs.ts";
 * const a = "a".repeat(40), b = "b".repeat(40);
 * const refs = parsePackedRefs(`# pack-refs with: peeled fully-peeled sorted \n${a} refs/tags/v1\n^${b}\n`);
 * assert.deepEqual(refs.get("refs/tags/v1"), { oid: a, peeled: b });
 * ```
 */
export function parsePackedRefs(text: string): Map<string, PackedRef> {
  // One pass over the text, no line strings: a remote with 100,000 branches
  // packs some 8 MB of lines, and splitting them first (then a regular
  // expression per id) was most of preflight's time there.
  const refs = new Map<string, PackedRef>();
  let last: PackedRef | null = null;
  let lastName: string | null = null;
  let sorted = false;
  let line = 0;
  for (let at = 0; at < text.length; line++) {
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    const first = text.charCodeAt(at);
    // git reads a header on the first line only and no other comment, and no empty line: a file
    // holding one is "unexpected line" to git where its lookup meets it, never skipped.
    if (end === at) throw badLine(line);
    if (first === HASH) {
      if (line !== 0 || !text.startsWith(HEADER, at)) throw badLine(line);
      sorted = text.slice(at + HEADER.length, end).split(" ").includes("sorted");
    } else {
      if (first === CARET) {
        // git keeps a CR before the LF: a peel line may carry one.
        const stop = end - 1 > at && text.charCodeAt(end - 1) === CR ? end - 1 : end;
        if (last === null || !isOidAt(text, at + 1, stop)) throw badLine(line);
        last.peeled = text.slice(at + 1, stop);
      } else {
        // A name keeps a trailing CR (and names no branch baton or git looks up).
        const space = text.indexOf(" ", at);
        if (space < 0 || space >= end - 1 || !isOidAt(text, at, space)) throw badLine(line);
        last = { oid: text.slice(at, space) };
        const name = text.slice(space + 1, end);
        // Under the sorted trait git looks a name up by binary search and never checks the
        // order: out of order, which refs it finds is not knowable here. A name git allows
        // with bytes that are not UTF-8 reaches here decoded lossily (U+FFFD), its bytes'
        // order lost: such a pair is not judged (it names no ref baton looks up).
        if (
          sorted && lastName !== null && !byteOrderLess(lastName, name) &&
          !lastName.includes(LOSSY) && !name.includes(LOSSY)
        ) throw unsorted(line);
        lastName = name;
        refs.set(name, last);
      }
    }
    at = end + 1;
  }
  return refs;
}

const HEADER = "# pack-refs with:";

/** What a byte that is not UTF-8 decodes to. */
const LOSSY = "\uFFFD";

/**
 * Whether `a` sorts before `b` as git compares names (bytes of UTF-8, which order as code
 * points: a UTF-16 surrogate, which starts a code point over U+FFFF, ranks above U+E000-U+FFFF).
 */
function byteOrderLess(a: string, b: string): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) < rank(y);
  }
  return a.length < b.length;
}

function rank(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit;
}

function unsorted(index: number): GitCorruptError {
  return new GitCorruptError(
    `Cannot parse packed-refs: line ${index + 1} is out of the order its header claims`,
    "git_packed_refs_invalid",
    { data: { line: index + 1 } },
  );
}

const HASH = 0x23;
const CARET = 0x5e;
const CR = 0x0d;

/** Whether text[from, to) is an object id as OID_RE reads one: 40 or 64 lowercase hex digits. */
function isOidAt(text: string, from: number, to: number): boolean {
  if (to - from !== 40 && to - from !== 64) return false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!(c >= 0x30 && c <= 0x39 || c >= 0x61 && c <= 0x66)) return false;
  }
  return true;
}

function badLine(index: number): GitCorruptError {
  return new GitCorruptError(
    `Cannot parse packed-refs: unexpected line ${index + 1}`,
    "git_packed_refs_invalid",
    { data: { line: index + 1 } },
  );
}
