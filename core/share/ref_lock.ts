/**
 * The chain ref is updated as git updates a ref: under `<ref>.lock`, made
 * only when it does not exist, then renamed over the ref. A lock file that
 * exists means a git process is updating the ref (or one crashed and left
 * it): baton refuses rather than write under it, and refuses too when the
 * ref no longer names the commit baton read it at (another process moved it
 * in between). These are the typed refusals; the file work is the edge's
 * (commands/_adapters/share_git.ts).
 * @module
 */
import { BatonError, EXIT } from "../errors.ts";

/**
 * The lock file git takes for a ref (relative to the git directory).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(refLockName("refs/baton/main"), "refs/baton/main.lock");
 * ```
 */
export function refLockName(ref: string): string {
  return `${ref}.lock`;
}

/**
 * The ref under `ref` a conflict names, from what was found there (names below `<ref>/`, or
 * whole ref names): the first one shaped as a ref baton writes, so the
 * `git update-ref -d` the error gives can be run as printed; else `<ref>/…` (a name of
 * another shape is never echoed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = "refs/baton/feature";
 * assert.equal(refUnder(r, ["x"]), "refs/baton/feature/x");
 * assert.equal(refUnder(r, ["refs/baton/feature/y/z"]), "refs/baton/feature/y/z");
 * assert.equal(refUnder(r, ["../../heads/main"]), "refs/baton/feature/…");
 * assert.equal(refUnder(r, ["refs/baton/feature/\u202ex"]), "refs/baton/feature/…");
 * ```
 */
export function refUnder(ref: string, found: readonly string[]): string {
  for (const f of found) {
    const name = f.startsWith(`${ref}/`) ? f : `${ref}/${f}`;
    if (/^[A-Za-z0-9._\/-]+$/.test(name) && !name.includes("..")) return name;
  }
  return `${ref}/…`;
}

/**
 * What a refusal leaves: everything as it was. A pull copies the remote's capsules only under
 * the ref's lock, once the ref was found as it read it (share_run.ts), so a refusal on the ref
 * copies nothing; a push's new objects are named by no ref.
 */
const LEFT = "the ref was not changed, and no capsule was copied";

/** `<ref>.lock` exists: a git process is updating the chain ref, or one left its lock. */
export class ChainRefLockedError extends BatonError {
  /**
   * @param ref The chain ref (a name baton made, never a stranger's text).
   */
  constructor(ref: string) {
    super(
      `Cannot update ${ref}: its lock file ${
        refLockName(ref)
      } exists in the git directory (a git process is updating it, or one stopped and left it); ${LEFT}. Try again, or remove that file once no git process runs`,
      "ref_locked",
      EXIT.busy.code,
      { data: { ref } },
    );
  }
}

/** The chain ref moved between baton's read and its update (another process wrote it). */
export class ChainRefMovedError extends BatonError {
  /**
   * @param ref The chain ref (a name baton made, never a stranger's text).
   */
  constructor(ref: string) {
    super(
      `Cannot update ${ref}: another process changed it while baton was working; ${LEFT}. Try again`,
      "ref_moved",
      EXIT.busy.code,
      { data: { ref } },
    );
  }
}

/**
 * The chain ref cannot exist beside another ref of the chain: `refs/baton/a` and
 * `refs/baton/a/b` cannot both be refs (git keeps a ref as a file named by its path), as when a
 * branch `feature` was shared and `feature/x` is now.
 */
export class ChainRefConflictError extends BatonError {
  /** The ref in the way (for a re-thrown copy). */
  readonly other: string;
  /**
   * @param ref The chain ref (a name baton made, never a stranger's text).
   * @param other The ref in its way (a prefix of it, or a folder of refs under it).
   */
  constructor(ref: string, other: string) {
    super(
      `Cannot update ${ref}: ${other} is a ref of its own here, and git cannot keep both (a branch shared before under that name?); ${LEFT}. Remove the old one with git update-ref -d ${other} once it is no longer needed, or share under another name with --branch`,
      "ref_conflict",
      EXIT.io.code,
      { data: { ref, other } },
    );
    this.other = other;
  }
}
