// Tests for core/safety/secrets/copies.ts: every copy of a found value, the
// standalone rule, the bounded memory. See: #21

import assert from "node:assert/strict";
import {
  COPY_BOUNDS,
  CopyMemory,
  indexedFrom,
  mergeCopies,
} from "../../../../core/safety/secrets/copies.ts";
import { copyForms } from "../../../../core/safety/secrets/copy_forms.ts";
import { concatBytes, readerOf } from "../../../_helpers/byte_stream.ts";
import { ALNUM, Rng } from "../../../_helpers/secret_fixtures.ts";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { scanStream } from "../../../../core/safety/secrets/stream.ts";
import { streamedRedaction } from "../../../_helpers/streamed_redaction.ts";

const encoder = new TextEncoder();

function spanOf(text: string, value: string, from = 0) {
  const start = text.indexOf(value, from);
  return { start, end: start + value.length };
}

Deno.test("CopyMemory.find() finds every standalone copy, before and after the original", () => {
  const v = new Rng(1).str(ALNUM, 24);
  const text = `echo ${v}\nAPI_TOKEN=${v}\n{"out":"${v}"}\n\\n${v}\\n`;
  const bytes = encoder.encode(text);
  const m = new CopyMemory();
  const original = spanOf(text, `=${v}`);
  m.remember(bytes, [{ kind: "env_secret", start: original.start + 1, end: original.end }]);
  const found = m.find(bytes, 0, bytes.length);
  assert.equal(found.length, 4);
  for (const f of found) assert.equal(text.slice(f.start, f.end), v);
});

Deno.test("CopyMemory.find() leaves a value inside a longer identifier; a standalone copy is found", () => {
  const v = new Rng(2).str(ALNUM, 16);
  const text = `x${v} ${v}y _${v}_ ${v}`;
  const bytes = encoder.encode(text);
  const m = new CopyMemory();
  const last = text.lastIndexOf(v);
  m.remember(bytes, [{ kind: "k", start: last, end: last + v.length }]);
  const found = m.find(bytes, 0, bytes.length);
  // `_` is no letter or digit: `_v_` is a copy; `xv` and `vy` are not.
  assert.deepEqual(found.map((f) => f.start), [text.indexOf(`_${v}`) + 1, last]);
});

Deno.test("CopyMemory remembers nothing shorter than its minimum; the same length at the minimum is", () => {
  const text = "pw abc12 abc12 abc123 abc123";
  const bytes = encoder.encode(text);
  const m = new CopyMemory();
  m.remember(bytes, [{ kind: "k", start: 3, end: 8 }, { kind: "k", start: 15, end: 21 }]);
  assert.equal(m.size, 1);
  assert.deepEqual(m.find(bytes, 0, bytes.length).map((f) => f.start), [15, 22]);
});

Deno.test("CopyMemory keeps within its bounds by forgetting the oldest value first", () => {
  const rng = new Rng(3);
  const values = Array.from({ length: 5 }, () => rng.str(ALNUM, 20));
  const text = values.join(" ");
  const bytes = encoder.encode(text);
  const m = new CopyMemory({ maxValues: 3, maxBytes: 10_000 });
  m.remember(bytes, values.map((v) => ({ kind: "k", ...spanOf(text, v) })));
  assert.equal(m.size, 3);
  // Each value with its other forms (its two base64 forms: an alphanumeric value has no other).
  const withForms = (v: string) =>
    v.length +
    copyForms(encoder.encode(v), COPY_BOUNDS.minBytes).reduce((n, f) => n + f.bytes.length, 0);
  assert.equal(m.bytes, values.slice(2).reduce((n, v) => n + withForms(v), 0));
  const starts = m.find(bytes, 0, bytes.length).map((f) => text.slice(f.start, f.end));
  assert.deepEqual(starts, values.slice(2));
  const byBytes = new CopyMemory({ maxValues: 100, maxBytes: 2 * withForms(values[0]!) + 1 });
  byBytes.remember(bytes, values.map((v) => ({ kind: "k", ...spanOf(text, v) })));
  assert.equal(byBytes.size, 2);
});

Deno.test("CopyMemory forgets first the value found longest ago: a value found again is kept", () => {
  const rng = new Rng(31);
  const a = rng.str(ALNUM, 20);
  const b = rng.str(ALNUM, 20);
  const c = rng.str(ALNUM, 20);
  const text = `${a} ${b} ${a} ${c} ${a} ${b}`;
  const bytes = encoder.encode(text);
  const at = (v: string, from = 0) => ({ kind: "k", ...spanOf(text, v, from) });
  const m = new CopyMemory({ maxValues: 2 });
  m.remember(bytes, [at(a), at(b), at(a, text.indexOf(a) + 1), at(c)]);
  const found = m.find(bytes, 0, bytes.length).map((f) => text.slice(f.start, f.end));
  // a was found again after b: b is the one forgotten when c comes.
  assert.deepEqual(found, [a, a, c, a]);
});

