// Tests for core/safety/secrets/rules_layouts.ts: secrets placed by layout
// (table rows, pgpass lines, vault's data table, recovery phrases) are
// found and redacted whole, in raw text and in a JSON transcript line; the
// same layouts holding no secret are kept.

import assert from "node:assert/strict";
import { LAYOUT_RULES } from "../../../../core/safety/secrets/rules_layouts.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, HEX, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/** Asserts `text` (raw and in a transcript line) is redacted as `kind` and `secret` is gone. */
function assertFound(kind: string, text: string, secret: string): void {
  for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
    const r = redactText(engine, wrap(text));
    assert.deepEqual(r.kinds, [kind], text);
    assert.ok(r.text.includes(`[REDACTED:${kind}]`), `${kind}: marker missing in ${r.text}`);
    for (const part of secret.split(/\s+/)) {
      assert.ok(!r.text.includes(part), `${kind}: ${part} survived in ${r.text}`);
    }
    assert.deepEqual(redactText(engine, r.text).kinds, [], `${kind}: not idempotent`);
  }
}

function assertKept(text: string): void {
  for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
    assert.deepEqual(redactText(engine, wrap(text)).kinds, [], text);
  }
}

Deno.test("LAYOUT_RULES are in the main table", () => {
  for (const r of LAYOUT_RULES) assert.ok(SECRET_RULES.includes(r), r.kind);
});

Deno.test("a Markdown table row's value under a secret name is redacted; type columns and references are kept", () => {
  const rng = new Rng(31);
  const v = () => p("Zq7", rng.str(ALNUM, 15));
  for (
    const [row, secret] of [
      ((s) => [`| DB_PASSWORD | ${s} |`, s])(v()),
      ((s) => [`|password|${s}|`, s])(v()),
      ((s) => [`| \`STRIPE_API_KEY\` | \`${s}\` | live |`, s])(v()),
      ((s) => [`| prod | api_token | ${s} |`, s])(v()),
      ((s) => [`| DD_API_KEY | ${s} |`, s])(rng.str(HEX, 40)),
    ] as [string, string][]
  ) assertFound("table_secret", `| Name | Value |\n| --- | --- |\n${row}\n`, secret);
  for (
    const text of [
      "| password | string | The password used to log in |",
      "| API_TOKEN | ${{ secrets.API_TOKEN }} |",
      "| GITHUB_TOKEN | `$GITHUB_TOKEN` | required |",
      "| max_tokens | 4096 |",
      `| token | ${rng.str(HEX, 40)} |`,
      "| secret_name | prod-db-creds2 |",
      // A union type and a regex alternation are not table rows.
      "type S = InputBasic | InputOAuth2PasswordCredentials | InputOIDC2;",
      "if (/invalid_grant|invalid_token2|unauthorized/.test(code)) retry();",
      `| api_key | ${"x".repeat(24)} |`,
    ]
  ) assertKept(text);
});

Deno.test("a pgpass line's password is redacted by its port or beside the file's name", () => {
  const rng = new Rng(32);
  const v = () => p("Zq7", rng.str(ALNUM, 11));
  const cases: [string, string][] = [];
  for (const s of [v(), v(), v(), v(), v()]) {
    cases.push(
      [`db.internal.test:5432:shop:app:${s}\n`, s],
      [`*:*:*:postgres:${s}`, s],
      [`echo "10.0.0.5:6432:billing:rw:${s}" >> ~/.pgpass`, s],
      [`$ cat ~/.pgpass\npg.internal:15432:app:app:${s}\n`, s],
    );
  }
  for (const [text, s] of cases) assertFound("pgpass_password", text, s);
  for (
    const text of [
      "12:30:45:123:456",
      "cat ~/.pgpass\n10:30:45:100:200\n",
      "arn:aws:sqs:*:*:queue-name",
      "localhost:5432:*:postgres:postgres",
      "db:5432:shop:app:*",
      "host:5432:db:user:$PGPASSWORD",
      "Each line is host:port:database:user:password, see the docs.",
      // Any port is read only beside the file's name.
      p("pg.internal:15432:app:app:", "Zq7longer9"),
    ]
  ) assertKept(text);
});

Deno.test("vault kv get: the rows of its Data table are redacted whole; metadata and other tables are kept", () => {
  const rng = new Rng(33);
  const pw = p("Zq7", rng.str(ALNUM, 13));
  const key = p("Q7", rng.str(ALNUM, 22));
  const out = [
    "====== Secret Path ======",
    "secret/data/prod/db",
    "",
    "======= Metadata =======",
    "Key                Value",
    "---                -----",
    "created_time       2024-02-01T10:11:12.5Z",
    "version            3",
    "",
    "====== Data ======",
    "Key         Value",
    "---         -----",
    `password    ${pw}`,
    `username    app`,
    `api_key     ${key}`,
    "",
    "$ echo done",
  ].join("\n");
  assertFound("vault_kv_data", out, `${pw} ${key}`);
  const r = redactText(engine, out);
  assert.ok(r.text.includes("created_time       2024-02-01T10:11:12.5Z"), r.text);
  assert.ok(r.text.includes("$ echo done"), r.text);
  // Text right after the table (an example .env with placeholders) is not a row: the table alone goes.
  const next = `${
    out.split("\n").slice(9, 15).join("\n")
  }\n# Copy to .env and fill in\nAPI_KEY=your-api-key-here\n`;
  assertFound("vault_kv_data", next, `${pw} ${key}`);
  assert.ok(redactText(engine, next).text.includes("# Copy to .env and fill in"));
  // Echoed inside a JSON string: the block stops at its closing quote.
  const inJson = redactText(engine, JSON.stringify({ content: next }));
  assert.ok(inJson.text.endsWith('"}'), inJson.text);
  for (
    const text of [
      "====== Data ======\nKey         Value\n---         -----\n",
      "Key                Value\n---                -----\nSeal Type          shamir\nSealed             false\n",
      "the ====== Data ====== section lists every key",
    ]
  ) assertKept(text);
});

