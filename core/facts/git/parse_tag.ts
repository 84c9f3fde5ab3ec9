/**
 * Parser for annotated tag objects, enough to peel a tag to its target.
 * Pure: bytes in, data out.
 * @module
 */
import { GitCorruptError } from "./errors.ts";

/** The target of an annotated tag. */
export interface Tag {
  /** The tagged object. */
  object: string;
  /** Its type as the tag states it ("commit", "tree", "blob", "tag"). */
  type: string;
}

/**
 * Parses the header of a tag object.
 *
 * @param data The object's data.
 * @returns The tagged object and its type.
 * @throws {GitCorruptError} When the object or type line is missing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTag } from "./parse_tag.ts";
 * const o = "c".repeat(40);
 * assert.deepEqual(parseTag(new TextEncoder().encode(`object ${o}\ntype commit\ntag v1\n\nmsg`)), { object: o, type: "commit" });
 * ```
 */
export function parseTag(data: Uint8Array): Tag {
  const end = data.indexOf(10, data.indexOf(10) + 1);
  const head = new TextDecoder().decode(data.subarray(0, end < 0 ? data.length : end));
  const m = /^object ([0-9a-f]{40}(?:[0-9a-f]{24})?)\ntype ([a-z]+)$/.exec(head);
  if (m === null) {
    throw new GitCorruptError(
      "Cannot parse tag: object or type line is missing",
      "git_tag_corrupt",
    );
  }
  return { object: m[1]!, type: m[2]! };
}
