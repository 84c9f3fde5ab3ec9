// Tests for core/safety/secrets/stream.ts: chunked scanning with overlap,
// straddling secrets, streamed redaction, line numbers, bounded memory.

import assert from "node:assert/strict";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { type ByteReader, scanStream } from "../../../../core/safety/secrets/stream.ts";
import { redactBytes, scanBytes } from "../../../../core/safety/secrets/redact.ts";
import { concatBytes, readerOf } from "../../../_helpers/byte_stream.ts";
import { ALNUM, B64, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";
import { WRAP_REACH } from "../../../../core/safety/secrets/wraps.ts";

const engine = createEngine(SECRET_RULES);
const encoder = new TextEncoder();

const SMALL = { chunkBytes: 4096, overlapBytes: 40 * 1024 };

Deno.test("scanStream() finds a secret straddling a chunk boundary at every offset", async () => {
  const rng = new Rng(21);
  const chunk = 64 * 1024;
  for (const kind of ["github_pat", "private_key_pem", "generic_secret", "database_url"]) {
    const s = SAMPLES[kind]!(rng);
    const secretLen = encoder.encode(s.text).length;
    for (let shift = -secretLen - 2; shift <= 2; shift += Math.max(1, Math.floor(secretLen / 9))) {
      const pad = "x ".repeat(Math.floor((chunk + shift) / 2)).slice(0, chunk + shift);
      const bytes = encoder.encode(`${pad}\n${s.text}\nend\n`);
      const r = await scanStream(engine, readerOf(bytes, 777), { bounds: { chunkBytes: chunk } });
      assert.deepEqual(r.findings.map((f) => f.kind), [kind], `${kind} at shift ${shift}`);
      assert.deepEqual(r.findings, scanBytes(engine, bytes), `${kind} at shift ${shift}`);
    }
  }
});

Deno.test("scanStream() agrees with the in-memory scan and redaction on a many-chunk input", async () => {
  const rng = new Rng(22);
  const parts: string[] = [];
  const kinds = Object.keys(SAMPLES);
  for (let i = 0; i < 400; i++) {
    parts.push(`line ${i} of filler text ünïcode ${"lorem ipsum ".repeat(rng.int(40))}`);
    if (i % 3 === 0) parts.push(SAMPLES[kinds[i % kinds.length]!]!(rng).text);
  }
  const bytes = encoder.encode(parts.join("\n") + "\n");
  assert.ok(bytes.length > SMALL.chunkBytes * 20);
  const written: Uint8Array[] = [];
  const progress: number[] = [];
  const r = await scanStream(engine, readerOf(bytes, 1000), {
    bounds: SMALL,
    write: (b) => void written.push(b),
    onProgress: (n) => void progress.push(n),
  });
  const mem = redactBytes(engine, bytes);
  assert.ok(r.count > 120);
  assert.deepEqual(r.findings, mem.findings);
  assert.deepEqual(concatBytes(written), mem.bytes);
  assert.equal(r.bytes, bytes.length);
  assert.equal(progress.at(-1), bytes.length);
  assert.ok(progress.length > 10);
});

Deno.test("scanStream() writes the input byte-identical when nothing is found", async () => {
  const rng = new Rng(23);
  const bytes = new Uint8Array(300_000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = rng.int(256);
  const written: Uint8Array[] = [];
  const r = await scanStream(engine, readerOf(bytes, 4096), {
    bounds: SMALL,
    write: (b) => void written.push(b),
  });
  assert.equal(r.count, 0);
  assert.deepEqual(concatBytes(written), bytes);
  // Positive control: the same writer path redacts when a secret is present.
  const s = SAMPLES.github_pat!(rng);
  const withSecret = concatBytes([bytes, encoder.encode(`\n${s.text}\n`)]);
  const out: Uint8Array[] = [];
  await scanStream(engine, readerOf(withSecret), { bounds: SMALL, write: (b) => void out.push(b) });
  const text = new TextDecoder().decode(concatBytes(out));
  assert.ok(text.includes("[REDACTED:github_pat]") && !text.includes(s.core));
});

Deno.test("scanStream() reports 1-based lines and byte columns", async () => {
  const s = SAMPLES.npm_token!(new Rng(24));
  const bytes = encoder.encode(`one\ntwö\n  ${s.text}\n`);
  const r = await scanStream(engine, readerOf(bytes, 3));
  assert.deepEqual(r.findings.map((f) => [f.line, f.column]), [[3, 3]]);
});

Deno.test("scanStream() rejects an overlap smaller than the longest rule window", async () => {
  await assert.rejects(
    () => scanStream(engine, readerOf(new Uint8Array(10)), { bounds: { overlapBytes: 100 } }),
    RangeError,
  );
});

Deno.test("scanStream() keeps memory bounded on a 1 GiB input", async () => {
  const rng = new Rng(25);
  const block = new Uint8Array(1024 * 1024);
  // Log-like filler: the prefilter's fast path, so a gigabyte stays cheap;
  // the dense-keyword case is measured by the benchmark, not here.
  const filler = encoder.encode("2026-12-01T10:00:00Z INFO 200 GET /v1/items 12ms id=4821\n");
  for (let i = 0; i < block.length; i++) block[i] = filler[i % filler.length]!;
  const secret = encoder.encode(`\nexport API_TOKEN=${SAMPLES.github_pat!(rng).secret}\n`);
  const total = 1024 * 1024 * 1024;
  let served = 0;
  let planted = 0;
  const reader: ByteReader = {
    read(into) {
      if (served >= total) return Promise.resolve(null);
      const n = Math.min(into.length, total - served, block.length);
      into.set(block.subarray(0, n));
      // One planted secret per 128 MiB: at the end of the read that crosses the mark.
      const mark = 128 * 1024 * 1024;
      const crosses = Math.floor((served + n) / mark) > Math.floor(served / mark);
      if ((crosses || served === 0) && n > secret.length) {
        into.set(secret, n - secret.length);
        planted++;
      }
      served += n;
      return Promise.resolve(n);
    },
  };
  const before = Deno.memoryUsage().rss;
  let peak = before;
  const r = await scanStream(engine, reader, {
    collect: false,
    onProgress: () => {
      peak = Math.max(peak, Deno.memoryUsage().rss);
    },
  });
  assert.equal(r.bytes, total);
  assert.ok(planted >= 8);
  assert.equal(r.count, planted);
  assert.ok(
    peak - before < 128 * 1024 * 1024,
    `RSS grew by ${((peak - before) / 1048576).toFixed(0)} MiB`,
  );
});

/** A PGP private key block of about `lines` x 65 bytes (generated). */
function bigPgp(rng: Rng, lines: number, nl = "\n"): { text: string; lines: string[] } {
  const body = Array.from({ length: lines }, () => rng.str(B64, 64));
  const text = [
    "-----BEGIN PGP PRIVATE KEY BLOCK-----",
    "",
    ...body,
    "=" + rng.str(B64, 4),
    "-----END PGP PRIVATE KEY BLOCK-----",
  ].join(nl);
  return { text, lines: body };
}

Deno.test("a key block longer than the rule window is redacted whole, in memory and streamed", async () => {
  const rng = new Rng(23);
  for (const [lines, nl] of [[400, "\n"], [400, "\\n"], [900, "\n"]] as const) {
    const key = bigPgp(rng, lines, nl);
    const input = encoder.encode(`before\n${key.text}\nafter\n`);
    const want = "before\n[REDACTED:private_key_pgp]\nafter\n";
    const mem = redactBytes(engine, input);
    assert.equal(new TextDecoder().decode(mem.bytes), want, `${lines} lines in memory`);
    const out: Uint8Array[] = [];
    const r = await scanStream(engine, readerOf(input, 4093), {
      bounds: { chunkBytes: 8192 },
      write: (b) => void out.push(b.slice()),
    });
    assert.deepEqual(r.findings.map((f) => f.kind), ["private_key_pgp"]);
    const text = new TextDecoder().decode(concatBytes(out));
    assert.equal(text, want, `${lines} lines streamed`);
    assert.ok(!key.lines.some((l) => text.includes(l.slice(0, 16))));
  }
});

Deno.test("a key block longer than the chunk overlap is still redacted through its END line", async () => {
  const rng = new Rng(24);
  const key = bigPgp(rng, 3000); // ~195 KB, three times the default overlap
  const input = encoder.encode(`before\n${key.text}\nafter\n`);
  const out: Uint8Array[] = [];
  const r = await scanStream(engine, readerOf(input, 65_521), {
    bounds: { chunkBytes: 64 * 1024 },
    write: (b) => void out.push(b.slice()),
  });
  const text = new TextDecoder().decode(concatBytes(out));
  assert.equal(text, "before\n[REDACTED:private_key_pgp]\nafter\n");
  assert.deepEqual(r.findings.map((f) => [f.kind, f.start, f.end]), [
    ["private_key_pgp", 7, 7 + key.text.length],
  ]);
});

Deno.test("scanStream() redacts a copy of a found value in a later chunk (see: #21)", async () => {
  const rng = new Rng(26);
  const v = rng.str(ALNUM, 32);
  const filler = (n: number) => "filler text line\n".repeat(n);
  const text = `DB_PASSWORD=${v}\n${filler(2000)}echo ${v}\n${filler(2000)}"${v}"\n`;
  const bytes = encoder.encode(text);
  assert.ok(bytes.length > SMALL.chunkBytes * 8);
  const out: Uint8Array[] = [];
  const r = await scanStream(engine, readerOf(bytes, 1000), {
    bounds: SMALL,
    write: (b) => void out.push(b),
  });
  const redacted = new TextDecoder().decode(concatBytes(out));
  assert.equal(r.count, 3);
  assert.ok(!redacted.includes(v));
  assert.deepEqual(concatBytes(out), redactBytes(engine, bytes).bytes);
  // Positive control of the bound: with room for no value, the later copies stay.
  const none = await scanStream(engine, readerOf(bytes, 1000), {
    bounds: SMALL,
    copies: { maxValues: 0 },
  });
  assert.equal(none.count, 1);
});

Deno.test("scanStream() redacts a value longer than the overlap whole (see: #21)", async () => {
  const rng = new Rng(27);
  const v = rng.str(ALNUM, 80_000);
  const bytes = encoder.encode(`x\nAPI_TOKEN=${v}\nafter\n`);
  const out: Uint8Array[] = [];
  const r = await scanStream(engine, readerOf(bytes, 999), {
    bounds: SMALL,
    write: (b) => void out.push(b),
  });
  assert.equal(
    new TextDecoder().decode(concatBytes(out)),
    "x\nAPI_TOKEN=[REDACTED:env_secret]\nafter\n",
  );
  assert.equal(r.findings[0]!.end, bytes.length - "\nafter\n".length);
});

Deno.test("scanStream() redacts a value streamed in delta pieces past 16 times its buffer to the end of its run (see: #21)", async () => {
  // A 1Password service account's token (`ops_` and base64url JSON, about 1.4 kB) written by a
  // model in an OpenAI chat stream with log probabilities: each 2 to 4 characters carry 3 kB of
  // event, so the value's pieces run over about 1.2 MB, past 16 times a buffer of 64 kB.
  const rng = new Rng(9603);
  const token = `ops_eyJ${rng.str(`${ALNUM}-_`, 1400)}`;
  const text = `Here is the token: ${token} and that is all.`;
  const pieces: string[] = [];
  for (let i = 0; i < text.length;) {
    const n = 2 + (pieces.length % 3);
    pieces.push(text.slice(i, i + n));
    i += n;
  }
  const top = Array.from({ length: 75 }, (_, j) => `{"token":"w${j}","logprob":-${j}.5}`).join(",");
  const stream = pieces.map((p) =>
    `data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":${
      JSON.stringify(p)
    }},"logprobs":{"content":[{"token":${JSON.stringify(p)},"top_logprobs":[${top}]}]}}]}\n\n`
  ).join("");
  const bytes = encoder.encode(stream);
  const overlapBytes = engine.maxAfter + WRAP_REACH;
  const full = 1 + overlapBytes + engine.maxBefore;
  assert.ok(bytes.length > 16 * full, `${bytes.length} bytes`);
  const out: Uint8Array[] = [];
  await scanStream(engine, readerOf(bytes, 4096), {
    bounds: { chunkBytes: 1, overlapBytes },
    write: (b) => void out.push(b.slice()),
  });
  const said = (s: string) =>
    s.split("\n").filter((l) => l.startsWith("data: "))
      .map((l) => JSON.parse(l.slice(6)).choices[0].delta.content as string).join("");
  const streamed = said(new TextDecoder().decode(concatBytes(out)));
  // Before, the pieces past the grown buffer were printed: 206 characters of the token.
  const runs = (streamed.match(/[A-Za-z0-9_-]{8,}/g) ?? []).filter((r) => token.includes(r));
  assert.deepEqual(runs, [], streamed.slice(-300));
  assert.ok(streamed.startsWith("Here is the token: [REDACTED:"), streamed.slice(0, 80));
  assert.ok(streamed.endsWith(" and that is all."), streamed.slice(-80));
  // Positive control: the in-memory scan reads the value whole.
  const whole = said(new TextDecoder().decode(redactBytes(engine, bytes).bytes));
  assert.ok(!whole.includes(token.slice(-12)) && whole.endsWith(" and that is all."));
});
