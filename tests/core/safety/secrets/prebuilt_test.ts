// Tests for core/safety/secrets/prebuilt.ts: packed tables decode to exactly
// what buildAutomaton and buildNameChecks compute, and the fingerprint tells
// tables built from other rules apart.

import assert from "node:assert/strict";
import { buildAutomaton } from "../../../../core/safety/secrets/automaton.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { buildNameChecks } from "../../../../core/safety/secrets/name_checks.ts";
import {
  decodePacked,
  decodeTables,
  encodeTables,
  fingerprintKeywords,
  fingerprintRuleCounts,
  tablesFingerprint,
} from "../../../../core/safety/secrets/prebuilt.ts";
import { SECRET_TABLES } from "../../../../core/safety/secrets/tables_generated.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createWasmDfa } from "../../../../wasm/mod.ts";
import { Rng } from "../../../_helpers/secret_fixtures.ts";

Deno.test("decodeTables(encodeTables()) gives the built tables back, on random keyword sets", () => {
  const rng = new Rng(2101);
  // A small alphabet makes shared prefixes, suffix links and deep failure chains common.
  const alphabet = 'abcAB_-:= \\"';
  for (let round = 0; round < 60; round++) {
    const words = new Set<string>();
    for (let n = 1 + rng.int(40); n > 0; n--) {
      let w = "";
      for (let len = 3 + rng.int(8); len > 0; len--) w += alphabet[rng.int(alphabet.length)];
      words.add(w.toLowerCase());
    }
    const keywords = [...words];
    const automaton = buildAutomaton(keywords);
    const lead = new Uint8Array(128).fill(1, 0x61, 0x7b);
    const follows = { quote: true, escapes: 1, blanks: 2, operators: ":=" } as const;
    const checks = buildNameChecks(
      automaton,
      keywords.map((_, i) => [i % 2]),
      [{ lead, follows, tail: null }, { lead: null, follows: null, tail: null }],
    );
    const back = decodeTables(encodeTables(automaton, checks), automaton.keywords);
    assert.deepEqual(back.automaton, automaton, `round ${round}: ${JSON.stringify(keywords)}`);
    assert.deepEqual(back.nameChecks, checks, `round ${round}`);
  }
});

Deno.test("decodeTables(encodeTables()) gives the built tables of SECRET_RULES back", () => {
  const built = createEngine(SECRET_RULES, { prefilter: "ts" });
  const back = decodeTables(
    encodeTables(built.automaton, built.nameChecks!),
    built.automaton.keywords,
  );
  assert.deepEqual(back.automaton, built.automaton);
  assert.deepEqual(back.nameChecks, built.nameChecks);
});

Deno.test("decodeTables(): a WASM DFA that unpacks packedRows itself scans as one given the built table", () => {
  const built = createEngine(SECRET_RULES, { prefilter: "ts" });
  const back = decodeTables(
    encodeTables(built.automaton, built.nameChecks!),
    built.automaton.keywords,
  );
  // The WASM DFA reads only packedRows: a table that would find nothing proves it.
  const empty = new Uint32Array(built.automaton.table.length);
  const unpacked = createWasmDfa({
    ...back.automaton,
    table: empty,
    packedRows: back.packedRows,
    nameChecks: back.nameChecks,
  });
  const copied = createWasmDfa({ ...built.automaton, nameChecks: built.nameChecks! });
  // Every keyword, in a name-check-passing and a failing shape, with its
  // failure chains exercised by a one-byte-shifted second copy.
  const rng = new Rng(2207);
  const keywords = built.automaton.keywords;
  for (let round = 0; round < 20; round++) {
    let text = "";
    for (let n = 0; n < 300; n++) {
      const k = keywords[rng.int(keywords.length)]!;
      text += rng.int(2) === 0 ? ` ${k}="x${k}${k.slice(1)}" ` : `_${k.toUpperCase()}-${k}`;
    }
    const bytes = new TextEncoder().encode(text);
    const want = copied.scan(bytes, 0);
    assert.ok(want.hits.length > 100, "control: the text has keyword hits");
    assert.deepEqual(unpacked.scan(bytes, 0), want, `round ${round}`);
  }
  // Control: the same DFA without packedRows reads the empty table and finds nothing.
  const blank = createWasmDfa({ ...back.automaton, table: empty, nameChecks: back.nameChecks });
  assert.equal(blank.scan(new TextEncoder().encode("x ghp_ token=abc"), 0).hits.length, 0);
});

Deno.test("decodeTables() refuses data in another format or cut short", () => {
  const a = buildAutomaton(["her", "she", "hers"]);
  const checks = buildNameChecks(a, [[0], [0], [0]], [{ lead: null, follows: null, tail: null }]);
  const data = encodeTables(a, checks);
  // Control: the data itself decodes.
  assert.equal(decodeTables(data, a.keywords).automaton.table.length, a.table.length);
  assert.throws(() => decodeTables(data.slice(0, data.length - 4), a.keywords), RangeError);
  const other = data.slice();
  other[0] = 9;
  assert.throws(() => decodeTables(other, a.keywords), RangeError);
});

Deno.test("decodeTables() reads packed bytes at any offset of their buffer", () => {
  const a = buildAutomaton(["her", "she", "hers"]);
  const checks = buildNameChecks(a, [[0], [0], [0]], [{ lead: null, follows: null, tail: null }]);
  const data = encodeTables(a, checks);
  // The same bytes one past a 4-byte boundary (as a bytes import may place them).
  const shifted = new Uint8Array(data.length + 1);
  shifted.set(data, 1);
  const view = shifted.subarray(1);
  const back = decodeTables(view, a.keywords);
  assert.deepEqual(back.automaton.table, a.table);
  assert.deepEqual(back.nameChecks, checks);
  // Control: at an aligned offset the same bytes give the same tables.
  assert.deepEqual(decodeTables(data.slice(), a.keywords).automaton.table, a.table);
});

