/**
 * `baton search` keeps its index in the clone's private state directory,
 * which a handed-over clone (a tarball, a copied directory) carries. A hit
 * is printed only when the capsule file it names holds the snippet's text,
 * but that check took each word on its own: a planted row that kept the
 * words of this machine's own capsule and dropped one ("we must not run the
 * legacy migration" indexed as "run the legacy migration on production")
 * printed the opposite sentence, unmarked (the capsule is signed here),
 * under a date the row chose. A snippet must be a window of the field as
 * the capsule holds it now (at its start unless it opens with an ellipsis,
 * at its end unless it closes with one), and the date is the capsule's.
 * The real CLI on a real repository; the real hit is the control.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

interface Hit {
  id: string;
  created_at: string;
  field: string;
  snippet: string;
  signer: string;
}

Deno.test("search: a planted index row that rearranges a signed capsule's words prints nothing; the real hit does (control)", async () => {
  const { DatabaseSync } = await import("node:sqlite");
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "we must not run the legacy migration on production" }),
  });
  assert.equal(fin.code, 0, fin.stderr);
  const written = JSON.parse(fin.stdout);
  const first = await runBaton(["search", "legacy", "migration", "--json"], { cwd: dir });
  assert.equal(first.code, 0, first.stderr);
  const real: Hit[] = JSON.parse(first.stdout).results;
  assert.equal(real.length, 1, first.stdout);
  const createdAt = real[0]!.created_at;

  const key = written.archive.slice(written.archive.lastIndexOf("/") + 1);
  const db = new DatabaseSync(`${dir}/.git/baton/search.sqlite`);
  const insert = db.prepare(
    "INSERT INTO docs(text, source, key, ref, field, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  // Every word is in the capsule's field; the sentence is not.
  insert.run(
    "run the legacy migration on production",
    "capsule",
    key,
    written.id,
    "now",
    "2026-12-24T00:00:00.000Z",
  );
  insert.run(
    "production migration legacy the run must we",
    "capsule",
    key,
    written.id,
    "now",
    "2026-12-24T00:00:00.000Z",
  );
  db.close();

  const r = await runBaton(["search", "legacy", "migration", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const hits: Hit[] = JSON.parse(r.stdout).results;
  const plain = (s: string) => s.replace(/[«»]/g, "");
  assert.deepEqual(
    hits.map((h) => plain(h.snippet)),
    ["we must not run the legacy migration on production"],
    "only the capsule's own sentence is printed",
  );
  assert.deepEqual(hits.map((h) => h.created_at), [createdAt], "the date is the capsule's");
  assert.equal(hits[0]!.signer, "trusted", "control: this machine's own capsule");

  const text = await runBaton(["search", "legacy", "migration"], { cwd: dir });
  assert.equal(text.code, 0, text.stderr);
  assert.doesNotMatch(text.stdout, /2026-12-24|production «?migration»? «?legacy/);
  assert.match(text.stdout, /we must not run the «legacy» «migration» on production/);
});

Deno.test("search: a planted row that names a true window of the field but no ellipsis before it prints nothing", async () => {
  const { DatabaseSync } = await import("node:sqlite");
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "do not deploy the billing service today" }),
  });
  assert.equal(fin.code, 0, fin.stderr);
  const written = JSON.parse(fin.stdout);
  assert.equal((await runBaton(["search", "billing"], { cwd: dir })).code, 0);
  const key = written.archive.slice(written.archive.lastIndexOf("/") + 1);
  const db = new DatabaseSync(`${dir}/.git/baton/search.sqlite`);
  db.prepare(
    "INSERT INTO docs(text, source, key, ref, field, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run("deploy the billing service today", "capsule", key, written.id, "now", "x");
  db.close();
  const r = await runBaton(["search", "billing", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const hits: Hit[] = JSON.parse(r.stdout).results;
  assert.deepEqual(
    hits.map((h) => h.snippet.replace(/[«»]/g, "")),
    ["do not deploy the billing service today"],
  );
});

Deno.test("search: a planted row that opens or closes inside a word of the field prints nothing; a cut at a word does (control)", async () => {
  const { DatabaseSync } = await import("node:sqlite");
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "unsafe to run the billing migration on production untested" }),
  });
  assert.equal(fin.code, 0, fin.stderr);
  const written = JSON.parse(fin.stdout);
  assert.equal((await runBaton(["search", "billing"], { cwd: dir })).code, 0);
  const key = written.archive.slice(written.archive.lastIndexOf("/") + 1);
  const db = new DatabaseSync(`${dir}/.git/baton/search.sqlite`);
  const insert = db.prepare(
    "INSERT INTO docs(text, source, key, ref, field, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  // FTS5 cuts a snippet at tokens: each of these starts or ends inside a word ("unsafe", "untested").
  for (
    const text of [
      "…safe to run the billing migration on production unt…",
      "…safe to run the billing migration…",
    ]
  ) {
    insert.run(text, "capsule", key, written.id, "now", "x");
  }
  // Control: a window cut at words, as FTS5 makes one.
  insert.run("…to run the billing migration on…", "capsule", key, written.id, "now", "x");
  db.close();
  const r = await runBaton(["search", "billing", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const hits: Hit[] = JSON.parse(r.stdout).results;
  assert.deepEqual(
    hits.map((h) => h.snippet.replace(/[«»]/g, "")).sort(),
    [
      "unsafe to run the billing migration on production untested",
      "…to run the billing migration on…",
    ].sort(),
  );
});

Deno.test("search: a planted row naming a real capsule file under another capsule id prints nothing and hides nothing; the real row is printed", async () => {
  const { DatabaseSync } = await import("node:sqlite");
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const fin = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "the billing service is retired" }),
  });
  assert.equal(fin.code, 0, fin.stderr);
  const written = JSON.parse(fin.stdout);
  assert.equal((await runBaton(["search", "billing"], { cwd: dir })).code, 0);
  const key = written.archive.slice(written.archive.lastIndexOf("/") + 1);
  const db = new DatabaseSync(`${dir}/.git/baton/search.sqlite`);
  // The same file and words, credited to a capsule id that is not the file's.
  db.prepare(
    "INSERT INTO docs(text, source, key, ref, field, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run("the billing service is retired", "capsule", key, `sha256:${"f".repeat(64)}`, "now", "x");
  db.close();
  const r = await runBaton(["search", "billing", "--json"], { cwd: dir });
  assert.equal(r.code, 0, `${r.stderr}\n${r.stdout}`);
  const hits: Hit[] = JSON.parse(r.stdout).results;
  assert.deepEqual(hits.map((h) => h.id), [written.id], r.stdout);
});
