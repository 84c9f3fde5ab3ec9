// Tests for core/safety/secrets/pieces.ts (review80): a key that code splits
// into concatenated string pieces (Python's adjacent strings, `+`, PHP's
// `.`) is redacted over every piece, raw and in a transcript's JSON; strings
// side by side on one line, words, paths and a second string of another
// quote are kept; a streamed scan joins what the whole input does.

import assert from "node:assert/strict";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { extendPieces } from "../../../../core/safety/secrets/pieces.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";
import { streamedRedaction } from "../../../_helpers/streamed_redaction.ts";

const engine = defaultEngine();
const encoder = new TextEncoder();

/** The ways code splits a value `a` + `b` (+ `c`). */
const SPLITS: readonly ((a: string, b: string, c: string) => string)[] = [
  (a, b, c) => `API_KEY = (\n    "${a}"\n    "${b}"\n    "${c}"\n)`,
  (a, b, c) => `const key = "${a}" +\n  "${b}" +\n  "${c}";`,
  (a, b, c) => `token := "${a}" +\n\t"${b}" + "${c}"`,
  (a, b, c) => `$key = '${a}'\n  . '${b}'\n  . '${c}';`,
  (a, b, c) => `String k = "${a}"\n    + "${b}"\n    + "${c}";`,
];

Deno.test("a token split into concatenated string pieces is redacted over every piece", () => {
  const rng = new Rng(8301);
  for (const kind of ["openai_api_key", "anthropic_api_key", "stripe_secret_key"]) {
    const s = SAMPLES[kind]!(rng).secret;
    // A first piece as long as a line of code holds, the rest in two.
    const cut = Math.floor((s.length - 60) / 2) + 60;
    const [a, b, c] = [s.slice(0, 60), s.slice(60, cut), s.slice(cut)];
    for (const split of SPLITS) {
      for (const [ctx, wrap] of [["raw", (x: string) => x] as const, ...Object.entries(CONTEXTS)]) {
        const r = redactText(engine, wrap(split(a, b, c)));
        assert.ok(r.kinds.includes(kind), `${kind} ${ctx}: ${r.text}`);
        for (const piece of [b, c]) {
          assert.ok(
            !r.text.includes(piece.slice(0, 8)),
            `${kind} ${ctx}: ${piece} left in ${r.text}`,
          );
        }
      }
    }
  }
});

/** Splits mixing the quotes, as code may: `"…" + '…'`, Python's adjacent strings. */
const MIXED_SPLITS: readonly ((a: string, b: string, c: string) => string)[] = [
  (a, b, c) => `API_KEY = (\n    "${a}"\n    '${b}'\n    "${c}"\n)`,
  (a, b, c) => `const key = '${a}' +\n  "${b}" +\n  '${c}';`,
  (a, b, c) => `key = "${a}" + '${b}' + "${c}"`,
];

Deno.test("pieces in mixed quotes, and a last piece that ends a transcript's JSON string, are redacted", () => {
  const rng = new Rng(8305);
  for (const kind of ["openai_api_key", "anthropic_api_key"]) {
    const s = SAMPLES[kind]!(rng).secret;
    const [a, b, c] = [s.slice(0, 60), s.slice(60, 80), s.slice(80)];
    const texts = MIXED_SPLITS.map((split) => split(a, b, c));
    // The code is the whole of the tool result: its last quote is followed by the JSON's.
    for (const split of [...SPLITS, ...MIXED_SPLITS]) {
      texts.push(
        JSON.stringify({ type: "tool_result", content: split(a, b, c).replace(/[;)\n]+$/, "") }),
      );
    }
    for (const text of texts) {
      for (const [ctx, wrap] of [["raw", (x: string) => x] as const, ...Object.entries(CONTEXTS)]) {
        const r = redactText(engine, wrap(text));
        assert.ok(r.kinds.includes(kind), `${kind} ${ctx}: ${r.text}`);
        for (const piece of [b, c]) {
          assert.ok(
            !r.text.includes(piece.slice(0, 8)),
            `${kind} ${ctx}: ${piece} left in ${r.text}`,
          );
        }
      }
    }
  }
});

