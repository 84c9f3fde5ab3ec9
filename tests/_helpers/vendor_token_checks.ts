/**
 * The two checks every vendor-token rule file's test makes of its kinds,
 * written once: each kind found and redacted whole in every token shape and
 * table context, under the vendor's variable; and each kind's look-alikes
 * kept, bare and under that variable.
 * @module
 */
import assert from "node:assert/strict";
import type { SecretEngine } from "../../core/safety/secrets/engine.ts";
import { redactText } from "../../core/safety/secrets/redact.ts";
import { CONTEXTS, lookAlikes, Rng, SAMPLES, TOKEN_SHAPES } from "./secret_fixtures.ts";

/**
 * Asserts each kind (key of `variables`, its vendor's variable the value)
 * is found in every shape of TOKEN_SHAPES, raw and in every table context,
 * with neither its core nor its last 8 characters left in the output.
 */
export function assertFoundWhole(
  engine: SecretEngine,
  variables: Record<string, string>,
  seed: number,
): void {
  const rng = new Rng(seed);
  for (const [kind, name] of Object.entries(variables)) {
    for (const shape of TOKEN_SHAPES) {
      for (const wrap of [(x: string) => x, ...Object.values(CONTEXTS)]) {
        const s = SAMPLES[kind]!(rng);
        const r = redactText(engine, wrap(shape(name, s.secret)));
        assert.ok(r.kinds.includes(kind), `${kind}: ${shape(name, "V")} (${r.kinds.join(",")})`);
        assert.ok(!r.text.includes(s.core), `${kind}: left in ${r.text}`);
        // Redacted whole: no part of the value's tail is printed.
        assert.ok(!r.text.includes(s.secret.slice(-8)), `${kind}: tail left in ${r.text}`);
      }
    }
  }
}

/**
 * Asserts each kind has at least two look-alikes and that each is found by
 * no rule bare, and not as this kind under the vendor's variable (the name
 * rules judge the value on their own there), raw and in a transcript line.
 */
export function assertLookAlikesKept(
  engine: SecretEngine,
  variables: Record<string, string>,
  seed: number,
): void {
  const all = lookAlikes(new Rng(seed));
  for (const [kind, name] of Object.entries(variables)) {
    const values = all[kind];
    assert.ok(values !== undefined && values.length >= 2, `${kind}: no look-alikes`);
    for (const v of values) {
      for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
        assert.deepEqual(redactText(engine, wrap(v)).kinds, [], `${kind}: ${v}`);
        const r = redactText(engine, wrap(`${name}=${v}`));
        assert.ok(!r.kinds.includes(kind), `${kind}: ${name}=${v} (${r.kinds.join(",")})`);
      }
    }
  }
}
