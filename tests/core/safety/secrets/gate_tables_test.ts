// Tests for core/safety/secrets/gate_tables.ts: what the keyword gate reads
// without the fingerprint's module is the stored tables' own (the same packed
// bytes, the fingerprint's counts), and a gate over it answers as one over the
// stored tables and their fingerprint, string for string.

import assert from "node:assert/strict";
import { GATE_TABLES } from "../../../../core/safety/secrets/gate_tables.ts";
import { createKeywordGate } from "../../../../core/safety/secrets/keyword_gate.ts";
import { fingerprintRuleCounts } from "../../../../core/safety/secrets/prebuilt.ts";
import { SECRET_TABLES } from "../../../../core/safety/secrets/tables_generated.ts";
import { CONTEXTS, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();

Deno.test("the gate's tables are the stored tables' bytes and their fingerprint's counts", () => {
  // One bytes module: the engine's decode reuses what the gate decoded.
  assert.equal(GATE_TABLES.data, SECRET_TABLES.data);
  const counts = fingerprintRuleCounts(SECRET_TABLES.fingerprint)!;
  assert.ok(counts.length > 1000, "control: the fingerprint lists the keywords");
  assert.deepEqual([...GATE_TABLES.ruleCounts as Uint8Array], [...counts]);
});

Deno.test("a gate over GATE_TABLES answers as one over SECRET_TABLES, on samples, look-alikes and random text", () => {
  const lean = createKeywordGate(GATE_TABLES);
  const full = createKeywordGate(SECRET_TABLES);
  const rng = new Rng(2291);
  const texts: string[] = [];
  for (const make of Object.values(SAMPLES)) {
    const sample = make(rng);
    for (const ctx of [(s: string) => s, ...Object.values(CONTEXTS)]) texts.push(ctx(sample.text));
    // The value alone, and the text cut short: hits whose checks fail.
    texts.push(sample.secret, sample.text.slice(0, sample.text.length >> 1));
  }
  for (const values of Object.values(lookAlikes(rng))) texts.push(...values);
  // Keyword-dense noise: every keyword's owners are read.
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789_-=:./ \"'";
  for (let n = 0; n < 300; n++) {
    let t = "";
    for (let len = 1 + rng.int(80); len > 0; len--) t += alphabet[rng.int(alphabet.length)];
    texts.push(t);
  }
  let open = 0;
  for (const text of texts) {
    const bytes = encoder.encode(text);
    const want = full.mayHold(bytes);
    if (want) open++;
    assert.equal(lean.mayHold(bytes), want, JSON.stringify(text.slice(0, 80)));
  }
  // Controls: the gate opens on many of these texts and stays shut on others.
  assert.ok(open > 500, `${open} opened`);
  assert.ok(texts.length - open > 100, `${texts.length - open} kept shut`);
});
