/**
 * What `baton search` does: locates the index, syncs it with the archive and
 * runs the query; every snippet comes out redacted and neutralised. The
 * database opener and the redactor are handed in.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import { findBatonLayout } from "../store/find_layout.ts";
import { privateStateDir } from "../store/private_dir.ts";
import { syncCapsuleIndex, type SyncResult } from "./sync_capsules.ts";
import { clearNonRegularIndexFiles } from "./index_files.ts";
import {
  countIndexed,
  IndexBusyError,
  type SearchHit,
  searchIndex,
  type SqlDb,
} from "./search_index.ts";
import { capsuleDocuments, CARRIED_COMMAND_FIELD } from "./search_documents.ts";
import { defangLine } from "../safety/render_command.ts";
import { capShown } from "../safety/render_safe.ts";
import { ARCHIVE_NAME, type BatonLayout } from "../store/layout.ts";
import { readTextOrNull } from "../store/capsule_store.ts";
import { parseCapsule } from "../capsule/parse.ts";
import { StorageError } from "../errors.ts";
import {
  type WrittenElsewhere,
  writtenElsewhere as placeCheck,
} from "../store/written_elsewhere.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import type { Authorship } from "../trust/authorship_line.ts";

/** An open index and how to close it. */
export interface OpenedIndex {
  db: SqlDb;
  /** True when a damaged index, or one built in another file, was deleted and made anew. */
  recreated: boolean;
  close(): void;
}

/** What {@linkcode searchChain} is handed. */
export interface SearchChainIo {
  fs: WriteFs;
  cwd: string;
  /** Opens (creating when missing) the index at a path whose directory exists. */
  openIndex(path: string): OpenedIndex;
  /** Redacts and neutralises: one terminal line, or a JSON string value. */
  safe: { line(text: string): string; value(text: string): string };
  /** Told how many capsules of how many were read while the index catches up. */
  onProgress?: (done: number, total: number) => void;
  /** Keys whose capsules count as this machine's or a trusted teammate's. @default {none} */
  trustedKeys?: TrustedKeys;
  /** git's environment: where the repository search stops (core/store/find_layout.ts). */
  gitEnvironment?: Readonly<Record<string, string>>;
}

/** Who signed a hit's capsule, checked now against the trusted keys. */
export type HitSigner = Authorship["status"];

/** What `baton search --json` prints. */
export interface SearchOutput {
  query: string;
  results: {
    source: string;
    id: string;
    created_at: string;
    field: string;
    snippet: string;
    /** Who signed the capsule: a stranger's text (unsigned, unknown key) is marked as such. */
    signer: HitSigner;
    /** The capsule's recorded commit is not in this repository: written for another one. */
    elsewhere: boolean;
  }[];
  index: {
    path: string;
    added: number;
    removed: number;
    skipped: number;
    indexed: number;
    recreated: boolean;
    /**
     * False when another process held the index locked past the busy
     * timeout: nothing was added or removed, and the results are the index
     * as it stood (capsules archived since its last update are missing).
     */
    updated: boolean;
  };
}

/** Text as a snippet and its field are compared: no match markers, spaces collapsed. */
function plainText(text: string): string {
  return text.replace(/[«»]/g, "").replace(/\s+/g, " ").trim();
}

/**
 * Whether `snippet` is a window of `field` as FTS5's snippet() cuts one: its
 * text, markers left out, stands in the field in one piece, at the field's
 * start unless the snippet opens with an ellipsis and at its end unless it
 * closes with one. Each word found somewhere is not enough: a planted row
 * could drop a "not" or reorder a sentence of a signed capsule's own words.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isWindowOf } from "./search_chain.ts";
 * const field = "we must not run the legacy migration";
 * assert.equal(isWindowOf("…run the «legacy» migration", field), true);
 * assert.equal(isWindowOf("run the «legacy» migration", field), false);
 * assert.equal(isWindowOf("migration «legacy» the run…", field), false);
 * assert.equal(isWindowOf("…ust not run…", field), false);
 * ```
 */
export function isWindowOf(snippet: string, field: string): boolean {
  const opens = snippet.startsWith("…");
  const closes = snippet.length > 1 && snippet.endsWith("…");
  const inner = plainText(snippet.slice(opens ? 1 : 0, closes ? -1 : undefined));
  const whole = plainText(field);
  if (inner === "") return false;
  for (let at = whole.indexOf(inner); at >= 0; at = whole.indexOf(inner, at + 1)) {
    const end = at + inner.length;
    // FTS5 cuts at tokens: a window opening or closing inside a word ("…safe to run" out of
    // "unsafe to run") is no snippet it makes, and says what the field does not.
    const cutAtWords = !inWord(whole, at) && !inWord(whole, end);
    if (cutAtWords && (opens || at === 0) && (closes || end === whole.length)) return true;
  }
  return false;
}

/** A character of a word as FTS5's unicode61 reads one (and marks, which never start one). */
const WORD_BEFORE = /[\p{L}\p{N}\p{M}\p{Co}]$/u;
const WORD_AFTER = /^[\p{L}\p{N}\p{M}\p{Co}]/u;

