/**
 * Finds baton state that would reach a deliverable: paths under `.baton/`
 * (in any letter case) in HEAD's tree and in the index (staged for the next
 * commit). Read-only,
 * through the hand-written git reader, so it works in linked worktrees and
 * without a git binary.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { GitObjectReader, RepoLocation } from "../facts/types.ts";
import { readHead } from "../facts/git/read_head.ts";
import { createObjectReader } from "../facts/git/object_reader.ts";
import { parseCommit } from "../facts/git/parse_commit.ts";
import { peelToCommit } from "../facts/git/peel_commit.ts";
import { parseTree } from "../facts/git/parse_tree.ts";
import { GitCorruptError } from "../facts/git/errors.ts";
import { requireReadableFormat } from "../facts/git/read_format.ts";
import { readIndexFile } from "../facts/worktree/read_index.ts";
import { handoffPaths, isBatonDirName } from "./handoff_policy.ts";

/** Most paths listed per place; more are counted, not listed. */
const MAX_LISTED = 1000;

/** Baton state git tracks. */
export interface TrackedHandoff {
  /** The commit HEAD resolves to (an annotated tag peeled); null on an unborn branch. */
  head: string | null;
  /** Paths under `.baton/` in HEAD's tree (at most {@linkcode MAX_LISTED}). */
  inHead: string[];
  /** Paths under `.baton/` in the index, staged or unchanged (at most {@linkcode MAX_LISTED}). */
  inIndex: string[];
  /** True when either list stopped at its cap. */
  truncated: boolean;
}

/**
 * Lists `.baton/` paths in HEAD's tree and in the index.
 * @throws {GitCorruptError} When HEAD, a commit or a tree cannot be read.
 * @throws {GitIndexError} When the index is malformed.
 * @throws {GitUnsupportedError} For a repository format baton does not read (SHA-256 objects).
 */
export async function findTrackedHandoff(fs: ReadFs, repo: RepoLocation): Promise<TrackedHandoff> {
  // SHA-256 ids or a format git refuses: refused by name, never read as SHA-1.
  await requireReadableFormat(fs, repo);
  const head = await readHead(fs, repo);
  const out: TrackedHandoff = { head: head.oid, inHead: [], inIndex: [], truncated: false };
  if (head.oid !== null) {
    const reader = createObjectReader(fs, repo);
    // A HEAD naming an annotated tag is the commit it tags, as git peels it.
    const commit = await peelToCommit(reader, head.oid);
    if (commit === null) {
      throw new GitCorruptError("HEAD does not name a commit that can be read");
    }
    out.head = commit.oid;
    const root = await readTreeEntries(reader, parseCommit(commit.object.data).tree);
    // Any letter case: a case-insensitive checkout puts `.Baton/` where baton reads `.baton/`.
    for (const dir of root.filter((e) => isBatonDirName(e.name))) {
      if (dir.type !== "tree") out.inHead.push(dir.name);
      else if (await listTree(reader, dir.oid, dir.name, out.inHead)) out.truncated = true;
    }
  }
  // Split index merged (read_index.ts): the split part alone lists only changes.
  const read = await readIndexFile(fs, repo);
  if (read !== null) {
    const all = handoffPaths(read.index.paths);
    if (all.length > MAX_LISTED) out.truncated = true;
    out.inIndex = all.slice(0, MAX_LISTED);
  }
  return out;
}

async function readTreeEntries(reader: GitObjectReader, oid: string) {
  const tree = await reader.read(oid);
  if (tree?.type !== "tree") throw new GitCorruptError("a tree object is missing");
  return parseTree(tree.data);
}

/** Appends every blob path under `prefix`; true when it stopped at the cap. */
async function listTree(
  reader: GitObjectReader,
  oid: string,
  prefix: string,
  out: string[],
): Promise<boolean> {
  for (const entry of await readTreeEntries(reader, oid)) {
    if (out.length >= MAX_LISTED) return true;
    const path = `${prefix}/${entry.name}`;
    if (entry.type === "tree") {
      if (await listTree(reader, entry.oid, path, out)) return true;
    } else out.push(path);
  }
  return false;
}
