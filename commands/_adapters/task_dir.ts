/**
 * Edge: the directory `deno task baton …` was run from. `deno task` starts a
 * task in the directory of its deno.json, so `deno task --config
 * <checkout>/deno.json baton load` run from a project would otherwise act on
 * the checkout; it names the directory it was run from in INIT_CWD (and
 * sets npm_config_user_agent to `deno/…`). Only when both say so and the
 * process is in the checkout is INIT_CWD used: a hook whose host inherited
 * them runs in the host's project, never in the checkout. Like npm, deno
 * task keeps an INIT_CWD it inherited, so a task nested in another task
 * acts on the outer task's directory. No imports: this runs before every
 * command.
 * @module
 */

/** What the decision reads. */
export interface TaskDirInput {
  cwd: string;
  /** The checkout's root (where deno.json is). */
  checkout: string;
  env: (name: string) => string | undefined;
}

function trimSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
}

/**
 * The directory to act on instead of `cwd`, or null to stay.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const env = (v: Record<string, string>) => (n: string) => v[n];
 * const task = env({ INIT_CWD: "/work/project", npm_config_user_agent: "deno/2.9.6 npm/?" });
 * assert.equal(taskStartDir({ cwd: "/src/baton", checkout: "/src/baton", env: task }), "/work/project");
 * assert.equal(taskStartDir({ cwd: "/work/other", checkout: "/src/baton", env: task }), null);
 * const npm = env({ INIT_CWD: "/work/project", npm_config_user_agent: "npm/10" });
 * assert.equal(taskStartDir({ cwd: "/src/baton", checkout: "/src/baton", env: npm }), null);
 * ```
 */
export function taskStartDir(input: TaskDirInput): string | null {
  const init = input.env("INIT_CWD")?.replaceAll("\\", "/");
  if (init === undefined || !(init.startsWith("/") || /^[A-Za-z]:\//.test(init))) return null;
  if (!(input.env("npm_config_user_agent") ?? "").startsWith("deno/")) return null;
  const cwd = trimSlash(input.cwd.replaceAll("\\", "/"));
  if (cwd !== trimSlash(input.checkout.replaceAll("\\", "/"))) return null;
  return trimSlash(init) === cwd ? null : trimSlash(init);
}
