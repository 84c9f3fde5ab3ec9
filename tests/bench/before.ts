/**
 * Where the bench finds the "before" build that BATON_BENCH_BEFORE names
 * (the facts and secrets benches read it the same way).
 * @module
 */

/**
 * The before checkout's main.ts: BATON_BENCH_BEFORE names the checkout's
 * folder or its main.ts (the secrets bench takes the same), or null when it
 * is not set.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * Deno.env.set("BATON_BENCH_BEFORE", "/tmp/before/");
 * assert.equal(beforeMain(), "/tmp/before/main.ts");
 * Deno.env.set("BATON_BENCH_BEFORE", "/tmp/before/main.ts");
 * assert.equal(beforeMain(), "/tmp/before/main.ts");
 * Deno.env.delete("BATON_BENCH_BEFORE");
 * assert.equal(beforeMain(), null);
 * ```
 */
export function beforeMain(): string | null {
  const before = Deno.env.get("BATON_BENCH_BEFORE");
  if (before === undefined) return null;
  return /\.[cm]?[jt]s$/.test(before) ? before : `${before.replace(/\/+$/, "")}/main.ts`;
}
