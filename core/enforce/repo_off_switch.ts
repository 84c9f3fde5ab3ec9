/**
 * Where a repository could have turned the gate off. BATON_ENFORCE=off is a
 * person's switch, but hosts hand their hooks an environment that files in
 * the project set: Claude Code's committed `.claude/settings.json` `env`
 * block, the `.env` files Gemini CLI and Qwen Code load from the working
 * folder up, and the like. A stranger's commit could then turn off the gate
 * this machine opted in to. So the gate honours the switch only when no such
 * file in the work tree (from the call's folder up to the work tree's root)
 * names BATON_ENFORCE; otherwise it keeps judging and says which file, and
 * `baton enforce status` shows it. The person's own ways stay: the variable
 * in their shell or user-level host settings, or `baton enforce off`.
 * The search is core/trust/repository_env.ts's, which judges baton's other
 * settings the same way. Edge-free: I/O through `ReadFs`.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { repositorySetVariables } from "../trust/repository_env.ts";

export { HOST_ENV_FILES, HOST_ENV_FOLDERS } from "../trust/repository_env.ts";

/**
 * The first file (relative to `root`) inside the work tree at `root` that
 * names BATON_ENFORCE (or is too large to read whole), looking from `cwd`
 * up to `root`; null when none does
 * (or `cwd` is not inside `root`).
 */
export async function repositoryOffSwitch(
  fs: ReadFs,
  root: string,
  cwd: string,
): Promise<string | null> {
  return (await repositorySetVariables(fs, root, cwd, ["BATON_ENFORCE"])).get("BATON_ENFORCE") ??
    null;
}
