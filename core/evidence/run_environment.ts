/**
 * The environment a recorded command ran in, as far as it decides which
 * program runs or how: `PATH` picks the program, `NODE_OPTIONS`,
 * `LD_PRELOAD`, `BASH_ENV`, `PYTHONPATH`, `VIRTUAL_ENV` and the like load
 * code into it. An evidence record binds to HEAD and the changed files; a
 * run with a shim earlier in `PATH` or a preload added since is another
 * run. The record keeps only a digest over these variables (names and
 * values, unset ones too), never the values: they may hold secrets.
 * Pure apart from hashing; the variables are read at the edge.
 * @module
 */
import { canonicalJson } from "../json/canonical.ts";
import { sha256Id } from "../hash.ts";

/** The variables that change which program a command runs, or what it loads. */
export const RUN_ENVIRONMENT_NAMES: readonly string[] = [
  "PATH",
  "BASH_ENV",
  "ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "DYLD_INSERT_LIBRARIES",
  "DYLD_LIBRARY_PATH",
  "NODE_OPTIONS",
  "NODE_PATH",
  "PYTHONPATH",
  "PYTHONHOME",
  "VIRTUAL_ENV",
  "CONDA_PREFIX",
  "PERL5LIB",
  "PERL5OPT",
  "RUBYOPT",
  "RUBYLIB",
  "JAVA_TOOL_OPTIONS",
  "CLASSPATH",
  "GOFLAGS",
  "RUSTFLAGS",
  "DENO_DIR",
];

/**
 * `sha256:` over the names in {@linkcode RUN_ENVIRONMENT_NAMES} and their
 * values (null when unset), behind a domain prefix.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runEnvironmentDigest } from "./run_environment.ts";
 * const a = await runEnvironmentDigest((n) => n === "PATH" ? "/usr/bin" : undefined);
 * const b = await runEnvironmentDigest((n) => n === "PATH" ? "/tmp/shim:/usr/bin" : undefined);
 * assert.notEqual(a, b);
 * assert.ok(!a.includes("/usr/bin"));
 * ```
 */
export async function runEnvironmentDigest(
  get: (name: string) => string | undefined,
): Promise<string> {
  const pairs = RUN_ENVIRONMENT_NAMES.map((n) => [n, get(n) ?? null]);
  return await sha256Id("baton.run-environment/1\n" + canonicalJson(pairs));
}
