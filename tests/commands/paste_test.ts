import assert from "node:assert/strict";
import { pasteCommand } from "../../commands/paste.ts";
import { finalizeCommand } from "../../commands/finalize.ts";
import { exportCommand } from "../../commands/export.ts";
import { HANDOFF_INSTRUCTIONS } from "../../integrations/mod.ts";
import { pasteInstructions } from "../../core/capsule/paste_text.ts";
import { NotFoundError } from "../../core/errors.ts";
import { writeFiles } from "../_helpers/git.ts";
import { runCommand } from "../_helpers/command.ts";
import { withRepo } from "../_helpers/temp_fs.ts";
import { tempDir } from "../_helpers/temp.ts";

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

Deno.test("paste --resume says who signed the capsule as export does: this machine's own says nothing, a stranger's says so", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "d.json": JSON.stringify({ now: "signed here" }) });
    await runCommand(finalizeCommand, ["--draft", "d.json"], { cwd: dir });
    const own = await runCommand(pasteCommand, ["--resume"], { cwd: dir });
    const exported = await runCommand(exportCommand, ["--meaning"], { cwd: dir });
    assert.ok(!/Unsigned|nothing in it is verified/.test(exported.out));
    assert.ok(own.out.includes(exported.out.trimEnd()), "the record is export's meaning");
    assert.ok(
      !/Unsigned|nothing in it is verified/.test(own.out),
      "own capsule not called unsigned",
    );
    // On another machine (its own baton home) the same capsule is a stranger's: an unknown key.
    await using other = await tempDir();
    const env = { BATON_HOME: other.path };
    const stranger = await runCommand(pasteCommand, ["--resume"], { cwd: dir, env });
    const strangerExport = await runCommand(exportCommand, ["--meaning"], { cwd: dir, env });
    assert.match(strangerExport.out, /signed by an unknown key/);
    assert.ok(
      stranger.out.includes(strangerExport.out.trimEnd()),
      "the stranger's label is export's",
    );
  });
});