Deno.test("a recovery phrase under its label is redacted; prose and placeholders are kept", () => {
  const rng = new Rng(34);
  const word = () =>
    rng.str("bcdfgjklmnprstvz", 2) + rng.str("aeiou", 1) + rng.str("bdgklmnprst", 2);
  const phrase = (n: number) => Array.from({ length: n }, word).join(" ");
  for (
    const [text, s] of [
      ((s) => [`MNEMONIC="${s}"`, s])(phrase(12)),
      ((s) => [`mnemonic: ${s}\n`, s])(phrase(24)),
      ((s) => [`Your secret recovery phrase is: ${s}`, s])(phrase(12)),
      ((s) => [`const seedPhrase = '${s}';`, s])(phrase(15)),
      ((s) => [`{"seed_phrase": "${s}"}`, s])(phrase(18)),
      ((s) => [`Backup phrase:\n  ${s}\n`, s])(phrase(12)),
    ] as [string, string][]
  ) assertFound("seed_phrase", text, s);
  for (
    const text of [
      "Never share your seed phrase with anyone because scammers will steal your funds",
      "mnemonic: the instruction name used by the assembler for this opcode",
      "MNEMONIC=${WALLET_MNEMONIC}",
      `seed phrase: ${Array(12).fill("word").join(" ")}`,
      // 11 and 13 words are not a phrase length.
      `mnemonic: ${phrase(11)}`,
      `mnemonic: ${phrase(13)}`,
      "recovery phrase: twelve words written down on paper kept somewhere safe offline",
    ]
  ) assertKept(text);
});

/** A table drawn with box characters, as `doppler secrets` prints it: a header and one row per pair. */
function boxTable(rows: [string, string][], bar = "\u2502"): string {
  const w0 = Math.max(4, ...rows.map(([n]) => n.length)) + 2;
  const w1 = Math.max(5, ...rows.map(([, v]) => v.length)) + 2;
  const rule = (l: string, m: string, r: string) =>
    l + "\u2500".repeat(w0) + m + "\u2500".repeat(w1) + r;
  const row = (a: string, b: string) =>
    `${bar} ${a.padEnd(w0 - 1)}${bar} ${b.padEnd(w1 - 1)}${bar}`;
  return [
    rule("\u250c", "\u252c", "\u2510"),
    row("NAME", "VALUE"),
    rule("\u251c", "\u253c", "\u2524"),
    ...rows.map(([n, v]) => row(n, v)),
    rule("\u2514", "\u2534", "\u2518"),
  ].join("\n");
}

Deno.test("review50: a secret row of a box-drawn table (doppler secrets, Railway's ║) is redacted, raw and in every context; its other rows and look-alike tables are kept (see: #21)", () => {
  const rng = new Rng(5004);
  for (const bar of ["\u2502", "\u2551", "\u2503"]) {
    const password = p(rng.str(ALNUM, 8), "&", rng.str(ALNUM, 6));
    const token = p(rng.str(ALNUM, 10), "7", rng.str(ALNUM, 13));
    const table = boxTable([
      ["DOPPLER_CONFIG", "dev"],
      ["DB_PASSWORD", password],
      ["LOG_LEVEL", "debug"],
      ["STRIPE_API_KEY_ID", "key_12345678"],
      ["API_TOKEN", token],
    ], bar);
    for (const wrap of [(x: string) => x, ...Object.values(CONTEXTS)]) {
      const r = redactText(engine, wrap(table));
      assert.deepEqual(r.kinds, ["table_secret", "table_secret"], r.text);
      for (const s of [password, token]) assert.ok(!r.text.includes(s.slice(0, 8)), r.text);
      assert.ok(r.text.includes("DOPPLER_CONFIG") && r.text.includes("key_12345678"), r.text);
    }
  }
  // Look-alikes: a placeholder, a type word, a lower-case settings name and a word under a
  // secret name. (Any three-byte character is read as a bar: the patterns see DEL for each byte.)
  assertKept(boxTable([["DB_PASSWORD", "<your-password>"], ["API_TOKEN", "sensitive"]]));
  assertKept(boxTable([["token_type", "Bearer1234"], ["SECRET_NAME", "prod-db-password"]]));
});
