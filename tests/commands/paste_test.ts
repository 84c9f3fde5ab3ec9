import assert from "node:assert/strict";
import { pasteCommand } from "../../commands/paste.ts";
import { HANDOFF_INSTRUCTIONS } from "../../integrations/mod.ts";
import { runCommand } from "../_helpers/command.ts";

Deno.test("paste prints the hand-off instructions, as text or JSON", async () => {
  const text = await runCommand(pasteCommand, [], { cwd: "/" });
  assert.equal(text.code, 0);
  assert.ok(text.out.includes(HANDOFF_INSTRUCTIONS.trim().split("\n")[0]!));
  const json = JSON.parse((await runCommand(pasteCommand, ["--json"], { cwd: "/" })).out);
  assert.equal(json.text, HANDOFF_INSTRUCTIONS);
});
