/**
 * The order of two capsule dates (`created_at`, a head record's time): UTC
 * times with 0 to 9 digits of a second's fraction, as the schema takes them.
 * As strings they do not order: `10:00:00Z` sorts after `10:00:00.100Z`
 * (`Z` is after `.`), and `10:00:00.1001Z` before `10:00:00.100Z`, though
 * each is the later instant. Baton writes milliseconds, but a capsule written
 * on top of one dated a little ahead keeps that one's date, and any writer's
 * capsule is read. Imports nothing.
 * @module
 */

const UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/;

/**
 * The time as a key whose string order is the instants' order: the fixed-width date and time,
 * and the fraction padded to nanoseconds; null for a text of another shape.
 */
function instantKey(time: string): string | null {
  const m = UTC.exec(time);
  return m === null ? null : `${m[1]}.${(m[2] ?? "").padEnd(9, "0")}`;
}

/**
 * Negative when `a` is the earlier instant, positive when the later, 0 when the same (one
 * instant written with two precisions is the same). A text of another shape (no capsule or
 * record read back has one) is ordered by `Date.parse`, and last as a string.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareInstants } from "./instant_order.ts";
 * assert.ok(compareInstants("2026-12-01T10:00:00Z", "2026-12-01T10:00:00.100Z") < 0);
 * assert.ok(compareInstants("2026-12-01T10:00:00.1001Z", "2026-12-01T10:00:00.100Z") > 0);
 * assert.equal(compareInstants("2026-12-01T10:00:00.1Z", "2026-12-01T10:00:00.100Z"), 0);
 * assert.ok(compareInstants("2026-12-01T09:59:59.999Z", "2026-12-01T10:00:00Z") < 0);
 * ```
 */
export function compareInstants(a: string, b: string): number {
  const ka = instantKey(a);
  const kb = instantKey(b);
  if (ka !== null && kb !== null) return ka < kb ? -1 : ka > kb ? 1 : 0;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  if (Number.isFinite(ta) && Number.isFinite(tb) && ta !== tb) return ta - tb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True when `a` is a later instant than `b` ({@linkcode compareInstants}). */
export function isLater(a: string, b: string): boolean {
  return compareInstants(a, b) > 0;
}

/**
 * The earliest time in baton's own form (milliseconds, as `toISOString` writes it) that is later
 * than `time`; null for a text of another shape. A capsule dated by its previous one (a writer's
 * clock behind it, or two capsules within one millisecond) takes this form: its archive name is
 * then one the archive lists (`…T100000.5Z-…` was written and never listed again), and it is
 * later than the capsule it continues, never at its instant: with one date for both, latest.md
 * put back to the previous one was no rollback to load nor to the next write, which forked the
 * chain there.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { millisAfter } from "./instant_order.ts";
 * assert.equal(millisAfter("2026-12-01T10:00:00.5Z"), "2026-12-01T10:00:00.501Z");
 * assert.equal(millisAfter("2026-12-01T10:00:00.5004Z"), "2026-12-01T10:00:00.501Z");
 * assert.equal(millisAfter("2026-12-01T10:00:00.500Z"), "2026-12-01T10:00:00.501Z");
 * assert.equal(millisAfter("2026-12-01T10:00:00Z"), "2026-12-01T10:00:00.001Z");
 * assert.equal(millisAfter("2026-12-01T23:59:59.9999Z"), "2026-12-02T00:00:00.000Z");
 * ```
 */
export function millisAfter(time: string): string | null {
  const m = UTC.exec(time);
  if (m === null) return null;
  const whole = Date.parse(`${m[1]}Z`);
  if (!Number.isFinite(whole)) return null;
  const out = new Date(whole + Number((m[2] ?? "").padEnd(9, "0").slice(0, 3)) + 1);
  return Number.isNaN(out.getTime()) ? null : out.toISOString();
}

const ARCHIVE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\.\d{1,9})?Z-/;

/**
 * The order of two archive file names (`<UTC-ts>-<id8>.md`, core/store/layout.ts) by the
 * instant each names, then by name: as strings, `…T100000Z-…` sorts after `…T100000.100Z-…`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareArchiveNames } from "./instant_order.ts";
 * const names = ["20261201T100000Z-bbbbbbbb.md", "20261201T100000.100Z-aaaaaaaa.md"];
 * assert.deepEqual(names.toSorted(compareArchiveNames).map((n) => n.slice(-11, -3)), [
 *   "bbbbbbbb",
 *   "aaaaaaaa",
 * ]);
 * ```
 */
export function compareArchiveNames(a: string, b: string): number {
  const byTime = compareArchiveInstants(a, b);
  return byTime !== 0 ? byTime : a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The order of the instants two archive file names carry, 0 when they are the same instant
 * (`…T100000.5Z-…` and `…T100000.500Z-…`) or either name has no date: a capsule dated at its
 * previous one's instant in another precision is named before or after it as a string.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareArchiveInstants } from "./instant_order.ts";
 * assert.equal(compareArchiveInstants("20261201T100000.500Z-aa.md", "20261201T100000.5Z-bb.md"), 0);
 * assert.ok(compareArchiveInstants("20261201T100000.100Z-aa.md", "20261201T100000Z-bb.md") > 0);
 * ```
 */
export function compareArchiveInstants(a: string, b: string): number {
  const ma = ARCHIVE_TIME.exec(a);
  const mb = ARCHIVE_TIME.exec(b);
  return ma === null || mb === null ? 0 : compareInstants(isoOf(ma), isoOf(mb));
}

/**
 * Archive file names in {@linkcode compareArchiveNames}' order, each name's instant read once:
 * a comparator that parses both names costs two regular expressions and four strings per
 * comparison, seconds for the 100,000 names a commit can put in the archive (load and every
 * session-start list it). A name with no date goes first, in string order (the archive's
 * listing keeps only dated names).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sortArchiveNames } from "./instant_order.ts";
 * const names = ["20261201T100000Z-bb.md", "20261201T100000.100Z-aa.md", "20261201T100000.1Z-cc.md"];
 * assert.deepEqual(sortArchiveNames(names).map((n) => n.slice(-5, -3)), ["bb", "aa", "cc"]);
 * ```
 */
export function sortArchiveNames(names: readonly string[]): string[] {
  // Each name behind its instant's key, fixed width (the fraction padded to nanoseconds), so
  // the built-in string sort orders by instant, then by name; an undated name's key is empty.
  const keyed = names.map((name) => `${archiveKey(name)} ${name}`);
  keyed.sort();
  return keyed.map((k) => k.slice(k.indexOf(" ") + 1));
}

const DATED_NAME = /^\d{8}T\d{6}(?:\.\d{1,9})?Z-/;

/** `YYYYMMDDTHHMMSS.nnnnnnnnn` for a dated archive name, else "". */
function archiveKey(name: string): string {
  if (!DATED_NAME.test(name)) return "";
  return `${name.slice(0, 15)}.${name.slice(16, name.indexOf("Z-")).padEnd(9, "0")}`;
}

function isoOf(m: RegExpExecArray): string {
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7] ?? ""}Z`;
}
