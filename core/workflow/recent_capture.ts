/**
 * The stop hook's rate limit, decided on the hook's light path: stop fires
 * after every turn, and an automatic capsule younger than the interval means
 * nothing is captured, so that answer must not cost the capture job (a
 * Worker, zod, the capsule reader). Reads only the header lines of
 * latest.md (see ../store/latest_header.ts).
 *
 * The header is prose baton renders in the same atomic write as the capsule;
 * it is used here only to skip work, never as a fact. A header that cannot
 * be read, a manual or pasted capsule, or one whose time is in the future or
 * unparsable all answer "not recent", and the full job (which reads the
 * capsule strictly and applies the same rule) decides. Only a capsule this
 * clone's own store made current (its head record, `<git dir>/baton/head.json`,
 * where no commit reaches: core/store/head_record.ts) with the same id prefix
 * and time can answer "recent" here: a latest.md a commit or a pull brought
 * (a stranger's capsule dated now and marked automatic) goes to the full job,
 * which holds a capture back only for a capsule signed by a key this machine
 * trusts. A header forged over this clone's own capsule can at most delay the
 * next automatic capsule by what is left of that capsule's interval.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { findBatonLayout } from "../store/find_layout.ts";
import { readLatestHeader } from "../store/latest_header.ts";
import { readHeadRecords } from "../store/head_record.ts";
import { isRecentAutomatic } from "../hosts/capture_plan.ts";

/** Options of {@linkcode recentAutomaticCapsule}. */
export interface RecentCaptureOptions {
  /** An automatic capsule younger than this makes the capture unnecessary. */
  minIntervalMs: number;
  /** The current time (system clock), ms since the epoch. */
  nowMs: number;
  /** git's variables as the hook was handed them: the store is found where git finds it. */
  gitEnvironment?: Readonly<Record<string, string>>;
}

/**
 * The id prefix of an automatic capsule younger than `minIntervalMs` for the
 * repository at `cwd`, or null when the capture should go ahead (or the full
 * job should decide).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const fs = {
 *   lstat: () => Promise.resolve(null), stat: () => Promise.resolve(null),
 *   readRange: () => Promise.reject(new Error("none")),
 * } as unknown as import("../fs.ts").ReadFs;
 * assert.equal(await recentAutomaticCapsule(fs, "/nowhere", { minIntervalMs: 1, nowMs: 0 }), null);
 * ```
 */
export async function recentAutomaticCapsule(
  fs: ReadFs,
  cwd: string,
  options: RecentCaptureOptions,
): Promise<string | null> {
  if (options.minIntervalMs <= 0) return null;
  const found = await findBatonLayout(
    fs,
    cwd,
    options.gitEnvironment === undefined ? {} : { gitEnvironment: options.gitEnvironment },
  );
  const header = await readLatestHeader(fs, found.layout);
  // One rule for "recent" (a person's capsule never holds back a capture).
  if (header === null || !isRecentAutomatic(header, options.nowMs, options.minIntervalMs)) {
    return null;
  }
  // Only one this clone made current, as its own record says (not latest.md's word).
  const own = (await readHeadRecords(fs, found.layout)).some((h) =>
    h.id.startsWith(`sha256:${header.id12}`) && h.created_at === header.createdAt
  );
  return own ? header.id12 : null;
}
