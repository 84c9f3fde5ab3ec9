/**
 * The full-text index behind `baton search`: an SQLite FTS5 table of
 * {@linkcode SearchDocument}s plus a table of the keys already indexed
 * (archive file names for capsules; session ids for transcripts later), so
 * an update indexes only what is new. The database is reached through the
 * small {@linkcode SqlDb} capability (the edge opens node:sqlite), so this
 * file stays free of I/O.
 *
 * Decisions:
 * - Keyed by archive file name (timestamp and id prefix): listing the
 *   archive is one directory read, and a name already indexed is never
 *   opened again. Names indexed but gone from the archive (rotated, or the
 *   archive deleted and rebuilt) have their documents removed; an archive
 *   rebuilt with other capsules therefore re-indexes itself.
 * - Writes happen in one `BEGIN IMMEDIATE` transaction and each key is
 *   claimed with `INSERT OR IGNORE` first: two searches updating at once
 *   never index a capsule twice, and a reader (WAL) sees the index before
 *   or after an update, never half of it.
 * - A schema version in `meta`: an index written by another version is
 *   dropped and rebuilt (it is a cache; deleting it is always safe). The
 *   version is read again under the write lock, so a search that finds a
 *   new file empty never drops the tables a concurrent one just built.
 * - The file it was built in: `meta` records the identity of the database
 *   file (its device and inode) in the transaction that creates the tables.
 *   The index lives in a clone's state directory, which a handed-over clone
 *   carries: a database made elsewhere (copied, or planted with every
 *   archive name marked indexed and no text, so that search found nothing
 *   the archive holds) stands in a file of another identity, and is
 *   reported foreign, to be deleted and made anew. A hit is still printed
 *   only when the capsule file confirms it (search_chain.ts).
 * @module
 */
import type { SearchDocument, SearchSource } from "./search_documents.ts";
import { ftsQuery } from "./search_query.ts";
import { type BatonErrorOptions, StorageError } from "../errors.ts";

/** A value SQLite binds or returns. */
export type SqlValue = string | number | bigint | null | Uint8Array;

/** The part of an SQLite connection the index uses. */
export interface SqlDb {
  exec(sql: string): void;
  all(sql: string, params?: readonly SqlValue[]): Record<string, SqlValue>[];
  run(sql: string, params?: readonly SqlValue[]): { changes: number };
}

/**
 * The index stayed locked by another process past the busy timeout. Raised by
 * the database edge; a search whose update meets it still searches what the
 * index already holds (core/search/search_chain.ts).
 */
export class IndexBusyError extends StorageError {
  /** @param options The database's own error as cause. */
  constructor(options: BatonErrorOptions = {}) {
    super("The search index is busy: another process holds it locked; try again", options);
  }
}

/** Bumped whenever the tables or the documents change shape (2: the carried command is a field of its own). */
export const SEARCH_SCHEMA_VERSION = "2";

/** Most results returned by one search. */
export const MAX_SEARCH_LIMIT = 200;

function schemaVersion(db: SqlDb): SqlValue | undefined {
  return db.all("SELECT value FROM meta WHERE key = 'schema'")[0]?.["value"];
}

function builtIn(db: SqlDb): SqlValue | undefined {
  return db.all("SELECT value FROM meta WHERE key = 'file'")[0]?.["value"];
}

/**
 * What opening found: ok (the tables are this version's, built in this very
 * file, or made now), or foreign (built in another file: the caller deletes
 * the database and opens a new one).
 */
export type IndexOpened = "ok" | "foreign";

/**
 * Creates the tables, or drops and re-creates an index of another version.
 * `file` is the identity of the database file (device and inode) as the
 * edge read it; null where the platform gives none (nothing is compared).
 */
