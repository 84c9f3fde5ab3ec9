import assert from "node:assert/strict";
import { exportCommand } from "../../commands/export.ts";
import { finalizeCommand } from "../../commands/finalize.ts";
import { NotFoundError, UsageError } from "../../core/errors.ts";
import { commitAll, writeFiles } from "../_helpers/git.ts";
import { runCommand } from "../_helpers/command.ts";
import { withRepo } from "../_helpers/temp_fs.ts";

Deno.test("export --meaning and --facts give each half of the latest capsule", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n", "d.json": '{"now":"exported state"}' });
    await commitAll(dir);
    await runCommand(finalizeCommand, ["--draft", "d.json"], { cwd: dir });
    const meaning = await runCommand(exportCommand, ["--meaning"], { cwd: dir });
    assert.match(meaning.out, /^Meaning of baton capsule .*\nNow: exported state\n$/);
    const facts = JSON.parse(
      (await runCommand(exportCommand, ["--facts", "--json"], { cwd: dir })).out,
    );
    assert.equal(facts.half, "facts");
    assert.match(facts.text, /\(status collected\)/);
    assert.equal(facts.truncated, false);
  });
});

Deno.test("export wants exactly one half, and a capsule", async () => {
  await withRepo(async (dir) => {
    await assert.rejects(runCommand(exportCommand, [], { cwd: dir }), UsageError);
    await assert.rejects(
      runCommand(exportCommand, ["--meaning", "--facts"], { cwd: dir }),
      UsageError,
    );
    await assert.rejects(
      runCommand(exportCommand, ["--meaning"], { cwd: dir }),
      (e: unknown) => e instanceof NotFoundError && e.code === "no_capsule",
    );
  });
});
