// Differential property of the keyword pass's name checks (core/safety/secrets/name_checks.ts,
// prefilter_ts.ts, wasm/assembly/prefilter.ts): with them, WebAssembly or TypeScript, whole or
// streamed in small chunks, the engine finds exactly what it finds without them, on assignments
// whose values open with placeholder openings, their near misses, case changes and non-ASCII
// characters (each a run of DEL in the engine's view), in transcript-like surroundings.

import assert from "node:assert/strict";
import fc from "fast-check";
import { createEngine, findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { scanStream } from "../../../../core/safety/secrets/stream.ts";
import { WRAP_REACH } from "../../../../core/safety/secrets/wraps.ts";
import { PLACEHOLDER_OPENING_WORDS } from "../../../../core/safety/secrets/filters.ts";
import { readerOf } from "../../../_helpers/byte_stream.ts";
import { CONTEXTS } from "../../../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();
const engines = (["wasm", "ts"] as const).map((prefilter) => ({
  prefilter,
  checked: createEngine(SECRET_RULES, { prefilter }),
  plain: createEngine(SECRET_RULES, { prefilter, nameChecks: false }),
}));

const NAMES = [
  "DB_PASSWORD",
  "api_key",
  "clientSecret",
  "GITHUB_TOKEN",
  "auth_token",
  "pass",
  "self.password",
  '"password"',
  '\\"api_key\\"',
];
const OPERATORS = [
  "=",
  " = ",
  ": ",
  '": "',
  "= '",
  ":=",
  " := ",
  "=>",
  ' = \\"',
  ":\t`",
  "?=",
  "==",
];
const ODD = ["é", "€", "日本", "\u2026", "\x7f", "\uFEFF", "😀", "ſ", "\u212A", " ", "\t"];

/** An opening as written in a value: a listed one in any case, cut short, or after an odd character. */
const opening = fc.oneof(
  fc.constantFrom(...PLACEHOLDER_OPENING_WORDS).chain((w) =>
    fc.tuple(fc.array(fc.boolean(), { minLength: w.length, maxLength: w.length }), fc.nat(2)).map((
      [upper, cut],
    ) => [...w].map((c, i) => upper[i] ? c.toUpperCase() : c).join("").slice(0, w.length - cut))
  ),
  fc.constantFrom(...ODD),
  fc.constant(""),
);

const assignment = fc.record({
  name: fc.constantFrom(...NAMES),
  op: fc.constantFrom(...OPERATORS),
  quote: fc.constantFrom("", '"', "'", "`"),
  open: fc.array(opening, { minLength: 1, maxLength: 2 }).map((xs) => xs.join("")),
  // An inner `=` anywhere in it, however early (`ab=cd...`): the pass lets the value through.
  body: fc.stringMatching(/^[A-Za-z0-9_+\/.!@#%=-]{6,40}$/),
  context: fc.constantFrom(...Object.keys(CONTEXTS)),
}).map(({ name, op, quote, open, body, context }) =>
  CONTEXTS[context]!(`${name}${op}${quote}${open}${body}${quote}`)
);

Deno.test("the pass's name checks change no finding: WebAssembly and TypeScript, whole and streamed (property)", async () => {
  let found = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(assignment, { minLength: 1, maxLength: 3 }), async (parts) => {
      const bytes = encoder.encode(parts.join(""));
      const want = findSecrets(engines[0]!.plain, bytes);
      found += want.length;
      for (const { prefilter, checked, plain } of engines) {
        assert.deepEqual(findSecrets(plain, bytes), want, prefilter);
        assert.deepEqual(findSecrets(checked, bytes), want, prefilter);
      }
      const streamed = await scanStream(engines[0]!.checked, readerOf(bytes, 7), {
        bounds: { chunkBytes: 64, overlapBytes: engines[0]!.checked.maxAfter + WRAP_REACH },
      });
      assert.deepEqual(
        streamed.findings.map((f) => [f.kind, f.start, f.end]),
        want.map((f) => [f.kind, f.start, f.end]),
      );
    }),
    { numRuns: 300 },
  );
  // Positive control: the inputs hold secrets the engine finds.
  assert.ok(found > 50, `${found} found`);
});
