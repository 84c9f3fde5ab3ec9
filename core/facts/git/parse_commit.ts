/**
 * Parser for commit objects: tree, parents, author, committer, message.
 * Pure: bytes in, data out.
 * @module
 */
import { GitCorruptError } from "./errors.ts";

/** A person line ("Name <email> 1700000000 +0100"). */
export interface GitIdentity {
  name: string;
  email: string;
  /** Seconds since the epoch, or null when the line has no valid time. */
  timestamp: number | null;
  /** "+0100" style offset, or null when absent. */
  timezone: string | null;
}

/** The fields of a commit object. */
export interface Commit {
  tree: string;
  parents: string[];
  author: GitIdentity | null;
  committer: GitIdentity | null;
  /** Everything after the blank line, decoded as UTF-8. Untrusted text: never put it in errors. */
  message: string;
}

const OID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * Parses the data of a commit object.
 *
 * @param data The object's data (without the "commit <size>\0" header).
 * @returns Tree, parents, identities and message.
 * @throws {GitCorruptError} When the tree line is missing or a tree/parent id is malformed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCommit } from "./parse_commit.ts";
 * const t = "a".repeat(40), p = "b".repeat(40);
 * const c = parseCommit(new TextEncoder().encode(
 *   `tree ${t}\nparent ${p}\nauthor A <a@x> 1700000000 +0000\ncommitter C <c@x> 1700000100 +0100\n\nHello\n`,
 * ));
 * assert.equal(c.tree, t);
 * assert.deepEqual(c.parents, [p]);
 * assert.equal(c.committer?.timestamp, 1700000100);
 * assert.equal(c.message, "Hello\n");
 * ```
 */
export function parseCommit(data: Uint8Array): Commit {
  let end = -1;
  for (let i = 0; i + 1 < data.length; i++) {
    if (data[i] === 10 && data[i + 1] === 10) {
      end = i;
      break;
    }
  }
  const decoder = new TextDecoder();
  const header = decoder.decode(end < 0 ? data : data.subarray(0, end));
  const message = end < 0 ? "" : decoder.decode(data.subarray(end + 2));
  let tree: string | null = null;
  const parents: string[] = [];
  let author: GitIdentity | null = null;
  let committer: GitIdentity | null = null;
  for (const line of header.split("\n")) {
    if (line.startsWith(" ")) continue;
    const space = line.indexOf(" ");
    const key = space < 0 ? line : line.slice(0, space);
    const value = space < 0 ? "" : line.slice(space + 1);
    if (key === "tree" && tree === null) {
      if (!OID.test(value)) throw corrupt("tree id is malformed");
      tree = value;
    } else if (key === "parent") {
      if (!OID.test(value)) throw corrupt("parent id is malformed");
      parents.push(value);
    } else if (key === "author" && author === null) {
      author = parseIdentity(value);
    } else if (key === "committer" && committer === null) {
      committer = parseIdentity(value);
    }
  }
  if (tree === null) throw corrupt("tree line is missing");
  return { tree, parents, author, committer, message };
}

/**
 * Parses "Name <email> 1700000000 +0000"; tolerant of missing parts.
 *
 * @param line The value after "author " or "committer ".
 * @returns Name, email, time and zone.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseIdentity } from "./parse_commit.ts";
 * assert.deepEqual(parseIdentity("A B <a@b> 12 -0130"), { name: "A B", email: "a@b", timestamp: 12, timezone: "-0130" });
 * ```
 */
export function parseIdentity(line: string): GitIdentity {
  const lt = line.indexOf("<");
  const gt = line.lastIndexOf(">");
  if (lt < 0 || gt < lt) return { name: line.trim(), email: "", timestamp: null, timezone: null };
  const rest = line.slice(gt + 1).trim().split(/\s+/);
  const ts = rest[0] !== undefined && /^-?[0-9]{1,15}$/.test(rest[0]) ? Number(rest[0]) : null;
  const tz = rest[1] !== undefined && /^[+-][0-9]{4}$/.test(rest[1]) ? rest[1] : null;
  return {
    name: line.slice(0, lt).trim(),
    email: line.slice(lt + 1, gt),
    timestamp: ts,
    timezone: tz,
  };
}

function corrupt(what: string): GitCorruptError {
  return new GitCorruptError(`Cannot parse commit: ${what}`, "git_commit_corrupt");
}
