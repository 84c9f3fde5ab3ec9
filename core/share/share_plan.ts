/**
 * Sharing the capsule chain through git: the pure half. The chain travels
 * on `refs/baton/<branch>` as an ordinary commit whose tree holds one blob
 * per archived capsule (`capsules/<archive name>`); a push writes the union
 * of what the ref holds and what the archive holds, so merging two
 * machines' chains is a set union by capsule file name (timestamp and id
 * prefix) and nothing is ever lost. A fork (two capsules naming the same
 * previous) is reported, never resolved silently. Pure.
 * @module
 */
import { ARCHIVE_NAME } from "../store/layout.ts";

/** The folder of the tree that holds capsules. */
export const SHARE_TREE_DIR = "capsules";

/** Prefix of the shared refs. */
export const SHARE_REF_PREFIX = "refs/baton/";

/** Where a fetched remote's chain is kept locally (never pushed). */
export const REMOTE_SHARE_PREFIX = "refs/baton-remotes/";

/**
 * The shared ref for a branch, or null when the branch name cannot be a ref
 * component baton writes (git's own rules, stricter: no `..`, no control or
 * special characters, no `.lock` ending).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shareRef } from "./share_plan.ts";
 * assert.equal(shareRef("feature/x"), "refs/baton/feature/x");
 * assert.equal(shareRef("bad..name"), null);
 * assert.equal(shareRef("a.lock/b"), null);
 * ```
 */
export function shareRef(branch: string): string | null {
  if (branch === "" || branch.length > 200) return null;
  if (!/^[A-Za-z0-9._\/-]+$/.test(branch)) return null;
  if (branch.includes("..") || branch.includes("//") || branch.startsWith("/")) return null;
  if (branch.endsWith("/") || branch.endsWith(".")) return null;
  // No component may start with a dot or end in `.lock` (git's rule): `a.lock/b` would make
  // refs/baton/a.lock a folder, branch a's lock file for good, and git refuses the name anyway.
  if (branch.split("/").some((part) => part.startsWith(".") || part.endsWith(".lock"))) {
    return null;
  }
  return `${SHARE_REF_PREFIX}${branch}`;
}

/** The local ref keeping a remote's copy of a branch's chain. */
export function remoteShareRef(remote: string, branch: string): string | null {
  if (!/^[A-Za-z0-9._-]+$/.test(remote) || remote.startsWith(".")) return null;
  return shareRef(branch) === null ? null : `${REMOTE_SHARE_PREFIX}${remote}/${branch}`;
}

/** True when a tree entry name can be a capsule file. */
export function isCapsuleEntry(name: string): boolean {
  return ARCHIVE_NAME.test(name);
}

/** A capsule's place in the chain. */
export interface ChainLink {
  id: string;
  previous: string | null;
}

/** One fork: a capsule followed by more than one capsule. */
export interface Fork {
  /** The capsule two or more capsules name as previous (null: more than one chain start). */
  previous: string | null;
  children: string[];
}

/**
 * The forks in a set of capsules.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findForks } from "./share_plan.ts";
 * const forks = findForks([{ id: "a", previous: null }, { id: "b", previous: "a" }, { id: "c", previous: "a" }]);
 * assert.deepEqual(forks, [{ previous: "a", children: ["b", "c"] }]);
 * ```
 */
export function findForks(links: readonly ChainLink[]): Fork[] {
  const children = new Map<string | null, Set<string>>();
  for (const l of links) {
    const set = children.get(l.previous) ?? new Set<string>();
    set.add(l.id);
    children.set(l.previous, set);
  }
  const out: Fork[] = [];
  for (const [previous, set] of children) {
    if (set.size > 1) out.push({ previous, children: [...set].sort() });
  }
  return out;
}

/** How `git push --porcelain` reported the shared ref. */
export type PushOutcome = "pushed" | "up_to_date" | "rejected" | "failed";

/**
 * Reads git's porcelain push report for one ref.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pushOutcome } from "./share_plan.ts";
 * const out = "To /r.git\n!\trefs/baton/main:refs/baton/main\t[rejected] (fetch first)\nDone\n";
 * assert.equal(pushOutcome(out, "refs/baton/main"), "rejected");
 * ```
 */
export function pushOutcome(porcelain: string, ref: string): PushOutcome {
  for (const line of porcelain.split("\n")) {
    const [flag, spec, summary = ""] = line.split("\t");
    if (spec === undefined || !spec.endsWith(`:${ref}`)) continue;
    if (flag === "=") return "up_to_date";
    if (flag === "!") {
      // "[rejected]" is git's own refusal of a non-fast-forward (retry after
      // a merge); "[remote rejected]" is the remote's hook or policy (do not).
      // A concurrent pusher that won the ref lock on the remote shows as a
      // remote refusal to lock or update the ref: the same race, retried.
      if (summary.startsWith("[rejected]")) return "rejected";
      return /^\[remote rejected\] \((cannot lock ref|failed to update ref|failed to lock|incorrect old value)/
          .test(summary)
        ? "rejected"
        : "failed";
    }
    if (flag === " " || flag === "+" || flag === "*" || flag === "-") return "pushed";
  }
  return "failed";
}
