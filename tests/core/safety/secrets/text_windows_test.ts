// Tests for the windowed text of core/safety/secrets/engine.ts (findSecretsIn):
// confirming each rule on a window of text around its keyword finds exactly
// what confirming it on the whole buffer finds, window edges anywhere.

import assert from "node:assert/strict";
import { findSecretsIn } from "../../../../core/safety/secrets/engine.ts";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import {
  ALNUM,
  B64,
  CONTEXTS,
  lookAlikes,
  Rng,
  SAMPLES,
} from "../../../_helpers/secret_fixtures.ts";

const engine = defaultEngine();
const encoder = new TextEncoder();
/** A least window larger than any buffer here: one window, the whole text (the old way). */
const WHOLE = 1 << 30;

/** Every sample in every context, the look-alikes and keyword-laden runs, shuffled into one buffer. */
function mixedBuffer(seed: number): Uint8Array {
  const rng = new Rng(seed);
  const parts: string[] = [];
  for (const kind of Object.keys(SAMPLES).sort()) {
    for (const context of Object.values(CONTEXTS)) parts.push(context(SAMPLES[kind]!(rng).text));
  }
  for (const values of Object.values(lookAlikes(rng))) parts.push(...values.map((v) => `${v}\n`));
  for (const unit of ["token=", "password: ", "AKIA", "://a:b@", "eyJ", "secret_token_"]) {
    parts.push(unit.repeat(300), "\n");
  }
  for (let i = parts.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [parts[i], parts[j]] = [parts[j]!, parts[i]!];
  }
  // Non-ASCII between parts, so the masked view is the one decoded.
  return encoder.encode(parts.join("日本語 — café\n"));
}

Deno.test("findSecretsIn() finds the same with windows of any size as with the whole text", () => {
  const bytes = mixedBuffer(81);
  const whole = findSecretsIn(engine, bytes, WHOLE);
  // Positive control: the buffer holds findings of many kinds.
  assert.ok(whole.length > 500, `only ${whole.length} findings`);
  assert.ok(new Set(whole.map((f) => f.kind)).size > 100);
  for (const least of [1, 700, 4096, 64 * 1024]) {
    assert.deepEqual(findSecretsIn(engine, bytes, least), whole, `least window ${least}`);
  }
});

Deno.test("findSecretsIn() follows a key block past its window to its END line", () => {
  const rng = new Rng(82);
  // 600 lines of 64: far longer than the rule's reach, so the window ends inside the block.
  const body = Array.from({ length: 600 }, () => rng.str(B64, 64)).join("\n");
  const block = `-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`;
  const text = `${"prose line\n".repeat(50)}${block}\n${"after\n".repeat(5000)}`;
  const bytes = encoder.encode(text);
  const f = findSecretsIn(engine, bytes, 1);
  assert.deepEqual(f, [{
    kind: "private_key_pem",
    start: text.indexOf(block),
    end: text.indexOf(block) + block.length,
  }]);
  assert.deepEqual(f, findSecretsIn(engine, bytes, WHOLE));
});

Deno.test("findSecretsIn() follows a long bare value past its window to its end", () => {
  const rng = new Rng(83);
  const value = rng.str(ALNUM, 30_000);
  const text = `${"x\n".repeat(100)}export API_TOKEN=${value} done\n${"y ".repeat(20_000)}`;
  const bytes = encoder.encode(text);
  const f = findSecretsIn(engine, bytes, 1);
  assert.equal(f.length, 1);
  assert.equal(text.slice(f[0]!.start, f[0]!.end), value);
  assert.deepEqual(f, findSecretsIn(engine, bytes, WHOLE));
});
