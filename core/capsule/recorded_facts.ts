/**
 * The facts as a capsule records them: what baton read from the repository
 * at one instant. Pure types, part of the capsule's schema (so they live with
 * the capsule, below the collectors in core/facts that produce them).
 * @module
 */

/** Why a changed file's hash was not recorded. */
export type HashSkip =
  | "deleted"
  | "too_large"
  | "over_count"
  | "unreadable"
  | "submodule"
  | "not_regular"
  | "over_time";

/** One changed path as stored in a capsule. */
export interface ChangedFileFact {
  path: string;
  /** stat_changed: a tracked file over the hash cap whose stat data differs from the index. */
  status:
    | "modified"
    | "added"
    | "deleted"
    | "renamed"
    | "typechange"
    | "unmerged"
    | "untracked"
    | "stat_changed";
  /** Porcelain-v2 style two-letter code ("?" "?" for untracked). */
  xy: string;
  orig_path: string | null;
  kind: "file" | "symlink" | "submodule";
  /** `sha256:<hex>` of the current content (symlinks: of the link text), or null. */
  sha256: string | null;
  size: number | null;
  /**
   * Modification time (ms) of a file recorded by size and mtime instead of a
   * hash (over the size cap); absent in capsules written before it existed.
   */
  mtime_ms?: number | null;
  /**
   * Whether a regular file had its executable bit set, so a later chmod is
   * seen; absent for symlinks, submodules and capsules written before it.
   */
  executable?: boolean;
  /**
   * `sha256:<hex>` of a regular file's content as git would store it (its
   * clean conversion applied under the attributes and config in force:
   * line endings, LFS, encoding, ident; the same as `sha256` when none
   * applies), or null where baton cannot reproduce the conversion. Absent
   * for symlinks and in capsules written before it was recorded.
   */
  stored_sha256?: string | null;
  hash_skipped: HashSkip | null;
}

/** A part of the facts that could not be read, and why (content-free). */
export interface UnavailablePart {
  /** repository: not even located; config: remotes; head: branch and HEAD; worktree: changes. */
  part: "repository" | "config" | "head" | "worktree";
  reason: string;
}

/**
 * The whole-tree state at capture: every changed tracked path and every
 * untracked path, sorted, each list bounded (`*_total` counts beyond the
 * bound). Paths are in escaped form (see worktree/escape_path.ts).
 */
export interface TreeState {
  /** complete: the scan finished; partial: a budget or cap stopped part of it. */
  status: "complete" | "partial";
  /** Why it is partial (content-free); "" when complete. */
  reason: string;
  changed: string[];
  /** All changed tracked paths, including those past the bound. */
  changed_total: number;
  untracked: string[];
  /** All untracked paths found (a lower bound when `untracked_complete` is false). */
  untracked_total: number;
  /** False when the untracked walk stopped early (cap or time budget). */
  untracked_complete: boolean;
  /**
   * Tracked paths whose change state was not checked (time budget, a file
   * over the size cap whose stat data changed): neither clean nor changed.
   */
  unchecked: string[];
  unchecked_total: number;
  /**
   * The status of each path in `changed`, in the same order: git's two-letter
   * XY code (".?", or "M?" when staged too, for a file over the hash cap
   * judged changed by stat data), followed for a rename by a space and the escaped path it came from. A
   * path changed then and now is compared by it, so a file staged since
   * (`.M` to `M.`) or one whose change changed kind is seen. Absent in
   * capsules written before it was recorded.
   */
  changed_xy?: string[];
  /**
   * false where git does not count the executable bit (core.fileMode false):
   * a file's bit is then no change to git, and drift compares it on neither
   * side. Absent where the bit counts, and in capsules written before it
   * was recorded.
   */
  file_mode?: false;
  /**
   * false where git checks symlinks out as plain files of their text
   * (core.symlinks false): such a file at a symlink entry is still a
   * symlink to git, no change of type. Absent where symlinks are made, and
   * in capsules written before it was recorded.
   */
  symlinks?: false;
}

/** Whether HEAD can be found on a remote-tracking ref. */
export interface PublishedFact {
  status: "yes" | "no" | "unknown";
  refs: string[];
  reason: string;
}

/** Everything baton records about the repository at one instant. */
export interface Facts {
  /** collected: read from a repo; not_a_repo: cwd is outside git; unavailable: never collected (paste). */
  status: "collected" | "not_a_repo" | "unavailable";
  captured_at: string | null;
  repo_root: string | null;
  remotes: { name: string; url: string }[];
  branch: string | null;
  detached: boolean;
  head: string | null;
  has_commits: boolean;
  /** merge, rebase, cherry_pick, revert, bisect, or null. */
  operation: string | null;
  dirty: boolean | null;
  changed_files: ChangedFileFact[];
  /** All changed paths, including those not listed because of the cap. */
  changed_count: number;
  untracked_count: number;
  /** True when the untracked walk stopped at its cap (the count is a lower bound). */
  untracked_truncated: boolean;
  /** Counts of what was not hashed or not listed, by reason. */
  skipped: Record<string, number>;
  published: PublishedFact;
  /** Content-free notes about parts that could not be collected. */
  notes: string[];
  /** The whole-tree state; absent in capsules written before it was recorded. */
  tree?: TreeState;
  /** Parts that could not be read (a damaged repository); absent or empty when none. */
  unavailable?: UnavailablePart[];
}
