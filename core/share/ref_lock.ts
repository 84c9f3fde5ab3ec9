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
 * What an error says was left: the ref, and capsules a pull already copied into the archive
 * before the ref's update failed (`copied`, 0: none). A pull imports the remote's capsules
 * first and moves the ref last, so "nothing was changed" was false after an import.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(leftText(0), "the ref was not changed");
 * assert.match(leftText(2), /2 capsule\(s\) from the remote chain were copied into \.baton\/capsules/);
 * ```
 */
export function leftText(copied: number): string {
  return copied === 0
    ? "the ref was not changed"
    : `the ref was not changed, but ${copied} capsule(s) from the remote chain were copied into .baton/capsules before this (they stay there; the next push or pull records them on the ref)`;
}

/** `<ref>.lock` exists: a git process is updating the chain ref, or one left its lock. */
export class ChainRefLockedError extends BatonError {
  /**
   * @param ref The chain ref (a name baton made, never a stranger's text).
   * @param copied Capsules already copied into the archive by this run.
   */
  constructor(ref: string, copied = 0) {
    super(
      `Cannot update ${ref}: its lock file ${
        refLockName(ref)
      } exists in the git directory (a git process is updating it, or one stopped and left it); ${
        leftText(copied)
      }. Try again, or remove that file once no git process runs`,
      "ref_locked",
      EXIT.busy.code,
      { data: { ref, ...(copied === 0 ? {} : { copied }) } },
    );
  }
}

/** The chain ref moved between baton's read and its update (another process wrote it). */
export class ChainRefMovedError extends BatonError {
  /**
   * @param ref The chain ref (a name baton made, never a stranger's text).
   * @param copied Capsules already copied into the archive by this run.
   */
  constructor(ref: string, copied = 0) {
    super(
      `Cannot update ${ref}: another process changed it while baton was working; ${
        leftText(copied)
      }. Try again`,
      "ref_moved",
      EXIT.busy.code,
      { data: { ref, ...(copied === 0 ? {} : { copied }) } },
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
   * @param copied Capsules already copied into the archive by this run.
   */
  constructor(ref: string, other: string, copied = 0) {
    super(
      `Cannot update ${ref}: ${other} is a ref of its own here, and git cannot keep both (a branch shared before under that name?); ${
        leftText(copied)
      }. Remove the old one with git update-ref -d ${other} once it is no longer needed, or share under another name with --branch`,
      "ref_conflict",
      EXIT.io.code,
      { data: { ref, other, ...(copied === 0 ? {} : { copied }) } },
    );
    this.other = other;
  }
}

/**
 * The same refusal, saying that `copied` capsules were already copied into the archive; any
 * other error as it is.
 */
export function withCopied(e: unknown, ref: string, copied: number): unknown {
  if (copied === 0) return e;
  if (e instanceof ChainRefLockedError) return new ChainRefLockedError(ref, copied);
  if (e instanceof ChainRefMovedError) return new ChainRefMovedError(ref, copied);
  if (e instanceof ChainRefConflictError) return new ChainRefConflictError(ref, e.other, copied);
  return e;
}
