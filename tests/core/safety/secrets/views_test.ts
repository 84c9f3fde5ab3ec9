/**
 * Tests for views.ts: a whole output an HTML-safe JSON writer escaped
 * (`\u003d`, `\u002b`, `\u0026`, `\u0027`) and a reply streamed in delta
 * events (Anthropic, OpenAI chat, OpenAI Responses) are read as what they
 * say: every kind's sample is redacted in them, raw and inside a transcript's
 * JSON, through the in-memory scans, and a later assembled copy too; look-alikes read the same way are not flagged.
 * @module
 */
import assert from "node:assert/strict";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { findInViews } from "../../../../core/safety/secrets/views.ts";
import { lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

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
