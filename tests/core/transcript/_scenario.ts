/**
 * Shared checks for the host reader tests: the scenario every generated
 * transcript tells (tests/_helpers/transcripts.ts), recovered by a reader.
 * @module
 */
import assert from "node:assert/strict";
import type { ParsedTranscript } from "../../../core/transcript/types.ts";
import { LAST_MESSAGE, REQUEST } from "../../_helpers/transcripts.ts";

/** Asserts the reader recovered the scenario's request, commands, exits, edit and last message. */
export function assertScenario(p: ParsedTranscript, host: string): void {
  const users = p.turns.filter((t) => t.kind === "user");
  assert.equal(users.at(-1)?.kind === "user" && users.at(-1)!.text, REQUEST, `${host}: request`);
  const calls = p.turns.filter((t) => t.kind === "tool_call");
  assert.deepEqual(
    calls.filter((c) => c.command === "npm test").length,
    2,
    `${host}: both test runs`,
  );
  assert.ok(
    calls.some((c) => c.access === "edit" && c.paths.some((x) => x.endsWith("src/parser.ts"))),
    `${host}: edit`,
  );
  const last = p.turns.filter((t) => t.kind === "assistant").at(-1);
  assert.equal(last?.kind === "assistant" && last.text, LAST_MESSAGE, `${host}: last message`);
}
