import assert from "node:assert/strict";
import { listCommand } from "../../commands/list.ts";
import { finalizeCommand } from "../../commands/finalize.ts";
import { writeFiles } from "../_helpers/git.ts";
import { runCommand } from "../_helpers/command.ts";
import { withRepo } from "../_helpers/temp_fs.ts";

async function finalize(dir: string, now: string): Promise<string> {
  await writeFiles(dir, { "d.json": JSON.stringify({ now }) });
  const r = await runCommand(finalizeCommand, ["--draft", "d.json", "--json"], {
    cwd: dir,
    now: new Date(now),
  });
  return JSON.parse(r.out).id;
}

Deno.test("list shows capsules newest first with their chain links, honours --limit, and marks an invalid file", async () => {
  await withRepo(async (dir) => {
    const empty = await runCommand(listCommand, [], { cwd: dir });
    assert.deepEqual([empty.code, empty.out, empty.err], [0, "", "No capsules yet\n"]);
    const a = await finalize(dir, "2026-06-01T10:00:00.000Z");
    const b = await finalize(dir, "2026-06-01T11:00:00.000Z");
    await Deno.writeTextFile(`${dir}/.baton/capsules/20260601T120000Z-deadbeef.md`, "garbage");
    const j = JSON.parse((await runCommand(listCommand, ["--json"], { cwd: dir })).out);
    assert.deepEqual(j.capsules.map((c: { id: string | null }) => c.id), [null, b, a]);
    assert.equal(j.capsules[0].valid, false);
    assert.equal(j.capsules[1].previous, a);
    assert.equal(j.capsules[1].authorship, "trusted");
    const one = JSON.parse(
      (await runCommand(listCommand, ["--json", "--limit", "1"], { cwd: dir })).out,
    );
    assert.equal(one.capsules.length, 1);
    const text = await runCommand(listCommand, [], { cwd: dir });
    const lines = text.out.trim().split("\n");
    assert.equal(lines.length, 3);
    assert.match(lines[0]!, /^20260601T120000Z-deadbeef\.md {2}INVALID$/);
    assert.match(
      lines[1]!,
      new RegExp(
        `^${b.slice(7, 19)}  2026-06-01T11:00:00.000Z  manual .* prev ${a.slice(7, 19)}  trusted$`,
      ),
    );
  });
});

Deno.test("list says how many it shows of how many, and --all shows every one", async () => {
  await withRepo(async (dir) => {
    for (let h = 10; h < 13; h++) await finalize(dir, `2026-06-01T${h}:00:00.000Z`);
    const one = await runCommand(listCommand, ["--limit", "1"], { cwd: dir });
    assert.equal(one.out.trim().split("\n").length, 1);
    assert.match(
      one.err,
      /^1 of 3 capsules shown \(newest first\); --all or --limit N shows more\n$/,
    );
    const all = await runCommand(listCommand, ["--all"], { cwd: dir });
    assert.equal(all.out.trim().split("\n").length, 3);
    assert.equal(all.err, "", "control: nothing held back, nothing said");
    const j = JSON.parse((await runCommand(listCommand, ["--json", "-n", "2"], { cwd: dir })).out);
    assert.deepEqual([j.shown, j.total], [2, 3]);
  });
});

Deno.test("list marks an archive file over the size bound invalid and still lists the rest", async () => {
  await withRepo(async (dir) => {
    const a = await finalize(dir, "2026-06-01T10:00:00.000Z");
    const f = await Deno.open(`${dir}/.baton/capsules/20260601T120000Z-deadbeef.md`, {
      write: true,
      create: true,
    });
    await f.truncate(17 * 1024 * 1024);
    f.close();
    const r = await runCommand(listCommand, ["--json"], { cwd: dir });
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.deepEqual(j.capsules.map((c: { id: string | null }) => c.id), [null, a]);
    assert.equal(j.capsules[0].valid, false);
  });
});
