/**
 * `baton check-clean` under git's moving variables, git as the oracle: with
 * GIT_INDEX_FILE naming another index that stages `.baton/latest.md`, git's
 * next commit takes it, so the check is not clean (it read `.git/index` and
 * said clean); with GIT_DIR naming another repository whose HEAD holds
 * `.baton/`, git reads that one, so the check never says clean for the one
 * found. Without the variables (the controls) the same tree is clean for
 * both. `baton commit`, which edits `.git/index` only, refuses where git
 * would update another index.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";

Deno.test("check-clean reads the index GIT_INDEX_FILE names, as git's next commit does", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n", "src/b.txt": "b\n" });
  await commitAll(dir, "base");
  await writeFiles(dir, { ".baton/latest.md": "capsule\n" });
  const alt = `${dir}/.git/alt-index`;
  await Deno.copyFile(`${dir}/.git/index`, alt);
  for (const value of [alt, ".git/alt-index"]) {
    const env = { GIT_INDEX_FILE: value };
    await git(dir, ["add", "-f", ".baton/latest.md"], { env: { GIT_INDEX_FILE: alt } });
    const oracle = await git(`${dir}/src`, ["ls-files", "--full-name", ":/.baton"], { env });
    assert.equal(oracle.stdout, ".baton/latest.md\n", "oracle: git's index stages it");
    const plain = await git(dir, ["ls-files", ".baton"]);
    assert.equal(plain.stdout, "", "control: .git/index does not");
    const control = await runBaton(["check-clean"], { cwd: dir });
    assert.equal(control.code, 0, `control: clean without the variable: ${control.stdout}`);
    // From a subdirectory too: a relative one is read from the top of the work tree.
    const r = await runBaton(["check-clean", "--json"], { cwd: `${dir}/src`, env });
    assert.equal(r.code, 1, `${value}: ${r.stdout}${r.stderr}`);
    assert.deepEqual(JSON.parse(r.stdout).in_index, [".baton/latest.md"]);
    assert.doesNotMatch(r.stdout + r.stderr, /alt-index/, "the value is never shown");
    // baton commit would update .git/index where git updates the other one: refused.
    const commit = await runBaton(["commit"], { cwd: dir, env });
    assert.notEqual(commit.code, 0, `baton commit under GIT_INDEX_FILE: ${commit.stdout}`);
    assert.match(commit.stderr, /GIT_INDEX_FILE/);
    assert.equal(
      (await git(dir, ["rev-list", "--count", "--all"])).stdout.trim(),
      "1",
      "no commit",
    );
  }
  // Control: GIT_INDEX_FILE naming the repository's own index moves nothing; the commit is made.
  const own = await runBaton(["commit"], { cwd: dir, env: { GIT_INDEX_FILE: ".git/index" } });
  assert.equal(own.code, 0, own.stderr);
  assert.equal(
    (await git(dir, ["ls-tree", "--name-only", "HEAD", ".baton/"])).stdout,
    ".baton/latest.md\n",
  );
});

Deno.test("check-clean never says clean for the repository found where GIT_DIR names another", async () => {
  const other = await makeRepo();
  await writeFiles(other, { ".baton/latest.md": "capsule\n" });
  await commitAll(other, "planted");
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  const env = { GIT_DIR: `${other}/.git` };
  const oracle = await git(dir, ["ls-tree", "-r", "--name-only", "HEAD"], { env });
  assert.equal(oracle.stdout, ".baton/latest.md\n", "oracle: git's HEAD holds it");
  const control = await runBaton(["check-clean"], { cwd: dir });
  assert.equal(control.code, 0, `control: clean without the variable: ${control.stdout}`);
  const r = await runBaton(["check-clean"], { cwd: dir, env });
  assert.notEqual(r.code, 0, `GIT_DIR: ${r.stdout}`);
  assert.doesNotMatch(r.stdout, /^Clean/);
  // Control: GIT_DIR naming the repository found (a git hook's) is clean as before.
  const same = await runBaton(["check-clean"], { cwd: dir, env: { GIT_DIR: ".git" } });
  assert.equal(same.code, 0, same.stdout + same.stderr);
});
