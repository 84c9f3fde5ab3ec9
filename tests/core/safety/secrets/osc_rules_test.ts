/**
 * Operating system commands in text with no colour code (osc_rules.ts):
 * a value or a token split or wrapped by an OSC 8 hyperlink, a prompt mark
 * or a title is redacted whole, raw and JSON-escaped, in one buffer and in
 * a stream; a hyperlink around no secret and `]8;` in code stay.
 * @module
 */
import assert from "node:assert/strict";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { OSC_KIND, oscRule } from "../../../../core/safety/secrets/osc_rules.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { scanStream } from "../../../../core/safety/secrets/stream.ts";
import { concatBytes, readerOf } from "../../../_helpers/byte_stream.ts";
import { ALNUM, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = defaultEngine();
const encoder = new TextEncoder();
const E = "\x1b";

/** The escapes of a raw and of a JSON-escaped text: ESC, BEL, ST. */
const FORMS = [[E, "\x07", `${E}\\`], ["\\u001b", "\\u0007", "\\u001b\\\\"]] as const;

Deno.test("a value or token split by an operating system command, with no colour code, is redacted whole, raw and JSON-escaped, in one buffer and in a stream", async () => {
  const rng = new Rng(6710);
  for (let round = 0; round < 3; round++) {
    const value = `${rng.str(ALNUM, 10)}7q${rng.str(ALNUM, 12)}`;
    const token = SAMPLES.github_pat!(rng).secret;
    const shapes: ((e: string, bel: string, st: string) => [string, string])[] = [
      (e, _bel, st) => [`API_TOKEN=${e}]8;;file:///srv/.env${st}${value}${e}]8;;${st}\n`, value],
      (e, bel) => [`${e}]8;;file:///x${bel}API_TOKEN${e}]8;;${bel}=${value}\n`, value],
      (e, bel) => [`API_TOKEN=${value.slice(0, 9)}${e}]8;;${bel}${value.slice(9)}\n`, value],
      (
        e,
        bel,
      ) => [
        `${e}]133;A${bel}$ echo ${token.slice(0, 14)}${e}]133;B${bel}${token.slice(14)}\n`,
        token,
      ],
      (e, _bel, st) => [`${e}]8;;https://github.com${st}${token}${e}]8;;${st}\n`, token],
    ];
    for (const shape of shapes) {
      for (const [e, bel, st] of FORMS) {
        const [body, secret] = shape(e, bel, st);
        const text = e === E ? body : '{"out":"' + body.replaceAll("\n", "\\n") + '"}\n';
        const r = redactText(engine, text);
        assert.equal(r.kinds.length, 1, text);
        for (let i = 0; i + 6 <= secret.length; i++) {
          assert.ok(!r.text.includes(secret.slice(i, i + 6)), r.text);
        }
        assert.ok(!r.text.includes(OSC_KIND), r.text);
        const parts: Uint8Array[] = [];
        await scanStream(engine, readerOf(encoder.encode(text), 5), {
          bounds: { chunkBytes: 13 },
          write: (x) => void parts.push(x.slice()),
        });
        assert.equal(new TextDecoder().decode(concatBytes(parts)), r.text);
      }
    }
  }
});

Deno.test("an operating system command around no secret, and `]8;` in code, are left as they are", () => {
  for (const [e, bel, st] of FORMS) {
    const link =
      `${e}]8;;file:///srv/app/README.md${st}README.md${e}]8;;${st} ${e}]0;title${bel}\n`;
    assert.deepEqual(redactText(engine, link).kinds, [], link);
  }
  const code = "const v = xs[1]8; ys[2]0;\n";
  assert.deepEqual(findSecrets(engine, encoder.encode(code), true), []);
  assert.ok(oscRule().pattern.test(`${E}]8;;`));
});
