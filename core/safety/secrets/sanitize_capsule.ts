/**
 * The secret-scan step of finalize: every string of the meaning, the facts
 * and the origin is scanned and redacted before anything is hashed or
 * written, and the outcome is recorded as the capsule's `sanitize` block
 * ({scan_status, redactions: [{field, kind}]}).
 *
 * `passed` means the scan ran over every string (whether or not it found
 * anything); `failed` means it could not finish, and then the parts are
 * kept as they were and the briefing says so. The matched text is never
 * recorded, only the field path and the kind. The list keeps at most
 * {@linkcode MAX_RECORDED_REDACTIONS} entries (well inside the schema's list
 * bound): past that, repeats of the same field and kind are recorded once,
 * the list is cut, and its last entry is the marker LIST_CUT
 * (core/capsule/redaction_list.ts), so its length is never read as the
 * number of values redacted. Pure: no I/O.
 * @module
 */
import type { SecretEngine } from "./engine.ts";
import { defaultEngine } from "./default_engine.ts";
import { CopyMemory } from "./copies.ts";
import { rememberSecrets, sanitizeValue } from "./sanitize_value.ts";
import type { Sanitize } from "../../capsule/types.ts";
import { LIST_CUT, MAX_RECORDED_REDACTIONS } from "../../capsule/redaction_list.ts";

/** Options of {@linkcode sanitizeCapsuleParts}. */
export interface SanitizeCapsuleOptions {
  /** The engine to use. @default {defaultEngine()} */
  engine?: SecretEngine;
}

/** Sanitised parts and the record of what was done. */
export interface SanitizeCapsuleResult<T> {
  parts: T;
  sanitize: Sanitize;
}

/**
 * Scans and redacts every string of the named capsule parts.
 * @param parts Top-level capsule members by name (`meaning`, `facts`, ...); names become path roots.
 * @param options The engine.
 * @returns Redacted copies and the sanitize record.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sanitizeCapsuleParts } from "./sanitize_capsule.ts";
 * const r = sanitizeCapsuleParts({ meaning: { now: "export API_TOKEN=q8Zr1mXw4Lp0vT" } });
 * assert.equal(r.parts.meaning.now, "export API_TOKEN=[REDACTED:env_secret]");
 * assert.deepEqual(r.sanitize, {
 *   scan_status: "passed",
 *   redactions: [{ field: "meaning.now", kind: "env_secret" }],
 * });
 * ```
 */
export function sanitizeCapsuleParts<T extends Record<string, unknown>>(
  parts: T,
  options: SanitizeCapsuleOptions = {},
): SanitizeCapsuleResult<T> {
  try {
    const engine = options.engine ?? defaultEngine();
    const out: Record<string, unknown> = {};
    const redactions: Sanitize["redactions"] = [];
    // The capsule is one input: a value found in one part is redacted in all.
    const memory = new CopyMemory();
    for (const value of Object.values(parts)) rememberSecrets(engine, value, memory);
    for (const [name, value] of Object.entries(parts)) {
      const r = sanitizeValue(engine, value, { path: name, memory });
      out[name] = r.value;
      redactions.push(...r.redactions);
    }
    return { parts: out as T, sanitize: { scan_status: "passed", redactions: capped(redactions) } };
  } catch {
    return { parts, sanitize: { scan_status: "failed", redactions: [] } };
  }
}

function capped(redactions: Sanitize["redactions"]): Sanitize["redactions"] {
  if (redactions.length <= MAX_RECORDED_REDACTIONS) return redactions;
  const seen = new Set<string>();
  const unique = redactions.filter((r) => {
    const key = `${r.field}\u0000${r.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...unique.slice(0, MAX_RECORDED_REDACTIONS - 1), { ...LIST_CUT }];
}
