/**
 * The index's edge: a switch to WAL that SQLite refuses at once (another
 * process writing a new file's first page) waits for that writer and
 * succeeds; the rest is driven through `baton search` (tests/e2e/search_test.ts).
 * @module
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { enterWal } from "../../../commands/_adapters/search_db.ts";

Deno.test("search index: entering WAL waits for a writer holding a new file, then switches", () => {
  const dir = Deno.makeTempDirSync({ prefix: "baton-search-wal-" });
  const path = `${dir}/search.sqlite`;
  const writer = new DatabaseSync(path);
  const conn = new DatabaseSync(path);
  try {
    conn.exec("PRAGMA busy_timeout = 5000");
    writer.exec("BEGIN IMMEDIATE");
    writer.exec("CREATE TABLE t(x)");
    // Control: with the writer in its transaction, the bare switch fails at once.
    assert.throws(() => conn.exec("PRAGMA journal_mode=WAL"), /database is locked/);
    // The writer finishes exactly when the switch starts waiting (the order two processes run in).
    let waited = false;
    enterWal({
      exec: (sql) => {
        if (sql === "BEGIN IMMEDIATE" && !waited) {
          waited = true;
          writer.exec("COMMIT");
        }
        conn.exec(sql);
      },
    });
    assert.ok(waited, "the switch waited for the writer");
    const mode = conn.prepare("PRAGMA journal_mode").get() as { journal_mode: string };
    assert.equal(mode.journal_mode, "wal");
    assert.equal(
      conn.prepare("SELECT count(*) AS n FROM t").get()?.n,
      0,
      "the writer's table is kept",
    );
  } finally {
    writer.close();
    conn.close();
    Deno.removeSync(dir, { recursive: true });
  }
});
