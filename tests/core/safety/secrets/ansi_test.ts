// Tests for core/safety/secrets/ansi.ts and its use by the engine: colour
// codes forced into a tool's output (grep --color=always, jq -C), raw or
// JSON-escaped, between a name and its value or around the value, no longer
// hide the value; the redaction covers the value's bytes and leaves the codes
// around it; text without codes, and codes around no secret, are left alone.

import assert from "node:assert/strict";
import { mayHoldColour, stripColour } from "../../../../core/safety/secrets/ansi.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { scanStream } from "../../../../core/safety/secrets/stream.ts";
import { ALNUM, Rng } from "../../../_helpers/secret_fixtures.ts";
import { concatBytes, readerOf } from "../../../_helpers/byte_stream.ts";

const engine = createEngine(SECRET_RULES);
const encoder = new TextEncoder();
const E = "\x1b";

/** Each shape with the text before the value, and after it, as a coloured tool prints them. */
const SHAPES: readonly ((esc: string) => [string, string])[] = [
  // grep --color=always: the name highlighted, then the rest of the line.
  (e) => [`${e}[01;31m${e}[KAPI_TOKEN${e}[m${e}[K=`, "\n"],
  (e) => [`config/.env:${e}[32mDB_PASSWORD${e}[m=`, "\n"],
  // jq -C / yq -C: the key and the string each coloured.
  (e) => [`{\n  ${e}[1;34m"api_key"${e}[0m: ${e}[0;32m"`, `"${e}[0m\n}\n`],
  (e) => [`${e}[34mclient_secret${e}[0m: ${e}[32m`, `${e}[0m\n`],
  (e) => [`API_TOKEN=${e}[33m`, `${e}[0m\n`],
];

Deno.test("a value behind or inside colour codes is redacted, its bytes exactly, raw and JSON-escaped, in one buffer and in a stream", async () => {
  const rng = new Rng(91);
  for (let round = 0; round < 8; round++) {
    const v = `${rng.str(ALNUM, 8)}7q${rng.str(ALNUM, 8)}`;
    for (const shape of SHAPES) {
      for (const esc of [E, "\\u001b", "\\u001B"]) {
        const [before, after] = shape(esc);
        const text = esc === E
          ? `${before}${v}${after}`
          : JSON.stringify({ out: "x" }).slice(0, 8) +
            `${before}${v}${after}`.replaceAll("\n", "\\n").replaceAll('"', '\\"') + '"}\n';
        const r = redactText(engine, text);
        assert.equal(r.kinds.length, 1, text);
        assert.ok(!r.text.includes(v.slice(0, 6)) && !r.text.includes(v.slice(-6)), r.text);
        // Exactly the value's bytes: the codes before and after it stay.
        assert.equal(r.text, text.replace(v, `[REDACTED:${r.kinds[0]}]`), r.text);
        const parts: Uint8Array[] = [];
        await scanStream(engine, readerOf(encoder.encode(text), 5), {
          bounds: { chunkBytes: 13 },
          write: (b) => void parts.push(b.slice()),
        });
        assert.equal(new TextDecoder().decode(concatBytes(parts)), r.text);
      }
    }
  }
});

Deno.test("colour codes around no secret, and text with none, are left as they are", () => {
  for (
    const text of [
      `${E}[1mkey${E}[0m=${E}[32mvalue${E}[0m\n`,
      `${E}[34mapi_key${E}[0m: ${E}[32m\${API_KEY}${E}[0m\n`,
      `${E}[01;31m${E}[KDB_PASSWORD${E}[m${E}[K=changeme\n`,
      `{"out":"\\u001b[32mtoken\\u001b[0m: <your-token>\\n"}\n`,
      `${E}[32m✓${E}[0m 12 passed (token refresh, password reset)\n`,
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
  // Positive control: the same colours around a real value are redacted.
  assert.equal(
    redactText(engine, `${E}[34mapi_key${E}[0m: ${E}[32mXk9q2Lm7pQ8Rt5vW${E}[0m\n`).kinds.length,
    1,
  );
});

Deno.test("stripColour removes control sequences and maps each kept byte to its offset", () => {
  const text = `a${E}[01;31m${E}[Kb\\u001b[0mc\\\\u001B[33md${E}[2Je[1m`;
  const s = stripColour(encoder.encode(text))!;
  // ESC [ 2 J (clear screen) is a control sequence too (review47); a `[` without ESC stays.
  assert.equal(new TextDecoder().decode(s.bytes), `abcde[1m`);
  assert.deepEqual([...s.from].slice(0, 4), [0, 12, 22, 34]);
  for (const plain of ["no codes [1m here\n", '{"a":"\\\\u001c[0m"}', "u001b[0m"]) {
    assert.equal(mayHoldColour(encoder.encode(plain)), false, plain);
    assert.equal(stripColour(encoder.encode(plain)), null, plain);
  }
});

Deno.test("review59: a value split by an operating system command (an OSC 8 hyperlink, a title) in coloured output is redacted whole, raw and JSON-escaped, in one buffer and in a stream (see: #21)", async () => {
  const rng = new Rng(5910);
  for (let round = 0; round < 4; round++) {
    const a = `${rng.str(ALNUM, 6)}7q`;
    const b = `${rng.str(ALNUM, 8)}`;
    const shapes: ((e: string, bel: string, st: string) => string)[] = [
      (e, _bel, st) =>
        `${e}[32mAPI_TOKEN${e}[0m=${a}${e}]8;;https://x.test/p${st}${b}${e}]8;;${st}\n`,
      (e, bel) => `${e}[1mDB_PASSWORD${e}[0m=${a}${e}]0;build log${bel}${b}\n`,
    ];
    for (const shape of shapes) {
      for (const [e, bel, st] of [[E, "\x07", `${E}\\`], ["\\u001b", "\\u0007", "\\u001b\\\\"]]) {
        const body = shape(e!, bel!, st!);
        const text = e === E ? body : '{"out":"' + body.replaceAll("\n", "\\n") + '"}\n';
        const r = redactText(engine, text);
        assert.equal(r.kinds.length, 1, text);
        assert.ok(!r.text.includes(a) && !r.text.includes(b), r.text);
        const parts: Uint8Array[] = [];
        await scanStream(engine, readerOf(encoder.encode(text), 5), {
          bounds: { chunkBytes: 13 },
          write: (x) => void parts.push(x.slice()),
        });
        assert.equal(new TextDecoder().decode(concatBytes(parts)), r.text);
      }
    }
  }
  // Control: a hyperlink around no secret is left as it is.
  const link = `${E}[34m${E}]8;;file:///srv/app/README.md${E}\\README.md${E}]8;;${E}\\${E}[0m\n`;
  assert.equal(redactText(engine, link).text, link);
});
