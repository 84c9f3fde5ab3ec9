/**
 * The content git would store for a work-tree file (its blob's bytes, as
 * `git add` writes them), as a sha256 digest: the file's bytes put through
 * git's clean conversion (worktree/convert_to_git.ts) under the attributes
 * and config in force. Drift compares recorded files by it, so a change of
 * core.autocrlf or of `text`/`eol` attributes that moves git's blob is a
 * change, and a file rewritten with only the line endings git drops is not.
 *
 * Decisions:
 * - Auto text (`text=auto`, or core.autocrlf with no attribute) keeps a
 *   file's CRLF when the index's blob is text holding a CRLF (convert.c's
 *   has_crlf_in_index), a re-encoded (UTF-16) file's too, after its
 *   re-encoding. Both outcomes are computed first; only when they
 *   differ is the index read, once, and the path's blob looked up (rare: a
 *   CRLF file under auto text), so the common file costs no index read.
 * - Attributes are read as git reads them for a check-in: where the work
 *   tree has no readable `.gitattributes` in a directory, the index's copy
 *   (so a deleted but still staged one keeps converting); in a cone-mode
 *   sparse checkout, none outside the cone. That reads the index once,
 *   and only when the scan saw an index `.gitattributes` the work tree may
 *   lack (see {@linkcode StoredFormOptions}).
 * - A conversion baton does not reproduce (a clean filter other than Git
 *   LFS's, an encoding other than UTF-16) is `unknown` with the reason, never
 *   guessed as the raw bytes; so is an LFS file where git would not find
 *   `git-lfs` (it would store the content, not the pointer), as the scan
 *   says it.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { sha256Id } from "../hash.ts";
import type { RepoLocation } from "./types.ts";
import { createAttributeLookup } from "./worktree/attributes.ts";
import { type ConversionConfig, convertToGit, textWithCrlf } from "./worktree/convert_to_git.ts";
import { readIndexFile } from "./worktree/read_index.ts";
import { lfsProgramMemo, withLfsProgram } from "./worktree/lfs_program.ts";
import { inSparseCone, parseSparseCone, type SparseCone } from "./worktree/sparse_cone.ts";
import { readPatternFile } from "./git/read_git_file.ts";
import { readIndexBlob } from "./worktree/scan.ts";
import { createObjectReader } from "./git/object_reader.ts";
import { readRepoConfig } from "./git/read_repo_config.ts";
import { movingInEffect } from "./git/moving_in_effect.ts";
import {
  configFileOptions,
  type GitEnvironment,
  systemAttributesFile,
} from "./git/git_environment.ts";

/**
 * The sha256 id of what git would store, or why it cannot be told. `crlf`:
 * the bytes hold a CRLF, which some line-ending setting would convert (so
 * their stored form depends on the settings in force).
 */
export type StoredDigest = { sha256: string; crlf: boolean } | { unknown: string };

/**
 * Computes the stored form's digest of a file's bytes at a repository-relative
 * path, given the digest of the bytes themselves (reused where git stores them as they are).
 */
export type StoredForm = (path: string, data: Uint8Array, sha256: string) => Promise<StoredDigest>;

/** The config the stored form depends on (a subset of git/read_repo_config.ts's). */
export interface StoredFormConfig extends ConversionConfig {
  /** core.attributesFile (or its XDG default); null for none. */
  attributesFile: string | null;
  /** core.ignoreCase. */
  ignoreCase: boolean;
  /** A cone-mode sparse checkout (core.sparseCheckout and core.sparseCheckoutCone). @default {false} */
  sparseCone?: boolean;
}

/** Options of {@linkcode createStoredForm}. */
export interface StoredFormOptions {
  /**
   * Whether the index may hold a `.gitattributes` the work tree lacks (the
   * scan saw one changed, or skipped by assume-unchanged or skip-worktree).
   * False: a directory with no `.gitattributes` in the work tree has none
   * in the index either (else the scan would have listed it deleted), so
   * the index is not read for attributes: at 50k files that read cost a
   * capture +13 MB of peak memory. @default {true}
   */
  attributesInIndex?: boolean;
  /**
   * Whether git would find Git LFS's program (worktree/lfs_program.ts):
   * where it would not, git stores an LFS file's content as it is, so its
   * stored form is unknown, never the pointer. @default {found}
   */
  lfsProgram?: () => Promise<boolean>;
}