Deno.test("CopyMemory finds a value's copies percent-encoded, JSON-escaped, base64-encoded and decoded", () => {
  const rng = new Rng(32);
  for (let round = 0; round < 20; round++) {
    const v = rng.str(ALNUM, 8) + "/+" + rng.str(ALNUM, 6) + '"&' + rng.str(ALNUM, 6);
    const forms = [
      encodeURIComponent(v),
      encodeURIComponent(v).replace(/%[0-9A-F]{2}/g, (x) => x.toLowerCase()),
      JSON.stringify(v).slice(1, -1),
      JSON.stringify(v).slice(1, -1).replaceAll("/", "\\/"),
      JSON.stringify(v).slice(1, -1).replaceAll("&", "\\u0026"),
      btoa(v),
      btoa(v).replace(/=+$/, ""),
      btoa(v + "\n"),
    ];
    const text = `PASSWORD='${v}'\n` + forms.map((f) => `x ${f} y\n`).join("");
    const bytes = encoder.encode(text);
    const m = new CopyMemory();
    m.remember(bytes, [{ kind: "k", ...spanOf(text, v) }]);
    const found = m.find(bytes, 0, bytes.length).map((f) => text.slice(f.start, f.end));
    for (const f of forms) {
      assert.ok(
        found.some((x) => f.startsWith(x) && f.slice(x.length).replace(/=+$/, "") === ""),
        f,
      );
    }
    // Control: another value's forms are not found.
    const other = rng.str(ALNUM, 22);
    const control = encoder.encode(`x ${btoa(other)} ${encodeURIComponent(other + "/")} y`);
    assert.deepEqual(m.find(control, 0, control.length), []);
  }
  // A found base64 value's text, and a Basic credential's password alone.
  const pass = new Rng(33).str(ALNUM, 16);
  const text = `Authorization: Basic ${btoa(`admin:${pass}`)}\nadmin:${pass}\n-p ${pass}\n`;
  const bytes = encoder.encode(text);
  const m = new CopyMemory();
  m.remember(bytes, [{ kind: "basic_auth", ...spanOf(text, btoa(`admin:${pass}`)) }]);
  const found = m.find(bytes, 0, bytes.length).map((f) => text.slice(f.start, f.end));
  assert.deepEqual(found, [btoa(`admin:${pass}`), `admin:${pass}`, pass]);
});

Deno.test("a private key's body printed without its armour, line by line or joined, is redacted, in one buffer and in a stream", async () => {
  const rng = new Rng(35);
  const B64 = ALNUM + "+/";
  const body = rng.str(B64, 1600);
  const other = rng.str(B64, 1600);
  const lines = body.match(/.{1,64}/g)!;
  const pem = `-----BEGIN RSA PRIVATE KEY-----\n${lines.join("\n")}\n-----END RSA PRIVATE KEY-----`;
  const text = `${pem}\n$ sed -n 2,4p key.pem\n${lines.slice(0, 3).join("\n")}\n` +
    `$ tr -d '\\n' < key.pem\n${body}\n` + "x\n".repeat(40_000) + `${lines[7]}\n` +
    // Control: another key's lines are left.
    `${other.slice(0, 64)}\n${other}\n`;
  const engine = defaultEngine();
  const once = redactText(engine, text).text;
  for (const piece of [...lines.slice(0, 8).filter((l) => l.length >= 16), body]) {
    assert.ok(!once.includes(piece), piece);
  }
  assert.ok(once.includes(other.slice(0, 64)) && once.includes(other));
  const parts: Uint8Array[] = [];
  await scanStream(engine, readerOf(encoder.encode(text), 5000), {
    bounds: { chunkBytes: 32 * 1024 },
    write: (b) => void parts.push(b.slice()),
  });
  assert.equal(new TextDecoder().decode(concatBytes(parts)), once);
});

Deno.test("a Kubernetes Secret's value decoded by base64 -d later in a transcript is redacted, in one buffer and in a stream", async () => {
  const pass = new Rng(34).str(ALNUM, 18);
  const text = `kind: Secret\ndata:\n  password: ${btoa(pass)}\n` +
    "$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d\n" +
    `${pass}\n` + "x".repeat(300_000) + `\n${pass}\n`;
  const engine = defaultEngine();
  assert.ok(!redactText(engine, text).text.includes(pass));
  const parts: Uint8Array[] = [];
  await scanStream(engine, readerOf(encoder.encode(text), 7_000), {
    bounds: { chunkBytes: 64 * 1024 },
    write: (b) => void parts.push(b.slice()),
  });
  const out = new TextDecoder().decode(concatBytes(parts));
  assert.ok(!out.includes(pass));
  assert.equal(out.split("[REDACTED:k8s_secret_data]").length, 4);
});

Deno.test("CopyMemory.find() keeps the longer of two overlapping values", () => {
  const rng = new Rng(4);
  const shortV = rng.str(ALNUM, 12);
  const longV = shortV + rng.str(ALNUM, 10);
  const text = `${shortV} ${longV}`;
  const bytes = encoder.encode(text);
  const m = new CopyMemory();
  m.remember(bytes, [
    { kind: "short", start: 0, end: 12 },
    { kind: "long", ...spanOf(text, longV, 13) },
  ]);
  assert.deepEqual(m.find(bytes, 0, bytes.length), [
    { kind: "short", start: 0, end: 12 },
    { kind: "long", start: 13, end: 13 + longV.length },
  ]);
});

