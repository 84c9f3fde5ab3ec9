// Tests for core/safety/secrets/lazy_rows.ts: the rows made on demand are
// the rows prebuilt.ts unpacks all at once (every one, word for word), a scan
// over them gives scanDfaTs's hits over the full table on a corpus of planted
// secrets, look-alikes, keyword fragments and random bytes, a short string
// makes only the rows it reaches, and a malformed packing is refused.

import assert from "node:assert/strict";
import { lazyRows, scanLazyRows } from "../../../../core/safety/secrets/lazy_rows.ts";
import { scanDfaTs } from "../../../../core/safety/secrets/prefilter_ts.ts";
import { decodeTables, fingerprintKeywords } from "../../../../core/safety/secrets/prebuilt.ts";
import { SECRET_TABLES } from "../../../../core/safety/secrets/tables_generated.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { CONTEXTS, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();
const keywords = fingerprintKeywords(SECRET_TABLES.fingerprint)!.keywords;
const tables = decodeTables(SECRET_TABLES.data, keywords);
const full = {
  classes: tables.automaton.classes,
  starts: tables.automaton.starts,
  table: tables.automaton.table,
  nameChecks: tables.nameChecks,
};

/** Planted secrets in every context, look-alikes, keyword runs in mixed case, non-ASCII and noise. */
function corpus(): Uint8Array[] {
  const rng = new Rng(31);
  const out: Uint8Array[] = [];
  for (const build of Object.values(SAMPLES)) {
    const text = build(rng).text;
    out.push(encoder.encode(text));
    for (const wrap of Object.values(CONTEXTS)) out.push(encoder.encode(wrap(text)));
  }
  for (const values of Object.values(lookAlikes(rng))) {
    for (const v of values) out.push(encoder.encode(v));
  }
  const words = [...new Set(SECRET_RULES.flatMap((r) => r.keywords))];
  let mixed = "";
  for (let i = 0; i < 3000; i++) {
    const k = rng.pick(words);
    mixed += rng.next() < 0.5 ? k.toUpperCase() : k.slice(0, 1 + rng.int(k.length));
    mixed += rng.pick([" ", "", "\n", "=", "_", "é"]);
  }
  out.push(encoder.encode(mixed));
  const noise = new Uint8Array(64 * 1024);
  for (let i = 0; i < noise.length; i++) noise[i] = rng.int(256);
  out.push(noise, new Uint8Array(0));
  return out;
}

Deno.test("a scan over rows made on demand gives the full table's hits, masks, end row and ASCII flag", () => {
  const rows = lazyRows(tables.packedRows);
  let hits = 0;
  for (const bytes of corpus()) {
    const want = scanDfaTs(full, bytes, 0);
    const got = scanLazyRows(rows, full.classes, full.nameChecks, bytes, 0);
    assert.deepEqual(got, want);
    hits += want.hits.length / 2;
  }
  // Positive control: the corpus does reach keywords and passed name checks.
  assert.ok(hits > 1000, `${hits} hits`);
  // From a row other than the start (a scan carried over from a previous chunk).
  const mid = scanDfaTs(full, encoder.encode("xyz ghp_"), 0).state;
  const tail = encoder.encode("0123456789abcdefghij0123456789abcdefghij");
  assert.deepEqual(
    scanLazyRows(rows, full.classes, full.nameChecks, tail, mid),
    scanDfaTs(full, tail, mid),
  );
  // Without name checks every accepting step is a hit, as in scanDfaTs.
  const { nameChecks: _checks, ...bare } = full;
  const text = encoder.encode("token=abc password: hunter2 ghp_x AKIA");
  assert.deepEqual(scanLazyRows(rows, full.classes, undefined, text, 0), scanDfaTs(bare, text, 0));
});

Deno.test("every row made on demand is the row prebuilt.ts unpacks, word for word", () => {
  const rows = lazyRows(tables.packedRows);
  const { classCount } = tables.packedRows;
  const states = tables.packedRows.outputStart.length - 1;
  // Made in reverse order (deepest first), so each row makes its failure chain itself.
  for (let s = states - 1; s >= 0; s--) {
    for (let c = 0; c < classCount; c++) {
      const at = s * classCount + c;
      assert.equal(rows.entry(s * classCount, c), full.table[at], `state ${s} class ${c}`);
    }
  }
  assert.equal(rows.filled(), states);
});

Deno.test("a few short strings make a few dozen rows, not the whole table", () => {
  const rows = lazyRows(tables.packedRows);
  const states = tables.packedRows.outputStart.length - 1;
  assert.equal(rows.filled(), 1);
  const facts = [
    "/home/dev/projects/baton",
    "feature/faster-load",
    "https://github.com/example/baton.git",
    "src/m001/l01/f000001.txt",
    "0123456789abcdef0123456789abcdef01234567",
  ];
  for (const f of facts) scanLazyRows(rows, full.classes, full.nameChecks, encoder.encode(f), 0);
  assert.ok(rows.filled() > 1, "the scan made the rows it entered");
  assert.ok(rows.filled() * 20 < states, `${rows.filled()} of ${states} rows made`);
});

Deno.test("a malformed packing is refused, never read past or looped on", () => {
  const { classCount, trie, outputStart } = tables.packedRows;
  const bad = (edit: (t: Uint16Array) => Uint16Array) =>
    assert.throws(
      () => lazyRows({ classCount, trie: edit(trie.slice()), outputStart }),
      RangeError,
    );
  // A state number past the last state.
  bad((t) => {
    t[0] = outputStart.length;
    return t;
  });
  // The packing cut short in the middle of a record.
  bad((t) => t.subarray(0, t.length - 1));
  // A state packed twice (the second record names the start state again).
  bad((t) => {
    const n = t[2]!;
    t[3 + 2 * n] = 0;
    return t;
  });
  // A state with no record at all: the last record dropped.
  bad((t) => {
    let p = 0;
    let last = 0;
    while (p < t.length) {
      last = p;
      p += 3 + 2 * t[p + 2]!;
    }
    return t.subarray(0, last);
  });
  // Control: the real packing is accepted.
  assert.equal(lazyRows(tables.packedRows).filled(), 1);
});

Deno.test("a failure cycle is refused when the scan reaches it", () => {
  const { classCount, trie, outputStart } = tables.packedRows;
  const t = trie.slice();
  // The second record's state fails to itself.
  const second = 3 + 2 * t[2]!;
  t[second + 1] = t[second]!;
  const rows = lazyRows({ classCount, trie: t, outputStart });
  assert.throws(() => rows.entry(t[second]! * classCount, 0), RangeError);
});
