import assert from "node:assert/strict";
import { preflightCommand } from "../../commands/preflight.ts";
import { DRAFT_TEMPLATE } from "../../core/capsule/draft_template.ts";
import { commitAll, git, writeFiles } from "../_helpers/git.ts";
import { runCommand } from "../_helpers/command.ts";
import { withRepo } from "../_helpers/temp_fs.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";

Deno.test("preflight --json gives the facts now and the draft template", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    const head = await commitAll(dir);
    await writeFiles(dir, { "a.txt": "changed\n" });
    const j = JSON.parse((await runCommand(preflightCommand, ["--json"], { cwd: dir })).out);
    assert.equal(j.facts.head, head);
    assert.equal(j.facts.changed_count, 1);
    assert.deepEqual(j.template, DRAFT_TEMPLATE);
    const text = await runCommand(preflightCommand, [], { cwd: dir });
    assert.match(text.out, /^Facts \(collected now\):\n {2}root: /);
    assert.match(text.out, /dirty: {5}yes \(1 changed, 0 untracked\)/);
  });
});

Deno.test("preflight redacts a secret in a branch name", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const secret = SAMPLES.github_pat!(new Rng(3)).secret;
    await git(dir, ["checkout", "-q", "-b", `fix/${secret}`]);
    const text = await runCommand(preflightCommand, [], { cwd: dir });
    const json = await runCommand(preflightCommand, ["--json"], { cwd: dir });
    assert.ok(!text.out.includes(secret) && !json.out.includes(secret));
    assert.match(text.out, /branch: {4}fix\//, "control: the branch line is there");
  });
});

Deno.test("preflight outside a repository says capsules will carry no facts", async () => {
  const dir = await Deno.makeTempDir({ prefix: "baton-test-" });
  try {
    const r = await runCommand(preflightCommand, [], { cwd: dir });
    assert.match(r.out, /not inside a git repository/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
