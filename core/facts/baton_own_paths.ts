/**
 * Which paths under `.baton/` are baton's own writing, left out of the facts
 * so that a capsule written into a clean tree leaves it clean: `latest.md`
 * (and one `baton revive --force` set aside), the archive's capsule files,
 * the progress log, the rotation tombstone, the ignore file, the lock (and a
 * stale lock set aside) and its guard in `state/`, and temp files of its
 * atomic writes. Every other path under `.baton/` is the repository's
 * content and counts as git counts it: a script a commit or a session put
 * there (command evidence that ran it must go stale when it changes),
 * `.baton/config.yaml`, which a person writes and baton never does (its
 * `done` gates are commands `baton done` runs), and the state files
 * development versions kept there (`enforce/`, `done/`, `index.json`,
 * `state/injected.json`): this version never writes them, and git lists
 * them. Pure.
 * @module
 */
import { ARCHIVE_NAME } from "../capsule/short_id.ts";

/** Files baton writes directly in `.baton/`. */
const OWN_FILES = new Set(["latest.md", "progress.md", "tombstone.json", ".gitignore"]);

/**
 * Folders of `.baton/` that hold only baton's state: the lock, one set aside
 * under the exact names core/store/lock.ts gives it (`lock.stale-<token>-<attempt>`,
 * `lock.release-<token>`, the token 32 hex digits).
 */
const OWN_FOLDERS = /^(lock|lock\.stale-[0-9a-f]{32}-\d{1,10}|lock\.release-[0-9a-f]{32})(\/|$)/;

/**
 * What baton keeps in `.baton/state/` of a git repository (facts exist only
 * there; its private state is `<git dir>/baton`): the lock's guard
 * (core/store/lock.ts); `state/` listed whole.
 */
const OWN_STATE = new Set(["state/", "state/lock.guard"]);

/** A temp file of an atomic write (core/store/temp_name.ts), or doctor's write probe. */
const TEMP = /^\.[^/]+\.tmp$/;

/**
 * True for a repository-relative path (git's form; a trailing `/` for a
 * folder listed whole) that baton itself writes under `.baton/`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBatonOwnPath } from "./baton_own_paths.ts";
 * assert.equal(isBatonOwnPath(".baton/latest.md"), true);
 * assert.equal(isBatonOwnPath(".baton/capsules/20261130T010203.456Z-abcdef01.md"), true);
 * assert.equal(isBatonOwnPath(".baton/lock/owner.json"), true);
 * assert.equal(isBatonOwnPath(".baton/check.sh"), false);
 * assert.equal(isBatonOwnPath(".baton/config.yaml"), false);
 * assert.equal(isBatonOwnPath(".baton/capsules/run.js"), false);
 * assert.equal(isBatonOwnPath("src/.baton/latest.md"), false);
 * ```
 */
export function isBatonOwnPath(path: string): boolean {
  // `.baton/` is a folder listed whole; a path `.baton` is a file, a link or a
  // submodule, never baton's (its folder is a real directory, check_baton_dir.ts).
  if (path === ".baton/") return true;
  if (!path.startsWith(".baton/")) return false;
  const rest = path.slice(".baton/".length);
  if (OWN_FILES.has(rest) || OWN_FOLDERS.test(rest) || TEMP.test(rest)) return true;
  if (OWN_STATE.has(rest)) return true;
  if (/^latest\.md\.invalid-[0-9TZ]+$/.test(rest)) return true;
  if (!rest.startsWith("capsules/")) return false;
  const name = rest.slice("capsules/".length);
  return name === "" || ARCHIVE_NAME.test(name) || TEMP.test(name);
}

/** What baton leaves as it is once it exists: the ignore file (written only when absent). */
const WRITTEN_ONCE = ".baton/.gitignore";

/**
 * {@linkcode isBatonOwnPath} for a tracked path git shows changed: the
 * file baton writes once, a temp file, the lock's files and `state/` are
 * left out only while not in HEAD (untracked, or added by a `git add -A`
 * after baton wrote them), since an edit to a committed one is never
 * baton's; what baton rewrites and shares (`latest.md`, the archive, the
 * progress log, the tombstone) stays its own in HEAD too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBatonOwnTrackedPath } from "./baton_own_paths.ts";
 * assert.equal(isBatonOwnTrackedPath(".baton/latest.md", true), true);
 * assert.equal(isBatonOwnTrackedPath(".baton/.gitignore", true), false);
 * assert.equal(isBatonOwnTrackedPath(".baton/.gitignore", false), true);
 * assert.equal(isBatonOwnTrackedPath(".baton/enforce/opt-in", false), false);
 * assert.equal(isBatonOwnTrackedPath(".baton/lock/owner.json", true), false);
 * ```
 */
export function isBatonOwnTrackedPath(path: string, inHead: boolean): boolean {
  if (!isBatonOwnPath(path)) return false;
  if (!inHead) return true;
  // A temp file lives for one write, and the lock and `state/` are this
  // checkout's alone (the ignore file baton writes keeps them out of `git add
  // -A`): one in HEAD was committed by someone on purpose, and is theirs.
  const name = path.slice(path.lastIndexOf("/") + 1);
  const rest = path.slice(".baton/".length);
  return path !== WRITTEN_ONCE && !TEMP.test(name) && !OWN_FOLDERS.test(rest) &&
    !OWN_STATE.has(rest);
}
