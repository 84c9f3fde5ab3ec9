/**
 * Which rules blocks and whole files baton itself wrote: a record keyed by
 * the file's path and holding the sha256 of the exact text install wrote
 * (the block, or the whole file). Inside a git work tree the record is in
 * that clone's own git dir (`<git dir>/baton/rules_blocks.json`, which no
 * commit, pull or checkout carries), keyed by the path in the work tree;
 * outside git it is in the baton home (keyed by the absolute path), when
 * one is known. A block a teammate committed (`.continue/rules/baton.md` in
 * the repository), or a stranger's file that only copies baton's begin
 * line, is not in the record, so install leaves it and uninstall neither
 * cuts it nor deletes its file; and a file git tracks is never deleted,
 * whoever wrote it. Without a record a block counts as baton's only when
 * its text is exactly the one this baton writes (installs from before the
 * record). A record not written in the directory it is found in (one that
 * arrived with a `.git` in an archive or a copied folder,
 * core/dir_binding.ts) is no record. Reads through the injected file
 * system; the record is written by the apply step (apply_plan.ts).
 *
 * Decisions:
 * - The block's text, not only its path, is recorded: a teammate's block
 *   committed at a path baton once wrote in this clone still differs from
 *   what baton wrote, and is not taken for baton's.
 * - An index that cannot be read counts the file as tracked: deleting is
 *   the one step that cannot be taken back, so doubt keeps the file.
 * @module
 */
import type { ReadFs } from "../../fs.ts";
import { sha256Hex } from "../../hash.ts";
import { findRepo } from "../../facts/git/find_repo.ts";
import { indexMayTrack, readIndexFile } from "../../facts/worktree/read_index.ts";
import { BINDING_KEY, boundEntries, readStateFile } from "../../dir_binding.ts";

/** The record's file name under `<git dir>/baton/`. */
export const LEDGER_FILE = "rules_blocks.json";
/** Largest record read (a few entries in practice). */
const MAX_LEDGER_BYTES = 256 * 1024;
/** Largest index read for the tracked check. */
const MAX_INDEX_BYTES = 256 * 1024 * 1024;

/** What the record says about one rules file. */
export interface BlockOwnership {
  /** The record file, or null outside a git work tree when no baton home is known. */
  ledgerPath: string | null;
  /** The file's key in the record: its path in the work tree. */
  key: string;
  /** The sha256 of the block text baton recorded for the file, or null. */
  recorded: string | null;
  /** Git tracks the file (or its index could not be read): never delete it. */
  tracked: boolean;
}

/**
 * The record's entries, parsed strictly by shape (anything else is an empty
 * record); with `here`, a record not written in the directory of that
 * binding is empty too.
 */
export function parseLedger(text: string, here?: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of boundEntries(text, "blocks", here)) {
    if (typeof v === "string" && /^[0-9a-f]{64}$/.test(v)) out[k] = v;
  }
  return out;
}

/**
 * The record's text with `key` set to `sha256` (or removed for null), written
 * in the directory whose binding is `here`; the old `text` counts only when
 * it was written there too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const h = "a".repeat(64);
 * const text = withLedgerEntry(null, ".continue/rules/baton.md", h, "2049:77");
 * assert.equal(parseLedger(text, "2049:77")[".continue/rules/baton.md"], h);
 * assert.deepEqual(parseLedger(text, "2049:78"), {});
 * assert.deepEqual(parseLedger(withLedgerEntry(text, ".continue/rules/baton.md", null, "2049:77")), {});
 * ```
 */
export function withLedgerEntry(
  text: string | null,
  key: string,
  sha256: string | null,
  here: string,
): string {
  return JSON.stringify(ledgerDoc(text, key, sha256, here), null, 2) + "\n";
}

/** The document {@linkcode withLedgerEntry} is the text of (what `writeBoundJson` writes, core/state_write.ts). */
export function ledgerDoc(
  text: string | null,
  key: string,
  sha256: string | null,
  here: string,
): Record<string, unknown> {
  const blocks = text === null ? {} : parseLedger(text, here);
  if (sha256 === null) delete blocks[key];
  else blocks[key] = sha256;
  const sorted = Object.fromEntries(Object.entries(blocks).sort(([a], [b]) => a.localeCompare(b)));
  return { version: 1, [BINDING_KEY]: here, blocks: sorted };
}

/** The sha256 the record keeps for a block's exact text. */
export function blockDigest(blockText: string): Promise<string> {
  return sha256Hex(blockText);
}

/** The sha256 a record holds for `path` in the record at `ledgerPath`, or null. */
async function recordedFor(fs: ReadFs, ledgerPath: string, key: string): Promise<string | null> {
  const dir = ledgerPath.slice(0, Math.max(1, ledgerPath.lastIndexOf("/")));
  const read = await readStateFile(fs, dir, ledgerPath, MAX_LEDGER_BYTES);
  return read === null ? null : parseLedger(read.text, read.here)[key] ?? null;
}

/**
 * What the record says about the file at `path` (absolute); `outsideDir` is
 * where the record of files outside any git work tree is kept (the baton
 * home), null when none is known. With `foldCase`, an index entry differing
 * only in letter case counts as tracking it (the file a case-insensitive
 * file system resolves `path` to).
 */
export async function blockOwnership(
  fs: ReadFs,
  path: string,
  outsideDir: string | null = null,
  options: { foldCase?: boolean } = {},
): Promise<BlockOwnership> {
  const dir = path.slice(0, Math.max(1, path.lastIndexOf("/")));
  const repo = await findRepo(fs, await nearestDir(fs, dir)).catch(() => null);
  if (repo === null || !path.startsWith(`${repo.workTree.replace(/\/+$/, "")}/`)) {
    // Only into a baton home that exists (made private by the key ring), never through a link.
    const home = outsideDir === null ? null : await fs.lstat(outsideDir).catch(() => null);
    if (outsideDir === null || home?.isDirectory !== true) {
      return { ledgerPath: null, key: path, recorded: null, tracked: false };
    }
    const ledgerPath = `${outsideDir.replace(/\/+$/, "")}/${LEDGER_FILE}`;
    return {
      ledgerPath,
      key: path,
      recorded: await recordedFor(fs, ledgerPath, path),
      tracked: false,
    };
  }
  const key = path.slice(repo.workTree.replace(/\/+$/, "").length + 1);
  const ledgerPath = `${repo.gitDir}/baton/${LEDGER_FILE}`;
  const recorded = await recordedFor(fs, ledgerPath, key);
  // Split index merged (read_index.ts); a path under a sparse directory,
  // like an index that cannot be read, counts as tracked.
  let tracked = true;
  try {
    const read = await readIndexFile(fs, repo, { maxBytes: MAX_INDEX_BYTES });
    tracked = read !== null && indexMayTrack(read.index, key, options);
  } catch {
    tracked = true;
  }
  return { ledgerPath, key, recorded, tracked };
}

/** `dir` or its nearest existing parent (install may be about to create the folders). */
async function nearestDir(fs: ReadFs, dir: string): Promise<string> {
  let current = dir;
  while (current.length > 1 && (await fs.stat(current).catch(() => null))?.isDirectory !== true) {
    current = current.slice(0, Math.max(1, current.lastIndexOf("/")));
  }
  return current;
}