Deno.test("mergeCopies() joins a copy and a rule finding that overlap into one span of the rule's kind", () => {
  const found = [{ kind: "a", start: 5, end: 15 }, { kind: "a", start: 30, end: 34 }];
  const copies = [
    { kind: "b", start: 0, end: 6 },
    { kind: "b", start: 7, end: 12 },
    { kind: "b", start: 15, end: 20 },
    { kind: "b", start: 25, end: 40 },
  ];
  assert.deepEqual(mergeCopies(found, copies), [
    { kind: "a", start: 0, end: 15 },
    copies[2],
    { kind: "a", start: 25, end: 40 },
  ]);
  // Control: a copy inside a rule finding, or apart from it, changes nothing.
  assert.deepEqual(mergeCopies(found, [copies[1]!, copies[2]!]), [found[0], copies[2], found[1]]);
});

Deno.test("a copy a rule finding stops inside is redacted whole, in one buffer and in a stream", async () => {
  // curl's -u rule ends its value at the blank; the value (a passphrase with
  // a blank) is known whole from the JSON before. Before, the copy was
  // dropped for overlapping the rule's finding and its tail stayed in clear.
  const engine = defaultEngine();
  const value = "Zx9k Qw3Lm8pRt5Vb7Nc2";
  const text = `{"password": "${value}"}\nsome prose\ncurl -u admin:${value} http://x\n`;
  const out = redactText(engine, text).text;
  assert.equal(
    out,
    `{"password": "[REDACTED:generic_secret]"}\nsome prose\ncurl -u admin:[REDACTED:curl_user_password] http://x\n`,
  );
  // The stream, the copy at every offset from a chunk boundary.
  const chunkBytes = 64;
  for (let pad = 0; pad < chunkBytes + 32; pad++) {
    const padded = `{"password": "${value}"}\n${
      "x".repeat(pad)
    }\ncurl -u admin:${value} http://x\n`;
    const streamed = await streamedRedaction(engine, padded, chunkBytes, 7);
    assert.ok(!streamed.includes("Qw3Lm8pRt5Vb7Nc2"), `pad ${pad}: ${streamed}`);
    assert.equal(streamed, redactText(engine, padded).text, `pad ${pad}`);
  }
  // Control: without the earlier JSON nothing tells the rest is secret.
  const alone = redactText(engine, `curl -u admin:${value} http://x\n`).text;
  assert.equal(alone, "curl -u admin:[REDACTED:curl_user_password] Qw3Lm8pRt5Vb7Nc2 http://x\n");
});

Deno.test("CopyMemory finds values added between searches, shorter ones and after forgetting", () => {
  const rng = new Rng(5);
  const long1 = rng.str(ALNUM, 30);
  const long2 = rng.str(ALNUM, 40);
  const short = rng.str(ALNUM, 7);
  const text = `${long1} ${long2} ${short} ${long1} ${long2} ${short}`;
  const bytes = encoder.encode(text);
  const at = (v: string) => ({
    kind: "k",
    start: text.indexOf(v),
    end: text.indexOf(v) + v.length,
  });
  const m = new CopyMemory({ maxValues: 2 });
  m.remember(bytes, [at(long1)]);
  assert.equal(m.find(bytes, 0, bytes.length).length, 2);
  m.remember(bytes, [at(long2)]); // indexed in place
  assert.equal(m.find(bytes, 0, bytes.length).length, 4);
  m.remember(bytes, [at(short)]); // a shorter stride, and long1 forgotten
  const found = m.find(bytes, 0, bytes.length).map((f) => text.slice(f.start, f.end));
  assert.deepEqual(found, [long2, short, long2, short]);
});

Deno.test("perf21w: a shorter value or a fuller bitmap indexes only what is new; every copy of the values indexed before is still found at every alignment", () => {
  const rng = new Rng(21);
  // Long values first (the widest stride), then ever shorter ones, one search between each.
  const values = [
    ...Array.from({ length: 150 }, () => rng.str(ALNUM, 40)),
    ...[18, 15, 12, 9, 7].map((n) => rng.str(ALNUM, n)),
  ];
  const m = new CopyMemory();
  let entries = 0;
  for (const v of values) {
    const bytes = encoder.encode(`K=${v}`);
    m.remember(bytes, [{ kind: "k", start: 2, end: bytes.length }]);
    entries += 1 + copyForms(encoder.encode(v), COPY_BOUNDS.minBytes).length;
    m.find(bytes, 0, bytes.length);
  }
  // Each value and form is indexed once: no rebuild when the stride falls or the bitmap grows.
  assert.equal(m.indexed, entries);
  for (let pad = 0; pad < 17; pad++) {
    const text = "x ".repeat(pad) + values.map((v) => ` ${v}.`).join("");
    const found = m.find(encoder.encode(text), 0, text.length)
      .map((f) => text.slice(f.start, f.end));
    assert.deepEqual(found, values, `pad ${pad}`);
  }
});

/**
 * The probe loop as the contract of CopyProbe states it (engine.ts), in
 * TypeScript, counting the positions it hands back: each one costs find a
 * lookup and a comparison.
 */
