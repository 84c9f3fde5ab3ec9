/**
 * Which rules blocks baton itself wrote, for a rules file inside a git work
 * tree: a record in that clone's own git dir (`<git dir>/baton/rules_blocks.json`,
 * which no commit, pull or checkout carries), keyed by the file's path in the
 * work tree and holding the sha256 of the exact block text install wrote.
 * A block a teammate committed (`.continue/rules/baton.md` in the
 * repository) is not in this clone's record, so install leaves it and
 * uninstall neither cuts it nor deletes its file; and a file git tracks is
 * never deleted, whoever wrote it. Outside a git work tree nobody else's
 * commit can put a block there, and the block's own begin line is trusted
 * as before. Reads through the injected file system; the record is written
 * by the apply step (apply_plan.ts).
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
import { parseIndex } from "../../facts/worktree/index_file.ts";

/** The record's file name under `<git dir>/baton/`. */
export const LEDGER_FILE = "rules_blocks.json";
/** Largest record read (a few entries in practice). */
const MAX_LEDGER_BYTES = 256 * 1024;
/** Largest index read for the tracked check. */
const MAX_INDEX_BYTES = 256 * 1024 * 1024;

/** What the record says about one rules file. */
export interface BlockOwnership {
  /** The record file, or null outside a git work tree (the begin line is trusted). */
  ledgerPath: string | null;
  /** The file's key in the record: its path in the work tree. */
  key: string;
  /** The sha256 of the block text baton recorded for the file, or null. */
  recorded: string | null;
  /** Git tracks the file (or its index could not be read): never delete it. */
  tracked: boolean;
}

/** The record's entries, parsed strictly by shape (anything else is an empty record). */
export function parseLedger(text: string): Record<string, string> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
    const blocks = (value as { blocks?: unknown }).blocks;
    if (blocks === null || typeof blocks !== "object" || Array.isArray(blocks)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(blocks as Record<string, unknown>)) {
      if (typeof v === "string" && /^[0-9a-f]{64}$/.test(v)) out[k] = v;
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The record's text with `key` set to `sha256` (or removed for null).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const h = "a".repeat(64);
 * const text = withLedgerEntry(null, ".continue/rules/baton.md", h);
 * assert.equal(parseLedger(text)[".continue/rules/baton.md"], h);
 * assert.deepEqual(parseLedger(withLedgerEntry(text, ".continue/rules/baton.md", null)), {});
 * ```
 */
export function withLedgerEntry(text: string | null, key: string, sha256: string | null): string {
  const blocks = text === null ? {} : parseLedger(text);
  if (sha256 === null) delete blocks[key];
  else blocks[key] = sha256;
  const sorted = Object.fromEntries(Object.entries(blocks).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify({ version: 1, blocks: sorted }, null, 2) + "\n";
}

/** The sha256 the record keeps for a block's exact text. */
export function blockDigest(blockText: string): Promise<string> {
  return sha256Hex(blockText);
}

async function readSmall(fs: ReadFs, path: string, max: number): Promise<Uint8Array | null> {
  const st = await fs.lstat(path).catch(() => null);
  if (st === null || !st.isFile || st.size > max) return null;
  return await fs.readFile(path).catch(() => null);
}

/** What the clone's record says about the rules file at `path` (absolute). */
export async function blockOwnership(fs: ReadFs, path: string): Promise<BlockOwnership> {
  const dir = path.slice(0, Math.max(1, path.lastIndexOf("/")));
  const repo = await findRepo(fs, await nearestDir(fs, dir)).catch(() => null);
  if (repo === null || !path.startsWith(`${repo.workTree.replace(/\/+$/, "")}/`)) {
    return { ledgerPath: null, key: path, recorded: null, tracked: false };
  }
  const key = path.slice(repo.workTree.replace(/\/+$/, "").length + 1);
  const ledgerPath = `${repo.gitDir}/baton/${LEDGER_FILE}`;
  const ledger = await readSmall(fs, ledgerPath, MAX_LEDGER_BYTES);
  const recorded = ledger === null
    ? null
    : parseLedger(new TextDecoder().decode(ledger))[key] ?? null;
  let tracked = true;
  const indexPath = `${repo.gitDir}/index`;
  const index = await fs.lstat(indexPath).catch(() => null);
  if (index === null) tracked = false;
  else {
    const bytes = await readSmall(fs, indexPath, MAX_INDEX_BYTES);
    if (bytes !== null) {
      try {
        tracked = parseIndex(bytes).paths.includes(key);
      } catch {
        tracked = true;
      }
    }
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
