/**
 * Listing refs under a prefix ("refs/remotes/"), merging loose ref files
 * over packed-refs the way git does.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { InputError } from "../../errors.ts";
import type { RepoLocation } from "../types.ts";
import { GitCorruptError } from "./errors.ts";
import { resolveRef } from "./resolve_ref.ts";
import { isPerWorktreeRef, isSafeRefName } from "./_ref_name.ts";
import { assertFilesBackend, readLooseRef, readPackedRefs, type RefValue } from "./_ref_store.ts";
import { isNotFound } from "./_read_optional.ts";

/** One listed ref. */
export interface RefEntry {
  /** Full name, e.g. "refs/remotes/origin/main". */
  name: string;
  /** The object the ref names (for symbolic refs: the resolved object). */
  oid: string;
  /** For packed annotated tags: the object the tag peels to. */
  peeled?: string;
  /** For symbolic refs (only with `symbolic: "resolve"`): the ref it points at. */
  symref?: string;
}

/** Options for {@linkcode listRefs}. */
export interface ListRefsOptions {
  /**
   * What to do with symbolic refs such as refs/remotes/origin/HEAD: leave
   * them out, or resolve them (dangling ones are still left out).
   * @default "skip"
   */
  symbolic?: "skip" | "resolve";
}

/** Directory nesting we follow under refs/; real layouts stay far below. */
const MAX_REF_DEPTH = 64;

/**
 * Lists refs whose full name starts with `prefix`, sorted by name.
 *
 * Loose refs win over packed ones of the same name. Broken loose ref files
 * are skipped, as git skips them with a warning. Shared refs come from the
 * common dir; per-worktree refs (refs/bisect/, refs/worktree/,
 * refs/rewritten/) come from the git dir.
 *
 * @param fs Read capability.
 * @param repo Repository location.
 * @param prefix "refs/" or a deeper prefix ending in "/", e.g. "refs/remotes/".
 * @param options Symbolic-ref handling.
 * @returns The refs, sorted by name.
 * @throws {InputError} When `prefix` does not start with "refs/" and end with "/".
 * @throws {GitUnsupportedError} For reftable repositories.
 *
 * @example
 * ```ts ignore
 * const remotes = await listRefs(fs, repo, "refs/remotes/");
 * // [{ name: "refs/remotes/origin/main", oid: "..." }]
 * ```
 */
export async function listRefs(
  fs: ReadFs,
  repo: RepoLocation,
  prefix: string,
  options: ListRefsOptions = {},
): Promise<RefEntry[]> {
  if (!prefix.startsWith("refs/") || !prefix.endsWith("/") || !isSafeRefName(`${prefix}x`)) {
    throw new InputError(
      'Cannot list refs: the prefix must start with "refs/" and end with "/"',
      "invalid_ref_prefix",
    );
  }
  await assertFilesBackend(fs, repo);
  const packed = await readPackedRefs(fs, repo);
  const loose = new Map<string, RefValue | null>();
  await walkLoose(fs, repo, prefix.slice(0, -1), loose, 0);

  const out: RefEntry[] = [];
  for (const [name, value] of loose) {
    if (value === null) continue;
    if (value.kind === "oid") {
      out.push({ name, oid: value.oid });
    } else if (options.symbolic === "resolve") {
      const r = await resolveRef(fs, repo, name, { packedRefs: packed });
      if (r !== null && r.oid !== null) out.push({ name, oid: r.oid, symref: value.target });
    }
  }
  for (const [name, p] of packed) {
    if (!name.startsWith(prefix) || loose.has(name) || !isSafeRefName(name)) continue;
    out.push(
      p.peeled === undefined ? { name, oid: p.oid } : { name, oid: p.oid, peeled: p.peeled },
    );
  }
  return out.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** Collects loose refs under `ref` (a directory name like "refs/remotes"); null marks a broken file. */
async function walkLoose(
  fs: ReadFs,
  repo: RepoLocation,
  ref: string,
  out: Map<string, RefValue | null>,
  depth: number,
): Promise<void> {
  if (depth > MAX_REF_DEPTH) return;
  // In a linked worktree the common dir's per-worktree refs belong to the main worktree.
  const perWorktree = isPerWorktreeRef(`${ref}/x`);
  const dirs = repo.gitDir === repo.commonDir
    ? [repo.gitDir]
    : perWorktree
    ? [repo.gitDir]
    : ref === "refs"
    ? [repo.commonDir, repo.gitDir]
    : [repo.commonDir];
  for (const base of dirs) {
    let entries;
    try {
      entries = await fs.readDir(`${base}/${ref}`);
    } catch (e) {
      if (isNotFound(e)) continue;
      throw e;
    }
    for (const entry of entries) {
      const name = `${ref}/${entry.name}`;
      const childPerWorktree = isPerWorktreeRef(`${name}/x`);
      if (
        ref === "refs" && base === repo.commonDir && repo.gitDir !== repo.commonDir &&
        childPerWorktree
      ) continue;
      if (
        ref === "refs" && base === repo.gitDir && repo.gitDir !== repo.commonDir &&
        !childPerWorktree
      ) continue;
      if (entry.isDirectory) {
        await walkLoose(fs, repo, name, out, depth + 1);
      } else if ((entry.isFile || entry.isSymlink) && isSafeRefName(name)) {
        try {
          out.set(name, await readLooseRef(fs, repo, name));
        } catch (e) {
          if (!(e instanceof GitCorruptError)) throw e;
          out.set(name, null);
        }
      }
    }
  }
}
