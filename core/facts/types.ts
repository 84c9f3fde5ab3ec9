/**
 * The shapes the fact collectors work with: where a repository is, its git
 * objects and its changed entries. Pure types; the collectors live beside
 * this file, and the facts as a capsule records them are in
 * core/capsule/recorded_facts.ts (a capsule, rank 1, holds them).
 * @module
 */

/** Where a repository lives. All paths absolute with "/" separators. */
export interface RepoLocation {
  /** The working tree root. */
  workTree: string;
  /** The repository's own git dir (for a linked worktree: .git/worktrees/<name>). */
  gitDir: string;
  /** The shared git dir holding objects, refs and config (equals gitDir unless linked). */
  commonDir: string;
  /**
   * The index file git reads where GIT_INDEX_FILE names another one than
   * `<gitDir>/index` (absolute; git/moving_in_effect.ts). @default {`<gitDir>/index`}
   */
  indexFile?: string;
  /**
   * The object store git reads first where GIT_OBJECT_DIRECTORY names another
   * one than `<commonDir>/objects` (absolute; git/moving_in_effect.ts).
   * @default {`<commonDir>/objects`}
   */
  objectDirectory?: string;
  /**
   * The stores GIT_ALTERNATE_OBJECT_DIRECTORIES adds, in its order (absolute),
   * each read with its own `info/alternates` as git reads them. @default {none}
   */
  alternateObjectDirectories?: readonly string[];
}

/** A git object as stored. */
export interface GitObject {
  type: "commit" | "tree" | "blob" | "tag";
  data: Uint8Array;
}

/** Reads git objects by 40-hex id; null when the object is not present. */
export interface GitObjectReader {
  read(oid: string): Promise<GitObject | null>;
}

/** A one-letter git status code as in `git status --porcelain=v2`. */
export type StatusCode = "." | "M" | "T" | "A" | "D" | "R" | "C" | "U";

/** One tracked path that differs from HEAD or from the index. */
export interface WorktreeEntry {
  path: string;
  /** Index vs HEAD. */
  x: StatusCode;
  /** Worktree vs index. */
  y: StatusCode;
  /**
   * What the path is in the work tree as git takes it (or in the index when
   * deleted): under core.symlinks=false a plain file at a symlink entry is a
   * symlink.
   */
  kind: "file" | "symlink" | "submodule";
  /** For exact renames: the path in HEAD. */
  origPath?: string;
}
