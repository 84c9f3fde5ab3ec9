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
    assert.match(text.out, /^Facts \(baton records them itself\): \S+ at [0-9a-f]{12}, /);
    assert.match(text.out, /, 1 changed, 0 untracked\.\n {2}\.M a\.txt\n/);
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
    // Quoted since 860ffad: a redaction marker is not a plain token.
    assert.match(text.out, /itself\): "fix\//, "control: the branch is there");
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

Deno.test("preflight's text gives the draft's fields once as one line of JSON that finalize accepts", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const text = (await runCommand(preflightCommand, [], { cwd: dir })).out;
    const line = text.split("\n").find((l) => l.startsWith("{"));
    assert.ok(line !== undefined, text);
    assert.deepEqual(Object.keys(JSON.parse(line)), Object.keys(DRAFT_TEMPLATE));
    assert.equal(text.split("\n").filter((l) => l.startsWith("{")).length, 1, "the template once");
  });
});
