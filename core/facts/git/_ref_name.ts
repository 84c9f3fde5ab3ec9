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
  // deno-lint-ignore no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|\/$|\.$/.test(name)) return false;
  for (const part of name.split("/")) {
    if (part === "" || part.startsWith(".") || part.endsWith(".lock")) return false;
  }
  return true;
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
