/**
 * Which multi-step git operation is unfinished in a worktree, from the
 * marker files git leaves in the git dir.
 * @module
 */
import type { FileStat, ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { readOptionalFile } from "./_read_optional.ts";
import { resolveRef } from "./resolve_ref.ts";
import { GitCorruptError, GitUnsupportedError } from "./errors.ts";

/** An unfinished operation; "am" is `git am` (rebase-apply/ with an "applying" marker). */
export type InProgressOperation = "merge" | "rebase" | "am" | "cherry_pick" | "revert" | "bisect";

/**
 * Reports the unfinished operation, outermost first: rebase (rebase-merge
 * or rebase-apply, each of any type, as git stat-s them) or am, then merge (MERGE_HEAD), cherry-pick
 * (CHERRY_PICK_HEAD), revert (REVERT_HEAD; like CHERRY_PICK_HEAD counted only
 * when it resolves to an object id, as git's wt_status_get_state asks, so an
 * emptied or junk one names nothing), a cherry-pick or revert of
 * several commits that still has a sequencer todo list (git status says so
 * after a stop resolved with `git commit`, or under `--no-commit`, where
 * neither marker is left), bisect (BISECT_LOG). A rebase that stopped on a
 * conflicting merge reports "rebase".
 *
 * @param fs Read capability.
 * @param repo Repository location (markers live in the per-worktree git dir).
 * @returns The operation, or null when none is in progress.
 *
 * @example
 * ```ts ignore
 * await inProgressOperation(fs, repo); // "merge" while a merge has conflicts
 * ```
 */
export async function inProgressOperation(
  fs: ReadFs,
  repo: RepoLocation,
): Promise<InProgressOperation | null> {
  const g = repo.gitDir;
  const todoPath = `${g}/sequencer/todo`;
  const [rebaseMerge, rebaseApply, applying, merge, pick, revert, todo, bisect] = await fs
    .lstatMany([
      `${g}/rebase-merge`,
      `${g}/rebase-apply`,
      `${g}/rebase-apply/applying`,
      `${g}/MERGE_HEAD`,
      `${g}/CHERRY_PICK_HEAD`,
      `${g}/REVERT_HEAD`,
      todoPath,
      `${g}/BISECT_LOG`,
    ]);
  // git asks stat(2) of these markers: a file or a link to anything counts,
  // a dangling (or looping) link does not (wt_status_check_rebase).
  const there = (st: FileStat | null | undefined, path: string) => statOk(fs, st, path);
  if (await there(rebaseMerge, `${g}/rebase-merge`)) return "rebase";
  if (await there(rebaseApply, `${g}/rebase-apply`)) {
    return await there(applying, `${g}/rebase-apply/applying`) ? "am" : "rebase";
  }
  if (await there(merge, `${g}/MERGE_HEAD`)) return "merge";
  if (pick && await resolves(fs, repo, "CHERRY_PICK_HEAD")) return "cherry_pick";
  if (revert && await resolves(fs, repo, "REVERT_HEAD")) return "revert";
  if (todo) {
    // Only a regular file is read (git's read of a directory fails: none).
    const st = todo.isSymlink ? await fs.stat(todoPath) : todo;
    const bytes = st?.isFile === true ? await readOptionalFile(fs, todoPath) : null;
    const last = bytes === null ? null : sequencerCommand(bytes);
    if (last !== null) return last;
  }
  if (await there(bisect, `${g}/BISECT_LOG`)) return "bisect";
  return null;
}

/**
 * Whether git's stat(2) of `path` succeeds, given its lstat `st`: anything
 * but a link is there; a link counts when what it names can be stat-ed (an
 * error, such as a loop, is a failed stat to git too).
 */
async function statOk(fs: ReadFs, st: FileStat | null | undefined, path: string): Promise<boolean> {
  if (st === null || st === undefined) return false;
  if (!st.isSymlink) return true;
  try {
    return await fs.stat(path) !== null;
  } catch {
    return false;
  }
}

/** Whether a pseudo-ref names an object (git's refs_ref_exists and get_oid); a malformed one does not. */
async function resolves(fs: ReadFs, repo: RepoLocation, name: string): Promise<boolean> {
  try {
    const r = await resolveRef(fs, repo, name);
    return r !== null && r.oid !== null;
  } catch (e) {
    if (e instanceof GitCorruptError) return false;
    // A ref store not read here (reftable): the marker's presence, as before.
    if (e instanceof GitUnsupportedError) return true;
    throw e;
  }
}

const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const LF = 0x0a;

/** Whether `bytes` holds `word` at `at`. */
function wordAt(bytes: Uint8Array, at: number, word: string): boolean {
  if (at + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[at + i] !== word.charCodeAt(i)) return false;
  return true;
}

/**
 * The operation a sequencer todo list is for, read as git's
 * sequencer_get_last_command reads it: past leading blanks and line ends,
 * "pick" (or its short form "p") then a space or tab is a cherry-pick,
 * "revert" then a space or tab a revert; anything else is none. As in git, a
 * "pick" not followed by a blank is passed over before "revert" is looked for.
 */
export function sequencerCommand(bytes: Uint8Array): "cherry_pick" | "revert" | null {
  let at = 0;
  while (at < bytes.length) {
    const b = bytes[at]!;
    if (b !== SPACE && b !== TAB && b !== CR && b !== LF) break;
    at++;
  }
  const blank = (i: number) => bytes[i] === SPACE || bytes[i] === TAB;
  if (wordAt(bytes, at, "pick")) {
    at += 4;
    if (blank(at)) return "cherry_pick";
  } else if (bytes[at] === 0x70 && blank(at + 1)) {
    // The short form "p" (git also takes it before a line end, then finds no blank).
    return "cherry_pick";
  }
  if (wordAt(bytes, at, "revert") && blank(at + 6)) return "revert";
  return null;
}
