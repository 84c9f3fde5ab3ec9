/**
 * Tests for heredoc_text.ts: the text a command reads from an unquoted
 * heredoc, checked against what the real bash feeds `cat`.
 * @module
 */
import assert from "node:assert/strict";
import { heredocText } from "../../../../core/safety/command/heredoc_text.ts";

Deno.test("heredocText gives what bash feeds the reader of an unquoted heredoc", async () => {
  const body = "a \\$T \\`b\\` \\\\ \\n $x ${x} $u ${u}\\\nc\n";
  const script = `x='$V'; unset u; cat <<EOF\n${body}EOF\n`;
  const out = await new Deno.Command("bash", { args: ["-c", script], env: { T: "t", V: "v" } })
    .output();
  const bash = new TextDecoder().decode(out.stdout);
  // bash expands an unset u to nothing: the rule keeps unknown variables as written.
  assert.equal(bash, "a $T `b` \\ \\n $V $V  c\n");
  assert.equal(heredocText(body, new Map([["x", "$V"]])), "a $T `b` \\ \\n $V $V $u ${u}c\n");
});
