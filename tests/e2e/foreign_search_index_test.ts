/**
 * `baton search` keeps its index in the clone's private state directory, which a
 * handed-over clone (a tarball, a copied directory) carries. A hit is printed only when the
 * capsule file confirms it, but what the index claims to hold was taken as it was: a planted
 * database of the index's version that marks every archive name indexed, with no text, made
 * search say 'No match' (exit 1) for words the archive's capsules hold; one whose docs table
 * is an ordinary table stopped it with an internal error. The index now records the file it
 * was built in (device and inode); a database built in another file is deleted and made anew.
 * The real CLI on a real repository; the index baton built itself, kept across searches, is
 * the control.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

/** Writes a database of the index's version at `path` in `shape`, with `names` marked indexed. */
async function plant(path: string, shape: "hiding" | "plain", names: string[]): Promise<void> {
  const { DatabaseSync } = await import("node:sqlite");
  for (const suffix of ["", "-wal", "-shm"]) await Deno.remove(path + suffix).catch(() => {});
  const db = new DatabaseSync(path);
  db.exec("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  db.exec("INSERT INTO meta VALUES ('schema', '2')");
  db.exec(
    shape === "plain"
      ? "CREATE TABLE docs(text, source, key, ref, field, created_at)"
      : "CREATE VIRTUAL TABLE docs USING fts5(text, source UNINDEXED, key UNINDEXED, " +
        "ref UNINDEXED, field UNINDEXED, created_at UNINDEXED, tokenize = 'unicode61')",
  );
  db.exec(
    "CREATE TABLE indexed(source TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY(source, key))",
  );
  for (const n of names) db.prepare("INSERT INTO indexed VALUES ('capsule', ?)").run(n);
  db.close();
}

Deno.test("search: a planted index that claims the archive indexed, or is of another shape, is made anew; baton's own index is kept (control)", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const fin = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: JSON.stringify({ now: "we must not run the legacy migration" }),
  });
  assert.equal(fin.code, 0, fin.stderr);
  const path = `${dir}/.git/baton/search.sqlite`;
  const search = async () => {
    const r = await runBaton(["search", "legacy", "--json"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    return { hits: out.results.length as number, recreated: out.index.recreated as boolean };
  };
  // Control: the index baton built is found, and kept as it is by the next search.
  assert.deepEqual(await search(), { hits: 1, recreated: false });
  const ino = (await Deno.lstat(path)).ino;
  assert.deepEqual(await search(), { hits: 1, recreated: false });
  assert.equal((await Deno.lstat(path)).ino, ino, "control: the same file");

  const names = [...Deno.readDirSync(`${dir}/.baton/capsules`)].map((e) => e.name);
  for (const shape of ["hiding", "plain"] as const) {
    await plant(path, shape, names);
    assert.deepEqual(await search(), { hits: 1, recreated: true }, shape);
    assert.deepEqual(await search(), { hits: 1, recreated: false }, `${shape}: then kept`);
  }
});
