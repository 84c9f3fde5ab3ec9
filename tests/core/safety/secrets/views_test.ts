/**
 * Tests for views.ts: a whole output an HTML-safe JSON writer escaped
 * (`\u003d`, `\u002b`, `\u0026`, `\u0027`) and a reply streamed in delta
 * events (Anthropic, OpenAI chat, OpenAI Responses) are read as what they
 * say: every kind's sample is redacted in them, raw and inside a transcript's
 * JSON, through the in-memory and the streamed scans (the same findings,
 * also across a chunk boundary), and a later assembled copy too; look-alikes
 * read the same way are not flagged.
 * @module
 */
import assert from "node:assert/strict";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { redactBytes } from "../../../../core/safety/secrets/redact.ts";
import { findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { scanStream } from "../../../../core/safety/secrets/stream.ts";
import { escapeReach, findInViews } from "../../../../core/safety/secrets/views.ts";
import { concatBytes, readerOf } from "../../../_helpers/byte_stream.ts";
import { ALNUM, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = defaultEngine();

/** As Gson and .NET's JavaScriptEncoder write a string's `=`, `+`, `&` and `'`. */
function htmlSafe(s: string): string {
  return s.replaceAll("=", "\\u003d").replaceAll("+", "\\u002b").replaceAll("&", "\\u0026")
    .replaceAll("'", "\\u0027");
}

/** The text cut into pieces of 3 to 9 characters, one delta event each, in an API's format. */
function streamed(text: string, api: number): string {
  const pieces: string[] = [];
  let k = 0;
  for (let i = 0; i < text.length; k++) {
    const n = 3 + ((k * 5) % 7);
    pieces.push(text.slice(i, i + n));
    i += n;
  }
  const s = (p: string) => JSON.stringify(p);
  const events = pieces.map((p) =>
    api === 0
      ? `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${
        s(p)
      }}}\n\n`
      : api === 1
      ? `data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":${
        s(p)
      }},"finish_reason":null}]}\n\n`
      : `event: response.output_text.delta\ndata: {"type":"response.output_text.delta","item_id":"msg_1","output_index":0,"content_index":0,"delta":${
        s(p)
      }}\n\n`
  );
  return `event: message_start\ndata: {"type":"message_start"}\n\n` +
    events.join(`event: ping\ndata: {"type": "ping"}\n\n`);
}

/** The text of a stream's delta events, joined. */
function joinDeltas(stream: string): string {
  let out = "";
  for (const line of stream.split("\n")) {
    if (!line.startsWith("data: ")) continue;
    const o = JSON.parse(line.slice(6));
    if (typeof o.delta?.text === "string") out += o.delta.text;
    else if (typeof o.choices?.[0]?.delta?.content === "string") out += o.choices[0].delta.content;
    else if (typeof o.delta === "string") out += o.delta;
  }
  return out;
}

/** Pieces as events of one API: 0 Anthropic, 1 OpenAI chat, 2 Responses, 3 Gemini's stream. */
function events(pieces: readonly string[], api: number): string {
  const s = (p: string) => JSON.stringify(p);
  return pieces.map((p) =>
    api === 0
      ? `event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":${
        s(p)
      }}}\n\n`
      : api === 1
      ? `data: {"choices":[{"index":0,"delta":{"content":${s(p)}}}]}\n\n`
      : api === 2
      ? `event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":${
        s(p)
      }}\n\n`
      : `data: {"candidates": [{"content": {"parts": [{"text": ${
        s(p)
      }}],"role": "model"},"index": 0}]}\r\n\r\n`
  ).join("");
}

const inTranscript = (s: string) => JSON.stringify({ type: "tool_result", content: s }) + "\n";

Deno.test("redact92: every kind written by an HTML-safe JSON writer (\\u003d, \\u002b, \\u0026, \\u0027) is redacted, raw and in a transcript (see: #21)", () => {
  const rng = new Rng(92);
  let escaped = 0;
  for (const [kind, make] of Object.entries(SAMPLES)) {
    const s = make(rng);
    const text = htmlSafe(s.text);
    if (text === s.text) continue;
    escaped++;
    for (const wrap of [(x: string) => x, inTranscript]) {
      const r = redactText(engine, wrap(text));
      assert.ok(
        !r.text.includes(htmlSafe(s.core)) && !r.text.includes(s.core),
        `${kind}: ${r.text}`,
      );
    }
  }
  assert.ok(escaped >= 40, `only ${escaped} samples hold an escaped character`);
});

Deno.test("trust93: a value the bytes show only up to its first escape (AccountKey\\u003dtKEs…\\u002b25vg…) is redacted whole, its tail after the escape too, raw and in a transcript (see: #21)", () => {
  let split = 0;
  for (let seed = 1; seed <= 3; seed++) {
    const rng = new Rng(seed);
    for (const [kind, make] of Object.entries(SAMPLES)) {
      const s = make(rng);
      // Every run of the secret between the characters the writer escapes.
      const parts = s.secret.split(/[=+&']/).filter((x) => x.length >= 6);
      if (parts.length < 2) continue;
      split++;
      for (const wrap of [(x: string) => x, inTranscript]) {
        const out = redactText(engine, wrap(htmlSafe(s.text))).text;
        const left = parts.filter((x) =>
          out.includes(x) || out.includes(JSON.stringify(x).slice(1, -1))
        );
        assert.deepEqual(left, [], `${kind}: ${out}`);
      }
    }
  }
  assert.ok(split >= 20, `only ${split} secrets hold an escaped character between two runs`);
  // Positive control: the same secret with nothing escaped is redacted whole.
  const s = SAMPLES["azure_storage_account_key"]!(new Rng(1));
  assert.ok(!redactText(engine, s.text).text.includes(s.core));
});

Deno.test("redact92: every kind streamed in delta events (Anthropic, OpenAI chat and Responses) is redacted in every piece, raw and in a transcript, and its assembled copy later too (see: #21)", () => {
  const rng = new Rng(93);
  for (const [kind, make] of Object.entries(SAMPLES)) {
    // The header rule reads a header at a line's start; the others anywhere in a reply.
    const s = make(rng);
    const reply = kind === "authorization_scheme" ? s.text : `Here it is: ${s.text} done`;
    for (let api = 0; api < 3; api++) {
      const stream = streamed(reply, api);
      const raw = redactText(engine, stream).text;
      assert.ok(!joinDeltas(raw).includes(s.core), `${kind}/${api}: ${joinDeltas(raw)}`);
      const held = redactText(engine, inTranscript(stream)).text;
      assert.ok(!joinDeltas(JSON.parse(held).content).includes(s.core), `${kind}/${api} in JSON`);
    }
    // The assembled reply after the stream (a client's log of the whole message), where the
    // copy rule redacts a copy after the raw text too (short and word-like values are not).
    const plain = redactText(engine, `${reply}\nassembled: ${s.secret}\n`).text;
    if (plain.includes(s.core)) continue;
    const both = redactText(engine, `${streamed(reply, 0)}\nassembled: ${s.secret}\n`).text;
    assert.ok(!both.includes(s.core), `${kind}: the assembled copy`);
  }
});

Deno.test("redact92: look-alikes and placeholders read the same ways are not flagged; prose streamed is kept byte for byte", () => {
  const rng = new Rng(95);
  for (const [kind, values] of Object.entries(lookAlikes(rng))) {
    for (const v of values) {
      if (/[\u0080-\uffff]/.test(v)) continue; // a reading keeps ASCII escapes only
      // The readings add no finding (the escaped text's own rules are judged elsewhere).
      const escaped = new TextEncoder().encode(htmlSafe(v));
      assert.deepEqual(findInViews(engine, escaped, []).findings, [], `${kind}: ${v}`);
      for (const text of [streamed(v, 0), streamed(v, 1), inTranscript(streamed(v, 2))]) {
        assert.deepEqual(redactText(engine, text).kinds, [], `${kind}: ${JSON.stringify(text)}`);
      }
    }
  }
  const prose = streamed("The build passed; the token refresh runs every hour as configured.", 0);
  assert.equal(redactText(engine, prose).text, prose);
  // Positive control: a stream with no secret finds nothing; one with a key does.
  assert.equal(findInViews(engine, new TextEncoder().encode(prose), []).findings.length, 0);
});

/** The streamed scan's findings and output, next to the in-memory scan's. */
async function bothScans(bytes: Uint8Array, chunkBytes?: number) {
  const written: Uint8Array[] = [];
  const r = await scanStream(engine, readerOf(bytes, 501), {
    ...(chunkBytes === undefined ? {} : { bounds: { chunkBytes } }),
    write: (b) => void written.push(b),
  });
  const mem = redactBytes(engine, bytes);
  return { streamed: r.findings, out: concatBytes(written), mem };
}

/**
 * Whether the core is still in `out` as written, or (a stream of delta
 * events, `held` in a transcript line or not) in its events joined.
 */
function leaks(out: Uint8Array, core: string, escapedCore: string, held?: boolean): boolean {
  const text = new TextDecoder().decode(out);
  if (text.includes(core) || text.includes(escapedCore)) return true;
  if (held === undefined) return false;
  return joinDeltas(held ? JSON.parse(text).content : text).includes(core);
}

Deno.test("views21: the streamed scan reads the views: every kind escaped or streamed in deltas is found as the in-memory scan finds it and redacted (see: #21)", async () => {
  const rng = new Rng(2101);
  let needed = 0;
  let inputs = 0;
  for (const [kind, make] of Object.entries(SAMPLES)) {
    const s = make(rng);
    const reply = kind === "authorization_scheme" ? s.text : `Here it is: ${s.text} done`;
    const texts = [streamed(reply, inputs % 3), inTranscript(streamed(reply, (inputs + 1) % 3))];
    if (htmlSafe(s.text) !== s.text) texts.push(htmlSafe(s.text), inTranscript(htmlSafe(s.text)));
    for (const [i, text] of texts.entries()) {
      inputs++;
      const bytes = new TextEncoder().encode(text);
      const { streamed: found, out, mem } = await bothScans(bytes);
      assert.deepEqual(found, mem.findings, `${kind} #${i}`);
      assert.deepEqual(out, mem.bytes, `${kind} #${i}`);
      const held = i < 2 ? i === 1 : undefined;
      assert.ok(!leaks(out, s.core, htmlSafe(s.core), held), `${kind} #${i}`);
      // The control: the bytes' own findings alone leave the core in (the views are needed).
      const own = new Uint8Array(bytes);
      for (const f of findSecrets(engine, bytes)) own.fill(0x23, f.start, f.end);
      if (leaks(own, s.core, htmlSafe(s.core), held)) needed++;
    }
  }
  assert.ok(needed > inputs / 2, `only ${needed} of ${inputs} inputs need a view`);
  // Positive control of the harness: a plain sample is redacted by both scans alike.
  const plain = SAMPLES.github_pat!(rng);
  const { out, mem } = await bothScans(new TextEncoder().encode(`x ${plain.text}\n`));
  assert.deepEqual(out, mem.bytes);
  assert.ok(leaks(new TextEncoder().encode(plain.text), plain.core, plain.core));
  assert.ok(!leaks(out, plain.core, plain.core));
});

Deno.test("views21: an escaped secret and a delta-split one across a chunk boundary are found as in memory, at every offset", async () => {
  const rng = new Rng(2102);
  const chunk = 8192;
  // The first round decides what starts before chunk + look-behind (stream.ts limit).
  const boundary = chunk + engine.maxBefore;
  const key = SAMPLES.anthropic_api_key!(rng);
  const password = SAMPLES.password_assignment!(rng);
  const pem = SAMPLES.private_key_pem!(rng);
  const cases = [
    { name: "escaped", text: htmlSafe(`"out":"${password.text}&next=1"`), core: password.core },
    { name: "deltas", text: streamed(`Use ${key.text} for the call`, 0), core: key.core },
    {
      name: "deltas in a transcript",
      text: inTranscript(streamed(`Use ${key.text} for the call`, 2)).trimEnd(),
      core: key.core,
    },
    // Its pieces span more of the input than the look-behind a round carries: decided
    // with its first piece, not read again from its middle by the next round.
    {
      name: "a key block in deltas",
      text: inTranscript(streamed(`Key:\n${pem.text}\n`, 2)).trimEnd(),
      core: pem.core,
    },
  ];
  let straddled = 0;
  let long = 0;
  for (const c of cases) {
    assert.notEqual(c.core, "", c.name);
    const len = new TextEncoder().encode(c.text).length;
    const step = Math.max(1, Math.floor(len / 23));
    for (let shift = -len - 2; shift <= 2; shift += step) {
      const at = boundary + shift;
      const pad = "x ".repeat(Math.ceil(at / 2)).slice(0, at - 1) + "\n";
      const bytes = new TextEncoder().encode(`${pad}${c.text}\n${"y ".repeat(60_000)}\n`);
      const { streamed: found, out, mem } = await bothScans(bytes, chunk);
      assert.ok(mem.findings.length > 0, `${c.name} at ${shift}`);
      assert.deepEqual(found, mem.findings, `${c.name} at ${shift}`);
      assert.deepEqual(out, mem.bytes, `${c.name} at ${shift}`);
      const text = new TextDecoder().decode(out);
      assert.ok(
        !text.includes(c.core) && !text.includes(htmlSafe(c.core)),
        `${c.name} at ${shift}`,
      );
      const first = found[0]!.start;
      if (first < boundary && found.at(-1)!.end > boundary) straddled++;
      if (found.at(-1)!.end - first > engine.maxBefore) long++;
    }
  }
  // Positive control: the secrets did straddle the boundary, in many placements.
  assert.ok(straddled > 30, `${straddled} placements straddled the boundary`);
  assert.ok(long > 0, "no secret spans more than a round's look-behind");
});

Deno.test("redact93: a secret whose first piece is a finding on its own is redacted in the pieces after it too, and Gemini's streamed candidates are joined (see: #21)", () => {
  const rng = new Rng(931);
  let cut = 0;
  for (const [kind, make] of Object.entries(SAMPLES)) {
    const s = make(rng);
    const reply = kind === "authorization_scheme" ? s.text : `Here it is: ${s.text} done`;
    if (redactText(engine, reply).text.includes(s.core)) continue;
    const at = reply.indexOf(s.secret);
    if (at < 0 || s.secret.length < 16) continue;
    // The head piece holds most of the secret; the two after it hold its tail.
    const a = at + Math.floor(s.secret.length * 0.7);
    const b = at + Math.floor(s.secret.length * 0.85);
    const pieces = [reply.slice(0, a), reply.slice(a, b), reply.slice(b)];
    const tails = [s.secret.slice(a - at, b - at), s.secret.slice(b - at)];
    cut++;
    for (let api = 0; api < 4; api++) {
      for (const wrap of [(x: string) => x, inTranscript]) {
        const text = redactText(engine, wrap(events(pieces, api))).text;
        for (const tail of tails) {
          assert.ok(
            !text.includes(tail) && !text.includes(JSON.stringify(tail).slice(1, -1)),
            `${kind}/${api}: ${tail} in ${text}`,
          );
        }
      }
    }
  }
  assert.ok(cut >= 100, `only ${cut} samples cut`);
  // Negative controls: Gemini's stream of prose, and a JSON document with candidates that is no
  // stream, are kept byte for byte.
  const prose = events(["The build passed; the ", "token refresh runs ", "every hour."], 3);
  assert.equal(redactText(engine, prose).text, prose);
  const doc = JSON.stringify({
    candidates: [{ text: "alpha" }, { text: "beta" }],
    token: "$TOKEN",
  });
  assert.equal(redactText(engine, doc).text, doc);
});

Deno.test("redact93: a streamed piece that ends in a backslash (an escaped secret the model echoed, cut after its \\) still ends at its closing quote, raw and in a transcript (see: #21)", () => {
  const rng = new Rng(932);
  let cut = 0;
  for (const [kind, make] of Object.entries(SAMPLES)) {
    const s = make(rng);
    const text = htmlSafe(s.text);
    const slash = text.indexOf("\\");
    if (slash < 0 || kind === "authorization_scheme") continue;
    const reply = `Output: ${text} done`;
    if (redactText(engine, reply).text.includes(s.core)) continue;
    const a = "Output: ".length + slash + 1;
    const pieces = [reply.slice(0, a), reply.slice(a, a + 7), reply.slice(a + 7)];
    cut++;
    for (let api = 0; api < 4; api++) {
      for (const wrap of [(x: string) => x, inTranscript]) {
        const out = redactText(engine, wrap(events(pieces, api))).text;
        const tail = s.secret.slice(-6);
        assert.ok(
          !out.includes(s.core) && !out.includes(htmlSafe(tail)),
          `${kind}/${api}: ${out}`,
        );
      }
    }
  }
  assert.ok(cut >= 30, `only ${cut} samples cut`);
  // Negative control: a Windows path ending a piece is kept byte for byte.
  const path = events(["Saved to C:\\", "Users\\dev\\", "notes.txt today"], 0);
  assert.equal(redactText(engine, path).text, path);
});

/**
 * A text of about 300 KB: filler lines, samples of random kinds (written as
 * an HTML-safe writer writes them, or raw) and Go-style `\u0026` escapes at
 * random distances from them, from inside a sample's line to past twice the
 * engine's reach; half the texts inside a transcript's JSON string.
 */
function escapedText(rng: Rng, kinds: readonly string[]): string {
  const reach = escapeReach(engine);
  const parts: string[] = [];
  let size = 0;
  const filler = (n: number) => {
    let s = "";
    while (s.length < n) {
      s += `{"level":"info","msg":"step ${rng.int(1000)} done","n":${rng.int(99)}}\n`;
    }
    return s.slice(0, n);
  };
  while (size < 300_000) {
    const s = SAMPLES[rng.pick(kinds)]!(rng);
    const text = rng.int(4) !== 0 ? htmlSafe(s.text) : s.text;
    const gap = rng.pick([0, 8, 100, 1000, 10_000, reach >> 1, reach - 50, reach + 50, 2 * reach]);
    const escape = `"out":"a \\u0026 b"`;
    const piece = rng.int(2) === 0
      ? escape + filler(gap) + "\n" + text + "\n" + filler(rng.int(5000))
      : text + filler(gap) + escape + "\n" + filler(rng.int(5000));
    parts.push(piece);
    size += piece.length;
  }
  const all = parts.join("\n");
  return rng.int(2) === 0 ? all : JSON.stringify({ type: "tool_result", content: all }) + "\n";
}

Deno.test("views22: the escaped reading built around each escape finds what the whole buffer's reading finds, and a window too small does not (see: #21)", () => {
  const rng = new Rng(22);
  // The kinds whose samples hold a character the writer escapes.
  const kinds = Object.keys(SAMPLES).filter((k) => {
    const s = SAMPLES[k]!(new Rng(1)).text;
    return htmlSafe(s) !== s;
  });
  const enc = new TextEncoder();
  let differ = 0;
  let differSmall = 0;
  let found = 0;
  let windowed = 0;
  const cases = 24;
  for (let c = 0; c < cases; c++) {
    const bytes = enc.encode(escapedText(rng, kinds));
    const own = findSecrets(engine, bytes, true);
    const whole = findInViews(engine, bytes, own, Number.MAX_SAFE_INTEGER);
    const near = findInViews(engine, bytes, own);
    const small = findInViews(engine, bytes, own, 64);
    found += whole.findings.length;
    if (bytes.length > 4 * escapeReach(engine)) windowed++;
    const same = (r: typeof whole) =>
      JSON.stringify([r.findings, r.spans, r.values.map((v) => [v.kind, [...v.value]])]) ===
        JSON.stringify([
          whole.findings,
          whole.spans,
          whole.values.map((v) => [v.kind, [...v.value]]),
        ]);
    if (!same(near)) differ++;
    if (!same(small)) differSmall++;
  }
  assert.equal(differ, 0, `${differ} of ${cases} texts read differently around the escapes`);
  // Controls: the readings find what the bytes alone miss, the texts are longer than a window,
  // and a window of 64 bytes misses some of it (the test can fail).
  assert.ok(found > cases, `${found} findings`);
  assert.equal(windowed, cases);
  assert.ok(differSmall >= cases / 4, `${differSmall} of ${cases} differ with a 64-byte reach`);
  // Far from its keyword: a key block of 400 lines (26 KB) whose only escapes end its body. The
  // bytes' own finding stops short of them; the reading reads the block from its BEGIN line on.
  const body: string[] = [];
  for (let i = 0; i < 400; i++) body.push(rng.str(ALNUM, 64));
  body.push(`${rng.str(ALNUM, 20)}\\u002b${rng.str(ALNUM, 20)}\\u003d\\u003d`);
  const block = ["-----BEGIN RSA PRIVATE KEY-----", ...body, "-----END RSA PRIVATE KEY-----"];
  for (const text of [block.join("\n"), JSON.stringify({ content: block.join("\n") })]) {
    const bytes = enc.encode(`${"x".repeat(200_000)}\n${text}\n${"y".repeat(200_000)}\n`);
    const own = findSecrets(engine, bytes, true);
    const whole = findInViews(engine, bytes, own, Number.MAX_SAFE_INTEGER);
    assert.ok(whole.findings.length > 0);
    assert.deepEqual(findInViews(engine, bytes, own), whole);
    assert.notDeepEqual(findInViews(engine, bytes, own, 4096), whole);
  }
});

Deno.test("views21s: a reply of 40 KB streamed in deltas is read whole (its reading grows with the pieces): a key cut across pieces a third in is found, in every API's format", () => {
  const rng = new Rng(2104);
  const key = SAMPLES["anthropic_api_key"]!(rng);
  const words = Array.from({ length: 6000 }, () => rng.pick(["the", "call", "reply", "plan"]));
  for (let api = 0; api < 4; api++) {
    // The key a third in: the reading grows again after its pieces are in it.
    const text = streamed(
      `${words.slice(0, 2000).join(" ")} Use ${key.text} now ${words.slice(2000).join(" ")}`,
      api,
    );
    const bytes = new TextEncoder().encode(`${text}\n`);
    const r = findInViews(engine, bytes, findSecrets(engine, bytes, true));
    const found = r.values.map((v) => new TextDecoder().decode(v.value));
    assert.ok(found.some((v) => v.includes(key.core)), `API ${api}: ${found}`);
    // Control: the reply's text is longer than the reading's first 4 KiB.
    assert.ok(words.join(" ").length > 4 * 4096);
  }
});

Deno.test("views21s: a long value streamed in deltas whose pieces span more than the stream's overlap (keep-alive events between them) is redacted whole by the streamed scan, its tail too, wherever it starts", async () => {
  const rng = new Rng(2105);
  // Keep-alive comments between the events: the pieces of each value span well past 64 KiB.
  const keepAlive = `: keep-alive ${"-".repeat(5000)}\n\n`;
  const chunk = 8192;
  let placed = 0;
  for (const kind of ["private_key_pem", "jwt", "onepassword_service_token"]) {
    const s = SAMPLES[kind]!(rng);
    const text = streamed(`Key:\n${s.text}\n`, 0).replaceAll(
      `event: ping\ndata: {"type": "ping"}\n\n`,
      `event: ping\ndata: {"type": "ping"}\n\n${keepAlive}`,
    );
    const span = new TextEncoder().encode(text).length;
    if (span < 2 * 64 * 1024) continue;
    // The last run of 16 letters and digits: the value's tail, not a key block's END line.
    const tail = [...s.secret.matchAll(/[A-Za-z0-9]{16,}/g)].at(-1)![0].slice(-16);
    for (const at of [10, chunk - 500, chunk + engine.maxBefore - 2000, 3 * chunk + 77]) {
      const pad = "x ".repeat(Math.ceil(at / 2)).slice(0, at - 1) + "\n";
      const bytes = new TextEncoder().encode(`${pad}${text}\n${"y ".repeat(40_000)}\n`);
      const { out, mem } = await bothScans(bytes, chunk);
      assert.ok(
        !joinDeltas(new TextDecoder().decode(mem.bytes)).includes(tail),
        `${kind} in memory, at ${at}`,
      );
      assert.ok(
        !joinDeltas(new TextDecoder().decode(out)).includes(tail),
        `${kind} streamed, at ${at}`,
      );
      assert.equal(
        new TextDecoder().decode(out),
        new TextDecoder().decode(mem.bytes),
        `${kind} at ${at}`,
      );
      placed++;
    }
  }
  assert.ok(placed >= 8, `${placed} placements of values spanning two overlaps`);
});
