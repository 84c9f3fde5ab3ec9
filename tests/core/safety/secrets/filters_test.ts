// Tests for core/safety/secrets/filters.ts.

import assert from "node:assert/strict";
import {
  isExcludedName,
  isLookAlikeValue,
  isNotSecret,
  isPredictable,
  opensAsPlaceholder,
  opensWithTemplate,
} from "../../../../core/safety/secrets/filters.ts";
import { ALNUM, HEX, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";

Deno.test("isNotSecret() keeps placeholders, vendor examples and markers, not random values", () => {
  const rng = new Rng(51);
  for (
    const v of [
      "your-api-key-here",
      "<token>",
      "${API_TOKEN}",
      "{{ secrets.TOKEN }}",
      "xxxxxxxxxxxx",
      "************",
      "[REDACTED:github_pat]",
      "password",
      "changeme",
      "AKIAIOSFODNN7" + "EXAMPLE",
    ]
  ) assert.ok(isNotSecret(v), v);
  for (let i = 0; i < 100; i++) assert.ok(!isNotSecret(rng.str(ALNUM, 40)));
});

Deno.test("isNotSecret(): a format field named in words is a placeholder; a password in braces is not (review29)", () => {
  for (
    const v of [
      "{PASS}",
      "{DB_PASSWORD}",
      "{db_password}",
      "{dbPassword}",
      "{user.name}",
      "{password2}",
    ]
  ) assert.ok(isNotSecret(v), v);
  // Digits inside a word, or one case run into another, are a value's, not a field name's.
  for (
    const v of [
      "{s3cr3t_p4ssw0rd}",
      "{tr0ub4dor.and.3}",
      "{p4ss-w0rd-2024}",
      "{ZQ8VLK2MNP4RTW9X}",
      "{zqKv8lkTm2np}",
    ]
  ) assert.ok(!isNotSecret(v), v);
  const rng = new Rng(2929);
  const LOWER_DIGITS = "abcdefghijklmnopqrstuvwxyz0123456789";
  for (let i = 0; i < 200; i++) {
    // A random lower-case run with a digit inside (not only at its end).
    const v = `${rng.str(LOWER_DIGITS, 6)}7${rng.str("abcdefghijklmnopqrstuvwxyz", 1)}${
      rng.str(LOWER_DIGITS, 8)
    }`;
    assert.ok(!isNotSecret(`{${v}}`), v);
  }
});

Deno.test("a password in braces is redacted in an assignment, curl's -u and a URL; a format field is kept (review29)", () => {
  const engine = defaultEngine();
  for (
    const [text, value] of [
      ['password = "{tr0ub4dor.and.3}"', "tr0ub4dor.and.3"],
      ["export PGPASSWORD={s3cr3t-p4ss}", "s3cr3t-p4ss"],
      ["curl -u admin:{s3cr3tp4ss.word} https://api.test", "s3cr3tp4ss.word"],
      ["https://admin:{s3cr3t_p4ssw0rd}@db.example.test/x", "s3cr3t_p4ssw0rd"],
      ["password = '{ZQ8VLK2MNP4RTW9X}'", "ZQ8VLK2MNP4RTW9X"],
    ] as const
  ) {
    const r = redactText(engine, text);
    assert.ok(!r.text.includes(value), r.text);
  }
  for (
    const text of [
      'url = "postgres://{user}:{db_password}@{host}:5432/{name}"',
      "https://{USER}:{PASS}@template.example.test",
      "password = '{dbPassword}'",
    ]
  ) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("isNotSecret(): a format directive is a placeholder; `%s` inside a random key is not (see: #21)", () => {
  for (const v of ["%s", "Bearer %s", "token_%s", "%s:%s", "key-%d/x", "prefix%s"]) {
    assert.ok(isNotSecret(v), v);
  }
  // A generated Django key: its alphabet holds `%` and `s`.
  for (
    const v of [
      "django-insecure-=-s8_@cdd*u+c7-ret(dfx64fna9dz%s*b8la((e2ud!e3h19n",
      "q9!zr%s=k2m(7p&w4x_v8n#b5c^t3y@h6j*l1f0g+d",
    ]
  ) assert.ok(!isNotSecret(v), v);
});

Deno.test("isLookAlikeValue() recognises digests, ids, references and public material", () => {
  const rng = new Rng(52);
  for (
    const v of [
      rng.str(HEX, 40),
      rng.str(HEX, 64),
      crypto.randomUUID(),
      "sha512-" + rng.str(ALNUM, 86) + "==",
      "sha256:" + rng.str(HEX, 64),
      "h1:" + rng.str(ALNUM, 43) + "=",
      "pk_live_" + rng.str(ALNUM, 24),
      "data:image/png;base64,iVBOR",
      "./secrets/file",
      "https://example.test/path",
      "process.env.API_KEY",
      "getenv(",
      "$API_KEY",
      "12345",
      "^3.3.1-next.19+2c93303",
      "~1.2.x",
      ">=2.0.0-rc.1",
      "true",
    ]
  ) assert.ok(isLookAlikeValue(v), v);
  for (let i = 0; i < 100; i++) {
    assert.ok(!isLookAlikeValue(rng.str(ALNUM, 10) + "9" + rng.str(ALNUM, 10)));
  }
  assert.ok(!isLookAlikeValue("https://user:pw@host/"));
});

Deno.test("isLookAlikeValue() takes a dotted value for a reference only when its parts are names, not random runs", () => {
  // Control: member chains of code, their parts words (digits, acronyms, a plural included).
  for (
    const v of [
      "process.env.DB_PASSWORD",
      "config.db.password",
      "this.userIDs",
      "cfg.s3Client.secret",
      "self.xPos",
      "charset.utf8mb4",
      "XMLHttpRequest.DONE",
      "Foo::BAR",
      "req->body",
      "settings.getToken(",
      "values.medianMs",
      "this.userId",
      "k8s.io",
    ]
  ) assert.ok(isLookAlikeValue(v), v);
  // Passwords and tokens with a dot whose parts break into single letters between digits and capitals.
  for (
    const v of ["Winter2024.Kx9q", "my.s3cr3t.Pw", "Xy7kLq9.mQ2zRw4", "_0qZPKmUhh2kN4B.kPF9mOn8E"]
  ) assert.ok(!isLookAlikeValue(v), v);
});

Deno.test("a password or token with a dot, or opening with a slash, is redacted in .env, YAML, JSON and a query; a dotted reference and a path are kept", () => {
  const redacted = (text: string) => redactText(defaultEngine(), text).text;
  for (
    const [text, value] of [
      ["REDIS_PASSWORD=my.s3cr3t.Pw", "my.s3cr3t.Pw"],
      ["SMTP_PASS=Xy7kLq9.mQ2zRw4", "Xy7kLq9.mQ2zRw4"],
      ["password: Winter2024.Kx9q", "Winter2024.Kx9q"],
      ['{"password": "Xy7kLq9.mQ2zRw4"}', "Xy7kLq9.mQ2zRw4"],
      ["https://h/x?password=_0qZPKmUhh2kN4B.kPF9mOn8E&format=json", "kPF9mOn8E"],
      ["DB_PASSWORD=/Xk9mQ2zR7wLp", "Xk9mQ2zR7wLp"],
      ['api_key: "/Hk3mQ9zR7wLpA1b2c3d4e5f6g7h8i9j0k="', "Hk3mQ9zR7wLpA1b2c3d4e5f6g7h8i9j0k"],
    ] as const
  ) assert.ok(!redacted(text).includes(value), text);
  // Control: references in code and config stay as written.
  for (
    const text of [
      "password: process.env.DB_PASSWORD",
      "API_TOKEN=settings.API_TOKEN",
      "password = cfg.s3Client.secret",
      "token: this.userIDs",
      "pass: values.medianMs <= t.max",
      "password: /etc/secrets/db",
      "token: /var/run/secrets/kubernetes.io/serviceaccount/token",
    ]
  ) assert.equal(redacted(text), text);
});

Deno.test("isLookAlikeValue() takes a value opening like a path for one only when its names are words", () => {
  // Control: paths of word names (the ./ ~/ C:\\ file: forms too).
  for (
    const v of [
      "./secrets/file",
      "/etc/secrets/db",
      "~/.ssh/id_rsa",
      "./certs/x86_64-linux.pem",
      "C:\\Users\\bob\\secrets.txt",
      "file:///etc/pw.txt",
      "/var/run/secrets/kubernetes.io/serviceaccount/token",
    ]
  ) assert.ok(isLookAlikeValue(v), v);
  // base64 opens with `/` once in 64; a password may too.
  const rng = new Rng(53);
  for (let i = 0; i < 50; i++) {
    const v = `/${rng.str(ALNUM, 8)}9k${rng.str(ALNUM, 20)}=`;
    assert.ok(!isLookAlikeValue(v), v);
  }
  assert.ok(!isLookAlikeValue("/Xk9mQ2zR7wLp"));
});

Deno.test("isExcludedName() skips counts, cursors, hashes and public keys, not credentials", () => {
  for (
    const n of [
      "max_tokens",
      "input_tokens",
      "nextPageToken",
      "page_token",
      "token_type",
      "secret_sha256",
      "public_key",
      "PASSWORD_FILE",
      "tokenizer",
    ]
  ) {
    assert.ok(isExcludedName(n), n);
  }
  for (
    const n of [
      "GITHUB_TOKEN",
      "refresh_token",
      "client_secret",
      "db.password",
      "apiKey",
      "access_token",
    ]
  ) {
    assert.ok(!isExcludedName(n), n);
  }
});

Deno.test("a token named jsonwebtoken is redacted; only the io.jsonwebtoken library's coordinates are kept (review29)", () => {
  const engine = defaultEngine();
  const rng = new Rng(2930);
  for (const shape of ["JSONWEBTOKEN={v}", "my_jsonwebtoken: {v}", "jsonwebtoken = '{v}'"]) {
    const v = `Q7${rng.str(ALNUM, 20)}`;
    const r = redactText(engine, shape.replace("{v}", v));
    assert.ok(!r.text.includes(v), r.text);
  }
  for (
    const text of [
      "implementation 'io.jsonwebtoken:jjwt-api:0.11.5'",
      "[INFO] +- io.jsonwebtoken:jjwt-impl:jar:0.11.5:runtime",
    ]
  ) assert.deepEqual(redactText(engine, text).kinds, [], text);
});

Deno.test("opensAsPlaceholder(): every value that opens like a placeholder is kept by isNotSecret, whatever follows", () => {
  const rng = new Rng(57);
  // `{{` is no longer one (redact103): a template only when its reference is well formed.
  const openings = [
    "${",
    "<",
    "***",
    "xxxxx",
    "XXXXX",
    "...",
    "\x7f\x7f\x7f",
    "####",
    "_____",
    "00000000",
    "Example",
    "PLACEHOLDER",
    "changeme",
    "change_me",
    "redacted",
    "dummy",
    "Sample",
    "fake",
    "your-",
    "YOUR_",
    "replace-with",
    "replaceme",
    "insert_",
    "todo",
    "FIXME",
    "[redacted",
  ];
  for (const opening of openings) {
    assert.ok(opensAsPlaceholder(`KEY=${opening}`, 4), opening);
    for (let i = 0; i < 40; i++) {
      const tail = rng.str(ALNUM + "-_.:/+=!@%^&*~", rng.int(30));
      assert.ok(isNotSecret(opening + tail), opening + tail);
      assert.ok(isNotSecret(opening + tail, false), opening + tail);
    }
  }
  // Negative controls: random values, and an opening that is not where the value begins.
  for (let i = 0; i < 200; i++) {
    const value = rng.str(ALNUM, 8) + "7Q";
    if (openings.some((o) => value.toLowerCase().startsWith(o.toLowerCase()))) continue;
    assert.ok(!opensAsPlaceholder(`KEY=${value}`, 4), value);
  }
  assert.ok(!opensAsPlaceholder("KEY=a${B}", 4));
});

Deno.test("isNotSecret(): a ${...} or {{...}} inside a value is a reference only when well formed; a symbol-rich password is a value (see: #21)", () => {
  for (
    const v of [
      "abc${PW_SUFFIX}",
      "dead-${crypto.randomUUID()}",
      "t${++tokens}x",
      "0x${hex(64)}",
      "pre{{ .Values.key }}",
      "x${NAME:-fallback}",
      "cut${NAME",
      "${{ secrets.API_KEY }}",
    ]
  ) {
    assert.ok(isNotSecret(v), v);
  }
  // The same symbols out of order or unclosed: a random value, not a template.
  for (
    const v of [
      "q{{w}e)r$t]yui(op[as>-_$#dfgh}}",
      "q{{w}e)r${t]yui(op[as>-_$#dfgh}}",
      "Zx9${a)b(}Lm2",
    ]
  ) {
    assert.ok(!isNotSecret(v), v);
  }
});

Deno.test("a vendor's prefix followed by a placeholder is kept under a secret-like name; the prefix with a random rest, and a human password of words, are redacted (review42)", () => {
  const engine = defaultEngine();
  const kept = [
    "API_KEY=dtn_your-daytona-key",
    'secretKey: "tr_dev_1234567890"',
    'logfire_token = "pylf_v1_eu_secret"',
    "OPENAI_API_KEY=sk-your-openai-key",
    "STRIPE_SECRET_KEY=sk_test_your_stripe_key",
    "GITHUB_TOKEN=ghp_your_github_token",
    "GEMINI_API_KEY=AQ.your-gemini-key",
    "password=tr_dev_secret123",
    '{"api_key": "xau_YOUR_API_KEY"}',
    "DB_PASSWORD=abc_aaaaaaaaaa",
  ];
  for (const text of kept) {
    for (const wrap of [(x: string) => x, (x: string) => JSON.stringify({ content: x })]) {
      assert.equal(redactText(engine, wrap(text)).kinds.length, 0, wrap(text));
    }
  }
  // Controls: the same names and prefixes with a random rest, and passwords of a word and a
  // documentation word, stay secrets.
  const rng = new Rng(4242);
  for (let i = 0; i < 40; i++) {
    const rest = rng.str(ALNUM, 24);
    for (
      const text of [
        `API_KEY=dtn_${rest}`,
        `secretKey: "tr_dev_${rest}"`,
        `logfire_token = "pylf_v1_eu_${rest}"`,
        `password=tr_dev_${rest}`,
        `DB_PASSWORD=abc_${rest}`,
      ]
    ) {
      const r = redactText(engine, text);
      assert.equal(r.kinds.length, 1, text);
      assert.ok(!r.text.includes(rest), r.text);
    }
  }
  for (const v of ["kitty-password", "Tr0ub4dor_password", "hunter_secret"]) {
    assert.ok(!isNotSecret(v), v);
    assert.equal(redactText(engine, `DB_PASSWORD=${v}`).kinds.length, 1, v);
  }
});

Deno.test("a signed request's credential scope is kept under a credential name, URL-encoded or not; a real key id in it, and a random value, are redacted (review42)", () => {
  const engine = defaultEngine();
  for (
    const text of [
      "X-Credential=AKLTabc123def456%2F20240101%2Fcn-beijing",
      "GET /?Action=ListUsers&X-Credential=AKLTabc123def456%2F20240101%2Fcn-beijing%2Fiam%2Frequest&X-Date=20240101T000000Z",
      "Authorization: HMAC-SHA256 Credential=AKLTabc123def456/20240101/cn-beijing/iam/request, SignedHeaders=host",
      "X-Amz-Credential=AKIAZ7ABCDEFGHIJKLMN%2F20240101%2Fus-east-1%2Fs3%2Faws4_request",
    ]
  ) {
    for (const wrap of [(x: string) => x, (x: string) => JSON.stringify({ content: x })]) {
      assert.equal(redactText(engine, wrap(text)).kinds.length, 0, wrap(text));
    }
  }
  const rng = new Rng(4243);
  for (let i = 0; i < 20; i++) {
    for (const kind of ["volcengine_access_key_id", "aws_access_key_id"]) {
      const id = SAMPLES[kind]!(rng).secret;
      const r = redactText(engine, `X-Credential=${id}%2F20240101%2Fcn-beijing%2Fiam%2Frequest`);
      assert.deepEqual(r.kinds, [kind], id);
      assert.ok(!r.text.includes(id), r.text);
    }
    // A digit and both cases, as the name rules ask of a bare value.
    const value = `${rng.str(ALNUM, 22)}9zQ`;
    assert.equal(redactText(engine, `X-Credential=${value}`).kinds.length, 1, value);
    assert.equal(
      redactText(engine, `X-Credential=${value}%2F${rng.str(ALNUM, 8)}`).kinds.length,
      1,
    );
  }
});

/**
 * isPredictable as it was written with a Set of the value's characters (the reference): whether
 * it is predictable, and whether only the count of distinct characters made it so.
 */
function isPredictableBySet(secret: string): [boolean, boolean] {
  const n = secret.length;
  if (n < 4) return [false, false];
  let predictable = 0;
  for (let i = 1; i < n; i++) {
    const c = secret.charCodeAt(i);
    const prev = secret.charCodeAt(i - 1);
    const next = c === prev + 1 ||
      (prev === 0x39 && (c === 0x30 || c === 0x61 || c === 0x41)) ||
      ((prev === 0x7a || prev === 0x5a || prev === 0x66 || prev === 0x46) && c === 0x30);
    if (next) predictable++;
    else {
      for (let p = 1; p <= 4 && p <= i; p++) {
        if (secret.charCodeAt(i - p) === c) {
          predictable++;
          break;
        }
      }
    }
  }
  if (predictable >= 0.7 * (n - 1)) return [true, false];
  const few = n >= 8 && new Set(secret).size <= 3;
  return [few, few];
}

Deno.test("isPredictable() counts distinct characters as a Set of the value would (astral ones and lone surrogates too)", () => {
  const rng = new Rng(57);
  // Few characters (so three or fewer distinct ones is common), spread so steps rarely repeat.
  const alphabets = [
    "ab",
    "abc",
    "abcd",
    "aQ7",
    "xy😀",
    "\ud800ab",
    "😀😁a",
    "\udc00\ud800x",
    ALNUM,
  ];
  let bySetOnly = 0;
  let kept = 0;
  for (let i = 0; i < 20000; i++) {
    const alphabet = [...rng.pick(alphabets)];
    let value = "";
    const n = 4 + rng.int(30);
    for (let k = 0; k < n; k++) value += rng.pick(alphabet);
    const [want, bySet] = isPredictableBySet(value);
    assert.equal(isPredictable(value), want, JSON.stringify(value));
    if (bySet) bySetOnly++;
    if (!want) kept++;
  }
  // Both answers, and values only the distinct count calls predictable.
  assert.ok(bySetOnly > 100, `${bySetOnly}`);
  assert.ok(kept > 1000, `${kept}`);
});

Deno.test("a quoted value that opens with [ and holds a digit is a value; a bracketed or cut placeholder is kept (review80)", () => {
  const engine = defaultEngine();
  const rng = new Rng(8401);
  for (let i = 0; i < 6; i++) {
    const v = "[" + rng.str(ALNUM, 8) + "7@E:" + rng.str(ALNUM, 8);
    for (
      const text of [
        `{"password": "${v}"}`,
        `DB_PASSWORD="${v}"`,
        `api_key: "${v}"`,
      ]
    ) {
      const r = redactText(engine, text);
      assert.equal(r.kinds.length, 1, text);
      assert.ok(!r.text.includes(v.slice(1, 9)), r.text);
    }
  }
  for (
    const text of [
      '{"api_key": "[YOUR API KEY"}',
      'DB_PASSWORD="[your db password"',
      'api_key = "[API_KEY_V2]"',
      '{"token": "[TOKEN_2]"}',
      'password: "[REDACTED]"',
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("redact103: a value that opens with `{{` is a template only when its reference is well formed (detect-secrets' keyword fixtures)", () => {
  // detect-secrets' keyword plugin's value: `{{h}` closes one brace, `${e]` and `)` close nothing.
  const value = "{{h}o)p${e]nob(ody[finds>-_$#thisone}}";
  assert.ok(!opensAsPlaceholder(`KEY=${value}`, 4));
  assert.ok(!isNotSecret(value));
  assert.ok(!opensWithTemplate(value));
  // Controls: templates of Jinja, Helm, Go, Handlebars' triple stash, and one cut at the value's end.
  for (
    const t of [
      "{{ vault_db_password }}",
      "{{ .Values.db.password | b64enc }}",
      "{{- .Values.secret -}}",
      "{{{apiKey}}}",
      "{{ lookup('env', 'PW') }}",
      "{{",
      "{{ vault_pw",
    ]
  ) {
    assert.ok(opensWithTemplate(t), t);
    assert.ok(isNotSecret(t), t);
  }
});