function countingProbe(bytes: Uint8Array) {
  const counted = { positions: 0 };
  const probe = (
    bitmap: Uint8Array,
    _version: number,
    first: number,
    last: number,
    stride: number,
    shift: number,
  ) => {
    const out: number[] = [];
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = first; i <= last; i += stride) {
      const w = view.getInt32(i, true);
      const h = Math.imul(w, 0x9e3779b1) >>> shift;
      const g = Math.imul(w, 0x85ebca6b) >>> shift;
      if (((bitmap[h >>> 3]! >> (h & 7)) & (bitmap[g >>> 3]! >> (g & 7)) & 1) !== 0) out.push(i);
    }
    counted.positions += out.length;
    return new Uint32Array(out);
  };
  return { counted, probe };
}

/** Values that open with words met all over ordinary text, then a random part. */
function wordyValues(rng: Rng): string[] {
  return [
    `secret-live-${rng.str(ALNUM, 24)}`,
    `sk_test_${rng.str(ALNUM, 24)}`,
    `password:${rng.str(ALNUM, 20)}`,
  ];
}

Deno.test("CopyMemory.find() compares nothing in prose that repeats the words a value opens with", () => {
  const rng = new Rng(6);
  const values = wordyValues(rng);
  const original = values.join(" ");
  let prose = "";
  for (let i = 0; i < 300; i++) {
    // Every alignment against the probe grid: a varying lead-in.
    prose += `${"x".repeat(i % 17)} the secret-live- key, sk_test_ docs and password: hints\n`;
  }
  const bytes = encoder.encode(`${original}\n${prose}`);
  const m = new CopyMemory();
  m.remember(
    bytes,
    values.map((v) => ({
      kind: "k",
      start: original.indexOf(v),
      end: original.indexOf(v) + v.length,
    })),
  );
  const { counted, probe } = countingProbe(bytes);
  const found = m.find(bytes, original.length, bytes.length, probe);
  assert.deepEqual(found, []);
  // 900 occurrences of the opening words; a bitmap's false hits are about 0.2 % of probes.
  assert.ok(counted.positions <= 20, `${counted.positions} positions compared`);
});

Deno.test("CopyMemory.find() compares nothing in text that repeats a value's indentation, key names or dates, though its other forms share its random ends", () => {
  const rng = new Rng(21);
  // A value spanning a JSON block (a rule's finding from one field to the next): its JSON-escaped
  // and unescaped forms share its random head and tail, and its middle is indentation, a key
  // name, a capitalised word and a date.
  const values = Array.from(
    { length: 4 },
    () =>
      `${rng.str(ALNUM, 24)}\\",\\n        \\"Password\\": \\"2026-12-07\\",\\n  \\"user\\": \\"${
        rng.str(ALNUM, 8)
      }`,
  );
  const original = values.join("\n");
  let prose = "";
  for (let i = 0; i < 300; i++) {
    prose += `${
      "x".repeat(i % 17)
    }\\",\\n        \\"Password\\": \\"2026-12-07\\",\\n  \\"user\\": \\"name\n`;
  }
  const bytes = encoder.encode(`${original}\n${prose}`);
  const m = new CopyMemory();
  m.remember(bytes, values.map((v) => ({ kind: "k", ...spanOf(original, v) })));
  const { counted, probe } = countingProbe(bytes);
  assert.deepEqual(m.find(bytes, original.length, bytes.length, probe), []);
  // Each of the 300 lines meets the indented middle; a bitmap's false hits are about 0.2 % of probes.
  assert.ok(counted.positions <= 20, `${counted.positions} positions compared`);
  // Positive control: every value's copy in the prose is still found.
  const copies = `${prose}${values.join(" ")}`;
  const copyBytes = encoder.encode(copies);
  assert.equal(m.find(copyBytes, 0, copyBytes.length, countingProbe(copyBytes).probe).length, 4);
});

Deno.test("CopyMemory.find() finds a value opening with words at every alignment, up to the end of the range", () => {
  const rng = new Rng(7);
  for (const v of wordyValues(rng)) {
    let text = `${v}\n`;
    const starts: number[] = [];
    for (let k = 0; k < 40; k++) {
      text += " ".repeat(1 + (k % 19));
      starts.push(text.length);
      text += `${v}\n`;
    }
    const bytes = encoder.encode(text);
    const m = new CopyMemory();
    m.remember(bytes, [{ kind: "k", start: 0, end: v.length }]);
    for (const withProbe of [false, true]) {
      const probe = withProbe ? countingProbe(bytes).probe : null;
      const all = m.find(bytes, 1, bytes.length, probe).map((f) => f.start);
      assert.deepEqual(all, starts);
      // A copy starting just before `to` is found, though its indexed windows lie past `to`.
      for (const s of starts) {
        const upTo = m.find(bytes, 1, s + 1, probe).map((f) => f.start);
        assert.deepEqual(upTo, starts.filter((x) => x <= s));
      }
    }
  }
});

