/**
 * Whether git would read a repository at all, and baton with it: git
 * refuses a `core.repositoryFormatVersion` above 1, and in a version-1
 * repository every `extensions.*` key it does not know ("unknown repository
 * extension found"); a version-0 repository ignores extensions except the
 * ones only version 1 may carry, which git refuses there. baton reads
 * the formats it knows (SHA-1 objects, the files ref backend): for any
 * other format, or one git refuses, the work tree (and, unless only the
 * object format differs, HEAD) is reported unknown with the reason, never
 * read as if it were plain.
 * Pure: config entries in, a content-free reason out.
 * @module
 */
import type { GitConfig } from "./parse_config.ts";
import { getConfigValue } from "./config_lookup.ts";

/** Extensions git reads in any version and that change nothing baton reads (git's repository-version.txt). */
const HARMLESS = new Set(["noop", "noop-v1", "preciousobjects", "partialclone", "worktreeconfig"]);

/** Extensions only a version-1 repository may carry: newer gits refuse them in version 0. */
const V1_ONLY = new Set(["noop-v1", "objectformat", "compatobjectformat", "refstorage"]);

/** Why baton cannot read a repository as git would, and whether its refs can still be read. */
export interface FormatProblem {
  /** Content-free: names the setting, never its value beyond the known format names. */
  reason: string;
  /** The refs are plain files git would read too (only the objects are another format). */
  refsReadable: boolean;
}

/**
 * Why baton cannot read the repository as git would, or null when it can.
 *
 * @param repoConfig The repository's own config file (`<common dir>/config`), without the user's.
 * @returns The problem, or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * const at = (text: string) => repositoryFormatProblem(parseGitConfig(text))?.reason ?? null;
 * assert.equal(at("[core]\n\trepositoryformatversion = 0\n"), null);
 * assert.equal(at("[core]\n\trepositoryformatversion = 1\n[extensions]\n\tworktreeConfig = true\n"), null);
 * assert.match(at("[core]\n\trepositoryformatversion = 2\n") ?? "", /FormatVersion/);
 * assert.match(at("[core]\n\trepositoryformatversion = 1\n[extensions]\n\tfoo = 1\n") ?? "", /extensions\.foo/);
 * assert.match(at("[core]\n\trepositoryformatversion = 1\n[extensions]\n\tobjectFormat = sha256\n") ?? "", /SHA-256/);
 * assert.equal(at("[core]\n\trepositoryformatversion = 0\n[extensions]\n\tfoo = 1\n"), null);
 * ```
 */
export function repositoryFormatProblem(repoConfig: GitConfig): FormatProblem | null {
  const reason = formatReason(repoConfig);
  if (reason === null) return null;
  return { reason, refsReadable: reason === SHA256 };
}

const SHA256 =
  "the repository stores SHA-256 objects (extensions.objectFormat), which baton does not read";

function formatReason(repoConfig: GitConfig): string | null {
  const raw = getConfigValue(repoConfig, "core.repositoryFormatVersion");
  const version = raw === undefined || raw === null ? 0 : Number(raw.trim());
  if (!Number.isInteger(version) || version < 0 || version > 1) {
    return "core.repositoryFormatVersion is not 0 or 1: git refuses this repository";
  }
  const names = [
    ...new Set(
      repoConfig.entries.filter((e) => e.section === "extensions" && e.subsection === null)
        .map((e) => e.key),
    ),
  ];
  for (const name of names) {
    const value = (getConfigValue(repoConfig, `extensions.${name}`) ?? "").toLowerCase();
    if (version === 0 && !V1_ONLY.has(name)) continue;
    if (version === 0 && name !== "refstorage") {
      // git 2.39 refuses these in version 0 ("v1-only extension found"),
      // whatever their value: noop-v1 and objectFormat (sha1 too).
      return `extensions.${
        safeName(name)
      } may only be set in a version 1 repository: git refuses it`;
    }
    if (name === "objectformat") {
      if (value === "sha1") continue;
      return value === "sha256"
        ? SHA256
        : "extensions.objectFormat names an object format baton does not read";
    }
    if (name === "refstorage") {
      return "extensions.refStorage is set: refs may not be stored as files, which is all baton reads";
    }
    if (HARMLESS.has(name)) continue;
    return `extensions.${
      safeName(name)
    } is an extension baton does not know: git refuses or reads the repository differently`;
  }
  return null;
}

/** An extension name as printed: letters, digits and dashes only, at most 40 of them. */
function safeName(name: string): string {
  const clean = name.replace(/[^a-z0-9-]/g, "?");
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}
