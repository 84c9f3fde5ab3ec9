/**
 * Prefixed tokens folded inside their body (`fold`, a terminal): the head
 * line no rule matches is joined with the lines that continue it and the
 * whole token is redacted, raw, with CRLF and JSON-escaped, in memory and
 * streamed; a prefix at a line end before prose, a short `sk-` in text, a
 * line of just the prefix and a folded look-alike the format rejects stay.
 * @module
 */
import assert from "node:assert/strict";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { foldRules } from "../../../../core/safety/secrets/fold_rules.ts";
import { judgeFolds } from "../../../../core/safety/secrets/folds.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import {
  FOLD_CONTAINERS as CONTAINERS,
  foldLines as fold,
  p,
  Rng,
  SAMPLES,
} from "../../../_helpers/secret_fixtures.ts";
import { streamedRedaction } from "../../../_helpers/streamed_redaction.ts";

const engine = defaultEngine();
const encoder = new TextEncoder();

/** The kinds the brief names, each with a keyword of its own at the token's start. */
const NAMED = [
  "github_pat",
  "github_fine_grained_pat",
  "anthropic_api_key",
  "slack_bot_token",
  "aws_access_key_id",
  "gitlab_pat",
  "jwt",
  "google_api_key",
];

/**
 * `echo <token>` after a line of `lead` characters, folded at `width`: the
 * token's first line holds its keyword and `cut` characters of it. The line
 * after opens with `$`: where the token's last piece fills its line, a next
 * line of the token's alphabet (`ls`) may be its last piece, and the wrap
 * rule takes it rather than risk printing a tail.
 */
