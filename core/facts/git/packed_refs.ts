/**
 * Parser for `packed-refs`: "<oid> <name>" lines, each optionally followed
 * by a "^<oid>" line giving the commit an annotated tag peels to.
 * Pure: text in, data out.
 * @module
 */
import { GitCorruptError } from "./errors.ts";
import { OID_RE } from "./_ref_name.ts";

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
 * @throws {GitCorruptError} On a line that is neither a comment, a ref nor a peel line.
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
  const refs = new Map<string, PackedRef>();
  let last: PackedRef | null = null;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    // git keeps a CR before the LF: a name then ends in it (and names no
    // branch baton or git looks up); a peel line may carry one.
    const line = lines[i]!;
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("^")) {
      const peeled = line.slice(1).replace(/\r$/, "");
      if (last === null || !OID_RE.test(peeled)) throw badLine(i);
      last.peeled = peeled;
      continue;
    }
    const space = line.indexOf(" ");
    const oid = line.slice(0, space);
    const name = line.slice(space + 1);
    if (space < 0 || !OID_RE.test(oid) || name === "") throw badLine(i);
    last = { oid };
    refs.set(name, last);
  }
  return refs;
}

function badLine(index: number): GitCorruptError {
  return new GitCorruptError(
    `Cannot parse packed-refs: unexpected line ${index + 1}`,
    "git_packed_refs_invalid",
    { data: { line: index + 1 } },
  );
}