Deno.test("fp23: a one-word value is redacted where found, not as a word elsewhere; other values are (see: #21)", () => {
  const rng = new Rng(2304);
  for (const word of ["nodejs", "postgres", "ADMINISTRATOR", "Xenial"]) {
    const text = `PASSWORD=${word}\nsee https://github.com/${word}/node and ${word} again\n`;
    const bytes = encoder.encode(text);
    const memory = new CopyMemory();
    memory.remember(bytes, [{ kind: "env_secret", ...spanOf(text, word) }]);
    assert.equal(memory.size, 0, word);
  }
  // Positive controls: a value with a digit, mixed case inside or more than 16 letters is remembered.
  for (
    const v of [
      rng.str(ALNUM, 12) + "7",
      "nodeJsSecretWord",
      "abcdefghijklmnopq",
      "q" + rng.str("abcdefghijklmnopqrstuvwxyz", 7) + "9",
    ]
  ) {
    const text = `PASSWORD=${v}\necho ${v}\n`;
    const memory = new CopyMemory();
    memory.remember(encoder.encode(text), [{ kind: "env_secret", ...spanOf(text, v) }]);
    assert.equal(memory.size, 1, v);
  }
  // End to end: a random value's later copy is redacted; a one-word value's is kept.
  const v = rng.str(ALNUM, 14) + "7";
  const r = redactText(defaultEngine(), `TOKEN=${v}\nlater: ${v}\n`);
  assert.ok(!r.text.includes(v), r.text);
  const w = redactText(defaultEngine(), "PASSWORD=nodejs\nsee github.com/nodejs/node\n");
  assert.equal(w.text, "PASSWORD=[REDACTED:env_secret]\nsee github.com/nodejs/node\n");
});

Deno.test("review46: a base64 value whose text or password is one word does not redact that word elsewhere; a random password it encodes does (see: #21)", () => {
  const engine = defaultEngine();
  const pairs: [string, string][] = [
    ["deploy", "production"],
    ["admin", "kubernetes"],
    ["u", "postgres"],
  ];
  for (const [user, word] of pairs) {
    const text =
      `curl -H "Authorization: Basic ${btoa(`${user}:${word}`)}" https://ci.example.com\n` +
      `kubectl config use-context ${word}\nNODE_ENV=${word} npm start\n`;
    const r = redactText(engine, text);
    assert.ok(r.kinds.includes("basic_auth"), text);
    assert.ok(!r.text.includes(btoa(`${user}:${word}`)), r.text);
    assert.equal(r.text.split(word).length - 1, 2, r.text);
  }
  // Positive control: a random password the header encodes is redacted where printed alone.
  const rng = new Rng(4602);
  const v = rng.str(ALNUM, 12) + "7";
  const r = redactText(engine, `Authorization: Basic ${btoa(`deploy:${v}`)}\necho ${v}\n`);
  assert.ok(!r.text.includes(v), r.text);
});

