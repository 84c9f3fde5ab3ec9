/**
 * Redacts every string inside a JSON-like value (a capsule's meaning and
 * facts) and records each redaction as {field, kind}, where field is the JSON
 * path of the string (`meaning.completed[2].text`); a `[REDACTED:<kind>]`
 * marker a string already held (redacted before, by `baton evidence` or an
 * earlier capsule) is recorded as well, so the record counts every redacted
 * value the result holds. Object keys are kept as
 * they are: they come from baton's own schema, not from the model.
 * Pure: no I/O; bounded by {@linkcode SCAN_BOUNDS} depth and items.
 * @module
 */
import { SCAN_BOUNDS } from "../../bounds.ts";
import type { SecretEngine } from "./engine.ts";
import { CopyMemory } from "./copies.ts";
import { redactText, rememberFound } from "./redact.ts";
import { ALREADY_REDACTED_KIND } from "../../capsule/redaction_list.ts";

/** One recorded redaction. */
export interface Redaction {
  /** JSON path of the string that held the secret. */
  field: string;
  kind: string;
}

/** A sanitised value. */
export interface SanitizeValueResult<T> {
  value: T;
  redactions: Redaction[];
}

/** Options of {@linkcode sanitizeValue}. */
export interface SanitizeValueOptions {
  /** Path prefix for the recorded fields. @default {""} */
  path?: string;
  /**
   * Values found in other parts of the same input (see
   * {@linkcode rememberSecrets}); every copy of one here is redacted too.
   * @default {a memory of this value alone}
   */
  memory?: CopyMemory;
}

const encoder = new TextEncoder();

/** A redaction marker already in a string (redact.ts writes `[REDACTED:<kind>]`). */
const CARRIED_MARKER = /\[REDACTED:([a-z0-9_]{1,64})\]/g;

/**
 * Adds the secrets found in every string of a value to `memory`, so that
 * their copies anywhere else in the same input are redacted.
 * @param engine From {@linkcode createEngine}.
 * @param value Any JSON-like value.
 * @param memory Where the values go.
 * @throws {RangeError} past the item or depth bound.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CopyMemory } from "./copies.ts";
 * import { defaultEngine } from "./default_engine.ts";
 * import { rememberSecrets } from "./sanitize_value.ts";
 * const memory = new CopyMemory();
 * rememberSecrets(defaultEngine(), { a: ["API_TOKEN=q8Zr1mXw4Lp0vT"] }, memory);
 * assert.equal(memory.size, 1);
 * ```
 */
export function rememberSecrets(engine: SecretEngine, value: unknown, memory: CopyMemory): void {
  let items = 0;
  const walk = (v: unknown, depth: number): void => {
    if (++items > SCAN_BOUNDS.maxItems) {
      throw new RangeError(`Cannot scan value: more than ${SCAN_BOUNDS.maxItems} items`);
    }
    if (typeof v === "string") {
      // The whole find (folded tokens, hex dumps), as each string is redacted.
      rememberFound(engine, encoder.encode(v), memory);
      return;
    }
    if (v === null || typeof v !== "object") return;
    if (depth >= SCAN_BOUNDS.maxDepth) {
      throw new RangeError(`Cannot scan value: nesting deeper than ${SCAN_BOUNDS.maxDepth}`);
    }
    for (const e of Array.isArray(v) ? v : Object.values(v)) walk(e, depth + 1);
  };
  walk(value, 0);
}

function childPath(path: string, key: string): string {
  const part = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
  if (part === key) return path === "" ? key : `${path}.${key}`;
  return `${path}[${part}]`;
}

/**
 * Returns a copy of `value` with every secret in every string replaced.
 * @param engine From {@linkcode createEngine}.
 * @param value Plain JSON data (objects, arrays, strings, numbers, booleans, null).
 * @param options The path prefix.
 * @returns The redacted copy and the redactions, in walk order.
 * @throws {RangeError} when the value is deeper or larger than the scan bounds.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createEngine } from "./engine.ts";
 * import { SECRET_RULES } from "./rules.ts";
 * import { sanitizeValue } from "./sanitize_value.ts";
 * const r = sanitizeValue(createEngine(SECRET_RULES), { notes: ["ok", "PGPASSWORD=Xk2mQ9rT4wLp"] }, { path: "meaning" });
 * assert.deepEqual(r.redactions, [{ field: "meaning.notes[1]", kind: "env_secret" }]);
 * assert.equal(r.value.notes[1], "PGPASSWORD=[REDACTED:env_secret]");
 * ```
 */
export function sanitizeValue<T>(
  engine: SecretEngine,
  value: T,
  options: SanitizeValueOptions = {},
): SanitizeValueResult<T> {
  const redactions: Redaction[] = [];
  let memory = options.memory;
  if (memory === undefined) {
    memory = new CopyMemory();
    rememberSecrets(engine, value, memory);
  }
  const shared = { memory };
  let items = 0;
  const walk = (v: unknown, path: string, depth: number): unknown => {
    if (++items > SCAN_BOUNDS.maxItems) {
      throw new RangeError(`Cannot scan value: more than ${SCAN_BOUNDS.maxItems} items`);
    }
    if (typeof v === "string") {
      // A value redacted before this scan (an evidence record's argv, meaning carried from an
      // earlier capsule) is no secret to it any more, yet the string still holds a redacted
      // value: its marker is recorded too, or the record would say nothing was redacted. Under
      // a kind of its own: the marker's kind is the writer's text (a draft can type one).
      for (const _ of v.matchAll(CARRIED_MARKER)) {
        redactions.push({ field: path, kind: ALREADY_REDACTED_KIND });
      }
      const r = redactText(engine, v, shared);
      for (const kind of r.kinds) redactions.push({ field: path, kind });
      return r.text;
    }
    if (v === null || typeof v !== "object") return v;
    if (depth >= SCAN_BOUNDS.maxDepth) {
      throw new RangeError(`Cannot scan value: nesting deeper than ${SCAN_BOUNDS.maxDepth}`);
    }
    if (Array.isArray(v)) return v.map((e, i) => walk(e, `${path}[${i}]`, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, e] of Object.entries(v)) {
      Object.defineProperty(out, k, {
        value: walk(e, childPath(path, k), depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  return { value: walk(value, options.path ?? "", 0) as T, redactions };
}
