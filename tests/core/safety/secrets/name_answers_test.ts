// The remembered rejectName answers (core/safety/secrets/name_answers.ts): a name met again is
// judged once, a name sharing its slot (another rule, another name, a longer name with the same
// opening, the same name after a quote) is judged again, and remembering changes no finding.

import assert from "node:assert/strict";
import { createEngine, findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { NameAnswers } from "../../../../core/safety/secrets/name_answers.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { ALNUM, CONTEXTS, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();

Deno.test("a name met again is judged once; without slots, each time", () => {
  let asked = 0;
  const judge = (name: string) => (asked++, name.endsWith("_tokens"));
  const answers = new NameAnswers();
  const text = "x input_tokens=1 y input_tokens=2 z api_token=3";
  assert.equal(answers.rejects(4, text, 2, 14, judge), true);
  assert.equal(answers.rejects(4, text, 19, 31, judge), true);
  assert.equal(asked, 1);
  assert.equal(answers.rejects(4, text, 36, 45, judge), false);
  assert.equal(asked, 2);
  // Another rule's answer on the same name is its own.
  assert.equal(answers.rejects(5, text, 2, 14, (n) => (asked++, n.length > 99)), false);
  assert.equal(asked, 3);
  // The same name after a quote is another question (a rule may read it only there).
  const quoted = 'x "input_tokens"';
  assert.equal(answers.rejects(4, quoted, 3, 15, (n, q) => (asked++, !q && judge(n))), false);
  assert.equal(asked, 4);
  assert.equal(answers.rejects(4, text, 2, 14, judge), true);
  assert.equal(asked, 4);
  const none = new NameAnswers(0);
  for (let i = 0; i < 3; i++) none.rejects(4, text, 2, 14, judge);
  assert.equal(asked, 7);
});

Deno.test("sharing slots never mixes answers: every name and rule gets its judge's answer", () => {
  const rng = new Rng(3131);
  // Names that open alike (a name and its longer forms) and differ by rule: a slot
  // shared by all of them (one slot) must still give each its own answer.
  const stems = ["api_key", "token", "password", "max_tokens", "input_token"];
  const names = stems.flatMap((s) => [s, `${s}s`, `${s}_id`, `my_${s}`]);
  const judge = (rule: number) => (name: string) => (name.length + rule) % 3 === 0;
  for (const slots of [1, 2, 4096]) {
    const answers = new NameAnswers(slots);
    for (let i = 0; i < 2000; i++) {
      const name = rng.pick(names);
      const rule = rng.int(4);
      const pad = rng.str(ALNUM, rng.int(5));
      const text = `${pad} ${name}=${rng.str(ALNUM, 8)}`;
      const first = pad.length + 1;
      assert.equal(
        answers.rejects(rule, text, first, first + name.length, judge(rule)),
        judge(rule)(name),
        `${slots} slots: rule ${rule}, ${name}`,
      );
    }
  }
});

Deno.test("remembered answers change no finding, with room for every name or one slot for all", () => {
  const rng = new Rng(3132);
  const engines = [undefined, 1, 0].map((slots) =>
    createEngine(SECRET_RULES, slots === undefined ? {} : { nameAnswerSlots: slots })
  );
  const pool: string[] = [];
  for (const build of Object.values(SAMPLES)) {
    for (const wrap of Object.values(CONTEXTS)) pool.push(wrap(build(rng).text));
  }
  // Names a rule rejects next to names it reads, opening alike, in one input.
  const names = [
    "API_KEY",
    "API_KEYS",
    "api_key_id",
    "input_tokens",
    "input_token",
    "max_tokens",
    "password",
    "password_hash",
    "DB_PASSWORD",
    "secret",
    "secret_name",
    "token",
    "tokens",
    "auth_token_url",
  ];
  for (let i = 0; i < 300; i++) {
    const lines: string[] = [];
    for (let j = 0; j < 6; j++) {
      const value = rng.int(2) === 0 ? `Zq7${rng.str(ALNUM, 14)}` : "process.env.X";
      lines.push(`${rng.pick(names)}${rng.pick(["=", " = ", ": ", '="'])}${value}`);
    }
    pool.push(rng.pick(Object.values(CONTEXTS))(lines.join("\n")));
  }
  let found = 0;
  for (const text of pool) {
    const bytes = encoder.encode(text);
    const [a, b, c] = engines.map((e) => findSecrets(e, bytes));
    assert.deepEqual(b, a, text);
    assert.deepEqual(c, a, text);
    found += a!.length;
  }
  // Both sides seen: names read and found, names rejected.
  assert.ok(found > 300, `${found} findings`);
});