Deno.test("tablesFingerprint() changes with every input of the tables", () => {
  const rule = { lead: "a-z", follows: { quote: false }, tail: null };
  const base = tablesFingerprint(["key", "token"], [[0], [0]], [rule]);
  assert.equal(base, tablesFingerprint(["key", "token"], [[0], [0]], [{ ...rule }]));
  const changed = [
    tablesFingerprint(["key", "tokens"], [[0], [0]], [rule]),
    tablesFingerprint(["token", "key"], [[0], [0]], [rule]),
    tablesFingerprint(["key", "token"], [[0], [0, 1]], [rule, rule]),
    tablesFingerprint(["key", "token"], [[0], [0]], [{ ...rule, lead: "a-z0-9" }]),
    tablesFingerprint(["key", "token"], [[0], [0]], [{ ...rule, follows: { quote: true } }]),
    tablesFingerprint(["key", "token"], [[0], [0]], [{ ...rule, tail: { min: 4 } }]),
    tablesFingerprint(["key", "token"], [[0], [0]], [{ ...rule, placeholders: true }]),
    tablesFingerprint(["key", "token"], [[0], [0]], [rule], ["${"]),
  ];
  for (const c of changed) assert.notEqual(c, base);
});

/** fingerprintRuleCounts(fp) against fingerprintKeywords(fp)'s counts: null for null, else equal. */
function assertSameCounts(fp: string, why: string): void {
  const want = fingerprintKeywords(fp);
  const got = fingerprintRuleCounts(fp);
  if (want === null) assert.equal(got, null, why);
  else assert.deepEqual(got === null ? null : [...got], want.ruleCounts, why);
}

Deno.test("fingerprintRuleCounts() gives fingerprintKeywords' counts, on random fingerprints and malformed ones", () => {
  const rng = new Rng(2290);
  // Keywords may hold the owner section's separators: only that section is counted.
  const alphabet = "ab;,:=_-";
  let withCounts = 0;
  for (let round = 0; round < 300; round++) {
    const keywords: string[] = [];
    for (let n = 1 + rng.int(12); n > 0; n--) {
      let w = "";
      for (let len = 1 + rng.int(6); len > 0; len--) w += alphabet[rng.int(alphabet.length)];
      keywords.push(w);
    }
    const rules = 1 + rng.int(5);
    // Owner lists of 0 to 4 rules: empty lists are common.
    const owners = keywords.map(() => Array.from({ length: rng.int(5) }, () => rng.int(rules)));
    const ruleShapes = Array.from({ length: rules }, (_, i) => ({
      lead: i % 2 === 0 ? "a-z" : null,
      follows: null,
      tail: null,
    }));
    const fp = tablesFingerprint(keywords, owners, ruleShapes, rng.int(2) === 0 ? [] : ["${"]);
    assertSameCounts(fp, `round ${round}`);
    if (fingerprintRuleCounts(fp) !== null) withCounts++;
    // Cut anywhere: a fingerprint missing a separator, or with fewer lists than keywords.
    assertSameCounts(fp.slice(0, rng.int(fp.length)), `round ${round}, cut`);
  }
  // Control: the random fingerprints were read, not refused.
  assert.equal(withCounts, 300);
  const sep = "\n\0\n";
  for (
    const fp of [
      "",
      "v4",
      `v3${sep}key${sep}0`,
      `v4${sep}key`,
      `v4${sep}key\npwd${sep}0`,
      `v4${sep}key${sep}0;1`,
      `v4${sep}key\npwd${sep},1;`,
      `v4${sep}key\npwd${sep}0,,1;,${sep}[]`,
      `v4${sep}${sep}`,
    ]
  ) assertSameCounts(fp, JSON.stringify(fp));
});

Deno.test("fingerprintRuleCounts() gives the stored tables' counts, and the gate's sections are decodeTables'", () => {
  const counts = fingerprintRuleCounts(SECRET_TABLES.fingerprint);
  const keywords = fingerprintKeywords(SECRET_TABLES.fingerprint)!;
  assert.ok(
    keywords.ruleCounts.length > 1000,
    "control: the stored fingerprint lists the keywords",
  );
  assert.deepEqual([...counts!], keywords.ruleCounts);
  const packed = decodePacked(SECRET_TABLES.data);
  const full = decodeTables(SECRET_TABLES.data, keywords.keywords);
  assert.deepEqual(packed.classes, full.automaton.classes);
  assert.deepEqual(packed.outputStart, full.automaton.outputStart);
  assert.deepEqual(packed.outputs, full.automaton.outputs);
  assert.deepEqual(packed.nameChecks, full.nameChecks);
  assert.deepEqual(packed.packedRows, full.packedRows);
  // Decoded once: the engine's tables read the sections the gate read.
  assert.equal(decodePacked(SECRET_TABLES.data), packed);
  assert.equal(full.nameChecks, packed.nameChecks);
});

Deno.test("decodePacked() refuses data in another format or cut short", () => {
  const a = buildAutomaton(["her", "she", "hers"]);
  const checks = buildNameChecks(a, [[0], [0], [0]], [{ lead: null, follows: null, tail: null }]);
  const data = encodeTables(a, checks);
  // Control: the data itself decodes.
  assert.deepEqual(decodePacked(data).nameChecks, checks);
  assert.throws(() => decodePacked(data.slice(0, data.length - 4)), RangeError);
  const other = data.slice();
  other[0] = 9;
  assert.throws(() => decodePacked(other), RangeError);
});
