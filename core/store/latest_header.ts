/**
 * Reads the id prefix and creation time of the current capsule from the first
 * lines of latest.md, without parsing the capsule: the session-start hook's
 * freshness check must stay off zod and the full reader. The header is prose
 * baton renders; it is only ever used to decide whether to do the full,
 * strict read, never trusted for content. Edge-free: takes a ReadFs.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import type { BatonLayout } from "./layout.ts";

/** What the header of latest.md says. */
export interface LatestHeader {
  /** The first 12 hex digits of the capsule id. */
  id12: string;
  /** ISO creation time as rendered. */
  createdAt: string;
  /** The trigger line as rendered, or null when absent. */
  trigger: string | null;
}

/** Bytes read from the top of latest.md: the header lines are well inside this. */
const HEADER_BYTES = 2048;

/**
 * Parses the header lines of capsule file text; null when they are not in
 * the rendered form.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const text = "# baton capsule 0123456789ab\n\n> x\n\n- created: 2026-01-01T00:00:00.000Z\n";
 * assert.deepEqual(parseLatestHeader(text), {
 *   id12: "0123456789ab",
 *   createdAt: "2026-01-01T00:00:00.000Z",
 *   trigger: null,
 * });
 * assert.equal(parseLatestHeader(`${text}- trigger: turn_end\n`)?.trigger, "turn_end");
 * assert.equal(parseLatestHeader("# notes\n"), null);
 * ```
 */
export function parseLatestHeader(text: string): LatestHeader | null {
  const id = /^# baton capsule ([0-9a-f]{12})\r?$/m.exec(text.slice(0, 200));
  const created = /^- created: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)\r?$/m.exec(text);
  if (id === null || created === null || id.index !== 0) return null;
  const trigger = /^- trigger: ([a-z_]{1,40})\r?$/m.exec(text);
  return { id12: id[1]!, createdAt: created[1]!, trigger: trigger?.[1] ?? null };
}

/** The header of `layout.latest`; null when the file is missing or not in the rendered form. */
export async function readLatestHeader(
  fs: ReadFs,
  layout: BatonLayout,
): Promise<LatestHeader | null> {
  let bytes: Uint8Array;
  try {
    // Never through a link (a commit can carry one): only a regular file has a header.
    if ((await fs.lstat(layout.latest))?.isFile !== true) return null;
    bytes = await fs.readRange(layout.latest, 0, HEADER_BYTES);
  } catch {
    return null;
  }
  return parseLatestHeader(new TextDecoder().decode(bytes));
}
