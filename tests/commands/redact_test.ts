// Tests for commands/redact.ts, run in-process.

import assert from "node:assert/strict";
import { redactCommand } from "../../commands/redact.ts";
import { parseFlags } from "../../commands/_cli/command.ts";
import { fakeIo, FIXED_PROCESS } from "../_helpers/io.ts";
import { Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();

Deno.test("redactCommand writes the redacted stream and lists kinds on stderr, exit 0", async () => {
  const s = SAMPLES.huggingface_token!(new Rng(101));
  const io = fakeIo({ cwd: "/", stdin: encoder.encode(`HF=${s.text}\nok\n`), ...FIXED_PROCESS });
  const code = await redactCommand.run(parseFlags(redactCommand, []), io);
  assert.equal(code, 0);
  assert.equal(io.out(), "HF=[REDACTED:huggingface_token]\nok\n");
  assert.equal(io.err(), "redact: 1:4: huggingface_token\n");
});

Deno.test("redactCommand copies bytes unchanged through a byte sink when nothing is found", async () => {
  const bytes = new Uint8Array([0xff, 0x00, 0x0a, 0xc3]);
  const chunks: Uint8Array[] = [];
  const io = fakeIo({ cwd: "/", stdin: bytes, bytesOut: chunks, ...FIXED_PROCESS });
  assert.equal(await redactCommand.run(parseFlags(redactCommand, ["-"]), io), 0);
  assert.deepEqual(new Uint8Array(chunks.flatMap((c) => [...c])), bytes);
  assert.equal(io.err(), "");
});

Deno.test("redactCommand --json holds the text and the redactions", async () => {
  const s = SAMPLES.groq_api_key!(new Rng(102));
  const io = fakeIo({ cwd: "/", stdin: encoder.encode(s.text), ...FIXED_PROCESS });
  await redactCommand.run(parseFlags(redactCommand, ["--json"]), io);
  const out = JSON.parse(io.out());
  assert.equal(out.text, "[REDACTED:groq_api_key]");
  assert.deepEqual(out.redactions, [{
    kind: "groq_api_key",
    line: 1,
    column: 1,
    start: 0,
    end: s.text.length,
  }]);
  assert.equal(out.bytes, s.text.length);
});
