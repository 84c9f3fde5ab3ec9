// Tests for core/safety/secrets/rules_typographic.ts: a secret assigned in
// typographic quotes (review50), redacted whole in every context, and its
// look-alikes kept. See: #21

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/** Redacts `text` raw and in every context; asserts one finding of `kind` and that no core is left. */
function foundEverywhere(text: string, cores: string[], kind: string): void {
  for (const [ctx, wrap] of [["raw", (s: string) => s] as const, ...Object.entries(CONTEXTS)]) {
    const r = redactText(engine, wrap(text));
    assert.deepEqual(r.kinds, [kind], `${ctx}: ${r.text.slice(0, 300)}`);
    for (const core of cores) assert.ok(!r.text.includes(core), `${ctx}: ${core} left`);
  }
}

/** Asserts that neither the raw text nor any context flags `text`. */
function keptEverywhere(text: string): void {
  for (const [ctx, wrap] of [["raw", (s: string) => s] as const, ...Object.entries(CONTEXTS)]) {
    assert.deepEqual(redactText(engine, wrap(text)).kinds, [], `${ctx}: ${text.slice(0, 200)}`);
  }
}

Deno.test("review50: a secret assigned in typographic quotes (“…”, ‘…’, «…») is redacted whole in every context; a reference, a placeholder and quoted prose are kept (see: #21)", () => {
  const rng = new Rng(5008);
  const shapes = [
    (v: string) => `API_TOKEN=\u201c${v}\u201d`,
    (v: string) => `password: \u2018${v}\u2019`,
    (v: string) => `client_secret = \u00ab${v}\u00bb`,
  ];
  for (const shape of shapes) {
    const v = p(rng.str(ALNUM, 9), "7", rng.str(ALNUM, 8));
    foundEverywhere(shape(v), [v.slice(0, 9), v.slice(-8)], "generic_secret");
  }
  for (
    const text of [
      "API_TOKEN=\u201c${API_TOKEN}\u201d",
      "password: \u201c<your-password>\u201d",
      "The \u201ctoken\u201d field is \u201coptional\u201d.",
      "secret: \u201cthe value\u201d",
    ]
  ) keptEverywhere(text);
});