/** Builds the stored form for `repo` under `config`. */
export function createStoredForm(
  fs: ReadFs,
  repo: RepoLocation,
  config: StoredFormConfig,
  systemFile: string | null,
  options: StoredFormOptions = {},
): StoredForm {
  const attributesInIndex = options.attributesInIndex ?? true;
  const lfsProgram = options.lfsProgram ?? (() => Promise.resolve(true));
  // In a cone-mode sparse checkout git reads no index .gitattributes outside the cone.
  let cone: Promise<SparseCone | null> | null = null;
  const coneRules = () =>
    cone ??= readPatternFile(fs, `${repo.gitDir}/info/sparse-checkout`).then(
      (t) => t === null ? null : parseSparseCone(t),
    );
  const attrs = createAttributeLookup(fs, repo.workTree, repo.commonDir, {
    globalFile: config.attributesFile,
    systemFile,
    ignoreCase: config.ignoreCase,
  });
  let indexed: Promise<((path: string) => Promise<Uint8Array | null>) | null> | null = null;
  const indexBlob = () =>
    indexed ??= readIndexFile(fs, repo).then((read) => {
      if (read === null) return () => Promise.resolve(null);
      const objects = createObjectReader(fs, repo);
      return (path: string) => readIndexBlob(read.index, objects, path);
    }, () => null);
  return async (path, data, rawSha256) => {
    let a;
    try {
      // A directory's `.gitattributes` missing from the work tree is read from the index.
      a = await attrs.get(path, async (attrPath) => {
        // No index `.gitattributes` lacks its work-tree copy: nothing to read.
        if (!attributesInIndex) return null;
        if (config.sparseCone === true) {
          const rules = await coneRules();
          if (rules !== null && !inSparseCone(rules, attrPath)) return null;
        }
        const read = await indexBlob();
        if (read === null) throw new Error("index unreadable");
        return await read(attrPath);
      });
    } catch {
      return { unknown: "the attributes files could not be read" };
    }
    const conf = await withLfsProgram(config, a, lfsProgram);
    const fresh = await convertToGit(data, a, conf, false);
    if (fresh !== null && !(fresh instanceof Uint8Array)) return fresh;
    const crlf = hasCrlf(data);
    let stored = fresh ?? data;
    // Without a CRLF the index's line endings decide nothing; re-encoded
    // content (UTF-16) is looked at after its re-encoding, as git does.
    const encoded = typeof a.get("working-tree-encoding") === "string";
    const kept = crlf || encoded ? await convertToGit(data, a, conf, false, true) : fresh;
    if (kept !== null && !(kept instanceof Uint8Array)) return kept;
    if (!sameBytes(fresh ?? data, kept ?? data)) {
      const read = await indexBlob();
      if (read === null) return { unknown: "the index could not be read" };
      const blob = await read(path);
      if (blob !== null && textWithCrlf(blob)) stored = kept ?? data;
    }
    return { sha256: stored === data ? rawSha256 : await sha256Id(stored), crlf };
  };
}

function hasCrlf(data: Uint8Array): boolean {
  for (let i = data.indexOf(13); i >= 0; i = data.indexOf(13, i + 1)) {
    if (data[i + 1] === 10) return true;
  }
  return false;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Reads the repository's config and builds its stored form; null when the config cannot be read. */
export async function readStoredForm(
  fs: ReadFs,
  repo: RepoLocation,
  options: {
    homeDir: string | null;
    xdgConfigHome: string | null;
    gitEnvironment: GitEnvironment;
  } & StoredFormOptions,
): Promise<StoredForm | null> {
  const env = options.gitEnvironment;
  try {
    // GIT_INDEX_FILE naming another index: git add reads that one (its CRLF, its attributes).
    if (repo.indexFile === undefined && "GIT_INDEX_FILE" in env) {
      const { indexFile } = await movingInEffect(fs, repo.workTree, repo, env, false);
      if (indexFile !== null) repo = { ...repo, indexFile };
    }
    const config = await readRepoConfig(fs, repo, {
      homeDir: options.homeDir,
      xdgConfigHome: options.xdgConfigHome,
      ...configFileOptions(env),
      pwd: env["PWD"] ?? null,
    });
    return createStoredForm(fs, repo, config, systemAttributesFile(env), {
      ...(options.attributesInIndex === undefined
        ? {}
        : { attributesInIndex: options.attributesInIndex }),
      lfsProgram: options.lfsProgram ?? lfsProgramMemo(fs, env),
    });
  } catch {
    return null;
  }
}
