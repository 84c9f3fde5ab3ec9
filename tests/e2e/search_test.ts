/**
 * `baton search` end to end: hits cite capsule ids, the index updates
 * incrementally, forgets capsules gone from the archive, is rebuilt when
 * deleted or damaged, and never shows a secret or a control character
 * planted in a capsule it did not write.
 * @module
 */
import assert from "node:assert/strict";
import { makeRepo } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { claim, makeCapsule } from "../_helpers/capsule.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName } from "../../core/store/layout.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";

async function archive(dir: string, i: number, now: string, extra = ""): Promise<string> {
  const c = await makeCapsule((b) => {
    b.created_at = new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString();
    b.meaning.now = now;
    if (extra !== "") b.meaning.completed = [claim(extra)];
  });
  await Deno.mkdir(`${dir}/.baton/capsules`, { recursive: true });
  await Deno.writeTextFile(
    `${dir}/.baton/capsules/${archiveName(c.created_at, c.id)}`,
    renderCapsuleFile(c),
  );
  return c.id;
}

async function search(dir: string, ...q: string[]) {
  const r = await runBaton(["search", "--json", ...q], { cwd: dir });
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  return { code: r.code, out: JSON.parse(r.stdout) };
}

Deno.test("search: cites capsule ids, updates incrementally, rebuilds a deleted or damaged index", async () => {
  const dir = await makeRepo("baton-search-");
  try {
    const a = await archive(dir, 1, "tuning the cache eviction");
    await archive(dir, 2, "writing the release notes");
    const first = await search(dir, "eviction");
    assert.equal(first.code, 0);
    assert.deepEqual(first.out.results.map((r: { id: string }) => r.id), [a]);
    assert.equal(first.out.index.added, 2);
    const again = await search(dir, "eviction");
    assert.equal(again.out.index.added, 0);
    const b = await archive(dir, 3, "cache eviction again");
    const third = await search(dir, "eviction");
    assert.equal(third.out.index.added, 1);
    assert.deepEqual(third.out.results.map((r: { id: string }) => r.id).sort(), [a, b].sort());
    const miss = await search(dir, "zebra");
    assert.equal(miss.code, 1);
    assert.deepEqual(miss.out.results, []);

    // Deleted: rebuilt from the archive on the next search.
    await Deno.remove(`${dir}/.git/baton/search.sqlite`);
    const rebuilt = await search(dir, "eviction");
    assert.equal(rebuilt.out.index.added, 3);
    assert.equal(rebuilt.out.results.length, 2);

    // Damaged: replaced.
    for (const s of ["-wal", "-shm"]) {
      await Deno.remove(`${dir}/.git/baton/search.sqlite${s}`).catch(() => {});
    }
    await Deno.writeTextFile(
      `${dir}/.git/baton/search.sqlite`,
      "garbage, not a database ".repeat(200),
    );
    const repaired = await search(dir, "eviction");
    assert.equal(repaired.out.index.recreated, true);
    assert.equal(repaired.out.results.length, 2);

    // Archive deleted and rebuilt with other capsules: old hits are gone.
    await Deno.remove(`${dir}/.baton/capsules`, { recursive: true });
    const c = await archive(dir, 9, "a different eviction story");
    const after = await search(dir, "eviction");
    assert.equal(after.out.index.removed, 3);
    assert.deepEqual(after.out.results.map((r: { id: string }) => r.id), [c]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("search: a secret or an escape sequence in a capsule never reaches the output", async () => {
  const dir = await makeRepo("baton-search-secret-");
  try {
    const token = SAMPLES.github_pat!(new Rng(5)).secret;
    await archive(dir, 1, `deploy with ${token} then \u001b[2J clear`, "deploy finished");
    const json = await runBaton(["search", "--json", "deploy"], { cwd: dir });
    assert.equal(json.code, 0, json.stderr);
    const text = await runBaton(["search", "deploy"], { cwd: dir });
    for (const out of [json.stdout, text.stdout]) {
      assert.ok(!out.includes(token), "the token is shown");
      assert.ok(!out.includes("\u001b"), "a raw escape is shown");
      assert.match(out, /REDACTED/); // positive control: the hit itself is there
    }
    const db = await Deno.readFile(`${dir}/.git/baton/search.sqlite`);
    assert.ok(!new TextDecoder().decode(db).includes(token), "the index stores the token");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("search: concurrent searches on a fresh index index every capsule once", async () => {
  const dir = await makeRepo("baton-search-race-");
  try {
    for (let i = 0; i < 20; i++) await archive(dir, i, `note number ${i} about caching`);
    const runs = await Promise.all([1, 2, 3].map(() => search(dir, "caching", "--limit", "100")));
    for (const r of runs) assert.equal(r.out.results.length, 20);
    assert.equal(runs.reduce((n, r) => n + r.out.index.added, 0), 20);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("search: a new index another process is still writing is a busy error, never an internal one", async () => {
  const { DatabaseSync } = await import("node:sqlite");
  const dir = await makeRepo("baton-search-busy-");
  try {
    await archive(dir, 1, "note about caching");
    await Deno.mkdir(`${dir}/.git/baton`, { recursive: true });
    // A writer holding a new file (still in rollback mode) for the whole run: the moment
    // another search writes the index's first page. SQLite fails the switch to WAL at once.
    const holder = new DatabaseSync(`${dir}/.git/baton/search.sqlite`);
    holder.exec("BEGIN IMMEDIATE");
    holder.exec("CREATE TABLE t(x)");
    const held = await runBaton(["search", "--json", "caching"], {
      cwd: dir,
      env: { BATON_DEBUG: "1" },
    });
    holder.exec("ROLLBACK");
    holder.close();
    assert.doesNotMatch(held.stderr, /Internal error/);
    assert.equal(JSON.parse(held.stdout).error.code, "io_failed", held.stderr);
    assert.match(held.stderr, /search index is busy/);
    // Control: released, the same file becomes the index and the capsule is found.
    const free = await search(dir, "caching");
    assert.equal(free.out.results.length, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("search: an update another process holds locked past the timeout searches the index as it stood and says so", async () => {
  const { DatabaseSync } = await import("node:sqlite");
  const dir = await makeRepo("baton-search-stale-");
  try {
    const first = await archive(dir, 1, "note about caching");
    assert.equal((await search(dir, "caching")).out.results.length, 1);
    const later = await archive(dir, 2, "more caching notes");
    // Another process inside a write transaction for the whole run (WAL: readers go on).
    const holder = new DatabaseSync(`${dir}/.git/baton/search.sqlite`);
    holder.exec("BEGIN IMMEDIATE");
    holder.exec("INSERT INTO meta(key, value) VALUES ('held', 'yes')");
    let held;
    let human;
    try {
      [held, human] = await Promise.all([
        search(dir, "caching"),
        runBaton(["search", "caching"], { cwd: dir }),
      ]);
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
    assert.equal(held.code, 0);
    assert.deepEqual(held.out.results.map((r: { id: string }) => r.id), [first]);
    assert.equal(held.out.index.updated, false);
    assert.equal(held.out.index.added, 0);
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stderr, /index is busy .*as it stood/);
    // Control: released, the next search adds the later capsule and says it updated.
    const free = await search(dir, "caching");
    assert.equal(free.out.index.updated, true);
    assert.equal(free.out.index.added, 1);
    assert.deepEqual(
      free.out.results.map((r: { id: string }) => r.id).sort(),
      [first, later].sort(),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("search: an empty query is a usage error", async () => {
  const dir = await makeRepo("baton-search-usage-");
  try {
    const r = await runBaton(["search"], { cwd: dir });
    assert.equal(r.code, 2);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("search: rows planted in a clone's index print nothing a capsule file does not hold", async () => {
  const { DatabaseSync } = await import("node:sqlite");
  const { commitAll, makeRepo, writeFiles } = await import("../_helpers/git.ts");
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "alpha parser work" }),
  });
  const written = JSON.parse(fin.stdout);
  const first = await runBaton(["search", "alpha"], { cwd: dir });
  assert.equal(first.code, 0, "control: the real text is found");
  const db = new DatabaseSync(`${dir}/.git/baton/search.sqlite`);
  const key = written.archive.slice(written.archive.lastIndexOf("/") + 1);
  db.prepare(
    "INSERT INTO docs(text, source, key, ref, field, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run("planted betagamma words", "capsule", key, written.id, "now", "2026-01-01T00:00:00.000Z");
  db.close();
  const planted = await runBaton(["search", "betagamma", "--json"], { cwd: dir });
  assert.deepEqual(JSON.parse(planted.stdout).results, [], "the planted row is not printed");
  const again = await runBaton(["search", "alpha"], { cwd: dir });
  assert.match(again.stdout, /alpha/, "control: the real hit still is");
});
