import assert from "node:assert/strict";
import fc from "fast-check";
import { DatabaseSync } from "node:sqlite";
import {
  countIndexed,
  indexDocuments,
  openIndex,
  searchIndex,
  type SqlDb,
  type SqlValue,
} from "../../../core/search/search_index.ts";
import { ftsQuery } from "../../../core/search/search_query.ts";
import type { SearchDocument } from "../../../core/search/search_documents.ts";

function memoryDb(): { db: SqlDb; close: () => void } {
  const conn = new DatabaseSync(":memory:");
  const db: SqlDb = {
    exec: (sql) => conn.exec(sql),
    all: (sql, p = []) => conn.prepare(sql).all(...(p as SqlValue[])) as Record<string, SqlValue>[],
    run: (sql, p = []) => ({
      changes: Number(conn.prepare(sql).run(...(p as SqlValue[])).changes),
    }),
  };
  openIndex(db);
  return { db, close: () => conn.close() };
}

function doc(ref: string, text: string, field = "now"): SearchDocument {
  return { source: "capsule", ref, field, created_at: "2026-11-01T00:00:00.000Z", text };
}

Deno.test("search: finds a word and cites the capsule, with a snippet", () => {
  const { db, close } = memoryDb();
  try {
    indexDocuments(db, "capsule", [
      { key: "a.md", documents: [doc("sha256:aa", "rotating the signing keys weekly")] },
      { key: "b.md", documents: [doc("sha256:bb", "fixing the cache invalidation")] },
    ]);
    const hits = searchIndex(db, "signing", 10);
    assert.equal(hits.length, 1);
    assert.equal(hits[0]!.ref, "sha256:aa");
    assert.match(hits[0]!.snippet, /«signing»/);
    // positive control for prefix search
    assert.equal(searchIndex(db, "invalid", 10)[0]!.ref, "sha256:bb");
    assert.equal(searchIndex(db, "nothing-like-this", 10).length, 0);
  } finally {
    close();
  }
});

Deno.test("search: operators, quotes and column filters in a query are only text", () => {
  const { db, close } = memoryDb();
  try {
    indexDocuments(db, "capsule", [
      { key: "a.md", documents: [doc("sha256:aa", "alpha beta")] },
      { key: "b.md", documents: [doc("sha256:bb", "gamma OR delta")] },
    ]);
    // "alpha OR gamma" would match both under FTS5 syntax; here OR is a word.
    assert.deepEqual(searchIndex(db, "alpha OR gamma", 10), []);
    assert.equal(searchIndex(db, "gamma OR", 10)[0]!.ref, "sha256:bb");
    // As a column filter, text:alpha would match "alpha beta"; as text it is the phrase "text alpha".
    assert.deepEqual(searchIndex(db, "text:alpha", 10), []);
    assert.deepEqual(searchIndex(db, "beta", 10).map((h) => h.ref), ["sha256:aa"]);
    assert.deepEqual(searchIndex(db, 'NOT "alpha', 10).length, 0);
  } finally {
    close();
  }
});

Deno.test("search: any query string never throws (fuzz)", () => {
  const { db, close } = memoryDb();
  try {
    indexDocuments(db, "capsule", [{ key: "a.md", documents: [doc("sha256:aa", "alpha beta")] }]);
    const nasty = fc.oneof(
      fc.string({ unit: "binary", maxLength: 80 }),
      fc.array(
        fc.constantFrom(
          '"',
          "*",
          "(",
          ")",
          "NEAR",
          "AND",
          "OR",
          "NOT",
          "^",
          ":",
          "-",
          "+",
          "alpha",
          "\u0000",
          "{",
          "}",
          "text",
          " ",
          "'",
        ),
        { maxLength: 12 },
      ).map((a) => a.join("")),
    );
    fc.assert(
      fc.property(nasty, (q) => {
        const hits = searchIndex(db, q, 5);
        assert.ok(Array.isArray(hits));
      }),
      { numRuns: 2000 },
    );
  } finally {
    close();
  }
});

