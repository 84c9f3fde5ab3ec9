// Tests for core/safety/secrets/rules_tokens_platforms.ts: each format of the fifth survey is
// found bare in prose, under a name with no credential word, in a transcript's JSON, a YAML
// block, a .env line and a Python dict; its look-alikes are kept. Every value is drawn at run
// time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { PLATFORM_TOKEN_RULES } from "../../../../core/safety/secrets/rules_tokens_platforms.ts";
import { CONTEXTS, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/** The lines a transcript holds a token in, under a name that holds no credential word. */
const SHAPES: readonly ((v: string) => string)[] = [
  (v) => `Here is the value I got back: ${v} - does it look right?`,
  (v) => `VENDOR_VALUE="${v}"`,
  (v) => `config = {"region": "us-east-1", "vendor": "${v}", "retries": 3}`,
  (v) => `    vendor: ${v}`,
];

Deno.test("every format of the fifth survey is found in every shape and container (see: #21)", () => {
  const kinds = PLATFORM_TOKEN_RULES.map((r) => r.kind).filter((k) => k !== "softlayer_api_key");
  for (let seed = 1; seed <= 3; seed++) {
    const rng = new Rng(6600 + seed);
    for (const kind of kinds) {
      const sample = SAMPLES[kind]!(rng);
      for (const shape of SHAPES) {
        for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.dotenv!]) {
          const text = wrap(shape(sample.secret));
          const r = redactText(engine, text);
          assert.ok(r.kinds.includes(kind), `${kind} not found: ${text} (${r.kinds.join(",")})`);
          assert.ok(!r.text.includes(sample.core), `left in: ${r.text}`);
        }
      }
    }
  }
});

Deno.test("a SoftLayer key is found inside its API URL, not the URL's other paths (see: #21)", () => {
  const rng = new Rng(6610);
  const sample = SAMPLES.softlayer_api_key!(rng);
  for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.yaml!]) {
    const r = redactText(engine, wrap(sample.text));
    assert.deepEqual(r.kinds, ["softlayer_api_key"], sample.text);
    assert.ok(!r.text.includes(sample.core));
    assert.ok(r.text.includes("api.softlayer.com/soap/v3/"), "the URL itself stays");
  }
});

Deno.test("the fifth survey's look-alikes are kept, beside their positive controls (see: #21)", () => {
  const all = lookAlikes(new Rng(6620));
  const rng = new Rng(6621);
  for (const rule of PLATFORM_TOKEN_RULES) {
    const values = all[rule.kind];
    assert.ok(values !== undefined && values.length > 0, `${rule.kind} has no look-alikes`);
    for (const text of values) {
      for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.yaml!]) {
        assert.deepEqual(redactText(engine, wrap(text)).kinds, [], `${rule.kind}: ${text}`);
      }
    }
    // The control: the kind's own sample in the same containers is found.
    const sample = SAMPLES[rule.kind]!(rng);
    assert.ok(redactText(engine, CONTEXTS.json_transcript!(sample.text)).kinds.includes(rule.kind));
  }
});
