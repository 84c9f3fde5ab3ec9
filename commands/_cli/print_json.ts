/**
 * A command's `--json` output: one JSON document and a newline on stdout,
 * lossless and safe for a terminal. Its own module so that a command that
 * prints JSON loads no workflow context (commands/_adapters/context.ts).
 * @module
 */
import type { Io } from "../_adapters/io.ts";
import { escapeJsonInvisible } from "../../core/safety/json_escape.ts";

/**
 * Writes a JSON document and a newline to stdout.
 * @param io Where it is written.
 * @param value Any JSON value.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * let out = "";
 * const io = { stdout: { write: (t: string) => void (out += t) } } as unknown as Parameters<typeof printJson>[0];
 * printJson(io, { a: 1 });
 * assert.equal(out, '{\n  "a": 1\n}\n');
 * ```
 */
export function printJson(io: Io, value: unknown): void {
  // Lossless: C1 controls and invisible characters travel as \u escapes.
  io.stdout.write(escapeJsonInvisible(JSON.stringify(value, null, 2)) + "\n");
}
