import assert from "node:assert/strict";
import { trackedChanged } from "../../../core/capsule/tracked_changed.ts";
import { commitAll, writeFiles } from "../../_helpers/git.ts";
import { withRepo } from "../../_helpers/temp_fs.ts";
import { runCommand } from "../../_helpers/command.ts";
import { preflightCommand } from "../../../commands/preflight.ts";
import { oracle } from "../../_helpers/git_oracle.ts";

Deno.test("trackedChanged() leaves out the untracked paths changed_count also counts", () => {
  assert.equal(trackedChanged({ changed_count: 3, untracked_count: 1 }), 2);
  assert.equal(trackedChanged({ changed_count: 0, untracked_count: 0 }), 0);
  // A recorded capsule's counts are the writer's: never below zero.
  assert.equal(trackedChanged({ changed_count: 1, untracked_count: 5 }), 0);
});

Deno.test("preflight's text counts changes as git splits them (one modified, two untracked: 1 changed, 2 untracked)", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n", "b.txt": "b\n" });
    await commitAll(dir);
    await writeFiles(dir, { "a.txt": "changed\n", "u1.txt": "u\n", "d/u2.txt": "u\n" });
    const git = await oracle({ home: dir, xdg: null }, dir);
    assert.equal(git.tracked.size, 1);
    assert.equal(git.untracked.length, 2);
    const text = (await runCommand(preflightCommand, [], { cwd: dir })).out;
    assert.match(text, /, 1 changed, 2 untracked\./);
  });
});
