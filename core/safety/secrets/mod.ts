/**
 * Secret scanning and redaction.
 *
 * A keyword prefilter (WebAssembly, with a pure-TS reference of identical
 * semantics) finds candidate windows in one pass over UTF-8 bytes; each
 * candidate is confirmed by its rule's anchored pattern, entropy and checksum
 * checks and the false-positive filters; confirmed secrets are replaced by
 * `[REDACTED:<kind>]`. {@linkcode SECRET_RULES} lists every kind. Findings
 * carry kind and position only: never the secret, never a hash of it.
 * Pure: input arrives as bytes, strings or an injected reader.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine, redactText } from "./mod.ts";
 * const r = redactText(defaultEngine(), "export DB_PASSWORD=hunter2hunter2");
 * assert.equal(r.text, "export DB_PASSWORD=[REDACTED:env_secret]");
 * ```
 * @module
 */
import { createEngine, type PrefilterKind, type SecretEngine } from "./engine.ts";
import { SECRET_RULES } from "./rules.ts";

export { SECRET_RULES } from "./rules.ts";
export type { RuleAnchor, SecretRule } from "./rule.ts";
export {
  createEngine,
  type CreateEngineOptions,
  findSecrets,
  type PrefilterKind,
  type RawFinding,
  type SecretEngine,
} from "./engine.ts";
export {
  type ByteReader,
  type Finding,
  redactionMarker,
  scanStream,
  type ScanStreamOptions,
  type ScanStreamResult,
} from "./stream.ts";
export {
  redactBytes,
  type RedactBytesResult,
  redactText,
  type RedactTextResult,
  scanBytes,
} from "./redact.ts";
export {
  type Redaction,
  sanitizeValue,
  type SanitizeValueOptions,
  type SanitizeValueResult,
} from "./sanitize_value.ts";

const engines = new Map<PrefilterKind, SecretEngine>();

/**
 * The engine over {@linkcode SECRET_RULES}, built once per prefilter kind.
 * @param prefilter `"wasm"` (default; falls back to TS without WebAssembly) or `"ts"`.
 * @returns The shared engine.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultEngine } from "./mod.ts";
 * assert.equal(defaultEngine(), defaultEngine());
 * ```
 */
export function defaultEngine(prefilter: PrefilterKind = "wasm"): SecretEngine {
  let e = engines.get(prefilter);
  if (e === undefined) {
    e = createEngine(SECRET_RULES, { prefilter });
    engines.set(prefilter, e);
  }
  return e;
}
