/**
 * Private ref-name rules: which names are safe to turn into paths (a subset
 * of `git check-ref-format`), and which directory holds a given ref.
 * Pure: no I/O.
 * @module
 */
import type { RepoLocation } from "../types.ts";

/** 40 (SHA-1) or 64 (SHA-256) lowercase hex digits. */
export const OID_RE: RegExp = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * True for a name git would accept as a ref and that cannot escape the git
 * directory: "HEAD"-style root refs, or "refs/..." with no "..", no empty
 * or dot-leading component, no ".lock" suffix and no special characters.
 */
export function isSafeRefName(name: string): boolean {
  if (/^[A-Z][A-Z0-9_]*$/.test(name)) return true;
  if (!name.startsWith("refs/") || name.length > 1024) return false;
  // One pass, no strings made: a packed-refs of a remote with 100,000
  // branches has every listed name checked.
  let part = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c <= 0x20 || c === 0x7f || FORBIDDEN.includes(c)) return false;
    const next = name.charCodeAt(i + 1);
    if (c === DOT && next === DOT || c === AT && next === BRACE) return false;
    if (c === SLASH) {
      if (!isSafePart(name, part, i)) return false;
      part = i + 1;
    }
  }
  return isSafePart(name, part, name.length) && name.charCodeAt(name.length - 1) !== DOT;
}

/** `~ ^ : ? * [ \\`: never in a ref name. */
const FORBIDDEN = [0x7e, 0x5e, 0x3a, 0x3f, 0x2a, 0x5b, 0x5c];
const DOT = 0x2e;
const AT = 0x40;
const BRACE = 0x7b;
const SLASH = 0x2f;

/** A component name[from, to): not empty, not dot-leading, no ".lock" suffix. */
function isSafePart(name: string, from: number, to: number): boolean {
  return to > from && name.charCodeAt(from) !== DOT && !name.endsWith(".lock", to);
}

/** True for refs every worktree keeps for itself (HEAD, pseudo-refs, bisect, worktree, rewritten). */
export function isPerWorktreeRef(name: string): boolean {
  return !name.startsWith("refs/") || name.startsWith("refs/bisect/") ||
    name.startsWith("refs/worktree/") || name.startsWith("refs/rewritten/");
}

/** The directory a loose ref lives under: gitDir for per-worktree refs, else commonDir. */
export function refBaseDir(repo: RepoLocation, name: string): string {
  return isPerWorktreeRef(name) ? repo.gitDir : repo.commonDir;
}
