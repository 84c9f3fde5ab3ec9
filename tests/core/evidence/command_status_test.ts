/** statusReportsEveryCommand(): a program run directly, or a shell's text judged as shell text. */
import assert from "node:assert/strict";
import { statusReportsEveryCommand } from "../../../core/evidence/command_status.ts";

Deno.test("statusReportsEveryCommand(): direct programs report their own status; shell text is judged", () => {
  const r = (command: string[], shell = false) => statusReportsEveryCommand({ command, shell });
  assert.equal(r(["npm", "test"]), true);
  assert.equal(r(["grep", "-c", "a|b", "f"]), true, "not a shell: its words are not shell text");
  assert.equal(r(["npm test && npm run lint"], true), true);
  assert.equal(r(["npm test | tee log"], true), false);
  assert.equal(r(["sh", "-c", "npm test; true"]), false);
  assert.equal(r(["/bin/bash", "-lc", "npm test | tail"]), false);
  assert.equal(r(["bash", "-e", "-c", "npm test || true"]), false);
  assert.equal(r(["bash", "-c", "npm test"]), true);
  assert.equal(r(["bash", "script.sh"]), true, "a script file: its status is the script's");
});
