/**
 * The repository access {@linkcode recheckEvidence} uses, built from the
 * injected file system: git objects through the in-process object reader,
 * file hashes from what load already hashed or, for other repository-relative
 * paths, hashed now (bounded). Reads only through the injected ReadFs.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { GitObjectReader, RepoLocation } from "../facts/types.ts";
import { createObjectReader } from "../facts/git/object_reader.ts";
import { hashFiles } from "../facts/hash_files.ts";
import { createFolderCheck, normalizePointer } from "../capsule/pointers.ts";
import type { RecheckAccess } from "./recheck_evidence.ts";

/** Most files hashed for evidence beyond those load hashed already. */
export const MAX_EXTRA_EVIDENCE_FILES = 50;

/** Options of {@linkcode createRecheckAccess}. */
export interface RecheckAccessOptions {
  /** Hashes load computed already, by repository-relative path (null: absent). */
  known?: ReadonlyMap<string, string | null | "unknown">;
  /**
   * The object reader to ask (load shares one with its chain checks).
   * @default {one of its own}
   */
  objects?: GitObjectReader;
}

/**
 * Builds the access for `repo` (null when not inside a repository now: every
 * check is then unknown).
 */
export function createRecheckAccess(
  fs: ReadFs,
  repo: RepoLocation | null,
  options: RecheckAccessOptions = {},
): RecheckAccess {
  const known = options.known ?? new Map();
  const reader = repo === null ? null : options.objects ?? createObjectReader(fs, repo);
  let extra = 0;
  let outsideFolder: Promise<(rel: string) => Promise<boolean>> | null = null;
  return {
    async objectType(oid) {
      if (reader === null) return "unknown";
      try {
        return (await reader.read(oid))?.type ?? null;
      } catch {
        // Corrupt, or over the reader's bounds: cannot tell.
        return "unknown";
      }
    },
    async fileDigest(path) {
      if (repo === null || normalizePointer(path) !== path) return "unknown";
      const k = known.get(path);
      if (k !== undefined) return k;
      if (++extra > MAX_EXTRA_EVIDENCE_FILES) return "unknown";
      // Beneath a symbolic link that leads out: a file elsewhere, never hashed.
      outsideFolder ??= createFolderCheck(fs, repo.workTree);
      if (await (await outsideFolder)(path)) return "unknown";
      const [h] = await hashFiles(fs, repo.workTree, [path]);
      if (h === undefined || h.kind === "skipped") return "unknown";
      return h.kind === "absent" ? null : h.sha256;
    },
  };
}