Deno.test("search: a key is indexed once; removal forgets its documents", () => {
  const { db, close } = memoryDb();
  try {
    const batch = { key: "a.md", documents: [doc("sha256:aa", "alpha")] };
    assert.equal(indexDocuments(db, "capsule", [batch]).added, 1);
    assert.equal(indexDocuments(db, "capsule", [batch]).added, 0);
    assert.equal(searchIndex(db, "alpha", 10).length, 1);
    assert.equal(indexDocuments(db, "capsule", [], ["a.md"]).removed, 1);
    assert.equal(searchIndex(db, "alpha", 10).length, 0);
    assert.equal(countIndexed(db), 0);
  } finally {
    close();
  }
});

function fileDb(path: string, beforeWriteLock?: () => void): { db: SqlDb; close: () => void } {
  const conn = new DatabaseSync(path);
  conn.exec("PRAGMA busy_timeout = 5000");
  let pending = beforeWriteLock;
  const db: SqlDb = {
    exec: (sql) => {
      if (sql === "BEGIN IMMEDIATE" && pending) {
        const f = pending;
        pending = undefined;
        f();
      }
      conn.exec(sql);
    },
    all: (sql, p = []) => conn.prepare(sql).all(...(p as SqlValue[])) as Record<string, SqlValue>[],
    run: (sql, p = []) => ({
      changes: Number(conn.prepare(sql).run(...(p as SqlValue[])).changes),
    }),
  };
  return { db, close: () => conn.close() };
}

Deno.test("search: a search opening a new index never drops the tables another just built and filled", () => {
  const dir = Deno.makeTempDirSync({ prefix: "baton-search-open-race-" });
  const path = `${dir}/search.sqlite`;
  const other = fileDb(path);
  // The second search reads "no schema yet", then, just before it takes the write lock,
  // the first one builds the tables and indexes a capsule: the order two processes can run in.
  const late = fileDb(path, () => {
    openIndex(other.db);
    const batch = { key: "a.md", documents: [doc("sha256:aa", "alpha")] };
    assert.equal(indexDocuments(other.db, "capsule", [batch]).added, 1);
  });
  try {
    openIndex(late.db);
    assert.equal(countIndexed(late.db), 1, "the other search's capsule is still indexed");
    assert.equal(searchIndex(late.db, "alpha", 10).length, 1);
    // Control: an index of another version is still dropped and rebuilt.
    late.db.run("UPDATE meta SET value = 'old' WHERE key = 'schema'");
    openIndex(late.db);
    assert.equal(countIndexed(late.db), 0, "control: an old index is rebuilt");
  } finally {
    other.close();
    late.close();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("ftsQuery: quotes each word and drops words with nothing to search", () => {
  assert.equal(ftsQuery('a"b'), '"a""b"*');
  assert.equal(ftsQuery("*** --- ()"), null);
  assert.equal(ftsQuery(""), null);
});

Deno.test("openIndex: an index built in another file is foreign; in this one, or made now, ok (control)", () => {
  const dir = Deno.makeTempDirSync({ prefix: "baton-search-built-in-" });
  const { db, close } = fileDb(`${dir}/search.sqlite`);
  try {
    assert.equal(openIndex(db, "1:10"), "ok", "made now, for this file");
    assert.equal(openIndex(db, "1:10"), "ok", "control: the same file again");
    assert.equal(openIndex(db, "1:11"), "foreign", "another file's");
    assert.equal(openIndex(db, null), "ok", "no identity on this platform: nothing compared");
    // An index of another version is rebuilt for this file.
    db.run("UPDATE meta SET value = 'old' WHERE key = 'schema'");
    assert.equal(openIndex(db, "1:11"), "ok");
    assert.equal(openIndex(db, "1:11"), "ok");
    assert.equal(openIndex(db, "1:10"), "foreign");
  } finally {
    close();
    Deno.removeSync(dir, { recursive: true });
  }
});