/** The definition indexedFrom keeps: every window's wordiness first, then the first block with the fewest. */
function indexedFromByDefinition(value: Uint8Array, stride: number): number {
  const wordyByte = (b: number) => /[a-z \-_.\/:="'\\]/.test(String.fromCharCode(b));
  const windows = value.length - 3;
  if (windows - stride <= 0) return 0;
  const wordy: number[] = [];
  for (let j = 0; j < windows; j++) {
    wordy.push([0, 1, 2, 3].every((d) => wordyByte(value[j + d]!)) ? 1 : 0);
  }
  let best = 0;
  let bestCount = Infinity;
  for (let k = 0; k + stride <= windows; k++) {
    const count = wordy.slice(k, k + stride).reduce((a, b) => a + b, 0);
    if (count < bestCount) {
      best = k;
      bestCount = count;
    }
  }
  return best;
}

Deno.test("indexedFrom() picks the first block of windows with the fewest wordy ones, for values of any mix", () => {
  const rng = new Rng(2112);
  // Wordy bytes (lower case, blank, punctuation) and others, in runs, so blocks of every count occur.
  const wordy = "abcxyz -_./:=\"'\\";
  const other = "ABZ0189+~!@#";
  let moved = 0;
  let tied = 0;
  for (let i = 0; i < 3000; i++) {
    const length = 4 + rng.int(120);
    const value = new Uint8Array(length);
    let pool = rng.next() < 0.5 ? wordy : other;
    for (let j = 0; j < length; j++) {
      if (rng.next() < 0.15) pool = pool === wordy ? other : wordy;
      value[j] = pool.charCodeAt(rng.int(pool.length));
    }
    const stride = 1 + rng.int(16);
    const expected = indexedFromByDefinition(value, stride);
    assert.equal(
      indexedFrom(value, stride),
      expected,
      `${new TextDecoder().decode(value)} / ${stride}`,
    );
    if (expected > 0) moved++;
    else if (length - 3 - stride > 0) tied++;
  }
  // Positive controls: many values index a block past their start, many their first block.
  assert.ok(moved > 500 && tied > 500, `${moved} moved, ${tied} at the start`);
});

/** `v` as a JSON writer prints it: each character of `chars` as `\u00XX` in `hex` case, `\` and `"` escaped. */
function uEscaped(v: string, chars: string | null, upper: boolean): string {
  return [...v].map((c) => {
    if (chars === null ? !/[A-Za-z0-9]/.test(c) : chars.includes(c)) {
      const h = c.charCodeAt(0).toString(16).padStart(4, "0");
      return "\\u" + (upper ? h.toUpperCase() : h);
    }
    return c === "\\" || c === '"' ? "\\" + c : c;
  }).join("");
}

Deno.test("review50: a value's copy with its punctuation as \\u00XX (Gson's =, .NET's +, an HTML-safe /) is redacted, also inside a transcript line; another value's is kept (see: #21)", () => {
  const rng = new Rng(5001);
  for (let round = 0; round < 10; round++) {
    const v = rng.str(ALNUM, 10) + "+" + rng.str(ALNUM, 8) + "/" + rng.str(ALNUM, 8) + "=";
    const other = rng.str(ALNUM, 10) + "+" + rng.str(ALNUM, 8) + "/" + rng.str(ALNUM, 8) + "=";
    const writers: [string | null, boolean][] = [
      ["<>&='", false],
      ["\"&'+<>`", true],
      ["<>/", true],
    ];
    const copies = writers.map(([chars, upper]) => `{"v":"${uEscaped(v, chars, upper)}"}`);
    const controls = writers.map(([chars, upper]) => `{"w":"${uEscaped(other, chars, upper)}"}`);
    const text = [`export API_TOKEN=${v}`, ...copies, ...controls].join("\n");
    for (const input of [text, JSON.stringify({ type: "tool_result", content: text })]) {
      const r = redactText(defaultEngine(), input);
      assert.equal(r.kinds.length, 1 + copies.length, r.text);
      for (const core of [v.slice(11, 19), v.slice(20, 28)]) {
        assert.ok(!r.text.includes(core), r.text);
      }
      for (const core of [other.slice(0, 10), other.slice(11, 19), other.slice(20, 28)]) {
        assert.ok(r.text.includes(core), `${core} of the control was redacted: ${r.text}`);
      }
    }
  }
});

Deno.test("CopyMemory indexes values that share a stem past it: a JWT header or ghp_ does not crowd one probe list", () => {
  const rng = new Rng(94);
  const header = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwi";
  for (const make of [() => header + rng.str(ALNUM, 40), () => "ghp_" + rng.str(ALNUM, 36)]) {
    const values = Array.from({ length: 400 }, make);
    const text = values.join("\n");
    const bytes = encoder.encode(text);
    const m = new CopyMemory();
    m.remember(bytes, values.map((v) => ({ kind: "k", ...spanOf(text, v) })));
    // Each probe hit compares every value its window is indexed for: with
    // the stem's block indexed for all 400, one occurrence compared 400.
    assert.ok(m.longestProbeList <= 8, `longest probe list ${m.longestProbeList}`);
  }
  // Positive control: one value found 400 times is indexed once.
  const m = new CopyMemory();
  const one = "ghp_q8Zr1mXw4Lp0aB3cD5eF7gH9jK2m";
  const text = Array.from({ length: 400 }, () => one).join(" ");
  const bytes = encoder.encode(text);
  m.remember(bytes, [{ kind: "k", start: 0, end: one.length }]);
  // Its forms may share a window with it or each other (two base64 forms, with and without a
  // line break, share all but their end), never 400 entries of it.
  assert.ok(m.longestProbeList <= 1 + copyForms(encoder.encode(one), 6).length);
  assert.equal(m.find(bytes, 0, bytes.length).length, 400);
});

Deno.test("CopyMemory.find() on values sharing a 250-byte stem with a distinct part shorter than a block: work per occurrence of the stem stays bounded, every copy is found", () => {
  const rng = new Rng(2100);
  const stem = rng.str(ALNUM, 250);
  // Every block of every value holds stem windows; the values differ in their last 4 bytes.
  const values = [...new Set(Array.from({ length: 1200 }, () => stem + rng.str(ALNUM, 4)))];
  const original = values.join("\n");
  const m = new CopyMemory();
  m.remember(encoder.encode(original), values.map((v) => ({ kind: "k", ...spanOf(original, v) })));
  // The stem 600 times with a tail no value has, and 40 values' copies among them.
  const copied = values.slice(0, 40);
  const lines: string[] = [];
  for (let i = 0; i < 600; i++) {
    lines.push(`${"x".repeat(i % 17)} ${stem}-none`);
    if (i % 15 === 0) lines.push(`echo ${copied[i / 15]!}`);
  }
  const text = lines.join("\n");
  const bytes = encoder.encode(text);
  const before = m.comparisons;
  const found = m.find(bytes, 0, bytes.length, countingProbe(bytes).probe);
  assert.deepEqual(found.map((f) => text.slice(f.start, f.end)), copied);
  // Comparing every value that shares a probed window took about 1,200 a probe (12 probes fall in
  // a stem's last block); grouped by shape, the values a window indexes cost one lookup each shape.
  const work = m.comparisons - before;
  assert.ok(work <= 640 * 16 * 4, `${work} comparisons for 640 stems`);
  assert.ok(work >= 640, `${work} comparisons: the counter counts`);
});

Deno.test("CopyMemory.find() finds every placed copy of values that share stems, whichever block is indexed", () => {
  for (let seed = 1; seed <= 40; seed++) {
    const rng = new Rng(9400 + seed);
    const stems = Array.from({ length: 3 }, () => rng.str(ALNUM, rng.int(60)));
    const values = new Set<string>();
    while (values.size < 30) {
      // A distinct part of 2 to 30 bytes, before, after or inside a stem.
      const stem = rng.pick(stems);
      const own = rng.str(ALNUM, 2 + rng.int(29));
      const cut = rng.int(stem.length + 1);
      const v = "Z" + stem.slice(0, cut) + own + stem.slice(cut) + "Z";
      if (v.length >= 8) values.add(v);
    }
    const list = [...values];
    const seps = [" ", "\n", '"', "=", ":", " - ", "\\n", "%20", "/"];
    let text = "";
    const placed: { start: number; end: number }[] = [];
    const remembered: { kind: string; start: number; end: number }[] = [];
    // Remember half the values in one pass, then place copies of all of them (in any order).
    for (const v of list) {
      text += rng.pick(seps);
      remembered.push({ kind: "k", start: text.length, end: text.length + v.length });
      placed.push({ start: text.length, end: text.length + v.length });
      text += v;
    }
    for (let n = 0; n < 60; n++) {
      const v = rng.pick(list);
      text += rng.pick(seps) + rng.str("abc xyz.", rng.int(20)) + rng.pick(seps);
      placed.push({ start: text.length, end: text.length + v.length });
      text += v;
    }
    text += rng.pick(seps);
    const bytes = encoder.encode(text);
    const m = new CopyMemory();
    // In two batches, so both the in-place index update and the rebuild are used.
    m.remember(bytes, remembered.slice(0, 10));
    m.find(bytes, 0, 0);
    m.remember(bytes, remembered.slice(10));
    const found = m.find(bytes, 0, bytes.length).map((f) => ({ start: f.start, end: f.end }));
    assert.deepEqual(found, placed, `seed ${seed}`);
  }
});

/** copies.ts's isOneWord, restated for the reference below. */
function oneWord(bytes: Uint8Array): boolean {
  if (bytes.length > 16) return false;
  let lower = 0;
  let upper = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b >= 0x61 && b <= 0x7a) lower++;
    else if (b >= 0x41 && b <= 0x5a) {
      upper++;
      if (i > 0 && lower > 0) return false;
    } else return false;
  }
  return lower === 0 || upper <= 1;
}