Deno.test("strings beside a whole token that are not its pieces are kept", () => {
  const rng = new Rng(8302);
  const s = SAMPLES.anthropic_api_key!(rng).secret;
  // Positive control: the same token split across a line is joined.
  const split = `k = ("${s.slice(0, 60)}"\n     "${s.slice(60)}")`;
  assert.equal(redactText(engine, split).text, 'k = ("[REDACTED:anthropic_api_key]")');
  for (
    const [text, kept] of [
      [`echo "${s}" "Xk9q7Lm2readme"`, '"Xk9q7Lm2readme"'],
      [`x = "${s}" + "/path/to/file"`, '"/path/to/file"'],
      [`x = "${s}" + ".json"`, '".json"'],
      [`x = "${s}" +\n  "readme"`, '"readme"'],
      [`echo "${s}" 'Xk9q7Lm2abc'`, "'Xk9q7Lm2abc'"],
      [`x = "${s}" +\n  "a b c d e f 1"`, '"a b c d e f 1"'],
      [`x = ["${s}",\n  "Xk9q7Lm2abc"]`, '"Xk9q7Lm2abc"'],
    ] as const
  ) {
    const r = redactText(engine, text);
    assert.ok(!r.text.includes(s.slice(10, 30)), text);
    assert.ok(r.text.includes(kept), `${text} -> ${r.text}`);
  }
});

Deno.test("extendPieces() leaves a finding that is not a whole string alone", () => {
  const text = 'k = "x Zq7kLm2xR9vT4wZp8K"\n  "Hd3Jf9Ks2Lq8"';
  const bytes = encoder.encode(text);
  const at = text.indexOf("Zq7");
  const f = { kind: "generic_secret", start: at, end: at + 18 };
  assert.deepEqual(extendPieces(bytes, [f]).findings, [f]);
  // Positive control: the same string without the word before it is extended.
  const wholeText = 'k = "Zq7kLm2xR9vT4wZp8K"\n  "Hd3Jf9Ks2Lq8"';
  const g = { kind: "generic_secret", start: 5, end: 23 };
  assert.equal(
    extendPieces(encoder.encode(wholeText), [g]).findings[0]!.end,
    wholeText.lastIndexOf('"'),
  );
});

Deno.test("a streamed scan joins the pieces as the whole input does, at every chunk boundary", async () => {
  const rng = new Rng(8303);
  const chunkBytes = 64;
  const s = SAMPLES.openai_api_key!(rng).secret;
  const body = SPLITS[1]!(s.slice(0, 70), s.slice(70, 120), s.slice(120));
  for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
    const wrapped = wrap(body);
    for (let pad = 0; pad < chunkBytes + wrapped.length; pad += 3) {
      const text = "x".repeat(pad) + "\n" + wrapped;
      const streamed = await streamedRedaction(engine, text, chunkBytes, 5);
      assert.equal(streamed, redactText(engine, text).text, `pad ${pad}`);
      assert.ok(!streamed.includes(s.slice(125, 135)), `pad ${pad}: piece left`);
    }
  }
});

Deno.test("a later copy of the joined value, whole and bare, is redacted too (every copy)", () => {
  const rng = new Rng(8304);
  const head = "Zq7" + rng.str(ALNUM, 20);
  const rest = "Hd3" + rng.str(ALNUM, 17);
  const text = `token := "${head}" +\n  "${rest}"\nlater: curl -d key=x ${head}${rest} done\n`;
  for (const [ctx, wrap] of [["raw", (x: string) => x] as const, ...Object.entries(CONTEXTS)]) {
    const r = redactText(engine, wrap(text));
    assert.ok(!r.text.includes(rest.slice(0, 10)), `${ctx}: ${r.text}`);
    assert.ok(r.text.includes("done"), ctx);
  }
});

Deno.test("redact90: a key cut into 16 pieces of 12 characters over lines is redacted to its last piece (a count of 8 printed from the ninth) (see: #21)", () => {
  const rng = new Rng(9005);
  for (const n of [9, 16, 40]) {
    const parts = Array.from({ length: n }, (_, i) => `P${i % 10}${rng.str(ALNUM, 10)}`);
    const text = `API_TOKEN = (\n${parts.map((x) => `    "${x}"`).join("\n")}\n)\nprint("done")`;
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, wrap(text));
      for (const x of parts) assert.ok(!r.text.includes(x), `${n}: ${x} in ${r.text}`);
      assert.ok(r.text.includes('print(\\"done\\")') || r.text.includes('print("done")'), r.text);
    }
  }
});
