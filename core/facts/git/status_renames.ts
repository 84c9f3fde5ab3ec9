/**
 * Rename detection as `git status` (2.39) reads it from the cascade. Its own
 * config callback takes the four keys in file order, not "the last wins":
 * `status.renames` and `status.renameLimit` always set the value, while
 * `diff.renames` and `diff.renameLimit` set it only while nothing has (the
 * limit's "nothing" is -1, so `status.renameLimit = -1` lets a later
 * `diff.renameLimit` in). A diff entry met after that is not even parsed,
 * so a bad value there does not stop git. A limit left below 0 is git's
 * default of 1,000; 0 is no limit. Pure: no I/O.
 * @module
 */
import type { GitConfig, GitConfigEntry } from "./parse_config.ts";
import { parseGitNumber } from "./git_number.ts";

/** git's renames in force for status: on, copies too, and the limit (32767 for none). */
export interface StatusRenames {
  renames: boolean;
  copies: boolean;
  renameLimit: number;
}

const INT_MAX = 2n ** 31n - 1n;
/** git's limit when none is set (diff_rename_limit_default). */
const DEFAULT_LIMIT = 1000;
/** What baton takes for git's "no limit" (0). */
const NO_LIMIT = 32767;

/** git_config_rename: 2 copies, 1 renames, 0 off, null where git stops. */
function renameWord(value: string | null): 0 | 1 | 2 | null {
  if (value === null) return 1;
  const v = value.toLowerCase();
  if (v === "copies" || v === "copy") return 2;
  if (v === "true" || v === "yes" || v === "on") return 1;
  if (v === "false" || v === "no" || v === "off" || v === "") return 0;
  const n = parseGitNumber(value, INT_MAX);
  return n === null ? null : n === 0n ? 0 : 1;
}

/** git_config_int, null where git stops. */
function limitOf(value: string | null): number | null {
  const n = value === null ? null : parseGitNumber(value, INT_MAX);
  return n === null ? null : Number(n);
}

/**
 * Walks the cascade as git status's callback does.
 *
 * @param config The whole cascade, in git's order.
 * @returns The settings in force, and the diff entries git skips unparsed
 *   (rejected_config.ts must not refuse those).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * import { statusRenames } from "./status_renames.ts";
 * const at = (t: string) => statusRenames(parseGitConfig(t)).settings;
 * assert.equal(at("[diff]\nrenameLimit = 2\nrenameLimit = 100\n").renameLimit, 2);
 * assert.equal(at("[status]\nrenameLimit = -1\n[diff]\nrenameLimit = 2\n").renameLimit, 2);
 * assert.equal(at("[diff]\nrenames = false\nrenames = true\n").renames, false);
 * assert.equal(at("[diff]\nrenames = copy\n").copies, true);
 * ```
 */
export function statusRenames(
  config: GitConfig,
): { settings: StatusRenames; skipped: Set<GitConfigEntry> } {
  let limit = -1;
  let detect: 0 | 1 | 2 | -1 = -1;
  const skipped = new Set<GitConfigEntry>();
  for (const e of config.entries) {
    if (e.section === "status" && e.subsection === null) {
      if (e.key === "renamelimit") limit = limitOf(e.value) ?? limit;
      else if (e.key === "renames") detect = renameWord(e.value) ?? detect;
    } else if (e.section === "diff" && e.subsection === null) {
      if (e.key === "renamelimit") {
        if (limit === -1) limit = limitOf(e.value) ?? limit;
        else skipped.add(e);
      } else if (e.key === "renames") {
        if (detect === -1) detect = renameWord(e.value) ?? detect;
        else skipped.add(e);
      }
    }
  }
  return {
    settings: {
      renames: detect !== 0,
      copies: detect === 2,
      renameLimit: limit < 0 ? DEFAULT_LIMIT : limit === 0 ? NO_LIMIT : limit,
    },
    skipped,
  };
}
