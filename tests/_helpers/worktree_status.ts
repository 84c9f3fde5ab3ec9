/**
 * Test helper: runs `git status --porcelain=v2 -z -uall` as the oracle and
 * renders a WorktreeStatus into the same shape for deepEqual.
 * @module
 */
import { git } from "./git.ts";
import {
  scanWorktree,
  type ScanWorktreeOptions,
  type WorktreeStatus,
} from "../../core/facts/worktree/scan.ts";
import type { RepoLocation } from "../../core/facts/types.ts";
import { TestFs } from "./fs.ts";
import { catFileReader } from "./worktree_objects.ts";

/** One status line, reduced to what baton reports. */
export interface StatusLine {
  path: string;
  xy: string;
  origPath?: string;
}

/** Both sides of a comparison. */
export interface StatusView {
  entries: StatusLine[];
  untracked: string[];
}

/**
 * git's answer. `--no-optional-locks` keeps git from refreshing .git/index,
 * which would change the very stat data under test.
 */
export async function gitStatus(dir: string): Promise<StatusView> {
  const out = await git(dir, [
    "--no-optional-locks",
    "status",
    "--porcelain=v2",
    "-z",
    "--untracked-files=all",
  ]);
  const fields = out.stdout.split("\0");
  const entries: StatusLine[] = [];
  const untracked: string[] = [];
  for (let k = 0; k < fields.length; k++) {
    const f = fields[k]!;
    if (f === "") continue;
    const kind = f[0];
    if (kind === "?") untracked.push(f.slice(2));
    else if (kind === "1") entries.push({ xy: f.slice(2, 4), path: nth(f, 8) });
    else if (kind === "2") {
      entries.push({ xy: f.slice(2, 4), path: nth(f, 9), origPath: fields[++k]! });
    } else if (kind === "u") entries.push({ xy: f.slice(2, 4), path: nth(f, 10) });
  }
  return { entries, untracked };
}

/** The rest of a line after `n` space-separated fields (paths may hold spaces). */
function nth(line: string, n: number): string {
  let at = 0;
  for (let k = 0; k < n; k++) at = line.indexOf(" ", at) + 1;
  return line.slice(at);
}

/** baton's answer in the oracle's shape. */
export function batonView(status: WorktreeStatus): StatusView {
  return {
    entries: status.entries.map((e) =>
      e.origPath === undefined
        ? { xy: e.x + e.y, path: e.path }
        : { xy: e.x + e.y, path: e.path, origPath: e.origPath }
    ),
    untracked: status.untracked,
  };
}

/** Options for {@linkcode scanWithGit}. */
export type ScanWithGitOptions = Partial<ScanWorktreeOptions> & { repo?: RepoLocation };

/**
 * Runs scanWorktree on a repository with HEAD's tree taken from git and
 * objects read through `git cat-file --batch`.
 */
export async function scanWithGit(
  dir: string,
  options: ScanWithGitOptions = {},
): Promise<WorktreeStatus & { objectReads: number }> {
  const tree = await git(dir, ["rev-parse", "-q", "--verify", "HEAD^{tree}"], { allowFail: true });
  const headTreeOid = tree.code === 0 ? tree.stdout.trim() : null;
  const objects = catFileReader(dir);
  try {
    const repo = options.repo ?? { workTree: dir, gitDir: `${dir}/.git`, commonDir: `${dir}/.git` };
    const status = await scanWorktree(new TestFs(), repo, {
      headTreeOid,
      objects,
      ...options,
    });
    return { ...status, objectReads: objects.reads };
  } finally {
    await objects.close();
  }
}
