/**
 * An object id peeled to the commit it names, as git's `HEAD^{commit}`
 * does: annotated tags (a tag of a tag too) are followed to their object.
 * A HEAD that names a tag object is a commit's HEAD to git's status and
 * `ls-tree HEAD`; readers that need HEAD's commit take it from here.
 * @module
 */
import type { GitObject, GitObjectReader } from "../types.ts";
import { parseTag } from "./parse_tag.ts";

/** Tags followed at most (git follows any number; deeper chains are unknown here). */
const MAX_TAG_DEPTH = 8;

/**
 * The commit `oid` names, with its object, after following annotated tags;
 * null when it does not end at a readable commit (a tag of a tree, a
 * missing object, a chain deeper than {@linkcode MAX_TAG_DEPTH}).
 * @throws {GitCorruptError} Where a tag on the way cannot be parsed.
 */
export async function peelToCommit(
  reader: GitObjectReader,
  oid: string,
): Promise<{ oid: string; object: GitObject } | null> {
  let at = oid;
  for (let depth = 0; depth <= MAX_TAG_DEPTH; depth++) {
    const object = await reader.read(at);
    if (object === null) return null;
    if (object.type === "commit") return { oid: at, object };
    if (object.type !== "tag") return null;
    at = parseTag(object.data).object;
  }
  return null;
}
