/**
 * The shared secret engine: {@linkcode SECRET_RULES} compiled once per
 * prefilter kind, its keyword automaton and name checks loaded from the
 * tables made at generation time ({@linkcode SECRET_TABLES}) rather than
 * built. Every caller that scans or redacts uses this engine.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine } from "./default_engine.ts";
 * import { redactText } from "./redact.ts";
 * const r = redactText(defaultEngine(), "export DB_PASSWORD=hunter2hunter2");
 * assert.equal(r.text, "export DB_PASSWORD=[REDACTED:env_secret]");
 * ```
 * @module
 */
import { createEngine, type PrefilterKind, type SecretEngine } from "./engine.ts";
import { SECRET_RULES } from "./rules.ts";
import { SECRET_TABLES } from "./tables_generated.ts";

const engines = new Map<PrefilterKind, SecretEngine>();

/**
 * The engine over {@linkcode SECRET_RULES}, built once per prefilter kind.
 * @param prefilter `"wasm"` (default; falls back to TS without WebAssembly) or `"ts"`.
 * @returns The shared engine.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine } from "./default_engine.ts";
 * assert.equal(defaultEngine(), defaultEngine());
 * ```
 */
export function defaultEngine(prefilter: PrefilterKind = "wasm"): SecretEngine {
  let e = engines.get(prefilter);
  if (e === undefined) {
    e = createEngine(SECRET_RULES, { prefilter, tables: SECRET_TABLES });
    engines.set(prefilter, e);
  }
  return e;
}
