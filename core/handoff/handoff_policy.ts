/**
 * What committing only the handoff means: the one path committed, the fixed
 * messages, the branch a handoff goes to when HEAD is on the base branch, and
 * which tracked paths count as handoff state that must not reach the
 * deliverable. Pure.
 * @module
 */

/** The handoff file, relative to the work tree, with "/" separators. */
export const HANDOFF_PATH = ".baton/latest.md";

/** The folder whose tracked contents would carry baton state into a deliverable. */
export const BATON_DIR = ".baton";

/** Message of the commit `baton commit` writes. */
export const COMMIT_MESSAGE =
  "baton: handoff capsule\n\nCommitted by `baton commit`: only .baton/latest.md changes.\n";

/** Message of the commit `baton clean` writes. */
export const CLEAN_MESSAGE =
  "baton: remove handoff capsule\n\nCommitted by `baton clean`: only .baton/ paths are removed.\n";

/** Prefix of the branches `baton commit` creates. */
export const HANDOFF_BRANCH_PREFIX = "baton/handoff-";

/**
 * The branch a handoff is committed to when HEAD is on the base branch:
 * `baton/handoff-` and a colon-free UTC timestamp, so names sort by time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { handoffBranchName } from "./handoff_policy.ts";
 * assert.equal(handoffBranchName("2026-12-01T23:15:04.123Z"), "baton/handoff-20261201T231504Z");
 * ```
 */
export function handoffBranchName(isoTime: string): string {
  const stamp = isoTime.replace(/\.\d+Z$/, "Z").replace(/[^0-9TZ]/g, "");
  return `${HANDOFF_BRANCH_PREFIX}${stamp}`;
}

/** What decides which branch is the base one. */
export interface BaseBranchInputs {
  /** `--base NAME` when given. */
  explicit: string | null;
  /** The short branch `refs/remotes/origin/HEAD` points at, when set. */
  originHead: string | null;
  /** Short names of the local branches. */
  localBranches: readonly string[];
}

/**
 * The base branch: `--base` when given, else the remote's default branch
 * (origin/HEAD), else `main` or `master` when one exists; null when none can
 * be told (then no branch counts as base).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { baseBranch } from "./handoff_policy.ts";
 * assert.equal(baseBranch({ explicit: null, originHead: null, localBranches: ["master", "x"] }), "master");
 * assert.equal(baseBranch({ explicit: null, originHead: "trunk", localBranches: ["main"] }), "trunk");
 * ```
 */
export function baseBranch(inputs: BaseBranchInputs): string | null {
  if (inputs.explicit !== null) return inputs.explicit;
  if (inputs.originHead !== null) return inputs.originHead;
  for (const name of ["main", "master"]) if (inputs.localBranches.includes(name)) return name;
  return null;
}

/** Where a handoff commit goes. */
export type HandoffTarget =
  | { kind: "current"; branch: string }
  | { kind: "new_branch"; branch: string; reason: "on_base" | "detached" };

/**
 * The branch a handoff commit lands on: the current one, or a new
 * `baton/handoff-<ts>` branch when HEAD is on the base branch or detached.
 */
export function handoffTarget(
  current: string | null,
  base: string | null,
  isoTime: string,
): HandoffTarget {
  if (current === null) {
    return { kind: "new_branch", branch: handoffBranchName(isoTime), reason: "detached" };
  }
  if (base !== null && current === base) {
    return { kind: "new_branch", branch: handoffBranchName(isoTime), reason: "on_base" };
  }
  return { kind: "current", branch: current };
}

/**
 * The paths among `paths` that are baton state (`.baton/` and below).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { handoffPaths } from "./handoff_policy.ts";
 * assert.deepEqual(handoffPaths([".baton/latest.md", "src/.baton", ".batonrc"]), [".baton/latest.md"]);
 * assert.deepEqual(handoffPaths([".Baton/latest.md"]), [".Baton/latest.md"]);
 * ```
 */
export function handoffPaths(paths: Iterable<string>): string[] {
  const out: string[] = [];
  for (const p of paths) if (isBatonDirName(p.split("/", 1)[0]!)) out.push(p);
  return out;
}

/**
 * Whether a top-level name is `.baton` in any letter case: a clone on a
 * file system that ignores case (macOS, Windows) checks a committed
 * `.Baton/latest.md` out as `.baton/latest.md`, where baton reads it.
 */
export function isBatonDirName(name: string): boolean {
  return name.toLowerCase() === BATON_DIR;
}

/**
 * Whether a branch name is one git accepts for a ref we create: the subset
 * `baton commit --base`/`handoffBranchName` need (no "..", no control
 * characters or spaces, no leading "-" or trailing ".lock").
 */
export function isSafeBranchName(name: string): boolean {
  return name.length > 0 && name.length <= 200 &&
    /^[A-Za-z0-9._/-]+$/.test(name) && !name.startsWith("-") && !name.startsWith("/") &&
    !name.endsWith("/") && !name.endsWith(".lock") && !name.endsWith(".") &&
    !name.includes("..") && !name.includes("//") && !/(^|\/)\./.test(name);
}
