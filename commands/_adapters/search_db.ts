/**
 * Edge: opens the search index (node:sqlite) behind the core's `SqlDb`
 * capability. WAL mode, so searches read while another updates; a busy
 * timeout set with `PRAGMA busy_timeout` (the constructor's `timeout`
 * option is ignored by Deno, see reference/measurements.md). An index that
 * cannot be opened or is not a database (damaged, truncated) is deleted and
 * created again: it is a cache of the archive.
 *
 * Entering WAL on a new file is the one lock SQLite does not wait for: while
 * another process writes the file's first page (still in rollback mode),
 * `PRAGMA journal_mode=WAL` fails at once with "database is locked", busy
 * timeout or not. So a busy switch waits for that writer through
 * `BEGIN IMMEDIATE` (which does honour the timeout) and tries again; an
 * index still locked after that is a typed "busy" error, never an internal one.
 *
 * The core compares the file the index was built in with this one's device
 * and inode: a database built elsewhere (copied or planted in a handed-over
 * clone's state directory) is deleted and made anew, as a damaged one is.
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import type { SqlDb, SqlValue } from "../../core/search/search_index.ts";
import { IndexBusyError, openIndex } from "../../core/search/search_index.ts";
import type { OpenedIndex } from "../../core/search/search_chain.ts";

/** How many times a busy switch to WAL waits for the writer and tries again. */
const WAL_ATTEMPTS = 3;

function isBusy(e: unknown): boolean {
  return e instanceof Error && /database is locked|SQLITE_BUSY/i.test(e.message);
}

/** Puts the file in WAL mode, waiting (busy timeout) for a writer that holds it. */
export function enterWal(conn: { exec(sql: string): void }): void {
  for (let attempt = 1;; attempt++) {
    try {
      conn.exec("PRAGMA journal_mode=WAL");
      return;
    } catch (e) {
      if (!isBusy(e) || attempt >= WAL_ATTEMPTS) throw e;
    }
    // Waits until the writer is done (or the timeout passes: then busy, thrown).
    conn.exec("BEGIN IMMEDIATE");
    conn.exec("ROLLBACK");
  }
}

/** A lock still held after the busy timeout: a typed error, the cause kept for BATON_DEBUG. */
function busyError(e: unknown): IndexBusyError {
  return new IndexBusyError({ cause: e });
}

/** Runs one statement; a busy database comes out as {@linkcode busyError}. */
function guarded<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw isBusy(e) ? busyError(e) : e;
  }
}

function wrap(conn: DatabaseSync): SqlDb {
  return {
    exec: (sql) => guarded(() => conn.exec(sql)),
    all: (sql, params = []) =>
      guarded(() => conn.prepare(sql).all(...(params as SqlValue[])) as Record<string, SqlValue>[]),
    run: (sql, params = []) =>
      guarded(() => {
        const r = conn.prepare(sql).run(...(params as SqlValue[]));
        return { changes: Number(r.changes) };
      }),
  };
}

/** The database file's device and inode; null where the platform gives none. */
function fileIdentity(path: string): string | null {
  let st: Deno.FileInfo;
  try {
    st = Deno.lstatSync(path);
  } catch (e) {
    // Removed by another search that found it foreign: this connection's file is no one's.
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
  return st.dev === null || st.ino === null ? null : `${st.dev}:${st.ino}`;
}

function removeIndexFiles(path: string): void {
  for (const suffix of ["", "-wal", "-shm"]) {
    try {
      Deno.removeSync(path + suffix);
    } catch {
      // already gone
    }
  }
}

/** Opens the index; null when it was built in another file (the caller deletes it). */
function tryOpen(path: string): { conn: DatabaseSync; db: SqlDb } | null {
  const conn = new DatabaseSync(path);
  try {
    conn.exec("PRAGMA busy_timeout = 5000");
    enterWal(conn);
    const db = wrap(conn);
    if (openIndex(db, fileIdentity(path)) === "foreign") {
      conn.close();
      return null;
    }
    return { conn, db };
  } catch (e) {
    conn.close();
    throw e;
  }
}

/** Opens (creating when missing) the index at `path`; its directory must exist. */
export function openSearchIndex(path: string): OpenedIndex {
  let recreated = false;
  let opened: { conn: DatabaseSync; db: SqlDb } | null;
  try {
    opened = tryOpen(path);
  } catch (e) {
    if (isBusy(e)) throw busyError(e);
    if (!(e instanceof Error) || !/not a database|malformed|corrupt/i.test(e.message)) throw e;
    opened = null;
  }
  if (opened === null) {
    removeIndexFiles(path);
    opened = tryOpen(path);
    recreated = true;
  }
  // A file made now that another search replaced at once: what it built is this file's.
  if (opened === null) throw new IndexBusyError();
  const { conn, db } = opened;
  return { db, recreated, close: () => conn.close() };
}
