/**
 * Assertions that a text is redacted (or left alone) raw and in every
 * realistic context of the secret fixtures (a JSON tool result, a shell
 * line, a config file...), as the held-out shape tests check each rule; or
 * raw and JSON-escaped once and twice, as the survey tests check theirs.
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

/** Raw, once and twice JSON-escaped, as a transcript holds a tool call and a tool result quoting it. */
export const ESCAPES: readonly ((x: string) => string)[] = [
  (x) => x,
  (x) => JSON.stringify(x).slice(1, -1),
  (x) => JSON.stringify(JSON.stringify(x)).slice(1, -1),
];

/** The survey tests' two assertions over {@linkcode ESCAPES}, bound to `engine`. */
export function escaped(engine: SecretEngine): {
  /** Asserts `text` is redacted as `kind` in every escape and `secret` is gone. */
  assertRedacted(text: string, secret: string, kind: string): void;
  /** Asserts `text` yields no finding in any escape. */
  assertKept(text: string): void;
} {
  return {
    assertRedacted(text, secret, kind) {
      for (const escape of ESCAPES) {
        const r = redactText(engine, escape(text));
        assert.ok(r.kinds.includes(kind), `${kind}: ${text} (${r.kinds.join(",")})`);
        assert.ok(!r.text.includes(secret), `${kind}: left in ${r.text}`);
      }
    },
    assertKept(text) {
      for (const escape of ESCAPES) {
        assert.deepEqual(redactText(engine, escape(text)).kinds, [], text);
      }
    },
  };
}
