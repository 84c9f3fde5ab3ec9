import assert from "node:assert/strict";
import { showCommand } from "../../commands/show.ts";
import { finalizeCommand } from "../../commands/finalize.ts";
import { NotFoundError } from "../../core/errors.ts";
import { writeFiles } from "../_helpers/git.ts";
import { runCommand } from "../_helpers/command.ts";
import { withRepo } from "../_helpers/temp_fs.ts";

Deno.test("show prints the latest capsule or one by id prefix, with integrity and authorship", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "d.json": '{"now":"shown"}' });
    const id = JSON.parse(
      (await runCommand(finalizeCommand, ["--draft", "d.json", "--json"], { cwd: dir })).out,
    ).id;
    const latest = await runCommand(showCommand, [], { cwd: dir });
    assert.equal(latest.code, 0);
    assert.match(latest.out, /^integrity: ok: the id matches the content\nauthorship: trusted: /);
    assert.match(latest.out, /# baton capsule/);
    const byId = JSON.parse(
      (await runCommand(showCommand, [id.slice(7, 15), "--json"], { cwd: dir })).out,
    );
    assert.equal(byId.capsule.id, id);
    assert.equal(byId.capsule.meaning.now, "shown");
    assert.equal(byId.integrity.status, "ok");
  });
});

Deno.test("show of an unknown id or with no capsule is not found (exit 3)", async () => {
  await withRepo(async (dir) => {
    await assert.rejects(
      runCommand(showCommand, [], { cwd: dir }),
      (e: unknown) =>
        e instanceof NotFoundError && e.code === "capsule_not_found" && e.exitCode === 3,
    );
    await writeFiles(dir, { "d.json": '{"now":"x"}' });
    await runCommand(finalizeCommand, ["--draft", "d.json"], { cwd: dir });
    await assert.rejects(runCommand(showCommand, ["00000000"], { cwd: dir }), NotFoundError);
  });
});
