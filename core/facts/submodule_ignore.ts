/**
 * Which changes of a submodule `git status` shows, from the configuration it
 * reads for that: `diff.ignoreSubmodules` (none when unset) as the start,
 * then, for a submodule `.gitmodules` names by its path,
 * `submodule.<name>.ignore` from the configuration cascade or else from
 * `.gitmodules`, which replaces the start. `all` hides the submodule's work
 * tree state, `dirty` shows only a HEAD that moved, `untracked` ignores
 * untracked files inside it, `none` shows everything. A value git itself
 * stops on (in the configuration) is unknown; one it warns about and skips
 * (in `.gitmodules`) is skipped. Inside a submodule whose untracked files
 * are not shown (git runs its status with `-uno`), untracked files of the
 * submodules nested in it are not shown either, unless a per-submodule
 * setting says otherwise.
 *
 * Pure: data in, data out.
 * @module
 */
import type { GitConfigEntry } from "./git/parse_config.ts";

/**
 * Why the tree is unknown when the configuration gives a submodule an
 * ignore value git does not take: git stops ("bad --ignore-submodules
 * argument") at that gitlink whatever its work tree holds (checked out,
 * empty, gone or a file), and gives no status at all.
 */
export const SUBMODULE_IGNORE_INVALID_REASON =
  "a submodule ignore setting has a value git does not accept: git stops";

/** What git status shows of a submodule's work tree. */
export type SubmoduleIgnore = "none" | "untracked" | "dirty" | "all";

const MODES: ReadonlySet<string> = new Set(["none", "untracked", "dirty", "all"]);

/** The last entry of section.key (and subsection, when given), or undefined. */
function last(
  entries: readonly GitConfigEntry[],
  section: string,
  key: string,
  subsection?: string,
): GitConfigEntry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.section !== section || e.key !== key) continue;
    if (subsection !== undefined && e.subsection !== subsection) continue;
    return e;
  }
  return undefined;
}

/**
 * The ignore setting git status applies to the submodule at `path`.
 *
 * @param config The superproject's configuration cascade, in precedence order.
 * @param gitmodules The entries of the work tree's `.gitmodules` (empty when there is none).
 * @param path The submodule's path in the superproject.
 * @param untrackedShown False inside a submodule whose untracked files are not shown.
 * @returns The mode, or why it cannot be told (git would stop on the value).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./git/parse_config.ts";
 * import { submoduleIgnore } from "./submodule_ignore.ts";
 * const gm = parseGitConfig('[submodule "lib"]\npath = vendor/lib\nignore = dirty\n').entries;
 * assert.equal(submoduleIgnore([], gm, "vendor/lib"), "dirty");
 * const cfg = parseGitConfig('[submodule "lib"]\nignore = none\n').entries;
 * assert.equal(submoduleIgnore(cfg, gm, "vendor/lib"), "none");
 * assert.equal(submoduleIgnore([], gm, "other"), "none");
 * ```
 */
export function submoduleIgnore(
  config: readonly GitConfigEntry[],
  gitmodules: readonly GitConfigEntry[],
  path: string,
  untrackedShown = true,
): SubmoduleIgnore | { unknown: string } {
  let mode: SubmoduleIgnore = "none";
  const start = last(config, "diff", "ignoresubmodules");
  if (start !== undefined) {
    if (start.value === null || !MODES.has(start.value)) {
      return { unknown: "diff.ignoreSubmodules has a value git does not accept" };
    }
    mode = start.value as SubmoduleIgnore;
  }
  if (!untrackedShown && mode === "none") mode = "untracked";
  // The submodule's name: the .gitmodules section whose path is this one.
  let name: string | null = null;
  for (const e of gitmodules) {
    if (
      e.section === "submodule" && e.key === "path" && e.value === path && e.subsection !== null
    ) {
      name = e.subsection;
    }
  }
  if (name === null) return mode;
  const own = last(config, "submodule", "ignore", name);
  if (own !== undefined) {
    if (own.value === null || !MODES.has(own.value)) {
      return { unknown: SUBMODULE_IGNORE_INVALID_REASON };
    }
    return own.value as SubmoduleIgnore;
  }
  // In .gitmodules git warns about a value it does not know and skips it.
  for (let i = gitmodules.length - 1; i >= 0; i--) {
    const e = gitmodules[i]!;
    if (
      e.section === "submodule" && e.key === "ignore" && e.subsection === name &&
      e.value !== null && MODES.has(e.value)
    ) {
      return e.value as SubmoduleIgnore;
    }
  }
  return mode;
}
