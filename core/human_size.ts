/**
 * A byte count as people read it: B, KiB, MiB, GiB with one decimal below
 * ten. Pure.
 * @module
 */

/**
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { humanSize } from "./human_size.ts";
 * assert.equal(humanSize(512), "512 B");
 * assert.equal(humanSize(1536), "1.5 KiB");
 * assert.equal(humanSize(52 * 1024 * 1024), "52 MiB");
 * ```
 */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let n = bytes / 1024;
  let unit = 0;
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024;
    unit++;
  }
  return `${n < 10 ? Math.round(n * 10) / 10 : Math.round(n)} ${units[unit]}`;
}
