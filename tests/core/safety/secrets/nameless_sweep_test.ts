// The sweep of a nameless rule's starts (core/safety/secrets/engine.ts anyStartIn): before a rule
// without a name tries each start before its keyword, one sticky run of its pattern behind a lazy
// run of characters tells whether any start there matches. It must change no finding: on text
// built from the nameless rules' own keywords and the shapes around them, on the labelled cases
// (every kind in every context, the look-alikes and placeholders) and on a generated transcript,
// streamed as baton redact reads it.

import assert from "node:assert/strict";
import fc from "fast-check";
import { createEngine, findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { scanStream } from "../../../../core/safety/secrets/stream.ts";
import { readerOf } from "../../../_helpers/byte_stream.ts";
import { CONTEXTS, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";
import { buildTranscript, placeholder } from "../../../bench/secrets_transcript.ts";

const encoder = new TextEncoder();
// Every hit that would try all its rule's starts is swept, from the first.
const swept = createEngine(SECRET_RULES, { sweepAfter: 0 });
const plain = createEngine(SECRET_RULES, { sweepStarts: false });

/** The keywords of every rule the sweep applies to (a nameless rule reaching back 8+ bytes). */
const KEYWORDS = [
  ...new Set(
    swept.rules.filter((c) => c.nameless && c.before >= 8).flatMap((c) => c.rule.keywords),
  ),
];

/** The kinds of those rules that the labelled samples plant (their matches are what the sweep could lose). */
const SWEPT_KINDS = new Set(
  swept.rules.filter((c) => c.nameless && c.before >= 8).map((c) => c.rule.kind),
);
const SAMPLE_KINDS = Object.keys(SAMPLES).filter((k) => SWEPT_KINDS.has(k));

/** Both engines find the same in `text`, heads of folded tokens and dumps included. */
function same(text: string): number {
  const bytes = encoder.encode(text);
  const want = findSecrets(plain, bytes, true);
  assert.deepEqual(findSecrets(swept, bytes, true), want, JSON.stringify(text.slice(0, 200)));
  return want.filter((f) => SWEPT_KINDS.has(f.kind)).length;
}

const piece = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...SAMPLE_KINDS), fc.nat(10_000)).map(([kind, seed]) =>
      SAMPLES[kind]!(new Rng(seed)).text
    ),
  },
  { weight: 4, arbitrary: fc.constantFrom(...KEYWORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...KEYWORDS).map((k) => k.toUpperCase()) },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,12}$/) },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9+\/_-]{16,44}$/) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      " ",
      "\t",
      ":",
      "=",
      " = ",
      '"',
      "'",
      "`",
      '\\"',
      "\n",
      "\\n",
      "(",
      ")",
      ";",
      "@",
      "<",
      "/>",
      ">",
      "?",
      "[",
      "]",
      "&",
      ".",
      "-",
      "5432",
      "é",
    ),
  },
);

Deno.test("the sweep of a nameless rule's starts changes no finding (property)", () => {
  let found = 0;
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
      found += same(pieces.join(""));
    }),
    { numRuns: 1500 },
  );
  // Positive control: the texts hold matches of the swept rules (what the sweep could lose).
  assert.ok(found > 200, String(found));
});

Deno.test("the sweep of a nameless rule's starts changes no finding: the labelled cases", () => {
  let positives = 0;
  for (let seed = 1; seed <= 5; seed++) {
    const rng = new Rng(1000 + seed);
    for (const make of Object.values(SAMPLES)) {
      for (const wrap of Object.values(CONTEXTS)) {
        const bytes = encoder.encode(wrap(make(rng).text));
        const want = findSecrets(plain, bytes, true);
        assert.deepEqual(findSecrets(swept, bytes, true), want);
        if (want.length > 0) positives++;
      }
    }
  }
  const rng = new Rng(77);
  const negatives = Object.values(lookAlikes(rng)).flat();
  for (const name of ["API_KEY", "DB_PASSWORD", "GITHUB_TOKEN", "JWT_SECRET"]) {
    for (let i = 0; i < 40; i++) {
      negatives.push(`${name}=${placeholder(rng, name)}`, `${name}: ${placeholder(rng, name)}`);
    }
  }
  const wrappers = [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.yaml!, CONTEXTS.dotenv!];
  for (const v of negatives) for (const wrap of wrappers) same(wrap(v));
  // Positive control: nearly every labelled secret is found.
  assert.ok(positives > 5 * Object.keys(SAMPLES).length * 6, String(positives));
});

Deno.test("the sweep of a nameless rule's starts changes no finding: a streamed transcript", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const t = await buildTranscript(`${dir}/t.jsonl`, 3_000_000);
    const bytes = await Deno.readFile(t.path);
    const scan = async (engine: typeof swept) =>
      (await scanStream(engine, readerOf(bytes), { write: () => {} })).findings;
    const want = await scan(plain);
    assert.deepEqual(await scan(swept), want);
    // And as baton redact scans: a rule's sweep compiled after its first hits.
    assert.deepEqual(await scan(createEngine(SECRET_RULES)), want);
    // Positive control: most planted secrets are among the findings.
    assert.ok(want.length > t.planted.length * 0.9, `${want.length} of ${t.planted.length}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
