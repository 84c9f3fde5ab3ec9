/**
 * Edge: opens the search index (node:sqlite) behind the core's `SqlDb`
 * capability. WAL mode, so searches read while another updates; a busy
 * timeout set with `PRAGMA busy_timeout` (the constructor's `timeout`
 * option is ignored by Deno, see reference/measurements.md). An index that
 * cannot be opened or is not a database (damaged, truncated) is deleted and
 * created again: it is a cache of the archive.
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import type { SqlDb, SqlValue } from "../../core/search/search_index.ts";
import { openIndex } from "../../core/search/search_index.ts";
import type { OpenedIndex } from "../../core/search/search_chain.ts";

function wrap(conn: DatabaseSync): SqlDb {
  return {
    exec: (sql) => conn.exec(sql),
    all: (sql, params = []) =>
      conn.prepare(sql).all(...(params as SqlValue[])) as Record<string, SqlValue>[],
    run: (sql, params = []) => {
      const r = conn.prepare(sql).run(...(params as SqlValue[]));
      return { changes: Number(r.changes) };
    },
  };
}

function tryOpen(path: string): { conn: DatabaseSync; db: SqlDb } {
  const conn = new DatabaseSync(path);
  try {
    conn.exec("PRAGMA busy_timeout = 5000");
    const db = wrap(conn);
    openIndex(db);
    return { conn, db };
  } catch (e) {
    conn.close();
    throw e;
  }
}

/** Opens (creating when missing) the index at `path`; its directory must exist. */
export function openSearchIndex(path: string): OpenedIndex {
  let recreated = false;
  let opened: { conn: DatabaseSync; db: SqlDb };
  try {
    opened = tryOpen(path);
  } catch (e) {
    if (!(e instanceof Error) || !/not a database|malformed|corrupt/i.test(e.message)) throw e;
    for (const suffix of ["", "-wal", "-shm"]) {
      try {
        Deno.removeSync(path + suffix);
      } catch {
        // already gone
      }
    }
    opened = tryOpen(path);
    recreated = true;
  }
  return { db: opened.db, recreated, close: () => opened.conn.close() };
}
