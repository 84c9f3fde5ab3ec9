/**
 * BATON_HOOK_TIME_SCALE as every hook takes it (the gate here, the capture,
 * injection and band hooks in core/hosts/runtime/run_hook.ts): the person's
 * scale, or 1 when it is unset or a host file around the folder names it
 * (core/trust/hook_setting.ts), said in one line. Written once for both
 * runners. Nothing is loaded or searched when it is unset: this module is on
 * every hook's silent path, so the search and the work-tree walk are imported
 * only when a scale is set. Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { hookTimeScale } from "../hook_time_scale.ts";

/**
 * The hook time scale for a hook working in `cwd`.
 * @param fs Read access to the file system.
 * @param env The hook's environment as the host handed it.
 * @param cwd The folder the hook works in.
 * @param warn Receives the one line saying why a scale set was read as 1.
 * @returns The multiplier in force (1 to 30).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = {} as never;
 * assert.equal(await hookTimeScaleFor(none, () => undefined, "/r", () => {}), 1);
 * ```
 */
export async function hookTimeScaleFor(
  fs: ReadFs,
  env: (name: string) => string | undefined,
  cwd: string,
  warn: (message: string) => void,
): Promise<number> {
  if (hookTimeScale(env("BATON_HOOK_TIME_SCALE")) === 1) return 1;
  const [{ hookTimeScaleAt }, { outermostWorkTree }] = await Promise.all([
    import("../trust/hook_setting.ts"),
    import("../facts/git/outer_work_tree.ts"),
  ]);
  const outermost = (home: string | null) => outermostWorkTree(fs, cwd, home).catch(() => null);
  const { scale, ignored } = await hookTimeScaleAt(fs, cwd, env, outermost);
  if (ignored !== null) warn(ignored);
  return scale;
}
