/**
 * `baton check-clean` names the paths under .baton/ that HEAD and the index
 * hold: names that came with commits, shown with their invisible and
 * direction-changing characters made visible (JSON quoting keeps them).
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";

const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2028\u2029\u{E0000}-\u{E007F}]/u;

Deno.test("check-clean shows a committed .baton/ name's direction override, tag characters and line separator as markers", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { ".baton/a\u202e\u{E0049}\u2028b.md": "x\n", ".baton/plain.md": "y\n" });
  await commitAll(dir, "planted");
  await writeFiles(dir, { ".baton/staged\u200bname.md": "z\n" });
  await git(dir, ["add", "-f", ".baton"]);
  const r = await runBaton(["check-clean"], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  assert.match(
    r.stdout,
    /"\.baton\/plain\.md"/,
    "positive control: the committed names are listed",
  );
  assert.match(r.stdout, /Staged: "\.baton\/staged‹U\+200B›name\.md"/);
  assert.match(r.stdout, /\.baton\/a‹U\+202E›‹U\+E0049›/);
  assert.doesNotMatch(r.stdout, INVISIBLE);
});

Deno.test("check-clean catches a committed .Baton/latest.md (checked out as .baton/ where case is ignored) and names the git rm", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "src/a.ts": "x\n", ".Baton/latest.md": "planted\n" });
  await commitAll(dir, "planted");
  const r = await runBaton(["check-clean"], { cwd: dir });
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /Committed in HEAD: "\.Baton\/latest\.md"/);
  assert.match(r.stdout, /Fix: git rm -r --cached -- "\.Baton"/);
  assert.doesNotMatch(r.stdout, /Fix: baton clean/, "baton clean removes only an exact .baton");
  const json = JSON.parse((await runBaton(["check-clean", "--json"], { cwd: dir })).stdout);
  assert.deepEqual([json.clean, json.in_head, json.in_index], [
    false,
    [".Baton/latest.md"],
    [".Baton/latest.md"],
  ]);
  // Control: after the git rm it names, the check passes; a name merely like it never counted.
  await git(dir, ["rm", "-r", "-q", "--cached", "--", ".Baton"]);
  await writeFiles(dir, { ".batonrc": "x\n", "src/.baton/x.md": "y\n" });
  await git(dir, ["add", ".batonrc", "src/.baton/x.md"]);
  await git(dir, ["commit", "-q", "-m", "removed"]);
  const clean = await runBaton(["check-clean"], { cwd: dir });
  assert.equal(clean.code, 0, clean.stdout);
});
