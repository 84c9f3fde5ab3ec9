import assert from "node:assert/strict";
import { finalizeCommand } from "../../commands/finalize.ts";
import { UsageError } from "../../core/errors.ts";
import { commitAll, writeFiles } from "../_helpers/git.ts";
import { runCommand } from "../_helpers/command.ts";
import { withRepo } from "../_helpers/temp_fs.ts";

Deno.test("finalize --draft FILE --json writes a signed capsule and reports it", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n", "draft.json": '{"now":"from a file"}' });
    await commitAll(dir);
    const r = await runCommand(finalizeCommand, ["--draft", "draft.json", "--json"], { cwd: dir });
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.match(j.id, /^sha256:[0-9a-f]{64}$/);
    assert.equal(j.path, `${dir}/.baton/latest.md`);
    assert.equal(j.previous, null);
    assert.equal(j.signed, true);
    assert.match(j.signed_by, /^sha256:/);
    assert.equal(r.err, "");
  });
});

Deno.test("finalize --draft - reads stdin; the text form names the capsule and the rewrites", async () => {
  await withRepo(async (dir) => {
    const draft = '{"verified_facts":[{"text":"ok","provenance":"git","trust":"verified"}]}';
    const r = await runCommand(finalizeCommand, ["--draft", "-"], {
      cwd: dir,
      stdin: new TextEncoder().encode(draft),
    });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^Wrote capsule sha256:[0-9a-f]{64} to .*latest\.md\n/);
    assert.match(r.out, /Rewrote 2 trust\/provenance claim\(s\)/);
  });
});

Deno.test("finalize without --draft is a usage error; a missing draft file is named", async () => {
  await withRepo(async (dir) => {
    await assert.rejects(runCommand(finalizeCommand, [], { cwd: dir }), UsageError);
    await assert.rejects(
      runCommand(finalizeCommand, ["--draft", "none.json"], { cwd: dir }),
      (e: unknown) => (e as { code?: string }).code === "draft_missing",
    );
  });
});
