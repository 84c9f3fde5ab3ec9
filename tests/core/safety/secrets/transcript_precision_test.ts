// Precision where agents write (issue 8 §2): JSON-escaped line breaks,
// tabs, quotes and backslashes end a value as a real newline or quote would;
// empty assignments and placeholders are never secrets, in every rule and
// every context; prefixed credential names take hex and base64 keys.

import assert from "node:assert/strict";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { isNotSecret, isPredictable } from "../../../../core/safety/secrets/filters.ts";
import { ALNUM, B64, CONTEXTS, HEX, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/** Names of every assignment shape the rules read. */
const NAMES = ["API_KEY", "DB_PASSWORD", "GITHUB_TOKEN", "DD_API_KEY", "client_secret", "apiKey"];
/** Assignment shapes: name and value joined. */
const SHAPES: ((n: string, v: string) => string)[] = [
  (n, v) => `${n}=${v}`,
  (n, v) => `export ${n}=${v}`,
  (n, v) => `${n}: ${v}`,
  (n, v) => `"${n}": "${v}"`,
  (n, v) => `${n} = '${v}'`,
];
/** How transcripts escape the characters that end a value. */
const ESCAPED_ENDS = ["\n", "\r\n", "\t", '"', "\\"];

function transcript(text: string): string {
  return JSON.stringify({ type: "tool_result", content: text });
}

Deno.test("an empty assignment is no secret, whatever follows it once JSON-escaped", () => {
  for (const end of ESCAPED_ENDS) {
    for (const name of NAMES) {
      for (const shape of SHAPES) {
        // A quote ends a value when it closes the string the assignment sits in.
        const text = transcript(
          end === '"'
            ? `echo "${shape(name, "")}" && echo "OTHER_TOKEN=" && run`
            : `# .env.example\n${shape(name, "")}${end}OTHER_TOKEN=${end}PORT=1\n`,
        );
        assert.deepEqual(redactText(engine, text).kinds, [], `${JSON.stringify(end)} ${text}`);
      }
    }
  }
  // The same file with real values: found, and the value ends at the escape.
  const rng = new Rng(41);
  for (const end of ESCAPED_ENDS) {
    const value = rng.str(ALNUM, 10) + "7" + rng.str(ALNUM, 9);
    const r = redactText(engine, transcript(`API_KEY=${value}${end}OTHER=${end}`));
    assert.deepEqual(r.kinds, ["env_secret"], JSON.stringify(end));
    assert.ok(!r.text.includes(value), JSON.stringify(end));
    const plain = `API_KEY=[REDACTED:env_secret]${end}OTHER=${end}`;
    assert.equal(JSON.parse(r.text).content, plain, "the escape after the value is kept");
  }
});

Deno.test("placeholders are no secrets in any assignment shape or context", () => {
  const placeholders = [
    "your-api-key-here",
    "your_token_here",
    "<your-token>",
    "<API_KEY>",
    "[your key]",
    "xxxxxxxxxxxxxxxxxxxxxxxx",
    "XXXX-XXXX-XXXX-XXXX",
    "changeme",
    "change-me-please",
    "${API_KEY}",
    "{{ api_key }}",
    "example-secret-value-123",
    "sk_test_example_key_1234567890",
    "aaaaaaaaaaaaaaaaaaaa",
    "abcabcabcabcabcabcabc",
    "0123456789abcdef0123456789abcdef",
    "1234567890123456",
    "************************",
    "__API_KEY__",
    "replace-with-your-key",
    "not-a-real-secret-1234",
    "fake-token-for-tests-123",
    "TODO-set-this-later-123",
    "...",
    "password123",
    "supersecretkey",
    "MySecretKey2024",
    "dev-secret-change-in-production",
    "generate-with-openssl-rand-base64-32",
    "postgres",
    "admin123",
    "test-token",
  ];
  for (const v of placeholders) {
    for (const name of NAMES) {
      for (const shape of SHAPES) {
        for (const wrap of [(x: string) => x, transcript, CONTEXTS.dotenv!, CONTEXTS.yaml!]) {
          const text = wrap(shape(name, v));
          assert.deepEqual(redactText(engine, text).kinds, [], text);
        }
      }
    }
  }
  // Positive controls in the same shapes: a random value is found.
  const rng = new Rng(42);
  for (const name of NAMES) {
    for (const shape of SHAPES) {
      const v = rng.str(ALNUM, 12) + "9" + rng.str(ALNUM, 11);
      const r = redactText(engine, transcript(shape(name, v)));
      assert.equal(r.kinds.length, 1, `${name}: ${shape(name, v)}`);
      assert.ok(!r.text.includes(v));
    }
  }
});

Deno.test("a human password is a secret even when a documentation word is near it", () => {
  for (const v of ["hunter2hunter2", "correct-horse-battery", "S3cretP@ssw0rd!", "tr0ub4dor&3x"]) {
    const r = redactText(engine, transcript(`DB_PASSWORD=${v}\nSECRET=changeme\n`));
    assert.equal(r.kinds.length, 1, v);
    assert.ok(!r.text.includes(v), v);
  }
});

Deno.test("every kind: a placeholder in its sample's place is kept in every context", () => {
  const rng = new Rng(43);
  for (const [kind, make] of Object.entries(SAMPLES)) {
    const s = make(rng);
    for (const filler of ["x", "X", "0", "*"]) {
      const fake = s.text.replace(s.secret, filler.repeat(s.secret.length));
      for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
        assert.deepEqual(redactText(engine, wrap(fake)).kinds, [], `${kind} ${filler}`);
      }
    }
  }
});

Deno.test("isPredictable() spots typed values and never random ones", () => {
  for (
    const v of ["aaaaaaaa", "abababab", "abcabcabc", "12345678", "abcdefghijk", "0123456789abcdef"]
  ) assert.ok(isPredictable(v), v);
  const rng = new Rng(44);
  for (let i = 0; i < 2000; i++) {
    for (const alphabet of [HEX, ALNUM, B64]) {
      const v = rng.str(alphabet, 16 + rng.int(48));
      assert.ok(!isPredictable(v), v);
      assert.ok(!isNotSecret(v) || /example|fake|todo|sample|dummy/i.test(v), v);
    }
  }
});

Deno.test("a prefixed credential name takes a hex or base64 key; a digest stays a digest", () => {
  const rng = new Rng(45);
  const hex32 = rng.str(HEX, 32);
  const hex40 = rng.str(HEX, 40);
  const b64 = rng.str(ALNUM, 30) + "9aZ" + rng.str(B64, 10) + "==";
  for (
    const [text, secret] of [
      [`MY_SERVICE_TOKEN=${hex40}`, hex40],
      [`STRIPE_SECRET=${hex32}`, hex32],
      [`acme_api_key: "${hex40}"`, hex40],
      [`SESSION_SECRET=${b64}`, b64],
      [transcript(`DD_API_KEY=${hex32}\nDD_SITE=datadoghq.eu`), hex32],
    ] as const
  ) {
    const r = redactText(engine, text);
    assert.equal(r.kinds.length, 1, text);
    assert.ok(!r.text.includes(secret), text);
  }
  for (
    const text of [
      `"token": "${hex40}"`,
      `commit_sha=${hex40}`,
      `GIT_SHA=${hex40}`,
      `cache_key: ${hex32}`,
      `etag="${hex32}"`,
      `TOKEN_HASH=${hex40}`,
    ]
  ) assert.deepEqual(redactText(engine, text).kinds, [], text);
});
