import assert from "node:assert/strict";
import { readDraft } from "../../../core/capsule/read_draft.ts";
import { StrictJsonError } from "../../../core/json/strict_json_error.ts";
import { InputError } from "../../../core/errors.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const FENCE = "`".repeat(3);

Deno.test("readDraft() reads bare strict JSON with no notes (control)", () => {
  const r = readDraft(enc('{"now": "here", "next_steps": ["a"]}'));
  assert.equal(r.draft.now, "here");
  assert.deepEqual(r.notes, []);
});

Deno.test("readDraft() takes a fenced or prose draft as ingest does, and says so", () => {
  const fenced = readDraft(enc(`Here is the draft:\n\n${FENCE}json\n{"now": "x"}\n${FENCE}\n`));
  assert.equal(fenced.draft.now, "x");
  assert.deepEqual(fenced.notes, ["read the draft from the fenced JSON block at line 4"]);
});

Deno.test("readDraft() forgives trailing commas and says so; nothing else is forgiven", () => {
  const r = readDraft(enc('{"now": "x", "completed": ["a", "b",],}'));
  assert.deepEqual(r.draft.completed, ["a", "b"]);
  assert.deepEqual(r.notes, ["ignored trailing commas in the draft's JSON"]);
  // A comma inside a string is content, not a trailing comma.
  assert.equal(readDraft(enc('{"now": "a,]"}')).draft.now, "a,]");
  assert.throws(() => readDraft(enc('{"now": "a", "now": "b"}')), StrictJsonError);
  assert.throws(() => readDraft(enc("{'now': 'x'}")), StrictJsonError);
  assert.throws(() => readDraft(enc('{"now": ')), StrictJsonError);
});

Deno.test("readDraft() never reads hostile input a second way", () => {
  const deep = "[".repeat(5000) + "]".repeat(5000);
  assert.throws(
    () => readDraft(enc(`{"now": "x", "completed": ${deep},}`)),
    (e: unknown) => e instanceof StrictJsonError && e.kind === "too_deep",
  );
});

Deno.test("readDraft() takes a lone string where a list is expected", () => {
  const r = readDraft(enc('{"next_steps": "run the tests", "pointers": "src/a.ts"}'));
  assert.deepEqual(r.draft.next_steps, ["run the tests"]);
  assert.deepEqual(r.draft.pointers, ["src/a.ts"]);
  // Control: a number is still refused where a list is expected.
  assert.throws(() => readDraft(enc('{"next_steps": 3}')), InputError);
});

Deno.test("readDraft() names the nearest field and the nested place, never the input's words", () => {
  const typo = assert.throws(
    () => readDraft(enc('{"next_stpes": ["x"]}')),
    (e: unknown) =>
      e instanceof InputError && /did you mean "next_steps"\?/.test(e.message) &&
      !e.message.includes("next_stpes"),
  );
  void typo;
  assert.throws(
    () => readDraft(enc('{"decisions": [{"id": "d", "text": "t", "status": "done"}]}')),
    (e: unknown) =>
      e instanceof InputError &&
      e.message.includes('"decisions[0].status": expected one of active, superseded, withdrawn'),
  );
});