/** Whether offset `at` of `text` falls between two characters of one word. */
function inWord(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length) return false;
  return WORD_BEFORE.test(text.slice(Math.max(0, at - 2), at)) &&
    WORD_AFTER.test(text.slice(at, at + 2));
}

/** The hits whose capsule file, read now, holds the snippet as a window of the hit's field. */
async function confirmedHits(
  io: SearchChainIo,
  layout: BatonLayout,
  hits: SearchHit[],
  writtenElsewhere: WrittenElsewhere,
): Promise<(SearchHit & { signer: HitSigner; elsewhere: boolean })[]> {
  const documents = new Map<
    string,
    | { fields: Map<string, string>; signer: HitSigner; created_at: string; elsewhere: boolean }
    | null
  >();
  const out: (SearchHit & { signer: HitSigner; elsewhere: boolean })[] = [];
  for (const h of hits) {
    if (h.source !== "capsule" || !ARCHIVE_NAME.test(h.key)) continue;
    // A file is judged once for each capsule id a row names with it: a planted row naming the
    // file under another id neither borrows the file's confirmation nor hides the real row.
    const cacheKey = `${h.key}\n${h.ref}`;
    if (!documents.has(cacheKey)) {
      let doc:
        | { fields: Map<string, string>; signer: HitSigner; created_at: string; elsewhere: boolean }
        | null = null;
      try {
        const text = await readTextOrNull(io.fs, `${layout.capsules}/${h.key}`);
        if (text !== null) {
          const { capsule, authorship } = await parseCapsule(text, {
            trustedKeys: io.trustedKeys ?? new Map(),
          });
          if (capsule.id === h.ref) {
            doc = {
              fields: new Map(
                capsuleDocuments(capsule).map((d) => [
                  d.field,
                  io.safe.value(d.text).replace(/\s+/g, " "),
                ]),
              ),
              signer: authorship.status,
              created_at: capsule.created_at,
              elsewhere: await writtenElsewhere(capsule.facts),
            };
          }
        }
      } catch {
        doc = null;
      }
      documents.set(cacheKey, doc);
    }
    const doc = documents.get(cacheKey);
    const field = doc?.fields.get(h.field);
    // The date too is the capsule's, not the row's.
    if (doc && field !== undefined && isWindowOf(h.snippet, field)) {
      out.push({ ...h, created_at: doc.created_at, signer: doc.signer, elsewhere: doc.elsewhere });
    }
  }
  return out;
}

/** Syncs the index and searches it. */
export async function searchChain(
  io: SearchChainIo,
  query: string,
  limit: number,
): Promise<SearchOutput> {
  const found = await findBatonLayout(io.fs, io.cwd, io);
  const dir = privateStateDir(found);
  try {
    await io.fs.mkdirp(dir);
  } catch (e) {
    throw new StorageError("Cannot create the search index directory: it is not writable", {
      cause: e,
    });
  }
  // A state directory that is a symbolic link could lead anywhere: refused.
  if ((await io.fs.lstat(dir))?.isDirectory !== true) {
    throw new StorageError("Cannot open the search index: its directory is not a plain directory");
  }
  const path = `${dir}/search.sqlite`;
  const safe = io.safe;
  // A link planted at the index's path (or a companion's) is removed, never followed.
  const cleared = await clearNonRegularIndexFiles(io.fs, path);
  const index = io.openIndex(path);
  try {
    // An update that waited out the busy timeout (another process writing the index) leaves
    // it as it stood; the search still runs on what it holds (WAL: readers never wait).
    let sync: SyncResult | null;
    try {
      sync = await syncCapsuleIndex(index.db, io.fs, found.layout, {
        redact: safe.value,
        ...(io.onProgress === undefined ? {} : { onProgress: io.onProgress }),
      });
    } catch (e) {
      if (!(e instanceof IndexBusyError)) throw e;
      sync = null;
    }
    // The index is a cache in a clone's state directory, which a handed-over
    // clone may carry: a hit is printed only when the capsule file it names
    // holds that text in that field (read and parsed now).
    const hits = await confirmedHits(
      io,
      found.layout,
      searchIndex(index.db, query, limit),
      placeCheck(io.fs, found.repo),
    );
    return {
      query: safe.value(query),
      results: hits.map((h) => ({
        source: h.source,
        id: h.ref,
        created_at: safe.line(h.created_at),
        field: safe.line(h.field),
        // A carried command is a capsule's words, never an instruction: shown commented out
        // and quoted (as the briefing shows a dangerous one), so pasting it runs nothing.
        // A snippet is a few words, but one word can be a stranger's 60 000 characters: cut.
        snippet: h.field === CARRIED_COMMAND_FIELD
          ? defangLine(capShown(safe.line(h.snippet)))
          : capShown(safe.line(h.snippet)),
        signer: h.signer,
        elsewhere: h.elsewhere,
      })),
      index: {
        path,
        added: sync?.added ?? 0,
        removed: sync?.removed ?? 0,
        skipped: sync?.skipped ?? 0,
        indexed: countIndexed(index.db),
        recreated: index.recreated || cleared > 0,
        updated: sync !== null,
      },
    };
  } finally {
    index.close();
  }
}
