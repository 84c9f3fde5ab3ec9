/**
 * The one gate for text baton did not compute on its way to stdout or
 * stderr outside the capsule renderers: error messages (a missing draft
 * file, a `scan` path, an unknown command or host, whatever a command puts
 * in a coded error), their JSON `error` objects, and the names `preflight`
 * prints (branches, changed and untracked files). Every string passes the
 * secret scanner (each secret becomes `[REDACTED:<kind>]`, JSON-escaped
 * forms included) and then has its control, invisible and direction-changing
 * characters made visible (render_safe.ts), so neither a token nor an escape
 * sequence planted in a file name, branch or argument reaches the terminal.
 * A line of text also keeps to one line (line breaks shown as ` ⏎ `).
 *
 * The scanner loads lazily: the start-up path of a command that succeeds
 * never pays for it.
 * @module
 */
import type { ErrorData } from "../../core/errors.ts";

/** Redacts and neutralises strings. */
export interface SafeOutput {
  /** One line for a terminal: redacted, neutralised, line breaks shown as ` ⏎ `. */
  line(text: string): string;
  /** A string value for JSON: redacted (JSON escaping and printJson handle the rest). */
  value(text: string): string;
  /** Every string of a JSON-like value (keys included), redacted. */
  deep<T>(value: T): T;
}

const encoder = new TextEncoder();

const loaded = new Map<"wasm" | "ts", SafeOutput>();

/**
 * The shared redactor (built once per process and prefilter).
 * @param prefilter The secret engine's keyword prefilter: `"wasm"` (the
 * default) or `"ts"`, which finds the same (prefilter_parity_test) and
 * costs less to build where the text is a few short strings (preflight's
 * facts): no WebAssembly compile and no DFA copied into its memory.
 * @returns The redactor.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadSafeOutput } from "./safe_output.ts";
 * const safe = await loadSafeOutput();
 * assert.equal(safe.line("bad\u001b[2J\nname"), "bad\u241b[2J ⏎ name");
 * ```
 */
export async function loadSafeOutput(prefilter: "wasm" | "ts" = "wasm"): Promise<SafeOutput> {
  const built = loaded.get(prefilter);
  if (built !== undefined) return built;
  const [{ defaultEngine }, { redactText, rememberFound }, { terminalLine }, { CopyMemory }] =
    await Promise.all([
      import("../../core/safety/secrets/default_engine.ts"),
      import("../../core/safety/secrets/redact.ts"),
      import("../../core/safety/render_safe.ts"),
      import("../../core/safety/secrets/copies.ts"),
    ]);
  const engine = defaultEngine(prefilter);
  const value = (text: string): string => redactText(engine, text).text;
  // One value is one input: a secret found in one string (a name beside its
  // keyword) is redacted in every other string that holds a copy of it (a
  // file named after the bare value), as sanitize_capsule.ts does for a capsule.
  const deep = <T>(v: T): T => {
    const memory = new CopyMemory();
    let found = false;
    // Found as redactText finds them: a folded token or a hex dump is a secret here too.
    for (const text of deepStrings(v)) {
      if (rememberFound(engine, encoder.encode(text), memory)) found = true;
    }
    // Nothing found in any string: redaction would change none of them.
    if (!found) return v;
    return deepMap(v, (text) => redactText(engine, text, { memory }).text, 0) as T;
  };
  const safe: SafeOutput = {
    line: (text) => terminalLine(value(text)),
    value,
    deep,
  };
  loaded.set(prefilter, safe);
  return safe;
}

/**
 * Whether redacting every one of `texts` would change none of them: the
 * keyword pass over the prebuilt tables (core/safety/secrets/keyword_gate.ts)
 * finds no hit a rule could confirm in any. The rules and the engine are not
 * loaded for it; a caller that gets true may print the texts neutralised
 * only ({@linkcode neutralLine}), as {@linkcode SafeOutput} would print them.
 * @param texts The strings that would be redacted.
 * @returns True when no redaction could apply.
 */
export async function secretFree(texts: Iterable<string>): Promise<boolean> {
  const [{ createKeywordGate }, { GATE_TABLES }] = await Promise.all([
    import("../../core/safety/secrets/keyword_gate.ts"),
    import("../../core/safety/secrets/gate_tables.ts"),
  ]);
  const gate = createKeywordGate(GATE_TABLES);
  const encoder = new TextEncoder();
  for (const text of texts) if (gate.mayHold(encoder.encode(text))) return false;
  return true;
}

/**
 * Every string of a JSON-like value, keys included, to the depth
 * {@linkcode SafeOutput.deep} redacts (past it, values are kept as they are).
 */
export function deepStrings(value: unknown): string[] {
  const out: string[] = [];
  deepMap(value, (s) => {
    out.push(s);
    return s;
  }, 0);
  return out;
}

/** {@linkcode SafeOutput.line} for a text {@linkcode secretFree} cleared: neutralised only. */
export async function loadNeutralLine(): Promise<(text: string) => string> {
  const { terminalLine } = await import("../../core/safety/render_safe.ts");
  return terminalLine;
}

function deepMap(v: unknown, f: (s: string) => string, depth: number): unknown {
  if (typeof v === "string") return f(v);
  if (v === null || typeof v !== "object" || depth > 64) return v;
  if (Array.isArray(v)) return v.map((e) => deepMap(e, f, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, e] of Object.entries(v)) {
    Object.defineProperty(out, f(k), {
      value: deepMap(e, f, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A coded error as printed: its message and data made safe. */
export interface SafeError {
  code: string;
  message: string;
  data?: ErrorData;
}

/**
 * The printable form of an error object: the message as one safe line, the
 * data redacted. When the scanner cannot load, the message is withheld
 * rather than printed unchecked.
 * @param error From `errorObject`.
 * @returns The same shape, safe to print.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { safeError } from "./safe_output.ts";
 * const e = await safeError({ code: "usage", message: "Unknown command \"x\u001b[31m\"" });
 * assert.equal(e.message, "Unknown command \"x\u241b[31m\"");
 * ```
 */
export async function safeError(
  error: { code: string; message: string; data?: ErrorData },
): Promise<SafeError> {
  try {
    const safe = await loadSafeOutput();
    return error.data === undefined
      ? { code: error.code, message: safe.line(error.message) }
      : { code: error.code, message: safe.line(error.message), data: safe.deep(error.data) };
  } catch {
    return { code: error.code, message: `${error.code} error (its text could not be checked)` };
  }
}
