/**
 * A table's cell under a credential column (redact104): under a bare
 * `token` column, a tokenizer's or a catalogue's words (`x86_64-linux`,
 * `utf8mb4_general_ci`, `node18-alpine`) are kept, as the words they are;
 * the same words under any other credential column, and credentials drawn
 * at random under `token`, are still redacted. Every value is drawn at run
 * time from a fixed seed.
 * @module
 */
import assert from "node:assert/strict";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { csvCellIsSecret, isVocabularyWord } from "../../../../core/safety/secrets/csv_cells.ts";
import { ALNUM, p, Rng } from "../../../_helpers/secret_fixtures.ts";
import { ESCAPES } from "../../../_helpers/redact_everywhere.ts";

const engine = defaultEngine();
const MARK = "[REDACTED:generic_secret]";

/** Words a `token` column of a tokenizer, a platform list or a design system holds. */
const WORDS = [
  "x86_64-linux",
  "covid19-vaccine",
  "ipv6-address",
  "utf8mb4_general_ci",
  "node18-alpine",
  "aarch64-apple-darwin",
  "gpt-4o-mini-2024-07-18",
  "llama-3.1-8b-instruct",
  "postgres16-bookworm",
  "--color-primary-500",
  "k8s-node-pool",
];

/** The tables each word is put in: CSV and Markdown, under `%name%`. */
const LAYOUTS = [
  "id,%name%,note\n1,%v%,x\n",
  "| id | %name% | note |\n|---|---|---|\n| 1 | %v% | x |\n",
];

const fill = (layout: string, name: string, v: string) =>
  layout.replace("%name%", name).replace("%v%", v);

Deno.test("redact104: a vocabulary's words under a bare token column are kept, raw and escaped once and twice", () => {
  for (const w of WORDS) {
    assert.ok(isVocabularyWord(w), w);
    for (const layout of LAYOUTS) {
      for (const escape of ESCAPES) {
        const input = escape(fill(layout, "token", w));
        assert.deepEqual(redactText(engine, input).kinds, [], input);
      }
    }
  }
});

Deno.test("redact104: control: the same words under another credential column are redacted", () => {
  for (const w of WORDS) {
    for (const name of ["api_token", "access_token", "auth_token"]) {
      for (const layout of LAYOUTS) {
        const input = fill(layout, name, w);
        assert.equal(redactText(engine, input).text, input.replace(w, MARK), input);
      }
    }
  }
});

Deno.test("redact104: control: credentials drawn at random under a bare token column are redacted", () => {
  const rng = new Rng(104101);
  const LOWER_NUM = "abcdefghijklmnopqrstuvwxyz0123456789";
  const draws = [
    () => p(rng.str(ALNUM, 10), "7", rng.str(ALNUM, 11)),
    () => [rng.str(LOWER_NUM, 12), rng.str(LOWER_NUM, 12)].join("-"),
    () => [0, 1, 2, 3].map(() => rng.str(LOWER_NUM, 8)).join("_"),
  ];
  for (const draw of draws) {
    let kept = 0;
    for (let i = 0; i < 400; i++) {
      const v = draw();
      // Drawn digits alone or letters alone are no credential by the column's own contract.
      if (!/[0-9]/.test(v) || !/[a-z]/i.test(v)) continue;
      if (!csvCellIsSecret("token", v)) kept++;
    }
    // At most about 1 in 100 of lower-case words with digits reads as a vocabulary's.
    assert.ok(kept <= 4, `${draw}: ${kept} of 400 kept`);
  }
  for (const layout of LAYOUTS) {
    for (const escape of ESCAPES) {
      const v = draws[0]!();
      const input = escape(fill(layout, "token", v));
      assert.equal(redactText(engine, input).text, input.replace(v, MARK), input);
    }
  }
});

Deno.test("isVocabularyWord(): words joined, not one word, not upper case, not consonant runs", () => {
  assert.ok(isVocabularyWord("bert-base-uncased"));
  assert.ok(!isVocabularyWord("word2vec"));
  assert.ok(!isVocabularyWord("X86_64-Linux"));
  assert.ok(!isVocabularyWord("qzvkrtm-plwnbd-9"));
  assert.ok(!isVocabularyWord("ab3d-kq9z-mm2p"));
  assert.ok(!isVocabularyWord(`${"linux-".repeat(9)}x`));
});
