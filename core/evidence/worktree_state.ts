/**
 * The work tree a command ran on, so evidence means what it says: a test
 * run recorded before an edit at the same HEAD must not vouch for the
 * edited code. Two halves:
 *
 * - {@linkcode worktreeState}: from facts collected when `baton evidence`
 *   ran (and again when finalize cites it), one digest over HEAD and every
 *   changed tracked and untracked path with its status and content hash
 *   (size and mtime for a file over the hash cap). Any edit to a file that
 *   differs from HEAD changes a hash; an edit to a clean file adds a path.
 *   It is `complete` only when every changed path was listed and hashed and
 *   the whole-tree scan finished: an incomplete state cannot be matched.
 * - {@linkcode compareWorktree}: at load, whether the tree now is the one a
 *   capsule recorded (HEAD, the set of changed and untracked paths, each
 *   recorded file's hash now): `same`, `changed`, or `unknown` when part of
 *   it could not be re-checked (a deadline, a name that cannot be re-read).
 *
 * Only `same` lets command evidence stay `verified`. Pure apart from hashing.
 * @module
 */
import type { ChangedFileFact, Facts } from "../capsule/recorded_facts.ts";
import { canonicalJson } from "../json/canonical.ts";
import { sha256Id } from "../hash.ts";

/** The recorded state of a work tree. */
export interface WorktreeState {
  /** `sha256:` over HEAD and every changed path's status and content. */
  digest: string;
  /** Changed and untracked paths covered. */
  files: number;
  /** Every changed path listed and hashed, and the tree scan finished. */
  complete: boolean;
}

function content(f: ChangedFileFact): string | null {
  if (f.sha256 !== null) return f.sha256;
  if (f.size !== null && f.mtime_ms !== undefined && f.mtime_ms !== null) {
    return `stat:${f.size}:${f.mtime_ms}`;
  }
  return null;
}

/**
 * The state of the work tree in `facts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { worktreeState } from "./worktree_state.ts";
 * const facts = { status: "not_a_repo", head: null, changed_files: [], changed_count: 0, untracked_count: 0 } as never;
 * assert.equal((await worktreeState(facts)).complete, false);
 * ```
 */
export async function worktreeState(facts: Facts): Promise<WorktreeState> {
  const files = [...facts.changed_files].sort((a, b) => a.path < b.path ? -1 : 1);
  const entries = files.map((f) => [f.path, f.status, content(f)]);
  // changed_count counts untracked paths too.
  const listedAll = files.length === facts.changed_count;
  const hashedAll = files.every((f) => f.status === "deleted" || content(f) !== null);
  const complete = facts.status === "collected" && facts.tree?.status === "complete" &&
    !facts.untracked_truncated && listedAll && hashedAll;
  return {
    digest: await sha256Id(canonicalJson({ head: facts.head, entries })),
    files: files.length,
    complete,
  };
}

/** What a recorded file is like now (as the load re-check found it). */
export type FileNow =
  | { kind: "hashed"; sha256: string }
  | { kind: "absent" }
  | { kind: "stat"; size: number; mtimeMs: number | null }
  | { kind: "unknown"; reason: string };

/** Whether the tree now is the recorded one, and why not. */
export interface WorktreeComparison {
  status: "same" | "changed" | "unknown";
  /** Content-free, for people. */
  detail: string;
}

function samePaths(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sa = [...a].sort();
  const sb = [...b].sort();
  return sa.every((p, i) => p === sb[i]);
}

/**
 * Compares the recorded tree with the tree now. `files` holds, by recorded
 * path, what each recorded changed file is now.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareWorktree } from "./worktree_state.ts";
 * const tree = { status: "complete", reason: "", changed: [], changed_total: 0, untracked: [], untracked_total: 0, untracked_complete: true, unchecked: [], unchecked_total: 0 };
 * const facts = { status: "collected", head: "a", changed_files: [], changed_count: 0, untracked_count: 0, tree } as never;
 * assert.equal(compareWorktree(facts, facts, new Map()).status, "same");
 * assert.equal(compareWorktree(facts, { ...(facts as object), head: "b" } as never, new Map()).status, "changed");
 * ```
 */
export function compareWorktree(
  recorded: Facts,
  now: Facts,
  files: ReadonlyMap<string, FileNow>,
): WorktreeComparison {
  if (recorded.status !== "collected" || now.status !== "collected") {
    return { status: "unknown", detail: "the repository's facts are not available" };
  }
  if (recorded.head !== now.head) return { status: "changed", detail: "HEAD moved" };
  const rt = recorded.tree;
  const nt = now.tree;
  if (rt === undefined || nt === undefined || rt.status !== "complete") {
    return { status: "unknown", detail: "the recorded tree state is incomplete" };
  }
  if (nt.status !== "complete") {
    return { status: "unknown", detail: "the tree could not be scanned in full now" };
  }
  if (
    rt.changed_total !== nt.changed_total || rt.untracked_total !== nt.untracked_total ||
    !samePaths(rt.changed, nt.changed) || !samePaths(rt.untracked, nt.untracked)
  ) {
    return { status: "changed", detail: "the set of changed or untracked files differs" };
  }
  if (
    rt.changed.length < rt.changed_total || rt.untracked.length < rt.untracked_total ||
    recorded.changed_files.length < recorded.changed_count
  ) {
    return { status: "unknown", detail: "more files changed than were recorded" };
  }
  for (const f of recorded.changed_files) {
    const cur = files.get(f.path);
    if (f.status === "deleted") {
      if (cur !== undefined && cur.kind !== "absent" && cur.kind !== "unknown") {
        return { status: "changed", detail: "a deleted file is back" };
      }
      continue;
    }
    if (cur === undefined || cur.kind === "unknown") {
      return { status: "unknown", detail: "a recorded file could not be re-checked" };
    }
    if (cur.kind === "absent") return { status: "changed", detail: "a recorded file is gone" };
    if (cur.kind === "stat") {
      if (cur.size !== f.size || (cur.mtimeMs ?? null) !== (f.mtime_ms ?? null)) {
        return { status: "changed", detail: "a recorded file changed" };
      }
      continue;
    }
    if (f.sha256 === null) return { status: "unknown", detail: "a recorded file had no hash" };
    if (cur.sha256 !== f.sha256) return { status: "changed", detail: "a recorded file changed" };
  }
  return { status: "same", detail: "HEAD, the changed files and their content are unchanged" };
}
