/**
 * One of baton's settings as a hook reads it: the hooks take their
 * environment as the host hands it (no whole-environment guard runs before
 * them: the gate and the band hooks run on every tool call and prompt), so
 * each setting a hook uses is looked for, alone and only when it is set, in
 * the host files of the work trees around the folder (from the folder up to
 * the outermost work tree's top, bounded by a home no host file there sets:
 * core/trust/repository_home.ts). Edge-free: I/O through `ReadFs`; the
 * outermost work tree is handed in (core/facts/git/outer_work_tree.ts, a
 * higher layer).
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { hookTimeScale } from "../hook_time_scale.ts";
import { repositorySetVariables, shownEnvFile } from "./repository_env.ts";
import { personsHome } from "./repository_home.ts";

/** The top of the outermost work tree around the folder, bounded by `home`; null outside git. */
export type OutermostWorkTree = (home: string | null) => Promise<string | null>;

/**
 * The host file (relative to the work tree searched) that names `name`
 * anywhere in it, or null when none does. Throws when the search fails: the
 * caller then reads the setting as unset (it fails closed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { realPath: (p: string) => Promise.resolve(p), readDir: () => Promise.resolve([]), stat: () => Promise.resolve(null) } as never;
 * const env = (n: string) => n === "BATON_HOOK_TIME_SCALE" ? "4" : undefined;
 * assert.equal(await hookSettingFile(none, "/r", "BATON_HOOK_TIME_SCALE", env, () => Promise.resolve(null)), null);
 * ```
 */
export async function hookSettingFile(
  fs: ReadFs,
  cwd: string,
  name: string,
  env: (name: string) => string | undefined,
  outermost: OutermostWorkTree,
): Promise<string | null> {
  const all = await outermost(null);
  const home = await personsHome(fs, all, cwd, env);
  const top = await outermost(home);
  return (await repositorySetVariables(fs, top ?? cwd, cwd, [name])).get(name) ?? null;
}

/**
 * Why a hook reads `name`, found set, as unset: the line naming the host file
 * around `cwd` that names it (`because` follows, e.g. ", and a repository
 * must not ..."), or the line saying the search failed (it fails closed: a
 * search that cannot finish is no proof that the person set it). Null when no
 * host file names it: the person's value stands. Never echoes the value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { realPath: (p: string) => Promise.resolve(p), readDir: () => Promise.resolve([]), stat: () => Promise.resolve(null) } as never;
 * const env = (n: string) => n === "BATON_HOST" ? "codex" : undefined;
 * assert.equal(await hookSettingIgnored(none, "/r", "BATON_HOST", env, () => Promise.resolve(null)), null);
 * ```
 */
export async function hookSettingIgnored(
  fs: ReadFs,
  cwd: string,
  name: string,
  env: (name: string) => string | undefined,
  outermost: OutermostWorkTree,
  because = "",
): Promise<string | null> {
  try {
    const file = await hookSettingFile(fs, cwd, name, env, outermost);
    if (file === null) return null;
    return `${name} ignored: ${shownEnvFile(file)} in this repository names it${because}`;
  } catch {
    return `${name} ignored: this repository's host settings could not be searched`;
  }
}

/** BATON_HOOK_TIME_SCALE as the hooks take it, and why a value set was not. */
export interface HookTimeScale {
  /** The multiplier in force (core/hook_time_scale.ts). */
  scale: number;
  /** Set when the variable was read as unset: the line to say why (never its value). */
  ignored: string | null;
}

/**
 * BATON_HOOK_TIME_SCALE, read as unset when a host file around `cwd` names
 * it or the search fails: a repository that set it could stretch a hook's
 * budget past the time its host gives the hook (what install writes: 5
 * seconds), so the host kills the gate before it judges a slow call as a
 * change, and the call goes through. Nothing is searched when it is unset or
 * its value sets no scale.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { realPath: (p: string) => Promise.resolve(p), readDir: () => Promise.resolve([]), stat: () => Promise.resolve(null) } as never;
 * const out = await hookTimeScaleAt(none, "/r", () => undefined, () => Promise.resolve(null));
 * assert.deepEqual(out, { scale: 1, ignored: null });
 * ```
 */
export async function hookTimeScaleAt(
  fs: ReadFs,
  cwd: string,
  env: (name: string) => string | undefined,
  outermost: OutermostWorkTree,
): Promise<HookTimeScale> {
  const scale = hookTimeScale(env(TIME_SCALE));
  if (scale === 1) return { scale, ignored: null };
  const ignored = await hookSettingIgnored(
    fs,
    cwd,
    TIME_SCALE,
    env,
    outermost,
    ", and a repository must not stretch the hooks' budgets past the time their host gives them",
  );
  return { scale: ignored === null ? scale : 1, ignored };
}

const TIME_SCALE = "BATON_HOOK_TIME_SCALE";
