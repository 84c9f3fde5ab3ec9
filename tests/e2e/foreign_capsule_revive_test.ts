/**
 * `baton revive` and `baton pull` on a fresh clone make a capsule current
 * when latest.md is missing. A copy of this machine's own signed capsule of
 * another project (its recorded commit absent here), newer than this
 * project's own, must never be preferred to one written here; alone it is
 * still made current, with a warning (`--json`: `elsewhere`). Real CLI,
 * real repositories, a bare remote for pull; git is the oracle of which
 * commits exist.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

async function finalize(dir: string, now: string): Promise<{ id: string; file: string }> {
  const r = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ now }),
  });
  assert.equal(r.code, 0, r.stderr);
  const id = JSON.parse(r.stdout).id as string;
  const file = [...Deno.readDirSync(`${dir}/.baton/capsules`)].map((e) => e.name).find((n) =>
    n.endsWith(`-${id.slice(7, 15)}.md`)
  )!;
  return { id, file };
}

/**
 * This project with its own capsule, and a newer one of another project copied into its archive.
 * With `remote`, this project names it as origin before its capsule is written (a clone of the
 * remote is then tied to that capsule by the remote its facts record).
 */
async function setup(remote?: string) {
  const other = await makeRepo("baton-other-");
  await writeFiles(other, { "o.txt": "other project\n" });
  await commitAll(other, "other");
  const here = await makeRepo("baton-here-");
  await writeFiles(here, { "h.txt": "this project\n" });
  await commitAll(here, "here");
  if (remote !== undefined) await git(here, ["remote", "add", "origin", remote]);
  const own = await finalize(here, "this project's handoff");
  const foreign = await finalize(other, "another project's handoff");
  await Deno.copyFile(
    `${other}/.baton/capsules/${foreign.file}`,
    `${here}/.baton/capsules/${foreign.file}`,
  );
  // git as the oracle: the foreign capsule's commit is not in this repository.
  const head = JSON.parse(
    (await runBaton(["show", foreign.id, "--json"], { cwd: here })).stdout,
  ).capsule.facts.head;
  assert.notEqual((await git(here, ["cat-file", "-e", head], { allowFail: true })).code, 0);
  await Deno.remove(`${here}/.baton/latest.md`);
  return { here, own, foreign };
}

Deno.test("revive makes this project's capsule current over a newer copy of another project's; alone, the copy is made current with a warning", async () => {
  const { here, own, foreign } = await setup();
  const r = await runBaton(["revive", "--json"], { cwd: here });
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.id, own.id, "the capsule written here wins");
  assert.equal(report.elsewhere, false);
  assert.match(await Deno.readTextFile(`${here}/.baton/latest.md`), /this project's handoff/);

  // Control: with only the other project's capsule, it is made current, and revive warns.
  await Deno.remove(`${here}/.baton/latest.md`);
  await Deno.remove(`${here}/.baton/capsules/${own.file}`);
  const alone = await runBaton(["revive"], { cwd: here });
  assert.equal(alone.code, 0, alone.stderr);
  assert.match(alone.stdout, /restored latest\.md from the archive/);
  assert.match(alone.stdout, /records a commit that is not in this repository/);
  await Deno.remove(`${here}/.baton/latest.md`);
  const json = JSON.parse((await runBaton(["revive", "--json"], { cwd: here })).stdout);
  assert.deepEqual([json.id, json.elsewhere], [foreign.id, true]);
});

Deno.test("pull on a fresh clone makes the capsule written here current, not a newer copy of another project's", async () => {
  await using root = await tempDir("baton-remote-");
  const remote = `${root.path}/remote.git`;
  await git(root.path, ["init", "-q", "--bare", "-b", "main", remote]);
  const { here, own, foreign } = await setup(remote);
  await git(here, ["push", "-q", "origin", "main"]);
  const pushed = await runBaton(["push"], { cwd: here });
  assert.equal(pushed.code, 0, pushed.stderr);
  await git(root.path, ["clone", "-q", remote, `${root.path}/clone`]);
  const clone = `${root.path}/clone`;
  const r = await runBaton(["pull", "--json"], { cwd: clone });
  assert.equal(r.code, 0, r.stderr);
  const current = JSON.parse(r.stdout).current;
  assert.deepEqual([current.action, current.id, current.elsewhere], [
    "made_current",
    own.id,
    false,
  ]);
  assert.ok(Deno.statSync(`${clone}/.baton/capsules/${foreign.file}`).isFile, "both pulled");
});
