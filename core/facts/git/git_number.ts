/**
 * git's number rule for config values (git_parse_signed and
 * git_parse_unsigned), shared by the readers that take a number and by
 * rejected_config.ts, which says where git refuses one. Pure.
 * @module
 */

/**
 * git_parse_signed / git_parse_unsigned: C's strtoimax in base 0 (leading
 * blanks, a sign, 0x hex, 0 octal), then an optional k, m or g (any case);
 * null when git refuses the text or the number is past `max` either way.
 *
 * @param text The config value.
 * @param max The largest magnitude git accepts for the key's type.
 * @param unsigned git_parse_unsigned: no minus sign anywhere.
 * @returns The number, or null where git refuses it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitNumber } from "./git_number.ts";
 * assert.equal(parseGitNumber("010", 2n ** 31n - 1n), 8n);
 * assert.equal(parseGitNumber("1k", 2n ** 31n - 1n), 1024n);
 * assert.equal(parseGitNumber("0b1", 2n ** 31n - 1n), null);
 * ```
 */
export function parseGitNumber(text: string, max: bigint, unsigned = false): bigint | null {
  if (text === "" || (unsigned && text.includes("-"))) return null;
  const m = /^[ \t\n\v\f\r]*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)?(.*)$/s.exec(text)!;
  const digits = m[2];
  if (digits === undefined) return null;
  const unit = m[3]!;
  const factor = unit === ""
    ? 1n
    : /^[kK]$/.test(unit)
    ? 1024n
    : /^[mM]$/.test(unit)
    ? 1024n ** 2n
    : /^[gG]$/.test(unit)
    ? 1024n ** 3n
    : null;
  if (factor === null) return null;
  const magnitude = BigInt(
    /^0[xX]/.test(digits) ? digits : /^0[0-7]/.test(digits) ? `0o${digits.slice(1)}` : digits,
  );
  if (magnitude * factor > max) return null;
  return (m[1] === "-" ? -1n : 1n) * magnitude * factor;
}
