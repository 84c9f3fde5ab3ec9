// Parity of the WASM prefilter (wasm/mod.ts) and the pure-TS reference
// (core/safety/secrets/prefilter_ts.ts): identical hits, end states and
// ASCII flags on the same corpus, and identical findings end to end.

import assert from "node:assert/strict";
import { createWasmDfa } from "../../../../wasm/mod.ts";
import { buildAutomaton } from "../../../../core/safety/secrets/automaton.ts";
import { buildNameChecks } from "../../../../core/safety/secrets/name_checks.ts";
import { scanDfaTs } from "../../../../core/safety/secrets/prefilter_ts.ts";
import {
  countNewlinesTs,
  createEngine,
  findSecrets,
  maskHighTs,
} from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { CopyMemory } from "../../../../core/safety/secrets/copies.ts";
import { mayHoldColour } from "../../../../core/safety/secrets/ansi.ts";
import { CONTEXTS, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();

/** A corpus: every sample in every context, keyword fragments, mixed case, non-ASCII and random bytes. */
function corpus(): Uint8Array[] {
  const rng = new Rng(11);
  const out: Uint8Array[] = [];
  for (const [kind, build] of Object.entries(SAMPLES)) {
    for (const wrap of Object.values(CONTEXTS)) out.push(encoder.encode(wrap(build(rng).text)));
    out.push(encoder.encode(`ünïcödé ${kind.toUpperCase()} ${build(rng).text} 日本語`));
  }
  const keywords = [...new Set(SECRET_RULES.flatMap((r) => r.keywords))];
  let mixed = "";
  for (let i = 0; i < 2000; i++) {
    const k = rng.pick(keywords);
    mixed += rng.next() < 0.5 ? k.toUpperCase() : k.slice(0, 1 + rng.int(k.length));
    mixed += rng.pick([" ", "", "\n", "=", "_"]);
  }
  out.push(encoder.encode(mixed));
  const noise = new Uint8Array(256 * 1024);
  for (let i = 0; i < noise.length; i++) noise[i] = rng.int(256);
  out.push(noise);
  out.push(new Uint8Array(0));
  return out;
}

Deno.test("the WASM and TS prefilters report identical hits on the corpus", () => {
  const automaton = buildAutomaton([
    ...new Set(SECRET_RULES.flatMap((r) => r.keywords.map((k) => k.toLowerCase()))),
  ]);
  const wasm = createWasmDfa(automaton);
  let totalHits = 0;
  for (const bytes of corpus()) {
    const a = wasm.scan(bytes, 0);
    const b = scanDfaTs(automaton, bytes, 0);
    assert.deepEqual([...a.hits], [...b.hits]);
    assert.deepEqual([...a.passed], [...b.passed]);
    assert.equal(a.state, b.state);
    assert.equal(a.ascii, b.ascii);
    for (const [from, to] of [[0, bytes.length], [3, Math.max(3, bytes.length - 5)]] as const) {
      if (to > bytes.length) continue;
      assert.equal(wasm.countNewlines(from, to), countNewlinesTs(bytes, from, to));
    }
    assert.deepEqual(wasm.maskedView(), maskHighTs(bytes));
    // Masking in place keeps the line feeds.
    assert.equal(wasm.countNewlines(0, bytes.length), countNewlinesTs(bytes, 0, bytes.length));
    totalHits += a.hits.length / 2;
  }
  // Positive control: the corpus really exercises the automaton.
  assert.ok(totalHits > 1500, `only ${totalHits} hits`);
});

Deno.test("the WASM and TS prefilters agree on keywords at the very start and end of the input", () => {
  const keywords = [
    ...new Set(SECRET_RULES.flatMap((r) => r.keywords.map((k) => k.toLowerCase()))),
  ];
  const automaton = buildAutomaton(keywords);
  const wasm = createWasmDfa(automaton);
  let hits = 0;
  for (const k of keywords) {
    for (const text of [k, `zz${k}`, `${k}zz`, `z${k.toUpperCase()}`, k.slice(0, -1), `${k}${k}`]) {
      const bytes = encoder.encode(text);
      const a = wasm.scan(bytes, 0);
      assert.deepEqual([...a.hits], [...scanDfaTs(automaton, bytes, 0).hits], text);
      assert.deepEqual([...a.passed], [...scanDfaTs(automaton, bytes, 0).passed], text);
      hits += a.hits.length;
    }
  }
  assert.ok(hits >= keywords.length * 5 * 2);
});

Deno.test("the WASM prefilter resumes when more hits arrive than its buffer holds", () => {
  const automaton = buildAutomaton(["aba"]);
  const bytes = encoder.encode("ab".repeat(40_000));
  const a = createWasmDfa(automaton).scan(bytes, 0);
  assert.equal(a.hits.length / 2, 39_999);
  assert.deepEqual([...a.hits], [...scanDfaTs(automaton, bytes, 0).hits]);
  assert.deepEqual([...a.passed], [...scanDfaTs(automaton, bytes, 0).passed]);
});

Deno.test("the WASM and TS keyword passes drop the same hits by their name checks", () => {
  const w = createEngine(SECRET_RULES, { prefilter: "wasm" });
  const t = createEngine(SECRET_RULES, { prefilter: "ts" });
  const unchecked = createEngine(SECRET_RULES, { prefilter: "ts", nameChecks: false });
  const rng = new Rng(12);
  const inputs = corpus();
  // Names, operators and what can sit between them, in every order and at the very end.
  const parts = [
    "api_key",
    "TOKEN",
    "password",
    "x",
    "\\",
    "\\\\",
    '"',
    "'",
    " ",
    "\t",
    // A run of blanks at a check's limit (16), so two of them pass it.
    " ".repeat(16),
    ":",
    "=",
    "\n",
  ];
  for (let i = 0; i < 600; i++) {
    let s = "";
    for (let n = 1 + rng.int(12); n > 0; n--) s += rng.pick(parts);
    inputs.push(encoder.encode(s));
  }
  let checked = 0;
  let dropped = 0;
  let partial = 0;
  for (const bytes of inputs) {
    const a = w.scanKeywords(bytes);
    assert.deepEqual([...a.hits], [...t.scanKeywords(bytes).hits]);
    assert.deepEqual([...a.passed], [...t.scanKeywords(bytes).passed]);
    checked += a.hits.length / 2;
    dropped += unchecked.scanKeywords(bytes).hits.length / 2 - a.hits.length / 2;
    // A kept hit whose state has checks and some of them failed: rules the engine skips.
    const { states, program } = w.nameChecks!;
    for (let h = 0; h < a.hits.length; h += 2) {
      const at = states[a.hits[h + 1]! / w.automaton.classCount]!;
      const all = at === 0 ? 0xffffffff : (2 ** Math.min(31, program[at]!) - 1) >>> 0;
      if (at !== 0 && program[at]! <= 31 && a.passed[h >> 1] !== all) partial++;
    }
  }
  // Positive controls: hits pass the checks, hits are dropped by them, and
  // kept hits have checks that failed (the rules behind them are not confirmed).
  assert.ok(checked > 1000 && dropped > 300, `${checked} kept, ${dropped} dropped`);
  assert.ok(partial > 20, `${partial} kept hits with a failed check`);
});

Deno.test("the WASM and TS name checks agree on every escape count, quote and blank run after a name", () => {
  const w = createEngine(SECRET_RULES, { prefilter: "wasm" });
  const t = createEngine(SECRET_RULES, { prefilter: "ts" });
  let inputs = 0;
  let kept = 0;
  const distinct = new Set<string>();
  for (const name of ["api_key", "DB_PASSWORD", '"token']) {
    for (let escapes = 0; escapes <= 4; escapes++) {
      for (const quote of ["", '"', "'"]) {
        for (let blanks = 0; blanks <= 18; blanks++) {
          for (const op of [":", "=", "x", ""]) {
            const gap = (blanks % 2 === 0 ? " " : "\t").repeat(blanks);
            const s = `${name}${"\\".repeat(escapes)}${quote}${gap}${op} Ab3dEf6hIj9kLm`;
            // Also cut right after the operator: a check that reads past the data fails.
            const cut = s.length - " Ab3dEf6hIj9kLm".length;
            for (const text of [s, s.slice(0, cut)]) {
              const bytes = encoder.encode(text);
              const a = w.scanKeywords(bytes);
              const b = t.scanKeywords(bytes);
              assert.deepEqual([...a.hits], [...b.hits], text);
              assert.deepEqual([...a.passed], [...b.passed], text);
              inputs++;
              kept += a.hits.length / 2;
              distinct.add([...a.passed].join(","));
            }
          }
        }
      }
    }
  }
  // Positive controls: hits are kept and dropped, and with many different sets of passed checks.
  assert.ok(kept > 500 && kept < inputs * 2, `${kept} hits kept of ${inputs} inputs`);
  assert.ok(distinct.size >= 4, `${distinct.size} distinct passed sets`);
});

Deno.test("the WASM and TS paths give identical findings end to end", () => {
  const w = createEngine(SECRET_RULES, { prefilter: "wasm" });
  const t = createEngine(SECRET_RULES, { prefilter: "ts" });
  assert.equal(w.prefilter, "wasm");
  assert.equal(t.prefilter, "ts");
  let found = 0;
  for (const bytes of corpus()) {
    const a = findSecrets(w, bytes);
    assert.deepEqual(a, findSecrets(t, bytes));
    found += a.length;
  }
  assert.ok(found >= Object.keys(SAMPLES).length * 6, `only ${found} findings`);
});

Deno.test("the WASM loop's shallow reset loses no hit and ends in the plain loop's state", () => {
  const keywords = [
    ...new Set(SECRET_RULES.flatMap((r) => r.keywords.map((k) => k.toLowerCase()))),
  ];
  const automaton = buildAutomaton(keywords);
  const wasm = createWasmDfa(automaton);
  let hits = 0;
  for (const k of keywords) {
    // One or two bytes of a keyword, then words, then the keyword, at every distance from the end.
    for (
      const text of [
        `${k[0]}${k}`,
        `${k.slice(0, 2)}x${k}`,
        `${k.slice(0, 2)}zq ${k}`,
        `ordinary words ${k.slice(0, 2)}`,
        `ordinary words ${k.slice(0, 1)}`,
        `a${k.slice(0, 2)}b${k.slice(0, 2)}`,
        `${k}${k.slice(0, 2)}x${k.slice(0, 2)}`,
      ]
    ) {
      const bytes = encoder.encode(text);
      const a = wasm.scan(bytes, 0);
      const b = scanDfaTs(automaton, bytes, 0);
      assert.deepEqual([...a.hits], [...b.hits], text);
      assert.deepEqual([...a.passed], [...b.passed], text);
      assert.equal(a.state, b.state, text);
      hits += a.hits.length / 2;
    }
  }
  assert.ok(hits >= keywords.length * 4, `only ${hits} hits`);
});

Deno.test("the copy search finds the same copies with the WASM probe loop as without it", () => {
  const engine = createEngine(SECRET_RULES, { prefilter: "wasm" });
  const rng = new Rng(13);
  let copies = 0;
  for (const bytes of corpus()) {
    if (bytes.length < 64) continue;
    const memory = new CopyMemory();
    // Values taken from the buffer itself (some short, some long, some non-ASCII), so copies exist.
    const values = [];
    for (let k = 0; k < 8; k++) {
      const start = rng.int(bytes.length - 40);
      values.push({ kind: "demo", start, end: start + 6 + rng.int(30) });
    }
    memory.remember(bytes, values);
    findSecrets(engine, bytes);
    const probe = engine.probeCopies(bytes);
    assert.ok(probe !== null);
    const a = memory.find(bytes, 0, bytes.length, probe);
    assert.deepEqual(a, memory.find(bytes, 0, bytes.length));
    // A later search with a changed bitmap copies it in again.
    memory.remember(bytes, [{ kind: "demo", start: 1, end: 30 }]);
    assert.deepEqual(
      memory.find(bytes, 0, bytes.length, engine.probeCopies(bytes)),
      memory.find(bytes, 0, bytes.length),
    );
    copies += a.length;
  }
  assert.ok(copies > 50, `only ${copies} copies`);
  // Not the bytes of the last pass: no probe.
  assert.equal(engine.probeCopies(new Uint8Array(8)), null);
});

Deno.test("the prefilters agree on every prefix of keyword fragments, and when a scan resumes from a state", () => {
  const automaton = buildAutomaton([
    ...new Set(SECRET_RULES.flatMap((r) => r.keywords.map((k) => k.toLowerCase()))),
  ]);
  const wasm = createWasmDfa(automaton);
  const rng = new Rng(19);
  const keywords = [...new Set(SECRET_RULES.flatMap((r) => r.keywords))];
  // Walks that stop one to three bytes into a keyword and fall back, right
  // where the skip stopped, next to whole keywords.
  let text = "";
  for (let i = 0; i < 120; i++) {
    const k = rng.pick(keywords);
    text += k.slice(0, 1 + rng.int(3)) + rng.pick(["", "x", "  ", k.slice(0, 2)]);
    if (rng.next() < 0.3) text += rng.pick(keywords);
  }
  const bytes = encoder.encode(text);
  let hits = 0;
  for (let end = 0; end <= bytes.length; end++) {
    const part = bytes.subarray(0, end);
    const a = wasm.scan(part, 0);
    const b = scanDfaTs(automaton, part, 0);
    assert.deepEqual([...a.hits], [...b.hits]);
    assert.equal(a.state, b.state);
    hits = a.hits.length;
  }
  assert.ok(hits > 0);
  for (let cut = 1; cut < bytes.length; cut += 7) {
    const first = scanDfaTs(automaton, bytes.subarray(0, cut), 0);
    const a = wasm.scan(bytes.subarray(cut), first.state);
    const b = scanDfaTs(automaton, bytes.subarray(cut), first.state);
    assert.deepEqual([...a.hits], [...b.hits]);
    assert.equal(a.state, b.state);
  }
});

Deno.test("the skip finds a keyword and a non-ASCII byte at every offset of a skipped stretch", () => {
  const keywords = [
    ...new Set(SECRET_RULES.flatMap((r) => r.keywords.map((k) => k.toLowerCase()))),
  ];
  const automaton = buildAutomaton(keywords);
  const wasm = createWasmDfa(automaton);
  const rng = new Rng(23);
  // Filler no keyword starts in: the skip steps over it several windows at a time.
  const filler = (n: number) => ".".repeat(n);
  let hits = 0;
  let cases = 0;
  for (let round = 0; round < 200; round++) {
    const k = rng.pick(keywords);
    const word = rng.next() < 0.5 ? k.toUpperCase() : k;
    // Every offset in the first 36 bytes, and lengths of data left after the
    // keyword around where the skip hands over to one window at a time.
    for (let before = 0; before < 36; before++) {
      const after = rng.int(24);
      // Half the inputs hold a second keyword a few bytes on: the skip
      // starts again right where the DFA gives back.
      const second = rng.next() < 0.5 ? `${filler(rng.int(4))}${rng.pick(keywords)}` : "";
      const bytes = encoder.encode(`${filler(before)}${word}${second}${filler(after)}`);
      const a = wasm.scan(bytes, 0);
      const b = scanDfaTs(automaton, bytes, 0);
      assert.deepEqual([...a.hits], [...b.hits], `${before} ${JSON.stringify(word)} ${after}`);
      assert.deepEqual([...a.passed], [...b.passed]);
      assert.equal(a.state, b.state);
      hits += a.hits.length / 2;
      cases++;
    }
  }
  assert.ok(hits >= cases / 4, `only ${hits} hits in ${cases} inputs`);
  // A byte >= 0x80 anywhere in skipped filler clears the ASCII flag; none leaves it set.
  for (let at = 0; at < 64; at++) {
    const bytes = encoder.encode(filler(64));
    assert.equal(wasm.scan(bytes, 0).ascii, true);
    bytes[at] = 0xc3;
    assert.equal(wasm.scan(bytes, 0).ascii, false, `byte ${at}`);
  }
});

Deno.test("the WASM and TS name checks agree when two keywords of one state share a lead set, at the name's length limit", () => {
  // `token` and `_token` end in one state; each rule's check reads the name
  // on the same lead set from its own keyword's start, so a name one byte
  // under the limit from `token` is at it from `_token`.
  const automaton = buildAutomaton(["token", "_token"]);
  const lead = new Uint8Array(128);
  for (const c of "abcdefghijklmnopqrstuvwxyz_") lead[c.charCodeAt(0)] = 1;
  const follows = { quote: false, escapes: 0, blanks: 0, operators: "=" } as const;
  const rule = { lead, follows, tail: null };
  const ids = automaton.keywords.map((k) => k === "token" ? 0 : 1);
  const keywordRules = ids.map((id) => [id]);
  const nameChecks = buildNameChecks(automaton, keywordRules, [rule, { ...rule }]);
  const tables = { ...automaton, nameChecks };
  const wasm = createWasmDfa(tables);
  const passedSets = new Set<number>();
  for (let n = 80; n <= 100; n++) {
    for (const name of [`_token${"a".repeat(n)}`, `x_token${"a".repeat(n)}`]) {
      const bytes = encoder.encode(`${name}=value `);
      const a = wasm.scan(bytes, 0);
      const b = scanDfaTs(tables, bytes, 0);
      assert.deepEqual([...a.hits], [...b.hits], name);
      assert.deepEqual([...a.passed], [...b.passed], name);
      for (const p of a.passed) passedSets.add(p);
    }
  }
  // Positive control: both checks pass at some lengths, the one from `token` alone at others.
  assert.equal(passedSets.size, 2, `passed sets ${[...passedSets]}`);
});

Deno.test("the WASM and TS name checks agree on dense hits in long reach runs and at placeholder openings", () => {
  // The WASM pass reads on from where the same set's last reach walk
  // stopped (a hit inside `token=token=…` or `://a:a:a:…` does not walk its
  // whole reach again) and compares a value only with the placeholder
  // literals of its first byte; the TS reference does neither.
  const w = createEngine(SECRET_RULES, { prefilter: "wasm" });
  const t = createEngine(SECRET_RULES, { prefilter: "ts" });
  const rng = new Rng(21);
  // The reach checks' keywords, separators, end bytes and bytes of their sets, and bytes outside them.
  const parts = [
    "token",
    "api_key",
    "password",
    "secret",
    "://",
    "://u:p@h",
    'token="',
    "<add",
    "=",
    ":",
    "@",
    '"',
    "'",
    "\t",
    "\n",
    " ",
    "a",
    "x9",
    "_",
    "/",
    "é",
    // Runs of the attribute reach's set without its separator, as long as its length.
    "a".repeat(40),
    "b c".repeat(40),
    // Placeholder openings, in either case, and first bytes they share with values.
    "changeme",
    "CHANGE_ME",
    "${",
    "<",
    "your_",
    "Todo",
    "xxxxx",
    "***",
    "tok",
    "c",
    "y",
  ];
  const inputs: Uint8Array[] = [];
  for (let i = 0; i < 400; i++) {
    let s = "";
    for (let n = 1 + rng.int(60); n > 0; n--) s += rng.pick(parts);
    inputs.push(encoder.encode(s));
  }
  // Long runs of one unit, with the end byte or a byte outside the set at
  // every distance around the checks' lengths (40, 96, 120, 386).
  const units = [
    "token=",
    "token=a",
    "://a:b",
    "password=x",
    "api_key\t",
    "<add\t",
    "a:",
    "= ",
    "://u:p@",
  ];
  for (const unit of units) {
    for (const stop of ["@", '"', "=", "\n", "#", "é", ""]) {
      const run = unit.repeat(1 + rng.int(90));
      const at = rng.int(run.length + 1);
      inputs.push(
        encoder.encode(run.slice(0, at) + stop + run.slice(at) + unit.repeat(rng.int(4))),
      );
    }
  }
  // A hit inside the stretch an earlier hit's attribute reach walked
  // (`name=`, bytes of its set, the same name again), its separator before
  // the second hit or not, its end byte at every distance from the second.
  const filler = "ab c_.:-9\r\n\t";
  const fill = (n: number) => {
    let s = "";
    for (let i = 0; i < n; i++) s += rng.pick([...filler]);
    return s;
  };
  for (let i = 0; i < 300; i++) {
    const name = rng.pick(["token", "api_key", "password", "secret"]);
    const sep = rng.next() < 0.3 ? "=" : "";
    inputs.push(
      encoder.encode(
        `${name}=${fill(rng.int(130))}${name}${fill(rng.int(20))}${sep}${fill(rng.int(150))}"x`,
      ),
    );
  }
  const { states, program } = w.nameChecks!;
  let reachPassed = 0;
  let reachFailed = 0;
  let openFailed = 0;
  for (const bytes of inputs) {
    const a = w.scanKeywords(bytes);
    const b = t.scanKeywords(bytes);
    assert.deepEqual([...a.hits], [...b.hits]);
    assert.deepEqual([...a.passed], [...b.passed]);
    for (let h = 0; h < a.hits.length; h += 2) {
      const at = states[a.hits[h + 1]! / w.automaton.classCount]!;
      if (at === 0) continue;
      for (let k = 0; k < Math.min(31, program[at]!); k++) {
        const shape = program[at + 2 + 2 * k]!;
        const pass = (a.passed[h >> 1]! >>> k & 1) === 1;
        if (shape !== 0xffffffff && shape >>> 30 === 3) {
          if (pass) reachPassed++;
          else reachFailed++;
        } else if (shape >>> 31 === 0 && (shape & 16) !== 0 && !pass) openFailed++;
      }
    }
  }
  // Positive controls: reach checks both pass and fail, many times; value checks that reject a placeholder fail.
  assert.ok(
    reachPassed > 500 && reachFailed > 500,
    `reach ${reachPassed} passed, ${reachFailed} failed`,
  );
  assert.ok(openFailed > 1000, `${openFailed} failed checks with a placeholder test`);
});

Deno.test("the WASM colour test agrees with ansi.ts mayHoldColour at every offset and around each 16-byte step", () => {
  const w = createEngine(SECRET_RULES, { prefilter: "wasm" });
  assert.equal(w.prefilter, "wasm");
  const rng = new Rng(2122);
  const pieces = [
    "[",
    "\x1b",
    "\x1b[",
    "\\u001b",
    "\\u001b[",
    "\\u001B[",
    "\\u001c[",
    "u001b[",
    "\\",
    "b",
    "a",
    " ",
    "é",
    "\n",
  ];
  let yes = 0;
  let no = 0;
  for (let i = 0; i < 3000; i++) {
    let s = "";
    const parts = rng.int(24);
    for (let k = 0; k < parts; k++) {
      // Filler of any length puts the pieces on every lane of a step and across steps.
      s += "x".repeat(rng.int(rng.next() < 0.5 ? 4 : 40)) + rng.pick(pieces);
    }
    const bytes = encoder.encode(s);
    w.scanKeywords(bytes);
    const expected = mayHoldColour(bytes);
    assert.equal(w.mayHoldColour(bytes), expected, JSON.stringify(s));
    if (expected) yes++;
    else no++;
  }
  // Positive controls: both answers, many times.
  assert.ok(yes > 500 && no > 500, `${yes} may hold colour, ${no} not`);
});

Deno.test("the WASM operator-group test drops no check the TS per-check path passes, on random names and landings", () => {
  // The WASM pass tests the union of the operator sets of a long list's checks
  // with one name end first (prefilter.ts groupsMayPass); the TS reference
  // runs every check. Names of the long lists (8 or more checks), then what
  // can follow a name: name bytes, escapes, quotes, blanks, operators of
  // some checks and not others, values and placeholder openings.
  const w = createEngine(SECRET_RULES, { prefilter: "wasm" });
  const t = createEngine(SECRET_RULES, { prefilter: "ts" });
  const unchecked = createEngine(SECRET_RULES, { prefilter: "ts", nameChecks: false });
  const rng = new Rng(2108);
  const names = [
    "token",
    "TOKEN",
    "password",
    "secret",
    "apikey",
    "api_key",
    "api-key",
    "auth_token",
  ];
  const parts = [
    "_",
    "-",
    "s",
    "x",
    ".",
    "/",
    "\\",
    '"',
    "'",
    "`",
    " ",
    "\t",
    ":",
    "=",
    ":=",
    "=>",
    ">",
    "|",
    ",",
    "]",
    ")",
    "(",
    "\n",
    "Ab3dEf6hIj9kLm",
    "${X}",
    "<your-token>",
  ];
  let kept = 0;
  let dropped = 0;
  let partial = 0;
  const { states, program } = w.nameChecks!;
  for (let i = 0; i < 3000; i++) {
    let s = rng.int(3) === 0 ? rng.pick(parts) : "";
    for (let n = 1 + rng.int(3); n > 0; n--) {
      s += rng.pick(names);
      for (let m = rng.int(6); m > 0; m--) s += rng.pick(parts);
    }
    const bytes = encoder.encode(s);
    const a = w.scanKeywords(bytes);
    const b = t.scanKeywords(bytes);
    assert.deepEqual([...a.hits], [...b.hits], s);
    assert.deepEqual([...a.passed], [...b.passed], s);
    kept += a.hits.length / 2;
    dropped += unchecked.scanKeywords(bytes).hits.length / 2 - a.hits.length / 2;
    for (let h = 0; h < a.hits.length; h += 2) {
      const at = states[a.hits[h + 1]! / w.automaton.classCount]!;
      if (at === 0 || program[at]! < 8 || program[at]! > 31) continue;
      if (a.passed[h >> 1] !== (2 ** program[at]! - 1) >>> 0) partial++;
    }
  }
  // Positive controls: hits are kept and dropped, and kept hits of long lists had checks fail.
  assert.ok(kept > 1000 && dropped > 1000, `${kept} kept, ${dropped} dropped`);
  assert.ok(partial > 500, `${partial} kept hits of long lists with a failed check`);
});
