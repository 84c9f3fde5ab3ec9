import assert from "node:assert/strict";
import { extractAnswerJson } from "../../../core/capsule/extract_answer.ts";
import { InputError } from "../../../core/errors.ts";
import { StrictJsonError } from "../../../core/json/strict_json_error.ts";

const F = "`".repeat(3);

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code ?? "uncoded";
  }
  return "none";
}

Deno.test("extractAnswerJson() takes bare JSON, with a byte order mark and CRLF line ends", () => {
  const b = extractAnswerJson('\uFEFF\r\n{\r\n  "now": "x",\r\n  "completed": ["a"]\r\n}\r\n');
  assert.equal(b.kind, "whole");
  assert.deepEqual(b.value, { now: "x", completed: ["a"] });
  assert.equal(b.line, 2);
});

Deno.test("extractAnswerJson() picks the draft block out of prose, past other JSON and shell blocks", () => {
  const answer = [
    "I looked at package.json:",
    `${F}json`,
    '{"name": "app", "version": "1.0.0"}',
    F,
    "Run this:",
    `${F}bash`,
    '{ echo "now"; } > log',
    F,
    "And the handoff:",
    `~~~json`,
    '{"now": "parser done", "next_steps": ["tests"]}',
    "~~~",
  ].join("\n");
  const b = extractAnswerJson(answer);
  assert.equal(b.kind, "fenced");
  assert.equal(b.line, 11);
  assert.equal(b.value.now, "parser done");
});

Deno.test("extractAnswerJson() finds a JSON object that starts a line of prose, and ignores braces inside its strings", () => {
  const b = extractAnswerJson('Here it is:\n{"now": "a } b { c", "hypotheses": ["}"]}\nThanks.');
  assert.equal(b.kind, "bare");
  assert.deepEqual(b.value, { now: "a } b { c", hypotheses: ["}"] });
});

Deno.test("extractAnswerJson() refuses two different drafts but accepts the same draft repeated", () => {
  const one = `${F}json\n{"now": "a"}\n${F}`;
  const two = `${F}json\n{"now": "b"}\n${F}`;
  assert.equal(code(() => extractAnswerJson(`${one}\n\n${two}`)), "answer_ambiguous");
  assert.equal(extractAnswerJson(`${one}\ntext\n${one}`).value.now, "a");
});

Deno.test("extractAnswerJson() reports a malformed draft block at its line in the answer, and a missing or foreign one", () => {
  assert.throws(
    () => extractAnswerJson(`intro\n\n${F}json\n{\n  "now": "x",\n  'y': 1\n}\n${F}`),
    (e) => e instanceof StrictJsonError && e.line === 6,
  );
  // Trailing commas alone are forgiven, and the block says so.
  const forgiven = extractAnswerJson(`intro\n\n${F}json\n{\n  "now": "x",\n}\n${F}`);
  assert.equal(forgiven.value.now, "x");
  assert.equal(forgiven.trailingCommas, true);
  assert.equal(extractAnswerJson('{"now": "x"}').trailingCommas, false);
  assert.throws(
    () => extractAnswerJson(`${F}json\n{"now": "cut off mid`),
    (e) => e instanceof StrictJsonError && e.kind === "truncated",
  );
  assert.equal(code(() => extractAnswerJson("No JSON here at all.")), "answer_no_json");
  assert.equal(code(() => extractAnswerJson('{"name": "app"}')), "answer_not_draft");
  assert.ok(
    (() => {
      try {
        extractAnswerJson('{"name": "SECRET"}');
      } catch (e) {
        return e instanceof InputError && !e.message.includes("SECRET");
      }
      return false;
    })(),
  );
});

Deno.test("extractAnswerJson() finds a draft written inline in a line of prose, and only a draft", () => {
  const block = extractAnswerJson(
    'Sure, here it is: {"now": "inline", "next_steps": ["a"]} — done.',
  );
  assert.equal(block.value.now, "inline");
  assert.equal(block.kind, "bare");
  // Control: an inline object that is not a draft is not taken for one.
  assert.throws(() => extractAnswerJson('The config is {"name": "app"} as before.'));
});
