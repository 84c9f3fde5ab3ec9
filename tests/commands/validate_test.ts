import assert from "node:assert/strict";
import { validateCommand } from "../../commands/validate.ts";
import { finalizeCommand } from "../../commands/finalize.ts";
import { NotFoundError } from "../../core/errors.ts";
import { writeFiles } from "../_helpers/git.ts";
import { runCommand } from "../_helpers/command.ts";
import { withRepo } from "../_helpers/temp_fs.ts";

Deno.test("validate passes the latest capsule (exit 0) and fails an edited one as an id mismatch (exit 1)", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "d.json": '{"now":"original words"}' });
    await runCommand(finalizeCommand, ["--draft", "d.json"], { cwd: dir });
    const ok = await runCommand(validateCommand, ["--json"], { cwd: dir });
    assert.equal(ok.code, 0);
    const j = JSON.parse(ok.out);
    assert.deepEqual([j.valid, j.integrity.status, j.authorship.status], [true, "ok", "trusted"]);
    const latest = `${dir}/.baton/latest.md`;
    await Deno.writeTextFile(
      latest,
      Deno.readTextFileSync(latest).replaceAll("original words", "forged words"),
    );
    const bad = await runCommand(validateCommand, [".baton/latest.md"], { cwd: dir });
    assert.equal(bad.code, 1);
    assert.match(bad.out, /^invalid: .*\nintegrity: mismatch\nauthorship: not checked\n$/);
    assert.ok(!bad.out.includes("forged words"));
  });
});

Deno.test("validate of a missing file is not found", async () => {
  await withRepo(async (dir) => {
    await assert.rejects(
      runCommand(validateCommand, ["nothing.md"], { cwd: dir }),
      (e: unknown) => e instanceof NotFoundError && e.code === "capsule_missing",
    );
  });
});
