/**
 * The commands a host may run without asking stay baton's own state
 * commands: each is in the command table, and none is one the mutation gate
 * judges like any command because it runs other programs, changes the work
 * tree, git or a remote, or changes what is trusted or installed.
 */
import assert from "node:assert/strict";
import { ALLOWED_STATE_COMMANDS } from "../../../../core/hosts/install/state_commands.ts";
import { AFTER_HANDOFF } from "../../../../commands/mod.ts";

// ingest is gated after a handoff only because it writes a new capsule; it reads stdin or a file
// and writes nothing but baton's store.
const WRITES_ONLY_THE_STORE = new Set(["ingest"]);

Deno.test("every allowed state command is a command the gate lets a handed-off session run", () => {
  for (const name of ALLOWED_STATE_COMMANDS) {
    assert.ok(Object.hasOwn(AFTER_HANDOFF, name), `${name} is in the command table`);
    const column = AFTER_HANDOFF[name as keyof typeof AFTER_HANDOFF];
    assert.ok(
      column === "passes" || WRITES_ONLY_THE_STORE.has(name),
      `${name} must pass the gate after a handoff, or write only baton's store`,
    );
  }
});

Deno.test("commands that run other programs or change git, trust or installs are never allowed", () => {
  // Positive control: the gate's column names each of these as gated, so the check above can fail.
  for (const name of ["evidence", "done", "commit", "clean", "pull", "push", "trust", "install"]) {
    assert.equal(AFTER_HANDOFF[name as keyof typeof AFTER_HANDOFF], "gated");
    assert.ok(!ALLOWED_STATE_COMMANDS.includes(name), name);
  }
  assert.ok(!ALLOWED_STATE_COMMANDS.includes("handoff"));
  assert.ok(!ALLOWED_STATE_COMMANDS.includes("hook"));
});
