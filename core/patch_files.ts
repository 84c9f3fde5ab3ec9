/**
 * The files a patch in Codex's `apply_patch` envelope names (`*** Add File: p`,
 * `*** Update File: p`, `*** Delete File: p`, `*** Move to: p`), in order and
 * once each. Read in two places, so written once: the transcript readers list
 * what a session touched (core/transcript/tool_call.ts), and the mutation gate
 * finds the store of every file a patch writes (core/enforce/gate_stores.ts).
 * Pure.
 * @module
 */

/** The line an envelope starts with. */
export const PATCH_BEGIN = "*** Begin Patch";

/**
 * The files `patch` names, at most `max` of them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const p = "*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** Delete File: a\n*** End Patch";
 * assert.deepEqual(patchFiles(p), ["a", "b"]);
 * assert.deepEqual(patchFiles(p, 1), ["a"]);
 * ```
 */
export function patchFiles(patch: string, max = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (
    const m of patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm)
  ) {
    if (out.length >= max) break;
    const p = (m[1] ?? m[2] ?? "").trim();
    if (p === "" || seen.has(p)) continue;
    seen.add(p);
    out.push(p);
  }
  return out;
}
