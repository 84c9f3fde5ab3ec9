/**
 * Assertions that a text is redacted (or left alone) raw and in every
 * realistic context of the secret fixtures (a JSON tool result, a shell
 * line, a config file...), as the held-out shape tests check each rule.
 * @module
 */
import assert from "node:assert/strict";
import type { SecretEngine } from "../../core/safety/secrets/engine.ts";
import { redactText } from "../../core/safety/secrets/redact.ts";
import { CONTEXTS } from "./secret_fixtures.ts";

const EVERY_CONTEXT = [["raw", (s: string) => s] as const, ...Object.entries(CONTEXTS)];

/** The two assertions, bound to `engine`. */
export function everywhere(engine: SecretEngine): {
  /** Redacts `text` raw and in every context; asserts one finding of `kind` and that no core is left. */
  foundEverywhere(text: string, cores: string[], kind: string): void;
  /** Asserts that neither the raw text nor any context flags `text`. */
  keptEverywhere(text: string): void;
} {
  return {
    foundEverywhere(text, cores, kind) {
      for (const [ctx, wrap] of EVERY_CONTEXT) {
        const r = redactText(engine, wrap(text));
        assert.deepEqual(r.kinds, [kind], `${ctx}: ${r.text.slice(0, 300)}`);
        for (const core of cores) assert.ok(!r.text.includes(core), `${ctx}: ${core} left`);
      }
    },
    keptEverywhere(text) {
      for (const [ctx, wrap] of EVERY_CONTEXT) {
        assert.deepEqual(redactText(engine, wrap(text)).kinds, [], `${ctx}: ${text.slice(0, 200)}`);
      }
    },
  };
}