export function openIndex(db: SqlDb, file: string | null = null): IndexOpened {
  db.exec("PRAGMA journal_mode=WAL");
  db.exec("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  // A database of this version built in another file: made elsewhere, never read.
  const current = () =>
    schemaVersion(db) === SEARCH_SCHEMA_VERSION && (file === null || builtIn(db) === file);
  if (current()) return "ok";
  if (schemaVersion(db) === SEARCH_SCHEMA_VERSION) return "foreign";
  db.exec("BEGIN IMMEDIATE");
  try {
    // Read again under the write lock: another search may have built the
    // tables (and indexed into them) since the read above; never dropped.
    if (schemaVersion(db) === SEARCH_SCHEMA_VERSION) {
      db.exec("COMMIT");
      return current() ? "ok" : "foreign";
    }
    db.exec("DROP TABLE IF EXISTS docs");
    db.exec("DROP TABLE IF EXISTS indexed");
    db.exec(
      "CREATE VIRTUAL TABLE docs USING fts5(text, source UNINDEXED, key UNINDEXED, " +
        "ref UNINDEXED, field UNINDEXED, created_at UNINDEXED, tokenize = 'unicode61')",
    );
    db.exec(
      "CREATE TABLE indexed(source TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY(source, key))",
    );
    db.run("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema', ?)", [
      SEARCH_SCHEMA_VERSION,
    ]);
    if (file === null) db.run("DELETE FROM meta WHERE key = 'file'");
    else db.run("INSERT OR REPLACE INTO meta(key, value) VALUES ('file', ?)", [file]);
    db.exec("COMMIT");
  } catch (e) {
    db.exec("ROLLBACK");
    throw e;
  }
  return "ok";
}

/** Every key of `source` already indexed. */
export function indexedKeys(db: SqlDb, source: SearchSource): Set<string> {
  const rows = db.all("SELECT key FROM indexed WHERE source = ?", [source]);
  return new Set(rows.map((r) => String(r["key"])));
}

/** One batch of documents under one key. */
export interface KeyedDocuments {
  key: string;
  documents: readonly SearchDocument[];
}

/** What an update changed. */
export interface IndexUpdate {
  added: number;
  removed: number;
}

/**
 * Adds documents under keys not indexed yet and removes the documents of
 * `remove`, in one transaction. A key another process indexed meanwhile is
 * skipped. Serves capsules now and transcript documents later.
 */
export function indexDocuments(
  db: SqlDb,
  source: SearchSource,
  add: readonly KeyedDocuments[],
  remove: readonly string[] = [],
): IndexUpdate {
  if (add.length === 0 && remove.length === 0) return { added: 0, removed: 0 };
  let added = 0;
  let removed = 0;
  db.exec("BEGIN IMMEDIATE");
  try {
    for (const key of remove) {
      removed += db.run("DELETE FROM indexed WHERE source = ? AND key = ?", [source, key]).changes;
      db.run("DELETE FROM docs WHERE source = ? AND key = ?", [source, key]);
    }
    for (const batch of add) {
      const claimed = db.run("INSERT OR IGNORE INTO indexed(source, key) VALUES (?, ?)", [
        source,
        batch.key,
      ]);
      if (claimed.changes === 0) continue;
      added++;
      for (const d of batch.documents) {
        db.run(
          "INSERT INTO docs(text, source, key, ref, field, created_at) VALUES (?, ?, ?, ?, ?, ?)",
          [d.text, d.source, batch.key, d.ref, d.field, d.created_at],
        );
      }
    }
    db.exec("COMMIT");
  } catch (e) {
    db.exec("ROLLBACK");
    throw e;
  }
  return { added, removed };
}

/** One hit. */
export interface SearchHit {
  source: SearchSource;
  /** The indexed key (an archive file name for a capsule). */
  key: string;
  ref: string;
  field: string;
  created_at: string;
  /** A window of the text around the match, matched words between « and ». */
  snippet: string;
}

/**
 * Searches the index; [] when the query has no searchable word. Best match
 * first (bm25), newer first among equals.
 */
export function searchIndex(db: SqlDb, query: string, limit: number): SearchHit[] {
  const match = ftsQuery(query);
  if (match === null) return [];
  const n = Math.max(1, Math.min(MAX_SEARCH_LIMIT, Math.floor(limit)));
  const rows = db.all(
    "SELECT source, key, ref, field, created_at, snippet(docs, 0, '«', '»', '…', 16) AS snippet " +
      "FROM docs WHERE docs MATCH ? ORDER BY bm25(docs), created_at DESC LIMIT ?",
    [match, n],
  );
  return rows.map((r) => ({
    source: String(r["source"]) as SearchSource,
    key: String(r["key"]),
    ref: String(r["ref"]),
    field: String(r["field"]),
    created_at: String(r["created_at"]),
    snippet: String(r["snippet"]),
  }));
}

/** How many keys (capsules, sessions) the index holds. */
export function countIndexed(db: SqlDb): number {
  const rows = db.all("SELECT count(*) AS n FROM indexed");
  return Number(rows[0]?.["n"] ?? 0);
}
