// Tests for core/safety/secrets/automaton.ts.

import assert from "node:assert/strict";
import { buildAutomaton } from "../../../../core/safety/secrets/automaton.ts";
import { scanDfaTs } from "../../../../core/safety/secrets/prefilter_ts.ts";
import { windowHash } from "../../../../wasm/mod.ts";

function keywordsAt(keywords: string[], text: string): [number, string][] {
  const a = buildAutomaton(keywords);
  const r = scanDfaTs(a, new TextEncoder().encode(text), 0);
  const out: [number, string][] = [];
  for (let h = 0; h < r.hits.length; h += 2) {
    const state = r.hits[h + 1]! / a.classCount;
    for (let o = a.outputStart[state]!; o < a.outputStart[state + 1]!; o++) {
      const k = a.keywords[a.outputs[o]!]!;
      out.push([r.hits[h]! - k.length + 1, k]);
    }
  }
  return out;
}

Deno.test("buildAutomaton() reports every overlapping keyword, ignoring ASCII case", () => {
  // All three end at the same byte: reported in keyword-id order.
  assert.deepEqual(keywordsAt(["secret", "client_secret", "ret"], "x CLIENT_Secret y"), [
    [9, "secret"],
    [2, "client_secret"],
    [12, "ret"],
  ]);
  assert.deepEqual(keywordsAt(["ghp_"], "GHP_ ghp_ gh p_"), [[0, "ghp_"], [5, "ghp_"]]);
  assert.deepEqual(keywordsAt(["abc", "bcd"], "abcd"), [[0, "abc"], [1, "bcd"]]);
  assert.deepEqual(keywordsAt(["abc"], "ababc"), [[2, "abc"]]);
});

Deno.test("buildAutomaton() sets the start bit of each keyword's first three bytes, in any case", () => {
  const a = buildAutomaton(["ab-c"]);
  const bit = (x: string) => {
    const h = windowHash(x.charCodeAt(0), x.charCodeAt(1), x.charCodeAt(2));
    return (a.starts[h >> 3]! >> (h & 7)) & 1;
  };
  assert.deepEqual(["ab-", "Ab-", "aB-", "AB-"].map(bit), [1, 1, 1, 1]);
  // Other windows are clear unless their hash collides (rare in 2^18 bits).
  const others = ["ba-", "b-c", "xyz", "ab_", "zzz", "qqq"].map(bit).reduce((n, b) => n + b, 0);
  assert.ok(others <= 1);
});

Deno.test("buildAutomaton() rejects short, non-ASCII and duplicate keywords", () => {
  assert.throws(() => buildAutomaton(["a"]), RangeError);
  assert.throws(() => buildAutomaton(["ab"]), RangeError);
  assert.throws(() => buildAutomaton(["clé"]), RangeError);
  assert.throws(() => buildAutomaton(["Key", "kEY"]), RangeError);
  assert.equal(buildAutomaton(["key", "kez"]).keywords.length, 2);
});
