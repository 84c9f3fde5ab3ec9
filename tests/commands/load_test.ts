import assert from "node:assert/strict";
import { loadCommand } from "../../commands/load.ts";
import { finalizeCommand } from "../../commands/finalize.ts";
import { commitAll, writeFiles } from "../_helpers/git.ts";
import { runCommand } from "../_helpers/command.ts";
import { withRepo } from "../_helpers/temp_fs.ts";

Deno.test("load without a capsule says so on stderr (exit 0), and --json gives a null id", async () => {
  await withRepo(async (dir) => {
    const text = await runCommand(loadCommand, [], { cwd: dir });
    assert.deepEqual([text.code, text.out], [0, ""]);
    assert.match(text.err, /^No capsule yet/);
    const json = await runCommand(loadCommand, ["--json"], { cwd: dir });
    assert.deepEqual(JSON.parse(json.out), { capsule_id: null, text: "" });
  });
});

Deno.test("load prints the briefing of the latest capsule; --json carries it with the checks", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n", "d.json": '{"now":"the state to resume"}' });
    await commitAll(dir);
    const w = await runCommand(finalizeCommand, ["--draft", "d.json", "--json"], { cwd: dir });
    const id = JSON.parse(w.out).id;
    const text = await runCommand(loadCommand, [], { cwd: dir });
    assert.equal(text.code, 0, text.err);
    assert.match(text.out, /the state to resume/);
    const json = JSON.parse((await runCommand(loadCommand, ["--json"], { cwd: dir })).out);
    assert.equal(json.capsule_id, id);
    assert.equal(json.authorship.status, "trusted");
    assert.ok(Array.isArray(json.drift) && json.drift.length > 0);
    const small = await runCommand(loadCommand, ["--max-chars", "200"], { cwd: dir });
    assert.ok(small.out.length <= 201, String(small.out.length));
  });
});
