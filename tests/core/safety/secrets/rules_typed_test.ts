// Tests for core/safety/secrets/rules_typed.ts: a literal declared with a
// string type after its name is read as the same assignment without the
// type, so what the vendor rules by name and the generic assignment take
// there is taken here, and what they leave is left. Every value is drawn at
// run time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, HEX, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

function uuid(rng: Rng): string {
  return [8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-");
}

Deno.test("a vendor key, hex or UUID declared with a string type after its name is redacted as its untyped assignment is (see: #21)", () => {
  const rng = new Rng(2001);
  const hex64 = p("9b", rng.str(HEX, 62));
  const hex32 = p("7e", rng.str(HEX, 30));
  const id = uuid(rng);
  const key = p("Zq7", rng.str(ALNUM, 21));
  const cases: [string, string][] = [
    // Go: the vendor rules' separator takes no type word.
    [`var discordToken string = "${hex64}"`, hex64],
    [`\tvar algoliaKey string = "${hex32}"`, hex32],
    [`const snykToken string = "${id}"`, id],
    [`var datadogApiKey string = "${hex32}"`, hex32],
    // TypeScript, Kotlin (nullable), Rust, Python's wrapped types.
    [`const apiKey: string = "${hex32}";`, hex32],
    [`val apiToken: String? = "${key}"`, key],
    [`static API_KEY: &'static str = "${key}";`, key],
    [`API_KEY: Final[str] = "${key}"`, key],
    [`api_key: Optional[str] = '${key}'`, key],
  ];
  for (const [text, value] of cases) {
    // The untyped assignment takes it: the declaration must too.
    const untyped = text.replace(
      /(?:[ \t]*:[ \t]*|[ \t]+)(?:&'static |&)?[\w[\]]*?(?:string|str)\]?\??(?=[ \t]*=)/i,
      "",
    );
    assert.notEqual(untyped, text, text);
    assert.ok(!redactText(engine, untyped).text.includes(value), `untyped kept: ${untyped}`);
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.markdown_fence!]) {
      const r = redactText(engine, wrap(text));
      assert.ok(r.kinds.length > 0, `not found: ${text}`);
      assert.ok(!r.text.includes(value), `left in: ${r.text}`);
    }
  }
});

Deno.test("a typed declaration whose untyped assignment holds no secret is kept (see: #21)", () => {
  const rng = new Rng(2002);
  for (
    const text of [
      `var commitSha string = "${rng.str(HEX, 40)}"`,
      `var tokenHash string = "${rng.str(HEX, 40)}"`,
      // A bare or non-vendor name over hex is a digest, typed or not (rules_code_test.ts).
      `var sessionToken string = "${rng.str(HEX, 32)}"`,
      `var requestId string = "${uuid(rng)}"`,
      'const apiKeyHeader: string = "X-Api-Key";',
      'var tokenType string = "Bearer"',
      'val token: String = "${TOKEN}"',
      'let api_key: &str = "YOUR_API_KEY_HERE";',
      `const cacheKey: string = "${p("Zq7", rng.str(ALNUM, 21))}";`,
      `API_TOKEN: Final[str] = "${"x".repeat(24)}"`,
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a typed declaration aligned by gofmt, a bare Final or a union with None/null/undefined is redacted (see: #21, review36)", () => {
  const rng = new Rng(2003);
  const key = p("Zq7", rng.str(ALNUM, 21));
  const hex32 = p("7e", rng.str(HEX, 30));
  const cases: [string, string][] = [
    // gofmt aligns a var block's types and `=` with blanks.
    [`var (\n\tapiKey       string = "${key}"\n\tretries      int    = 3\n)`, key],
    [`var (\n\tx          int    = 3\n\talgoliaKey string   = "${hex32}"\n)`, hex32],
    // Python's bare Final, and unions.
    [`API_KEY: Final = "${key}"`, key],
    [`API_KEY: str | None = "${key}"`, key],
    [`const apiKey: string | undefined = "${key}";`, key],
    [`private apiToken: string|null = '${key}';`, key],
  ];
  for (const [text, value] of cases) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, wrap(text));
      assert.ok(!r.text.includes(value), `left in: ${r.text}`);
    }
  }
  // Controls: the same shapes over a digest's name, a placeholder or a reference are kept.
  for (
    const text of [
      `var (\n\tcommitSha      string = "${rng.str(HEX, 40)}"\n\tretries        int    = 3\n)`,
      'API_KEY: Final = "YOUR_API_KEY_HERE"',
      "API_KEY: str | None = None",
      'const apiKeyHeader: string | undefined = "X-Api-Key";',
      'x: Final = "some words here"',
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a typed declaration aligned with a tab before its `=` is read as with a blank (see: #21, left40)", () => {
  const rng = new Rng(2042);
  const key = p("Zq7", rng.str(ALNUM, 21));
  for (
    const text of [
      `var apiToken string\t= "${key}"`,
      `const apiKey: string\t= "${key}";`,
      `API_KEY: Final[str]\t= "${key}"`,
      `val apiKey: String?\t\t= "${key}"`,
    ]
  ) {
    for (const wrap of [(x: string) => x, CONTEXTS.markdown_fence!]) {
      const r = redactText(engine, wrap(text));
      assert.ok(!r.text.includes(key), `left in: ${r.text}`);
    }
  }
  // Look-alikes: what the untyped assignment leaves is left, tab or blank.
  for (
    const text of [
      `var commitSha string\t= "${rng.str(HEX, 40)}"`,
      'const apiKeyHeader: string\t= "X-Api-Key";',
      `var name string\t= "${key}"`,
      'var apiToken string\t= "${API_TOKEN}"',
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});
