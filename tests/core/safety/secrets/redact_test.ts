// Tests for core/safety/secrets/redact.ts.

import assert from "node:assert/strict";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { redactBytes, redactText, scanBytes } from "../../../../core/safety/secrets/redact.ts";
import { scanStream } from "../../../../core/safety/secrets/stream.ts";
import { ALNUM, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";
import { concatBytes, readerOf } from "../../../_helpers/byte_stream.ts";

const engine = createEngine(SECRET_RULES);
const encoder = new TextEncoder();

Deno.test("redactText() replaces every occurrence whole, leaving no tail, and is idempotent", () => {
  const rng = new Rng(71);
  const a = SAMPLES.openai_api_key!(rng);
  const b = SAMPLES.private_key_openssh!(rng);
  const text = `first ${a.text}, again ${a.text}\n${b.text}\nend`;
  const r = redactText(engine, text);
  assert.deepEqual(r.kinds, ["openai_api_key", "openai_api_key", "private_key_openssh"]);
  assert.equal(
    r.text,
    "first [REDACTED:openai_api_key], again [REDACTED:openai_api_key]\n[REDACTED:private_key_openssh]\nend",
  );
  assert.ok(!r.text.includes(a.core) && !r.text.includes("-----"));
  assert.deepEqual(redactText(engine, r.text), { text: r.text, kinds: [] });
});

Deno.test("redactText() keeps a leading U+FEFF: only the secret changes", () => {
  const key = SAMPLES.openai_api_key!(new Rng(72)).text;
  const r = redactText(engine, `\uFEFFkey ${key}\n`);
  assert.deepEqual(r.kinds, ["openai_api_key"]);
  assert.equal(r.text, "\uFEFFkey [REDACTED:openai_api_key]\n");
  // Control: the same text without the mark.
  assert.equal(redactText(engine, `key ${key}\n`).text, "key [REDACTED:openai_api_key]\n");
});

Deno.test("redactBytes() returns the very input when nothing is found", () => {
  const bytes = new Uint8Array([0xff, 0x00, 0x41, 0xc3, 0x28]);
  const r = redactBytes(engine, bytes);
  assert.equal(r.bytes, bytes);
  assert.deepEqual(r.findings, []);
  // Positive control through the same function.
  const s = SAMPLES.npm_token!(new Rng(72));
  const withSecret = redactBytes(engine, encoder.encode(`\xff ${s.text}`));
  assert.equal(withSecret.findings.length, 1);
  assert.ok(new TextDecoder().decode(withSecret.bytes).endsWith("[REDACTED:npm_token]"));
});

Deno.test("scanBytes() never carries the secret or a hash of it", () => {
  const s = SAMPLES.github_pat!(new Rng(73));
  const json = JSON.stringify(scanBytes(engine, encoder.encode(s.text)));
  assert.ok(!json.includes(s.core));
  assert.deepEqual(Object.keys(JSON.parse(json)[0]).sort(), [
    "column",
    "end",
    "kind",
    "line",
    "start",
  ]);
});

Deno.test("redaction is idempotent for a token used as URL userinfo: markers stay opaque", () => {
  const rng = new Rng(72);
  for (const kind of ["github_oauth_token", "github_pat", "gitlab_pat", "npm_token"]) {
    for (
      const wrap of [
        (s: string) => `git clone https://${s}@github.com/o/r`,
        (s: string) => `git clone https://x-access-token:${s}@github.com/o/r.git`,
        (s: string) => `{"cmd":"git remote add origin https://${s}@gitlab.test/g/p.git"}`,
      ]
    ) {
      const s = SAMPLES[kind]!(rng);
      const once = redactText(engine, wrap(s.text));
      assert.ok(once.text.includes(`[REDACTED:${kind}]`), `${kind}: marker missing`);
      assert.ok(!once.text.includes(s.core), `${kind}: secret survived`);
      const twice = redactText(engine, once.text);
      assert.deepEqual(twice, { text: once.text, kinds: [] }, once.text);
    }
  }
  // A marker beside a real URL password does not hide it.
  const r = redactText(engine, "[REDACTED:github_pat] https://u:Zq81mXw4Lp0vTr@h.test/");
  assert.equal(r.text, "[REDACTED:github_pat] https://u:[REDACTED:url_credentials]@h.test/");
});

Deno.test("redactText() redacts every copy of a found value, wherever it is (see: #21)", () => {
  const v = new Rng(74).str(ALNUM, 28);
  const text =
    `$ cat .env\nDB_PASSWORD=${v}\n[tool] connected with ${v} ok\n{"header":"X: ${v}"}\nlater: ${v}`;
  const r = redactText(engine, `echo ${v}\n${text}`);
  assert.ok(!r.text.includes(v), r.text);
  assert.equal(r.kinds.length, 5);
  assert.ok(r.kinds.every((k) => k === "env_secret"));
  // Negative control: the same text without the assignment keeps the value.
  const alone = `[tool] connected with ${v} ok\nlater: ${v}`;
  assert.equal(redactText(engine, alone).text, alone);
});

Deno.test("a long value or one with an inner = is redacted whole, no tail left (see: #21)", () => {
  const rng = new Rng(75);
  for (const n of [499, 500, 501, 1400, 9000, 30000]) {
    const v = rng.str(ALNUM, n);
    for (
      const text of [
        `API_TOKEN=${v}\n`,
        `{"api_token": "${v}"}`,
        JSON.stringify({ out: `export SERVICE_TOKEN=${v}\nok` }),
        `client_secret: ${v}\n`,
      ]
    ) {
      const r = redactText(engine, text);
      assert.equal(r.kinds.length, 1, `${n}: ${text.slice(0, 30)}`);
      assert.ok(!r.text.includes(v.slice(-12)), `tail of ${n} left: ${text.slice(0, 30)}`);
    }
  }
  const a = rng.str(ALNUM, 20);
  const b = rng.str(ALNUM, 20);
  for (const text of [`SECRET_KEY=${a}=${b}==\n`, `api_key: ${a}=${b}\n`]) {
    const r = redactText(engine, text);
    assert.ok(!r.text.includes(b), r.text);
    assert.ok(r.text.includes("[REDACTED:"), r.text);
  }
  // Negative control: an inner = never starts a value (an empty assignment stays empty).
  assert.deepEqual(redactText(engine, "API_TOKEN==\n").kinds, []);
});

Deno.test("an assigned bare value whose part before an inner = is short is judged and redacted whole, in one buffer and in a stream (see: #21)", async () => {
  const rng = new Rng(76);
  for (let round = 0; round < 30; round++) {
    const head = rng.str(ALNUM, 3 + (round % 6));
    const rest = rng.str(ALNUM, 8 + (round % 9));
    const v = `${head}=${rest}`;
    for (
      const text of [
        `API_TOKEN=${v}\n`,
        `export SERVICE_SECRET=${v}\n`,
        JSON.stringify({ out: `export GITHUB_TOKEN=${v}\nok` }) + "\n",
      ]
    ) {
      const r = redactText(engine, text);
      assert.ok(!r.text.includes(rest), r.text);
      const parts: Uint8Array[] = [];
      await scanStream(engine, readerOf(encoder.encode(text), 3), {
        bounds: { chunkBytes: 7 },
        write: (b) => void parts.push(b.slice()),
      });
      assert.equal(new TextDecoder().decode(concatBytes(parts)), r.text);
    }
  }
  // Controls: a setting quoted as a value, a placeholder after the `=`, short or plain words,
  // each alone and in a transcript line, stay.
  for (
    const v of [
      "API_TOKEN=key=value",
      "MY_SECRET=a=b",
      "DB_PASS=yes",
      "DB_PASSWORD=123456",
      "SECRET_KEY=key=your-secret-key",
      "password=tr_dev_secret123",
      "password=form.password.data",
    ]
  ) {
    for (const text of [`${v}\n`, JSON.stringify({ out: `${v}\nnext line here` })]) {
      assert.deepEqual(redactText(engine, text).kinds, [], text);
    }
  }
});

Deno.test("a JSON Web Token whose claims run past 8 KiB is redacted whole, with its copies, in one buffer and in a stream (see: #21)", async () => {
  const rng = new Rng(77);
  const b64u = (x: string) => btoa(x).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  for (const groups of [10, 300, 1200]) {
    const claims = {
      sub: rng.str(ALNUM, 10),
      groups: Array.from({ length: groups }, () => rng.str(ALNUM, 20)),
    };
    const jwt = `${b64u(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${
      b64u(JSON.stringify(claims))
    }.${b64u(rng.str(ALNUM, 256))}`;
    const signature = jwt.slice(jwt.lastIndexOf(".") + 1);
    const text = `Authorization: Bearer ${jwt}\n` + "log line\n".repeat(9000) + `got ${jwt} ok\n`;
    const r = redactText(engine, text);
    assert.ok(!r.text.includes(signature), `${jwt.length}`);
    assert.ok(!r.text.includes(jwt.slice(9000, 9100)) || jwt.length < 9100, `${jwt.length}`);
    assert.deepEqual(r.kinds, ["jwt", "jwt"]);
    const parts: Uint8Array[] = [];
    await scanStream(engine, readerOf(encoder.encode(text), 4096), {
      bounds: { chunkBytes: 5000 },
      write: (b) => void parts.push(b.slice()),
    });
    assert.equal(new TextDecoder().decode(concatBytes(parts)), r.text);
  }
  // Control: a token of three parts stays one finding; a fourth dotted part is no JWT.
  const four = `${b64u('{"alg":"HS256"}')}.${b64u('{"sub":"12345"}')}.${rng.str(ALNUM, 43)}.${
    rng.str(ALNUM, 8)
  }`;
  assert.deepEqual(redactText(engine, `x ${four} y`).kinds, []);
});

Deno.test("an opaque Bearer token longer than 4 KiB is redacted whole, in one buffer and in a stream (see: #21)", async () => {
  const rng = new Rng(78);
  for (const n of [4000, 4096, 4097, 6000, 20000]) {
    const token = rng.str(ALNUM, n);
    const text = `curl -H "Authorization: Bearer ${token}" https://api.test\n`;
    const r = redactText(engine, text);
    assert.equal(
      r.text,
      'curl -H "Authorization: Bearer [REDACTED:bearer_token]" https://api.test\n',
      `${n}`,
    );
    const parts: Uint8Array[] = [];
    await scanStream(engine, readerOf(encoder.encode(text), 1000), {
      bounds: { chunkBytes: 3000 },
      write: (b) => void parts.push(b.slice()),
    });
    assert.equal(new TextDecoder().decode(concatBytes(parts)), r.text);
  }
  // Control: a long run of one letter after Bearer is no token.
  assert.deepEqual(redactText(engine, `Bearer ${"x".repeat(6000)}`).kinds, []);
});

Deno.test("a bare value whose inner = comes early (a head of one or two characters, any assignment rule) is found and redacted whole, in one buffer and in a stream (see: #21)", async () => {
  const rng = new Rng(77);
  const shapes: readonly ((v: string) => string)[] = [
    (v) => `DB_PASSWORD=${v}\n`,
    (v) => `export AUTH_TOKEN=${v}\n`,
    (v) => `api_key = ${v}\n`,
    (v) => `client_secret: ${v}\n`,
    (v) => `db_password: ${v}\n`,
    (v) => `mysql --password=${v} -h db\n`,
    (v) => `curl -d 'password=${v}&user=bob' https://api.test/login\n`,
    (v) => `GET https://api.test/v1/items?api_key=${v}&page=2\n`,
    (v) => JSON.stringify({ out: `export SERVICE_SECRET=${v}\nok` }) + "\n",
  ];
  for (let round = 0; round < 24; round++) {
    const head = rng.str(ALNUM, 1 + (round % 2));
    // One or two more inner `=` in some rounds (`Zq=Xk9=...`), padding at the end in others.
    const mid = round % 3 === 0 ? `${rng.str(ALNUM, 3)}=` : "";
    const rest = `${rng.str(ALNUM, 7)}7q${rng.str(ALNUM, 7)}`;
    const v = `${head}=${mid}${rest}${round % 4 === 1 ? "==" : ""}`;
    for (const shape of shapes) {
      const text = shape(v);
      const r = redactText(engine, text);
      assert.equal(r.kinds.length, 1, text);
      assert.ok(!r.text.includes(rest) && !r.text.includes(v.slice(0, head.length + 2)), r.text);
      const parts: Uint8Array[] = [];
      await scanStream(engine, readerOf(encoder.encode(text), 5), {
        bounds: { chunkBytes: 11 },
        write: (b) => void parts.push(b.slice()),
      });
      assert.equal(new TextDecoder().decode(concatBytes(parts)), r.text);
    }
  }
  // A form field or the last query field whose value is shorter than the generic rule reads (8 to 11).
  for (let round = 0; round < 12; round++) {
    const v = `${rng.str(ALNUM, 1 + (round % 2))}=${rng.str(ALNUM, 3)}7q${
      rng.str(ALNUM, 2 + (round % 3))
    }`;
    for (
      const text of [
        `curl -d 'password=${v}&user=bob' https://api.test/login\n`,
        `curl -d 'user=bob&pwd=${v}&x=1'\n`,
        `GET https://api.test/v1/items?access_token=${v}\n`,
      ]
    ) {
      const r = redactText(engine, text);
      assert.equal(r.kinds.length, 1, text);
      assert.ok(!r.text.includes(v.slice(-6)), r.text);
    }
  }
  // Controls: settings, words and query strings written as the value stay, under every rule.
  for (
    const v of [
      "API_TOKEN=key=value",
      "DB_PASSWORD=a=b",
      "AUTH_TOKEN=x=y=z",
      "SECRET_KEY=k=your-secret-key",
      "api_key = key=value",
      "client_secret: a=b",
      "db_password: x=changeme",
      "curl -d 'password=a=b&user=bob'",
      "GET /x?password=a=b&c=d",
      "GET /x?token=abc=def&c=d",
      "GET /x?token=a=b",
      "DB_PASSWORD=pw=$(cat /run/secrets/db)",
      "DB_PASSWORD=ab=${DB_PASS}",
      "API_TOKEN=t=$TOKEN",
      "DB_PASSWORD=ab=<password>",
      "GET /x?api_key=k=your_api_key&x=1",
      "?a=b&c=d",
      "DB_PASS=yes",
      "password=form.password.data",
    ]
  ) {
    for (const text of [`${v}\n`, JSON.stringify({ out: `${v}\nnext line here` })]) {
      assert.deepEqual(redactText(engine, text).kinds, [], text);
    }
  }
});

/** Bytes whose line-feed searches count the bytes they read. */
class CountingBytes extends Uint8Array {
  read = 0;
  override indexOf(value: number, from = 0): number {
    const at = super.indexOf(value, from);
    this.read += (at < 0 ? this.length : at + 1) - from;
    return at;
  }
}

Deno.test("scanBytes() numbers lines reading each byte once, however many findings share a long line", () => {
  const rng = new Rng(72);
  const unit = () => `api_key="Zq7${rng.str(ALNUM, 17)}" `;
  for (const n of [50, 400]) {
    const text = Array.from({ length: n }, unit).join("") + "\nlast " + unit() + "\n";
    const bytes = new CountingBytes(encoder.encode(text).buffer);
    const found = scanBytes(engine, bytes);
    assert.equal(found.length, n + 1);
    assert.equal(found.at(-1)!.line, 2);
    // Linear: every byte read about once (the old search from the last line feed read the rest
    // of the line for every finding, n times the line).
    assert.ok(bytes.read <= 2 * bytes.length, `${bytes.read} bytes read of ${bytes.length}`);
  }
});
