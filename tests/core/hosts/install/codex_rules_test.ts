/**
 * Codex's rules file for baton's state commands: one allow rule whose
 * pattern is exactly the launcher's words and the state commands, marked as
 * baton's file.
 */
import assert from "node:assert/strict";
import { renderCodexRules } from "../../../../core/hosts/install/codex_rules.ts";
import { ALLOWED_STATE_COMMANDS } from "../../../../core/hosts/install/state_commands.ts";
import { BATON_MARKER } from "../../../../core/hosts/install/types.ts";

/** The pattern of the one rule, read back (its list literal is JSON too). */
function patternOf(text: string): unknown {
  const line = text.split("\n").find((l) => l.trim().startsWith("pattern = "));
  assert.ok(line !== undefined, "a pattern line");
  return JSON.parse(line.trim().slice("pattern = ".length).replace(/,$/, ""));
}

Deno.test("the rule names the launcher's words, then only the state commands, and allows", () => {
  const invocation = ["/opt/deno", "run", "--allow-read", "/src/baton/main.ts"];
  const text = renderCodexRules(invocation);
  assert.deepEqual(patternOf(text), [...invocation, [...ALLOWED_STATE_COMMANDS]]);
  assert.equal(text.match(/prefix_rule\(/g)?.length, 1, "one rule");
  assert.match(text, /decision = "allow"/);
  assert.ok(text.includes(BATON_MARKER), "uninstall recognises the file");
  for (const never of ["evidence", "doctor", "commit", "handoff", "install"]) {
    assert.equal(text.includes(`"${never}"`), false, never);
  }
});

Deno.test("a launcher path with a quote or a backslash stays one literal token", () => {
  const odd = `/home/jo "x"\\bin/baton`;
  assert.deepEqual((patternOf(renderCodexRules([odd])) as unknown[])[0], odd);
});
