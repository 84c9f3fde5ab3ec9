// Tests for core/safety/secrets/keyword_gate.ts (over GATE_TABLES, as load
// and preflight build it): where the gate says a string
// cannot hold a secret, the full engine finds none in it (every planted sample
// of every kind, in every context, opens the gate), and ordinary facts (paths,
// branch names, a remote URL without credentials, commit ids and digests) keep
// it shut.

import assert from "node:assert/strict";
import {
  anyMayHoldSecret,
  createKeywordGate,
  HEX_KEYWORD_RULES,
} from "../../../../core/safety/secrets/keyword_gate.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { GATE_TABLES } from "../../../../core/safety/secrets/gate_tables.ts";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { sanitizeCapsuleParts } from "../../../../core/safety/secrets/sanitize_capsule.ts";
import { CONTEXTS, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";
import { decodeTables, fingerprintKeywords } from "../../../../core/safety/secrets/prebuilt.ts";
import { SECRET_TABLES } from "../../../../core/safety/secrets/tables_generated.ts";
import { scanDfaTs } from "../../../../core/safety/secrets/prefilter_ts.ts";
import { stripColour } from "../../../../core/safety/secrets/ansi.ts";
import type { DfaTables } from "../../../../wasm/mod.ts";

const gate = createKeywordGate(GATE_TABLES);
const engine = defaultEngine("ts");
const encoder = new TextEncoder();

Deno.test("every planted secret, in every context, opens the gate (the engine finds it)", () => {
  const rng = new Rng(2207);
  let found = 0;
  for (const [kind, make] of Object.entries(SAMPLES)) {
    for (let i = 0; i < 3; i++) {
      const sample = make(rng);
      for (const ctx of [(s: string) => s, ...Object.values(CONTEXTS)]) {
        const bytes = encoder.encode(ctx(sample.text));
        const findings = findSecrets(engine, bytes);
        if (findings.length > 0) found++;
        // Sound: whatever the engine finds, the gate lets through.
        if (findings.length > 0) assert.ok(gate.mayHold(bytes), `${kind}: gate shut on a finding`);
      }
    }
  }
  // Positive control: the corpus does hold secrets the engine finds.
  assert.ok(found > 500, `${found} texts with findings`);
});

Deno.test("look-alikes the gate lets through are the engine's to reject; the gate never hides a finding", () => {
  const rng = new Rng(99);
  for (const [kind, values] of Object.entries(lookAlikes(rng))) {
    for (const v of values) {
      const bytes = encoder.encode(v);
      if (findSecrets(engine, bytes).length > 0) assert.ok(gate.mayHold(bytes), kind);
    }
  }
});

Deno.test("ordinary facts keep the gate shut, and the scan would leave them as they are", () => {
  const facts = {
    repo_root: "/home/dev/projects/baton",
    branch: "feature/faster-load",
    head: "0123456789abcdef0123456789abcdef01234567",
    remotes: [{ name: "origin", url: "https://github.com/example/baton.git" }],
    changed: ["core/facts/collect.ts", "src/m001/l01/f000001.txt", "README.md"],
    untracked: ["notes/todo.md"],
  };
  assert.equal(anyMayHoldSecret(gate, facts), false);
  const r = sanitizeCapsuleParts({ facts }, { engine });
  assert.deepEqual(r.parts.facts, facts);
  assert.deepEqual(r.sanitize.redactions, []);
});

Deno.test("a secret anywhere in the facts opens the gate (positive controls)", () => {
  const url = ["https://deploy:", "Q7hfk29HqL0pXz3m", "@git.example.com/x.git"].join("");
  const withUrl = { remotes: [{ name: "origin", url }], changed: ["a.ts"] };
  assert.equal(anyMayHoldSecret(gate, withUrl), true);
  const token = SAMPLES.github_pat!(new Rng(5)).secret;
  const inPath = { changed: ["ok.ts", `logs/${token}.txt`] };
  assert.equal(anyMayHoldSecret(gate, inPath), true);
  // The engine agrees that both hold one.
  assert.notDeepEqual(sanitizeCapsuleParts({ f: withUrl }, { engine }).sanitize.redactions, []);
  assert.notDeepEqual(sanitizeCapsuleParts({ f: inPath }, { engine }).sanitize.redactions, []);
});

Deno.test("values past the scan bounds open the gate, so the scan itself answers", () => {
  let deep: unknown = "plain";
  for (let i = 0; i < 200; i++) deep = [deep];
  assert.equal(anyMayHoldSecret(gate, deep), true);
  assert.equal(anyMayHoldSecret(gate, ["plain"]), false);
});

Deno.test("hex digests keep the gate shut; the rules owning hex keywords are the ones whose reasons were checked", () => {
  // The rules that own a keyword of hex digits only: a change here means the
  // reasons in HEX_KEYWORD_RULES must be checked again (and the list updated).
  const owners = SECRET_RULES.filter((r) =>
    r.keywords.some((k) => /^[0-9a-f]+$/.test(k.toLowerCase()))
  )
    .map((r) => r.kind).sort();
  assert.deepEqual(owners, Object.keys(HEX_KEYWORD_RULES).sort());
  // Each hex keyword planted at every place of a digest, the rest random or repeated
  // digits: the engine finds nothing (the gate's shortcut agrees with the engine).
  const keywords = [
    ...new Set(
      SECRET_RULES.flatMap((r) => r.keywords.map((k) => k.toLowerCase()))
        .filter((k) => /^[0-9a-f]+$/.test(k)),
    ),
  ];
  const rng = new Rng(4040);
  let opened = 0;
  for (const length of [40, 64]) {
    for (const kw of keywords) {
      if (kw.length > length) continue;
      for (let at = 0; at + kw.length <= length; at++) {
        for (const fill of ["0", "f", "a", "random"]) {
          const digit = () => fill === "random" ? rng.str("0123456789abcdef", 1) : fill;
          let hex = "";
          while (hex.length < at) hex += digit();
          hex += kw;
          while (hex.length < length) hex += digit();
          for (const text of length === 64 ? [hex, `sha256:${hex}`] : [hex]) {
            const bytes = encoder.encode(text);
            assert.deepEqual(findSecrets(engine, bytes), [], text);
            assert.equal(gate.mayHold(bytes), false, text);
            // Control: without the shortcut the keyword pass alone would often open the gate.
            if (gate.mayHold(encoder.encode(`x${text}`))) opened++;
          }
        }
      }
    }
  }
  assert.ok(opened > 100, `${opened} texts the keyword pass opens on`);
  // Positive control: an upper-case digest-shaped token is no digest and is scanned.
  const aws = ["AC", "CA", "Q3ZKXW7ZR5YB2UVM"].join("");
  assert.equal(gate.mayHold(encoder.encode(aws)), true);
  assert.notDeepEqual(findSecrets(engine, encoder.encode(aws)), []);
});

/** Where the facts carry a repository's words: each takes the planted text and its bare secret. */
const FACT_PLACES: Record<string, (text: string, secret: string) => string> = {
  file_name: (_t, s) => `src/${s}.txt`,
  file_text: (t) => `notes/${t}`,
  branch: (_t, s) => `feature/${s}`,
  url_password: (_t, s) => `https://deploy:${s}@git.example.com/o/r.git`,
  url_user: (_t, s) => `https://${s}@github.com/o/r.git`,
  subject: (t) => `fix: rotate ${t}`,
  latin: (t) => `é${t}é`,
  cjk: (t) => `日本 ${t} 日本`,
  nbsp: (t) => `\u00a0${t}\u00a0`,
  bom: (t) => `\uFEFF${t}`,
  zero_width: (t) => `\u200b${t}\u200b`,
  tab: (t) => `\t${t}\t`,
  long_name: (t) => "a/".repeat(3000) + t + "/b".repeat(3000),
};

Deno.test("a secret in any fact-shaped place opens the gate wherever the engine finds it, one gate for all (its rows made on demand)", () => {
  // One gate over every string, as load and preflight use it: rows made for one fact serve the next.
  const shared = createKeywordGate(GATE_TABLES);
  const rng = new Rng(4242);
  let found = 0;
  for (const [kind, make] of Object.entries(SAMPLES)) {
    const sample = make(rng);
    for (const [place, put] of Object.entries(FACT_PLACES)) {
      const text = put(sample.text, sample.secret);
      const bytes = encoder.encode(text);
      if (findSecrets(engine, bytes).length === 0) continue;
      found++;
      assert.ok(shared.mayHold(bytes), `${kind} in ${place}: gate shut on a finding`);
      // The facts holding it, among plain ones, open the gate as a whole.
      const facts = { branch: "main", changed: ["a.ts", text], remotes: [] };
      assert.equal(anyMayHoldSecret(shared, facts), true, `${kind} in ${place}`);
    }
  }
  // Positive control: most places of most kinds hold a finding.
  assert.ok(found > 1000, `${found} fact-shaped texts with findings`);
});

Deno.test("a bare value whose inner = comes early opens the gate wherever the engine finds it, WebAssembly and TypeScript (see: #21)", () => {
  const wasm = defaultEngine("wasm");
  const texts = [
    "DB_PASSWORD=ab=cd9Kq7Lm",
    "AUTH_TOKEN=Z=Xk9=Lm7pQ8Rt5vW",
    "api_key = Xk9=q2Lm7pQ8Rt5vW",
    "client_secret: Zq=Xk9q2Lm7pQ8Rt5vW",
    "curl -d 'password=a=Xk9q2Lm7pQ8Rt5vW&user=bob'",
  ];
  for (const text of texts) {
    const bytes = encoder.encode(`${text}\n`);
    // Positive control: the engine finds each, on both passes.
    assert.equal(findSecrets(engine, bytes).length, 1, text);
    assert.equal(findSecrets(wasm, bytes).length, 1, text);
    assert.ok(gate.mayHold(bytes), text);
  }
});

/**
 * The gate as the keyword pass defines it, restated over the whole DFA: a
 * digest (40 or 64 lower-case hex digits, `sha256:` before 64 or not) holds
 * nothing; else the text without colour codes may, or some hit of the scan
 * over the full table (scanDfaTs: every hit with the name checks that
 * passed) passes a check of a rule that owns one of its state's keywords.
 */
function referenceGate(): (bytes: Uint8Array) => boolean {
  const { keywords, ruleCounts } = fingerprintKeywords(SECRET_TABLES.fingerprint)!;
  const { automaton, nameChecks } = decodeTables(SECRET_TABLES.data, keywords);
  const tables = { ...automaton, table: automaton.table, nameChecks } as DfaTables;
  const { outputStart, outputs, classCount } = automaton;
  // Per output, in order, its keyword's rules take the next slots of the rule masks.
  const firstRule: number[] = [0];
  for (let o = 0; o < outputs.length; o++) firstRule.push(firstRule[o]! + ruleCounts[outputs[o]!]!);
  const digest = /^(?:sha256:)?(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
  const mayHold = (bytes: Uint8Array): boolean => {
    if (
      [40, 64, 71].includes(bytes.length) && digest.test(String.fromCharCode(...bytes))
    ) return false;
    const plain = stripColour(bytes);
    if (plain !== null && mayHold(plain.bytes)) return true;
    const { hits, passed } = scanDfaTs(tables, bytes, 0);
    for (let h = 0; h < hits.length; h += 2) {
      const state = hits[h + 1]! / classCount;
      for (let o = outputStart[state]!; o < outputStart[state + 1]!; o++) {
        for (let r = firstRule[o]!; r < firstRule[o + 1]!; r++) {
          if ((passed[h >> 1]! & nameChecks.ruleMasks[r]!) !== 0) return true;
        }
      }
    }
    return false;
  };
  return mayHold;
}

Deno.test("mayHold answers as every hit of the whole DFA's scan would, its checks and owners read (one shared gate; digests, colour codes, cut texts and keyword-dense noise)", () => {
  const reference = referenceGate();
  const shared = createKeywordGate(GATE_TABLES);
  const rng = new Rng(3131);
  const texts: string[] = [];
  for (const make of Object.values(SAMPLES)) {
    const sample = make(rng);
    for (const ctx of [(s: string) => s, ...Object.values(CONTEXTS)]) texts.push(ctx(sample.text));
    for (const put of Object.values(FACT_PLACES)) texts.push(put(sample.text, sample.secret));
    texts.push(sample.secret, sample.text.slice(0, sample.text.length >> 1));
    // Colour codes around and inside it: the text without them is read too.
    texts.push(`\x1b[01;31m${sample.text}\x1b[0m`, sample.text.replace(/(.{3})/, "$1\x1b[K"));
  }
  for (const values of Object.values(lookAlikes(rng))) texts.push(...values);
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789_-=:./ \"'ABCDEFKQZ@";
  for (let n = 0; n < 400; n++) texts.push(rng.str(alphabet, 1 + rng.int(120)));
  // Digest-shaped texts and their near misses (upper case, a wrong prefix, other lengths).
  const hex = "0123456789abcdef";
  for (const len of [39, 40, 41, 47, 63, 64, 65]) {
    const h = rng.str(hex, len);
    texts.push(h, `sha256:${h}`, `sha257:${h}`, h.toUpperCase(), `${h.slice(1)}g`, `x${h}`);
    texts.push(`eaa${h.slice(3)}`, `sha256:00d${h.slice(3)}`, `acca${h.slice(4)}`.toUpperCase());
  }
  let open = 0;
  for (const text of texts) {
    const bytes = encoder.encode(text);
    const want = reference(bytes);
    if (want) open++;
    assert.equal(shared.mayHold(bytes), want, JSON.stringify(text.slice(0, 80)));
  }
  // Controls: both answers occur, often.
  assert.ok(open > 500, `${open} opened`);
  assert.ok(texts.length - open > 300, `${texts.length - open} kept shut`);
});
