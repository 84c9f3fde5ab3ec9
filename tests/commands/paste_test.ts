import assert from "node:assert/strict";
import { pasteCommand } from "../../commands/paste.ts";
import { finalizeCommand } from "../../commands/finalize.ts";
import { HANDOFF_INSTRUCTIONS } from "../../integrations/mod.ts";
import { pasteInstructions } from "../../core/capsule/paste_text.ts";
import { NotFoundError } from "../../core/errors.ts";
import { writeFiles } from "../_helpers/git.ts";
import { runCommand } from "../_helpers/command.ts";
import { withRepo } from "../_helpers/temp_fs.ts";

Deno.test("paste prints only what to paste, and on stderr its size and what to do next", async () => {
  const r = await runCommand(pasteCommand, [], { cwd: "/" });
  assert.equal(r.code, 0);
  assert.equal(r.out, pasteInstructions());
  assert.ok(HANDOFF_INSTRUCTIONS.includes(r.out.trim()), "the documented text is the printed one");
  assert.ok(!r.out.includes("<!--") && !r.out.includes("baton ingest"), "nothing for the person");
  assert.ok(!/verified_facts|"fold"/.test(r.out), "no field a chat cannot fill");
  assert.match(r.err, /^baton paste: about \d+ tokens; .*baton ingest FILE\n$/);
  const json = JSON.parse((await runCommand(pasteCommand, ["--json"], { cwd: "/" })).out);
  assert.equal(json.text, r.out);
  assert.equal(json.tokens_estimate, Math.ceil(r.out.length / 4));
});

Deno.test("paste --resume carries the latest capsule's meaning, fenced as a record, then the instructions", async () => {
  await withRepo(async (dir) => {
    await assert.rejects(
      runCommand(pasteCommand, ["--resume"], { cwd: dir }),
      (e: unknown) => e instanceof NotFoundError,
    );
    await writeFiles(dir, {
      "d.json": JSON.stringify({ now: "The lexer is done; ~~~ the parser is next" }),
    });
    await runCommand(finalizeCommand, ["--draft", "d.json"], { cwd: dir });
    const r = await runCommand(pasteCommand, ["--resume"], { cwd: dir });
    assert.equal(r.code, 0);
    assert.match(r.out, /^We are continuing earlier work\./);
    assert.match(r.out, /The lexer is done/);
    assert.match(r.out, /^~~~~text$/m, "a fence longer than any run of ~ inside");
    assert.ok(r.out.endsWith(pasteInstructions()));
  });
});