function folded(secret: string, width: number, cut: number): { text: string; pieces: string[] } {
  const head = "# " + "w".repeat(Math.max(0, width - cut - 3)) + " ";
  const lines = fold(head + secret, width).split("\n");
  const pieces = lines.map((l) => l.replace(/^# w* /, "")).filter((l) => l.length >= 4);
  return { text: lines.join("\n") + "\n$ ls -la\n", pieces };
}

/**
 * `secret` folded at 80 with `cut` characters on its first line, raw and in a
 * transcript, after every padding (1 byte apart, then `step`) across a
 * 64-byte chunk boundary: streamed output equals in-memory output, no piece
 * left.
 */
async function streamsAsInMemory(kind: string, secret: string, cut: number, step: number) {
  const chunkBytes = 64;
  const { text: body, pieces } = folded(secret, 80, cut);
  for (const put of [CONTAINERS.raw!, CONTAINERS.transcript!]) {
    const wrapped = put(body);
    for (let pad = 0; pad < chunkBytes + wrapped.length; pad += pad < chunkBytes ? 1 : step) {
      const text = "x".repeat(pad) + "\n" + wrapped;
      const streamed = await streamedRedaction(engine, text, chunkBytes, 5);
      assert.equal(streamed, redactText(engine, text).text, `${kind}, pad ${pad}`);
      for (const piece of pieces) assert.ok(!streamed.includes(piece), `${kind}, pad ${pad}`);
    }
  }
}

/** The keyword of the kind's rule the token starts with. */
function keywordOf(kind: string, secret: string): string {
  const keywords = SECRET_RULES.filter((r) => r.kind === kind).flatMap((r) => r.keywords);
  return keywords.find((k) => secret.toLowerCase().startsWith(k.toLowerCase())) ?? "";
}

Deno.test("redactText() redacts a named prefixed token folded inside its body, in every container", () => {
  const rng = new Rng(6401);
  for (const kind of NAMED) {
    const secret = SAMPLES[kind]!(rng).secret;
    const keyword = keywordOf(kind, secret);
    assert.ok(keyword.length > 0, kind);
    // Cuts right after the keyword, in the middle and near the end of the body.
    for (const cut of [keyword.length + 1, Math.floor(secret.length / 2), secret.length - 3]) {
      for (const width of [64, 80]) {
        if (cut > width - 3) continue;
        const { text, pieces } = folded(secret, width, cut);
        for (const [name, put] of Object.entries(CONTAINERS)) {
          const out = redactText(engine, put(text)).text;
          const where = `${kind} cut ${cut} width ${width} ${name}`;
          for (const piece of pieces) assert.ok(!out.includes(piece), `${where}: ${piece} left`);
          assert.ok(out.includes(`[REDACTED:${kind}]`), where);
          assert.ok(out.includes("ls -la"), where);
        }
      }
    }
  }
});

Deno.test("redactText() redacts a folded token of every kind with a head rule, its keyword whole on the first line", () => {
  const rng = new Rng(6402);
  const kinds = foldRules(SECRET_RULES).map((r) => r.kind.slice("fold:".length));
  let checked = 0;
  for (const kind of kinds) {
    const make = SAMPLES[kind];
    if (make === undefined) continue;
    const secret = make(rng).secret;
    // Tokens whose value has separators the wrap does not follow (`!`, `@`, `|`) are left out.
    if (/[^A-Za-z0-9_.:~+/=-]/.test(secret)) continue;
    const start = secret.toLowerCase().indexOf(keywordOf(kind, secret) || "\u0000");
    if (start !== 0) continue;
    if (redactText(engine, `x ${secret} y\n`).kinds.length === 0) continue;
    const cut = Math.min(keywordOf(kind, secret).length + 2, secret.length - 2);
    const { text, pieces } = folded(secret, 80, cut);
    for (const put of [CONTAINERS.raw!, CONTAINERS.transcript!]) {
      const out = redactText(engine, put(text)).text;
      for (const piece of pieces) {
        assert.ok(!out.includes(piece), `${kind}: ${piece} left in ${out}`);
      }
    }
    checked++;
  }
  assert.ok(checked >= 80, `${checked} kinds checked`);
});

Deno.test("redactText() keeps a prefix at a line end before prose, a short sk- in text and a line of just the prefix", () => {
  const rng = new Rng(6403);
  const ghp = p("gh", "p_");
  const sk = p("s", "k-");
  const token = SAMPLES.github_pat!(rng).secret;
  const w = (n: number) => "# " + "w".repeat(n - 3) + " ";
  const kept = [
    // A prefix at a line end, followed by ordinary prose.
    `${w(76)}${ghp}\nThe next step is to rotate it.\n`,
    `${w(74)}${ghp}ab\nthen run the tests again\n`,
    // A short sk- in text, at the end of a line and wrapped.
    `${w(77)}${sk}\nlearn is a Python package\n`,
    `${w(75)}${sk}abc\ndefghijk\n`,
    // A line of exactly the prefix.
    `${ghp}\n${ghp}\nls\n`,
    // A folded look-alike: a token's length but a wrong checksum.
    fold(`${w(40)}${ghp}${token.slice(4, 30)}${"Z".repeat(10)}\nls`, 80),
  ];
  for (const text of kept) {
    for (const put of [CONTAINERS.raw!, CONTAINERS.transcript!]) {
      const input = put(text);
      assert.equal(redactText(engine, input).text, input, JSON.stringify(text));
    }
  }
  // Positive control: the real token in the same place is redacted.
  const control = fold(`${w(40)}${token}\nls`, 80);
  assert.ok(!redactText(engine, control).text.includes(token.slice(-8)), control);
});

Deno.test("findSecrets() never returns a head; judgeFolds() drops a head whose wrap the format rejects", () => {
  const ghp = p("gh", "p_");
  // As long as a token (the keyword pass's check), with a break inside, and no checksum.
  const text = "# " + "w".repeat(56) + " " + ghp + "q8Zr1mXw4Lp0vT7bKc\nN3yH6jD9sF2gA5uE1o\n";
  const bytes = encoder.encode(text);
  const heads = findSecrets(engine, bytes, true);
  assert.deepEqual(heads.map((f) => f.kind), ["fold:github_pat"]);
  assert.deepEqual(findSecrets(engine, bytes), []);
  assert.deepEqual(judgeFolds(engine, bytes, heads), { findings: [], joined: [] });
});

Deno.test("judgeFolds() takes the whole wrap as the token's kind and joins its value", () => {
  const rng = new Rng(6404);
  const token = SAMPLES.github_pat!(rng).secret;
  const { text } = folded(token, 80, 10);
  const bytes = encoder.encode(text);
  const r = judgeFolds(engine, bytes, findSecrets(engine, bytes, true));
  const start = text.indexOf(token.slice(0, 10));
  assert.deepEqual(r.findings, [{ kind: "github_pat", start, end: start + token.length + 1 }]);
  assert.equal(new TextDecoder().decode(r.joined[0]!.value), token);
});

Deno.test("scanStream() redacts a folded token with a chunk boundary anywhere in it", async () => {
  const rng = new Rng(6405);
  for (const kind of ["github_pat", "jwt", "anthropic_api_key"]) {
    const secret = SAMPLES[kind]!(rng).secret;
    await streamsAsInMemory(kind, secret, 12, 5);
  }
});

Deno.test("redactText() redacts a folded token that opens the input", () => {
  const rng = new Rng(6406);
  const token = SAMPLES.github_pat!(rng).secret;
  const text = `${token.slice(0, 20)}\n${token.slice(20)}\nls\n`;
  // The head's line starts the input: nothing before it is read (a line feed later in the input either).
  const out = redactText(engine, text + "x\n".repeat(3)).text;
  assert.ok(!out.includes(token.slice(20)), out);
});

/** Whether a part of the keyword cut at `i` tells the cut (fold_rules.ts brokenKeywordRules). */
function told(keyword: string, i: number): boolean {
  const before = keyword.slice(0, i);
  const after = keyword.slice(i);
  const sep = (s: string) => /[^A-Za-z0-9]/.test(s);
  return (before.length >= 3 && (sep(before) || !/[A-Za-z0-9]/.test(after))) ||
    (after.length >= 3 && sep(after));
}

Deno.test("redactText() redacts a token broken inside its keyword, at every cut a part of the keyword tells, in every container", () => {
  const rng = new Rng(6710);
  let checked = 0;
  for (const rule of SECRET_RULES.filter((r) => r.fold !== undefined)) {
    const make = SAMPLES[rule.kind];
    if (make === undefined) continue;
    const secret = make(rng).secret;
    const keyword = rule.keywords.find((k) => secret.toLowerCase().startsWith(k.toLowerCase())) ??
      "";
    if (keyword.length < 4 || !secret.toLowerCase().startsWith(keyword.toLowerCase())) continue;
    if (redactText(engine, `x ${secret} y\n`).kinds.length === 0) continue;
    for (let cut = 1; cut < keyword.length; cut++) {
      if (!told(keyword, cut)) continue;
      for (const width of [64, 80]) {
        const { text, pieces } = folded(secret, width, cut);
        for (const [name, put] of Object.entries(CONTAINERS)) {
          const out = redactText(engine, put(text)).text;
          const where = `${rule.kind} cut ${cut} width ${width} ${name}`;
          // The markers aside: a piece of the keyword (`gith`) is a piece of the kind's name.
          const bare = out.replaceAll(/\[REDACTED:[a-z0-9_]+\]/g, "");
          for (const piece of pieces) {
            assert.ok(!bare.includes(piece), `${where}: ${piece} left\n${out}`);
          }
          assert.ok(out.includes(`[REDACTED:${rule.kind}]`), `${where}\n${out}`);
          assert.ok(out.includes("ls -la"), where);
        }
        checked++;
      }
    }
  }
  assert.ok(checked >= 40, `${checked} cuts checked`);
});

Deno.test("redactText() keeps a keyword's part at a line end before another word, and a broken look-alike", () => {
  const rng = new Rng(6711);
  const w = (n: number) => "# " + "w".repeat(n - 3) + " ";
  const gh = p("git", "hub_");
  const token = SAMPLES.github_fine_grained_pat!(rng).secret;
  const kept = [
    `${w(70)}${gh}\nactions/checkout@v4 is pinned\n`,
    `${w(74)}${p("xo", "xb")}\n-test is a fixture name\n`,
    `${w(72)}${p("sk-", "an")}\nt-colony is a word\n`,
    // The token's shape broken inside its keyword, but too short for its format.
    `${w(70)}${p("github", "_p")}\nat_11ABCDEFG\nls\n`,
  ];
  for (const text of kept) {
    for (const put of [CONTAINERS.raw!, CONTAINERS.transcript!]) {
      const input = put(text);
      assert.equal(redactText(engine, input).text, input, JSON.stringify(text));
    }
  }
  // Positive control: the real token broken in the same place is redacted.
  const control = `${w(70)}${token.slice(0, 8)}\n${token.slice(8)}\nls\n`;
  assert.ok(!redactText(engine, control).text.includes(token.slice(-12)), control);
});

Deno.test("scanStream() redacts a token broken inside its keyword with a chunk boundary anywhere in it", async () => {
  const rng = new Rng(6712);
  for (
    const [kind, cut] of [["github_fine_grained_pat", 8], ["slack_bot_token", 4], [
      "anthropic_api_key",
      3,
    ]] as const
  ) {
    const secret = SAMPLES[kind]!(rng).secret;
    await streamsAsInMemory(kind, secret, cut, 7);
  }
});
