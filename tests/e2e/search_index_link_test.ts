/**
 * `baton search` keeps its index in the clone's private state directory,
 * which a handed-over clone (a tarball, a copied directory) carries. SQLite
 * follows a symbolic link at the index's path: a planted link made baton
 * create a database wherever it pointed, or open another program's database
 * there, switch it to WAL and drop tables named like its own. The index is
 * a cache, so a link (or anything not a regular file) at its path or at a
 * companion's (-wal, -shm, -journal) is removed, never followed, and the
 * index made anew beside it. The real CLI on a real repository; a regular
 * index kept across searches is the control.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";
import { lexists } from "../_helpers/temp_fs.ts";

async function repoWithCapsule(): Promise<string> {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const fin = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "the lexer handles heredocs" }),
  });
  assert.equal(fin.code, 0, fin.stderr);
  return dir;
}

Deno.test("search: a planted link at the index path is never followed: nothing is created where it points", async () => {
  const dir = await repoWithCapsule();
  await using victim = await tempDir();
  const index = `${dir}/.git/baton/search.sqlite`;
  await Deno.mkdir(`${dir}/.git/baton`, { recursive: true });
  await Deno.symlink(`${victim.path}/created.db`, index);
  const r = await runBaton(["search", "heredocs", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).results.length, 1, "the search still works");
  assert.equal(
    await lexists(`${victim.path}/created.db`),
    false,
    "nothing written through the link",
  );
  const st = await Deno.lstat(index);
  assert.ok(st.isFile && !st.isSymlink, "the index is a plain file again");
});

Deno.test("search: another program's database behind a planted link keeps its tables and journal mode", async () => {
  const { DatabaseSync } = await import("node:sqlite");
  const dir = await repoWithCapsule();
  await using victim = await tempDir();
  const other = `${victim.path}/notes.db`;
  const db = new DatabaseSync(other);
  db.exec("CREATE TABLE docs(body TEXT)");
  db.exec("INSERT INTO docs(body) VALUES ('keep me')");
  db.close();
  const before = await Deno.readFile(other);
  await Deno.mkdir(`${dir}/.git/baton`, { recursive: true });
  await Deno.symlink(other, `${dir}/.git/baton/search.sqlite`);
  await Deno.symlink(`${victim.path}/wal`, `${dir}/.git/baton/search.sqlite-wal`);
  const r = await runBaton(["search", "heredocs", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(await Deno.readFile(other), before, "the other database is untouched");
  assert.equal(await lexists(`${victim.path}/wal`), false);
  assert.equal(await lexists(`${other}-wal`), false);
  assert.equal(await lexists(`${dir}/.git/baton/search.sqlite-wal`), false, "the link is gone");
});

Deno.test("search: a regular index is kept and reused across searches (control)", async () => {
  const dir = await repoWithCapsule();
  const first = JSON.parse((await runBaton(["search", "lexer", "--json"], { cwd: dir })).stdout);
  assert.equal(first.index.added, 1);
  const ino = (await Deno.lstat(`${dir}/.git/baton/search.sqlite`)).ino;
  const second = JSON.parse((await runBaton(["search", "lexer", "--json"], { cwd: dir })).stdout);
  assert.equal(second.index.added, 0, "nothing indexed twice");
  assert.equal(second.index.recreated, false);
  assert.equal(second.results.length, 1);
  assert.equal((await Deno.lstat(`${dir}/.git/baton/search.sqlite`)).ino, ino, "the same file");
});
