// Tests for a bare password or key that a bracket, `<`, `>` or `,` cut
// (review80): a generated password drawn from symbols is the whole rest of
// its YAML or INI line, where the pattern stops at the first such character;
// the rest had been printed. The widening is tried after an accepted match
// only; code's lists, calls and objects after a value are kept, and a
// streamed scan redacts what the whole input does at every chunk boundary.

import assert from "node:assert/strict";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, Rng } from "../../../_helpers/secret_fixtures.ts";
import { streamedRedaction } from "../../../_helpers/streamed_redaction.ts";

const engine = defaultEngine();

/** A password of `n` characters, a head of letters and digits, then a mark and more. */
function cutPassword(rng: Rng, mark: string, n: number): { value: string; tail: string } {
  const head = "Q7" + rng.str(ALNUM, 12);
  const tail = mark + rng.str(ALNUM + "!@^?:", n - head.length - 2) + "9x";
  return { value: head + tail, tail };
}

const LINES: readonly ((value: string) => string)[] = [
  (v) => `db_password: ${v}`,
  (v) => `password = ${v}`,
  (v) => `  smtp_pass: ${v}`,
  (v) => `client_secret: ${v}`,
  (v) => `api_key = ${v}`,
];

Deno.test("a bare password or key cut by a bracket, < > or a comma is redacted to its line's end", () => {
  const rng = new Rng(8201);
  for (const mark of [",", "<", ">", "}", "{", ")", "(", "]", "["]) {
    for (const line of LINES) {
      const { value, tail } = cutPassword(rng, mark, 24);
      for (const [ctx, wrap] of [["raw", (s: string) => s] as const, ...Object.entries(CONTEXTS)]) {
        const r = redactText(engine, wrap(`${line(value)}\nport: 5432\n`));
        assert.equal(r.kinds.length, 1, `${ctx}: ${r.text}`);
        assert.ok(!r.text.includes(tail.slice(1, 9)), `${ctx}: tail left in ${r.text}`);
        assert.ok(r.text.includes("port: 5432"), `${ctx}: the next line stays`);
      }
    }
  }
});

Deno.test("a cut password followed by a line comment is redacted up to the comment, which stays", () => {
  const rng = new Rng(8306);
  for (const mark of [",", "<", "}", "(", "["]) {
    for (const line of LINES) {
      const { value, tail } = cutPassword(rng, mark, 24);
      for (const comment of [" # rotated monthly", "\t# prod", "  #"]) {
        for (
          const [ctx, wrap] of [["raw", (s: string) => s] as const, ...Object.entries(CONTEXTS)]
        ) {
          const r = redactText(engine, wrap(`${line(value)}${comment}\nport: 5432\n`));
          assert.equal(r.kinds.length, 1, `${ctx}: ${r.text}`);
          assert.ok(!r.text.includes(tail.slice(1, 9)), `${ctx}: tail left in ${r.text}`);
          assert.ok(
            r.text.includes(`]${comment.replace("\t", ctx === "json_transcript" ? "\\t" : "\t")}`),
            `${ctx}: the comment stays in ${r.text}`,
          );
        }
      }
    }
  }
  // Control: a comment after a blank with no letter or digit before it is code's (`pw1, # note`).
  const v = "Q7" + rng.str(ALNUM, 12);
  assert.ok(redactText(engine, `password: ${v}, # note`).text.endsWith(", # note"));
  // Control: `#` with no blank after it is no comment, so the tail is not taken past the blank.
  assert.ok(redactText(engine, `password: ${v}<Zk9q7 #tag`).text.includes("<Zk9q7 #tag"));
});

Deno.test("what follows a value in code (a list, a call's next argument, an object) is kept", () => {
  const rng = new Rng(8202);
  const v = "Q7" + rng.str(ALNUM, 12);
  // Positive control: the same value cut by a mark at its line's end is redacted whole.
  assert.match(redactText(engine, `password: ${v}<Zk9q`).text, /^password: \[REDACTED:[a-z_]+\]$/);
  const cases: [string, string][] = [
    [`{password: ${v}, user: bob}`, ", user: bob}"],
    [`connect(user=bob,password=${v},host=db1)`, ",host=db1)"],
    [`password: ${v});`, ");"],
    [`password: ${v}, # rotate monthly`, ", # rotate monthly"],
    [`api_key: ${v}}}`, "}}"],
  ];
  for (const [text, kept] of cases) {
    const r = redactText(engine, text);
    assert.equal(r.kinds.length, 1, text);
    assert.ok(!r.text.includes(v), text);
    assert.ok(r.text.endsWith(kept), `${text} -> ${r.text}`);
  }
});

Deno.test("a streamed scan widens a cut value as the whole input does, at every chunk boundary", async () => {
  const rng = new Rng(8203);
  const chunkBytes = 64;
  const { value, tail } = cutPassword(rng, "<", 30);
  for (const body of [`db_password: ${value}\nport: 5432\n`, `api_key = ${value}`]) {
    for (const wrap of [(s: string) => s, CONTEXTS.json_transcript!]) {
      const wrapped = wrap(body);
      for (let pad = 0; pad < chunkBytes + wrapped.length; pad++) {
        const text = "x".repeat(pad) + "\n" + wrapped;
        const streamed = await streamedRedaction(engine, text, chunkBytes, 5);
        assert.equal(streamed, redactText(engine, text).text, `pad ${pad}`);
        assert.ok(!streamed.includes(tail.slice(1, 9)), `pad ${pad}: tail left`);
      }
    }
  }
});
