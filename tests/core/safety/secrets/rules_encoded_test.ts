// Tests for core/safety/secrets/rules_encoded.ts: assignments whose quotes
// and operators arrive escaped twice or more, as `\u0022`, as `\u003d`, as
// `&quot;` or percent-encoded are found and redacted whole; their placeholders are kept.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, HEX, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/** JSON text `{"<name>": "<value>"}` with its quotes written as `q`. */
function quoted(q: string, name: string, value: string, colon = ": "): string {
  return `{${q}${name}${q}${colon}${q}${value}${q}}`;
}

const BS3 = '\\\\\\"';
const FORMS: [string, (name: string, value: string) => string][] = [
  // JSON in a tool result in a transcript line: each quote behind three backslashes.
  ["deep", (n, v) => JSON.stringify({ c: JSON.stringify({ c: quoted('"', n, v) }) })],
  ["deep raw", (n, v) => quoted(BS3, n, v)],
  ["deep seven", (n, v) => quoted('\\\\\\\\\\\\\\"', n, v, ":")],
  ["unicode", (n, v) => quoted("\\u0022", n, v)],
  ["unicode in JSON", (n, v) => JSON.stringify({ c: quoted("\\u0022", n, v) })],
  ["html", (n, v) => `<div data-config="${quoted("&quot;", n, v, ":")}">`],
  ["url json", (n, v) => `GET /s?q=%7B%22${n}%22%3A%20%22${v}%22%7D HTTP/1.1`],
  ["url form", (n, v) => `next=%2Flogin%3Fuser%3Dbob%26${n}%3D${v}%26x%3D1`],
  ["url form end", (n, v) => `body=${n}%3D${v}`],
  // Gson writes `=` as `\u003d`, `&` as `\u0026` and `'` as `\u0027`.
  ["gson", (n, v) => `{"c":"${n}\\u003d${v}\\u0026x\\u003d1"}`],
  ["gson quoted", (n, v) => `{"c":"${n}\\u003d\\u0027${v}\\u0027"}`],
];

Deno.test("an assignment with encoded quotes or operators is redacted whole (see: #21)", () => {
  const rng = new Rng(2131);
  const cases: [string, string][] = [
    ["password", `Hq7${rng.str(ALNUM, 9)}`],
    ["db_password", `hu${rng.str("abcdefghjk", 4)}42`],
    ["api_key", `Q7${rng.str(ALNUM, 22)}`],
    ["clientSecret", `Q7${rng.str(ALNUM, 30)}`],
    ["access_token", `Q7${rng.str(ALNUM, 40)}`],
    ["secret_key", rng.str(HEX, 40)],
  ];
  for (const [form, wrap] of FORMS) {
    for (const [name, value] of cases) {
      // The oracle: the kind the same assignment gets with plain quotes.
      const kind = redactText(engine, quoted('"', name, value)).kinds[0];
      assert.ok(kind === "generic_secret" || kind === "password_assignment", name);
      for (const ctx of [(x: string) => x, CONTEXTS.json_transcript!]) {
        const text = ctx(wrap(name, value));
        const r = redactText(engine, text);
        assert.deepEqual(r.kinds, [kind], `${form}: ${text}`);
        assert.ok(!r.text.includes(value.slice(2)), `${form}: survived in ${r.text}`);
        assert.deepEqual(redactText(engine, r.text).kinds, [], `${form}: not idempotent`);
      }
    }
  }
});

Deno.test("placeholders, look-alikes and other names in encoded assignments are kept (see: #21)", () => {
  const rng = new Rng(2132);
  const uuid = [8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-");
  const kept: [string, string][] = [
    ["password", "<password>"],
    ["password", "string"],
    ["api_key", "${API_KEY}"],
    ["api_key", "your-api-key-here"],
    ["token", "x".repeat(24)],
    ["token", uuid],
    ["max_tokens", "4096409640964096"],
    ["next_page_token", `Q7${rng.str(ALNUM, 30)}`],
    ["csrf_token", `Q7${rng.str(ALNUM, 30)}`],
    ["username", `Q7${rng.str(ALNUM, 30)}`],
  ];
  for (const [form, wrap] of FORMS) {
    for (const [name, value] of kept) {
      const plain = form.startsWith("url") ? encodeURIComponent(value) : value;
      const text = wrap(name, plain);
      assert.deepEqual(redactText(engine, text).kinds, [], `${form}: ${text}`);
    }
    // Positive control: the same form with a real value.
    const real = `Q7${rng.str(ALNUM, 30)}`;
    assert.deepEqual(redactText(engine, wrap("api_key", real)).kinds, ["generic_secret"], form);
  }
});

Deno.test("a PHP array's or Ruby hash's `=>` after a quoted password name is read raw and JSON-escaped once and twice; a route's target is kept (redact102)", () => {
  const rng = new Rng(10202);
  const escapes = [
    (x: string) => x,
    (x: string) => JSON.stringify({ content: x }),
    (x: string) => JSON.stringify({ content: JSON.stringify({ content: x }) }),
  ];
  for (const value of ["Xk9mQ2vLp7", rng.str(ALNUM, 14)]) {
    for (const line of [`"db_password" => "${value}"`, `"db_password"=>"${value}"`]) {
      for (const escape of escapes) {
        const text = escape(`$config = [\n  ${line},\n];`);
        const r = redactText(engine, text);
        // A long random value may be the generic rule's (same span): one marker either way.
        assert.equal(r.kinds.length, 1, text);
        assert.ok(!r.text.includes(value), r.text);
      }
    }
    // Control: the same with `:` was read already.
    const colon = escapes[2]!(`{"db_password": "${value}"}`);
    assert.equal(redactText(engine, colon).kinds.length, 1, colon);
  }
  // Controls: a Rails route's target after `=>` and a placeholder are kept at every depth.
  for (
    const line of [`put "/forgot-password" => "passwords#update"`, `"db_password" => "changeme"`]
  ) {
    for (const escape of escapes) {
      assert.deepEqual(redactText(engine, escape(line)).kinds, [], escape(line));
    }
  }
});
