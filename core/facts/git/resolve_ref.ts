/**
 * Resolving one ref name (loose first, then packed-refs), following
 * symbolic refs up to git's depth limit of 5.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import type { RepoLocation } from "../types.ts";
import { GitCorruptError } from "./errors.ts";
import type { PackedRef } from "./packed_refs.ts";
import { isPerWorktreeRef, isSafeRefName } from "./_ref_name.ts";
import { assertFilesBackend, readLooseRef, readPackedRefs, type RefValue } from "./_ref_store.ts";

/** Options for {@linkcode resolveRef}. */
export interface ResolveRefOptions {
  /** Already-read packed-refs, to avoid re-reading the file. @default read on demand */
  packedRefs?: Map<string, PackedRef>;
}

/** The result of following a ref to an object id. */
export interface ResolvedRef {
  /** The last name in the chain, e.g. "refs/heads/main" when resolving "HEAD". */
  target: string;
  /** True when the name given was a symbolic ref. */
  symbolic: boolean;
  /** The object id, or null when the chain ends at a ref that does not exist (an unborn branch). */
  oid: string | null;
}

/** git's SYMREF_MAXDEPTH. */
const MAX_SYMREF_DEPTH = 5;

/**
 * Resolves a full ref name ("HEAD", "refs/heads/main") to an object id.
 *
 * Per-worktree refs (HEAD, pseudo-refs, refs/bisect/, refs/worktree/,
 * refs/rewritten/) are read from the git dir, others from the common dir.
 *
 * @param fs Read capability.
 * @param repo Repository location.
 * @param name Full ref name.
 * @param options Pre-read packed-refs.
 * @returns The resolution, or null when `name` itself does not exist.
 * @throws {GitUnsupportedError} For reftable repositories.
 * @throws {GitCorruptError} On malformed ref files or symbolic-ref loops.
 *
 * @example
 * ```ts ignore
 * const head = await resolveRef(fs, repo, "HEAD");
 * // { target: "refs/heads/main", symbolic: true, oid: "..." }
 * ```
 */
export async function resolveRef(
  fs: ReadFs,
  repo: RepoLocation,
  name: string,
  options: ResolveRefOptions = {},
): Promise<ResolvedRef | null> {
  if (!isSafeRefName(name)) return null;
  await assertFilesBackend(fs, repo);
  let packed = options.packedRefs ?? null;
  const lookup = async (ref: string): Promise<RefValue | null> => {
    const loose = await readLooseRef(fs, repo, ref);
    if (loose !== null || isPerWorktreeRef(ref) && !ref.startsWith("refs/")) return loose;
    packed ??= await readPackedRefs(fs, repo);
    const p = packed.get(ref);
    return p === undefined ? null : { kind: "oid", oid: p.oid };
  };
  let current = name;
  let value = await lookup(current);
  if (value === null) return null;
  const symbolic = value.kind === "symbolic";
  for (let depth = 0; value !== null && value.kind === "symbolic"; depth++) {
    if (depth >= MAX_SYMREF_DEPTH) {
      throw new GitCorruptError(
        `Cannot resolve ref: symbolic refs nest deeper than ${MAX_SYMREF_DEPTH}`,
        "git_symref_loop",
      );
    }
    current = value.target;
    value = await lookup(current);
  }
  return { target: current, symbolic, oid: value === null ? null : value.oid };
}
