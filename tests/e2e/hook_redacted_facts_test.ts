/**
 * The hook's "nothing changed" test compares redacted facts with redacted
 * facts: a secret in a branch name is stored redacted, so comparing it with
 * the raw name would write a new capsule on every hook.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";

Deno.test("a second pre-compact with a secret in the branch name finds the facts unchanged", async () => {
  const dir = await makeRepo("baton-redact-hook-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  const secret = SAMPLES.github_pat!(new Rng(7)).secret;
  await git(dir, ["checkout", "-q", "-b", `fix/${secret}`]);
  const payload = JSON.stringify({ cwd: dir, hook_event_name: "PreCompact" });
  const run = async () =>
    JSON.parse(
      (await runBaton(["hook", "pre-compact", "--host", "codex", "--json"], {
        cwd: dir,
        stdin: payload,
      })).stdout,
    );
  const first = await run();
  assert.equal(first.action, "written", "positive control: the first hook writes");
  const latest = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  assert.ok(!latest.includes(secret), "the branch name was redacted");
  assert.ok(latest.includes("[REDACTED:"), "with a marker");
  assert.equal((await run()).action, "unchanged");
});
