/**
 * BATON_TEST_STALL_READ as a process takes it. The hooks' budget tests set
 * it to a path suffix whose reads then never return (a controlled slow
 * input: commands/_adapters/stalled_fs.ts). A host hands its hooks what a
 * repository's host files set, and a repository that named it could stall
 * the gate's read of this machine's deny record until the gate's budget ran
 * out (it then allows the call), the capture before compaction, or the
 * session-start briefing. So it is honoured only when no host file in the
 * work trees around the folder names it (core/trust/hook_setting.ts's
 * search), and read as unset when the search fails. Edge-free: I/O through
 * `ReadFs`; looked for only when it is set.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { hookSettingIgnored, type OutermostWorkTree } from "./hook_setting.ts";

/** The variable's name. */
export const STALL_READ = "BATON_TEST_STALL_READ";

/** The stall in force, and why a value set was not. */
export interface StallSetting {
  /** The path suffix whose reads stall; null when unset or read as unset. */
  suffix: string | null;
  /** Set when the variable was read as unset: the line to say why (never its value). */
  ignored: string | null;
}

/**
 * BATON_TEST_STALL_READ for a process working in `cwd`: its value, or null
 * when it is unset or a host file around `cwd` names it (or the search
 * fails).
 * @param fs Read access to the file system (one whose reads do not stall).
 * @param cwd The folder the process works in.
 * @param env The environment as the process was handed it.
 * @param outermost The top of the outermost work tree around `cwd`.
 * @returns The suffix in force and the line saying why one set was not.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const none = { realPath: (p: string) => Promise.resolve(p), readDir: () => Promise.resolve([]), stat: () => Promise.resolve(null) } as never;
 * const env = (n: string) => n === "BATON_TEST_STALL_READ" ? "/.git/index" : undefined;
 * const out = await stallSettingAt(none, "/r", env, () => Promise.resolve(null));
 * assert.deepEqual(out, { suffix: "/.git/index", ignored: null });
 * ```
 */
export async function stallSettingAt(
  fs: ReadFs,
  cwd: string,
  env: (name: string) => string | undefined,
  outermost: OutermostWorkTree,
): Promise<StallSetting> {
  const suffix = env(STALL_READ) ?? "";
  if (suffix === "") return { suffix: null, ignored: null };
  const ignored = await hookSettingIgnored(
    fs,
    cwd,
    STALL_READ,
    env,
    outermost,
    ", and a repository must not stall baton's reads (it is a test's slow input)",
  );
  return { suffix: ignored === null ? suffix : null, ignored };
}
