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