const isAlnumByte = (b: number) =>
  (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a);
const isHexDigit = (b: number) =>
  (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66);

/**
 * The every-copy search by its definition, with no index: the same memory
 * (values, forms and what is forgotten when, as CopyMemory's documentation
 * states them), and a copy is each standalone occurrence of a remembered
 * entry starting in [from, to), compared at every offset; overlaps keep the
 * longer, then the earlier.
 */
class NaiveCopies {
  #values = new Map<string, { bytes: Uint8Array; kind: string }>();
  #groups = new Map<string, string[]>();
  #bytes = 0;
  remember(bytes: Uint8Array, findings: readonly { kind: string; start: number; end: number }[]) {
    for (const f of findings) {
      const len = f.end - f.start;
      if (len < COPY_BOUNDS.minBytes || len > COPY_BOUNDS.maxValueBytes) continue;
      const value = bytes.slice(f.start, f.end);
      if (oneWord(value)) continue;
      const key = String.fromCharCode(...value);
      const known = this.#groups.get(key);
      if (known !== undefined) {
        this.#groups.delete(key);
        this.#groups.set(key, known);
        continue;
      }
      const group: string[] = [];
      for (const form of [{ key, bytes: value }, ...copyForms(value, COPY_BOUNDS.minBytes)]) {
        if (form.bytes.length > COPY_BOUNDS.maxValueBytes || this.#values.has(form.key)) continue;
        if (form.bytes !== value && oneWord(form.bytes)) continue;
        this.#values.set(form.key, { bytes: form.bytes, kind: f.kind });
        this.#bytes += form.bytes.length;
        group.push(form.key);
      }
      this.#groups.set(key, group);
      while (this.#groups.size > COPY_BOUNDS.maxValues || this.#bytes > COPY_BOUNDS.maxBytes) {
        const [oldest, keys] = this.#groups.entries().next().value!;
        this.#groups.delete(oldest);
        for (const k of keys) {
          this.#bytes -= this.#values.get(k)!.bytes.length;
          this.#values.delete(k);
        }
      }
    }
  }
  find(bytes: Uint8Array, from: number, to: number) {
    const hits: { kind: string; start: number; end: number }[] = [];
    for (const { bytes: v, kind } of this.#values.values()) {
      for (let at = Math.max(0, from); at < to && at + v.length <= bytes.length; at++) {
        let k = 0;
        while (k < v.length && bytes[at + k] === v[k]) k++;
        if (k < v.length) continue;
        const end = at + v.length;
        const escaped = (at >= 2 && bytes[at - 2] === 0x5c) ||
          (at >= 3 && bytes[at - 3] === 0x25 && isHexDigit(bytes[at - 2]!) &&
            isHexDigit(bytes[at - 1]!)) ||
          (at >= 6 && bytes[at - 6] === 0x5c && bytes[at - 5] === 0x75 &&
            [4, 3, 2, 1].every((d) => isHexDigit(bytes[at - d]!)));
        if (isAlnumByte(v[0]!) && at > 0 && isAlnumByte(bytes[at - 1]!) && !escaped) continue;
        if (isAlnumByte(v[v.length - 1]!) && end < bytes.length && isAlnumByte(bytes[end]!)) {
          continue;
        }
        hits.push({ kind, start: at, end });
      }
    }
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    const out: typeof hits = [];
    for (const h of hits) {
      const prev = out[out.length - 1];
      if (prev !== undefined && h.start < prev.end) {
        if (h.end - h.start <= prev.end - prev.start) continue;
        out.pop();
      }
      out.push(h);
    }
    return out;
  }
}

/** Values of every length and make-up: short and long, punctuated (their forms), sharing stems, overlapping. */
function mixedValues(rng: Rng): string[] {
  const punct = ALNUM + "/+=%&<>'\"\\-_.:~";
  const values: string[] = [];
  const stem = rng.str(ALNUM, 24);
  for (let i = 0; i < 6 + rng.int(14); i++) {
    const roll = rng.int(10);
    const len = rng.pick([6, 7, 8, 9, 10, 12, 13, 15, 16, 17, 19, 24, 33, 40, 64, 130]);
    if (roll < 4) values.push(rng.str(ALNUM, len));
    else if (roll < 6) values.push(rng.str(punct, len));
    else if (roll === 6) values.push(stem + rng.str(ALNUM, 1 + rng.int(6))); // a shared stem
    else if (roll === 7 && values.length > 0) {
      // Overlapping another value: its tail and more.
      const other = rng.pick(values);
      values.push(other.slice(other.length >> 1) + rng.str(ALNUM, len));
    } else if (roll === 8) values.push(rng.pick(["word", "Word", "WORD"]) + rng.str(ALNUM, len));
    else values.push(rng.str(ALNUM, 1000 + rng.int(120))); // around MOST_REACH
  }
  return values;
}

/** Text holding copies of `values` and their forms among filler, escapes and letters that join them. */
function mixedText(rng: Rng, values: readonly string[]): string {
  const parts: string[] = [];
  for (let i = 0; i < 40 + rng.int(60); i++) {
    const roll = rng.int(12);
    if (roll < 4) {
      const v = rng.pick(values);
      const forms = copyForms(encoder.encode(v), COPY_BOUNDS.minBytes).map((f) => f.key);
      parts.push(rng.int(3) === 0 && forms.length > 0 ? rng.pick(forms) : v);
    } else if (roll === 4) parts.push(rng.pick(["\\n", "\\u0041", "%3D", "\\\\", "\\t", "%2f"]));
    else if (roll === 5) parts.push(rng.str(ALNUM, 1 + rng.int(3))); // joins a copy to a word
    else if (roll === 6) {
      const v = rng.pick(values); // a piece of a value, or a value cut short
      parts.push(v.slice(rng.int(v.length)));
    } else parts.push(rng.pick([" ", "\n", " the secret ", '":"', "=", ", ", "/"]));
  }
  return parts.join("");
}

Deno.test("perf21y: CopyMemory.find() finds exactly what a search at every offset finds, for values of every length, in chunks, with the TypeScript and the WebAssembly probe", () => {
  const engine = defaultEngine("wasm");
  const rng = new Rng(2107);
  let copies = 0;
  let afterEscape = 0;
  let acrossCut = 0;
  for (let round = 0; round < 300; round++) {
    const values = mixedValues(rng);
    const memory = new CopyMemory();
    const naive = new NaiveCopies();
    // Values arrive a few at a time, each batch searched for: the stride falls, the bitmap grows.
    for (let batch = 0; batch < values.length; batch += 1 + rng.int(4)) {
      const found = values.slice(batch, batch + 4);
      const text = found.join(" ");
      const bytes = encoder.encode(text);
      const spans = found.map((v) => ({ kind: `k${values.indexOf(v)}`, ...spanOf(text, v) }));
      memory.remember(bytes, spans);
      naive.remember(bytes, spans);
      const hay = encoder.encode(mixedText(rng, values));
      // The whole buffer, then in chunks as a stream searches them (a copy may end past its chunk).
      const cuts = [0, hay.length];
      for (let k = 0; k < 3; k++) cuts.push(rng.int(hay.length + 1));
      cuts.sort((a, b) => a - b);
      const want = naive.find(hay, 0, hay.length);
      copies += want.length;
      // The cases the search must not miss are met: a copy joined to an escape, one across a cut.
      afterEscape += want.filter((f) => isAlnumByte(hay[f.start - 1] ?? 0)).length;
      acrossCut += want.filter((f) => cuts.some((c) => f.start < c && f.end > c)).length;
      assert.deepEqual(memory.find(hay, 0, hay.length), want, `round ${round}`);
      findSecrets(engine, hay);
      assert.deepEqual(memory.find(hay, 0, hay.length, engine.probeCopies(hay)), want);
      for (let c = 1; c < cuts.length; c++) {
        assert.deepEqual(
          memory.find(hay, cuts[c - 1]!, cuts[c]!),
          naive.find(hay, cuts[c - 1]!, cuts[c]!),
          `round ${round}, chunk ${cuts[c - 1]}-${cuts[c]}`,
        );
      }
    }
  }
  assert.ok(
    copies > 3000 && afterEscape > 300 && acrossCut > 300,
    `${copies} ${afterEscape} ${acrossCut}`,
  );
});
