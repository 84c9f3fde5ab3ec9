/**
 * Names of the temp files atomic writes go through: `.<name>.<pid>.<start
 * time>.<random>.tmp`, so two writers never share one, and a sweeper can
 * tell whether the writer of a leftover still runs (it removes only the temp
 * files of writers that are gone). Pure.
 * @module
 */

/** Who wrote a temp file, as its name says. */
export interface TempWriter {
  pid: number;
  /** The writer's start time, or null when it did not know it. */
  started: string | null;
}

const TEMP = /^\..+\.(\d{1,10})\.([0-9a-f]{8}-\d{1,20}|x)\.[0-9a-f]{16}\.tmp$/;

/**
 * The temp file name for `base`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTempName, tempName } from "./temp_name.ts";
 * const n = tempName("latest.md", { pid: 42, started: "0a1b2c3d-99" }, "00112233445566ff");
 * assert.equal(n, ".latest.md.42.0a1b2c3d-99.00112233445566ff.tmp");
 * assert.deepEqual(parseTempName(n), { pid: 42, started: "0a1b2c3d-99" });
 * assert.equal(parseTempName(".latest.md.42.1.tmp"), null);
 * ```
 */
export function tempName(base: string, writer: TempWriter, random16hex: string): string {
  return `.${base}.${writer.pid}.${writer.started ?? "x"}.${random16hex}.tmp`;
}

/** The writer a temp file name records; null for any other name. */
export function parseTempName(name: string): TempWriter | null {
  const m = TEMP.exec(name);
  if (m === null) return null;
  return { pid: Number(m[1]), started: m[2] === "x" ? null : m[2]! };
}

/** True for any temp file name (this format or an older one). */
export function isTempName(name: string): boolean {
  return name.startsWith(".") && name.endsWith(".tmp");
}
