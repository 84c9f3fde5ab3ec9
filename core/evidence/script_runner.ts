/**
 * Which script a command hands its work to: `npm test`, `pnpm run build`,
 * `yarn lint`, `bun run x` run a package.json script, `deno task x` a
 * deno.json task; `make`, `just`, `tox` and `nox` run recipes from files
 * these rules do not read. The exit status of such a command is the
 * script's, so a script that hides a failure (`"test": "jest || true"`)
 * hides it from the record too (script_scope.ts judges the text). Options
 * that move the runner to another package or shell (`--prefix`, a
 * workspace, `--script-shell`, `-C`) are not followed: the call is
 * "unjudged". Reads argv words only. Pure.
 * @module
 */

/** What one simple command asks a script runner to run. */
export type ScriptCall =
  /** package.json scripts: `names` in turn (npm's pre/post hooks too); `ifPresent` exits 0 when missing. */
  | { kind: "package"; name: string; ifPresent: boolean }
  /** A deno.json task (falling back to a package.json script). */
  | { kind: "deno_task"; name: string }
  /** Task text given on the command line (`deno task --eval TEXT`). */
  | { kind: "text"; text: string }
  /** A runner whose directory, package or shell an option changed. */
  | { kind: "unjudged" }
  /** make given -i, -n or -t: errors ignored, or no recipe run. */
  | { kind: "runs_nothing" }
  /** A runner of recipes these rules do not read. */
  | { kind: "not_read"; runner: RecipeRunner };

/** Runners whose recipe files are not read. */
export type RecipeRunner = "make" | "just" | "tox" | "nox";

/** The runners {@linkcode ScriptCall}'s `not_read` names. */
export const RECIPE_RUNNERS: readonly RecipeRunner[] = ["make", "just", "tox", "nox"];

/** Options of a package runner that move it to another package, workspace or shell. */
const MOVES: ReadonlySet<string> = new Set([
  "--prefix",
  "-C",
  "--dir",
  "--cwd",
  "-w",
  "--workspace",
  "--workspaces",
  "--ws",
  "-ws",
  "--include-workspace-root",
  "--script-shell",
  "-g",
  "--global",
  "-r",
  "--recursive",
  "-F",
  "--filter",
  "--userconfig",
  "--globalconfig",
  "--shell-emulator",
  "--shell",
  "--config",
  "-c",
  "-T",
  "--top-level",
]);

/** Options that take no value (read past before the subcommand). */
const FLAGS: ReadonlySet<string> = new Set([
  "-s",
  "--silent",
  "-q",
  "--quiet",
  "-d",
  "-dd",
  "-ddd",
  "--verbose",
  "--if-present",
  "--ignore-scripts",
  "--foreground-scripts",
  "--color",
  "--no-color",
  "--reporter-silent",
]);

/** Options that take the next word as their value (read past before the subcommand). */
const VALUED: ReadonlySet<string> = new Set(["--loglevel", "--registry", "--cache"]);

/** Subcommands that run the script named after them. */
const RUN: ReadonlySet<string> = new Set(["run", "run-script", "rum", "urn"]);

/** Subcommands that run the script of their own name. */
const NAMED: ReadonlyMap<string, string> = new Map([
  ["test", "test"],
  ["tst", "test"],
  ["t", "test"],
  ["start", "start"],
  ["stop", "stop"],
  // `npm restart` runs restart (or stop and start: script_scope.ts); install-test runs test.
  ["restart", "restart"],
  ["it", "test"],
  ["install-test", "test"],
  ["cit", "test"],
  ["install-ci-test", "test"],
  ["clean-install-test", "test"],
  ["sit", "test"],
]);

/**
 * Runners that run a script named as their subcommand when it is none of
 * their own (`yarn lint`, `pnpm lint`, `bun lint`), with their own
 * subcommands; bun's `test` is its test runner, not the script.
 */
const SHORTHAND: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["yarn", new Set(["add", "install", "remove", "up", "upgrade", "dlx", "exec", "node", "bin"])],
  ["pnpm", new Set(["add", "install", "i", "update", "up", "remove", "rm", "exec", "dlx", "bin"])],
  [
    "bun",
    new Set(["test", "x", "install", "i", "add", "remove", "rm", "update", "build", "exec", "pm"]),
  ],
]);

/** The name of a program word: its last path part. */
function baseName(word: string | undefined): string {
  return (word ?? "").replace(/^.*\//, "");
}

/**
 * A package runner's call: its options, its subcommand and the script
 * name; null when it runs no script (`npm install`, `npx jest`, `bun test`).
 */
function packageCall(
  runner: string,
  args: readonly string[],
  isScript: (name: string) => boolean,
): ScriptCall | null {
  let ifPresent = false;
  let sub: string | null = null;
  let named: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // The words after -- are the script's arguments.
    if (a === "--") break;
    if (a.startsWith("-") && a.length > 1) {
      const option = a.replace(/=.*$/, "");
      if (MOVES.has(option)) return { kind: "unjudged" };
      if (option === "--if-present") ifPresent = true;
      if (a.includes("=") || FLAGS.has(option) || /^--no-/.test(option)) continue;
      if (VALUED.has(option)) {
        i++;
        continue;
      }
      // An option whose value may be the next word: which word is the script is not known.
      if (sub === null || (RUN.has(sub) && named === undefined)) return { kind: "unjudged" };
      continue;
    }
    if (sub === null) sub = a;
    else if (RUN.has(sub) && named === undefined) named = a;
  }
  if (sub === null) return null;
  if (RUN.has(sub)) {
    // `npm run` alone lists the scripts.
    return named === undefined ? null : { kind: "package", name: named, ifPresent };
  }
  const own = NAMED.get(sub);
  if (own !== undefined && !(runner === "bun" && sub === "test")) {
    return { kind: "package", name: own, ifPresent };
  }
  const builtins = SHORTHAND.get(runner);
  if (builtins !== undefined && !builtins.has(sub) && isScript(sub)) {
    return { kind: "package", name: sub, ifPresent };
  }
  return null;
}

/** `deno task [options] NAME`, or the text of `deno task --eval TEXT`. */
function denoCall(args: readonly string[]): ScriptCall | null {
  if (args[0] !== "task") return null;
  let evalText = false;
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--eval") {
      evalText = true;
      continue;
    }
    if (a.startsWith("-")) {
      // --config, --cwd, --recursive, --filter and any other option: not followed.
      if (a === "-q" || a === "--quiet") continue;
      return { kind: "unjudged" };
    }
    return evalText ? { kind: "text", text: a } : { kind: "deno_task", name: a };
  }
  // `deno task` alone lists the tasks.
  return null;
}

/** make's short options that take a value (the rest of the word, or the next word); -e takes none. */
const MAKE_VALUED = "CfIoWE";

/** make's long options that ignore errors or run no recipe. */
const MAKE_NOTHING_LONG = ["ignore-errors", "dry-run", "just-print", "recon", "touch", "question"];

/**
 * Whether make's options (or MAKEFLAGS) ignore errors or run no recipe:
 * -i, -n, -t or -q (question mode runs none), a long option or any prefix
 * of one (make takes `--ignore-e` for `--ignore-errors`), or MAKEFLAGS set
 * on the command line (`make MAKEFLAGS=i`) holding them.
 */
export function makeRunsNothing(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    const flags = /^(?:GNU)?MAKEFLAGS=(.*)$/s.exec(a);
    if (flags !== null && makeFlagsRunNothing([flags[1]!])) return true;
    const long = /^--([^=]+)/.exec(a);
    if (long !== null) {
      if (MAKE_NOTHING_LONG.some((o) => o.startsWith(long[1]!))) return true;
      continue;
    }
    if (!/^-[^-]/.test(a)) continue;
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      if ("intq".includes(c)) return true;
      if (MAKE_VALUED.includes(c)) {
        if (j === a.length - 1) i++;
        break;
      }
      // -j/-l take an optional number, -O an optional type: the rest of the word.
      if ("jlO".includes(c)) break;
    }
  }
  return false;
}

/**
 * Whether make flags set in the environment (MAKEFLAGS, GNUMAKEFLAGS,
 * MFLAGS: each value one entry) hold -i, -n, -t or -q: a value's first
 * word is a cluster of single-letter flags without a dash, the others are
 * options as written.
 */
export function makeFlagsRunNothing(values: readonly string[]): boolean {
  return values.some((flags) => {
    const words = flags.trim().split(/\s+/).filter((w) => w !== "");
    const first = words[0] ?? "";
    const args = !first.startsWith("-") && !first.includes("=")
      ? [`-${first}`, ...words.slice(1)]
      : words;
    return makeRunsNothing(args.filter((w) => !w.includes("=")));
  });
}

/**
 * The script call a simple command makes (program first, wrappers already
 * read past), or null when it runs no script. `isScript` says whether
 * package.json has a script of that name (for `yarn lint`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptCall } from "./script_runner.ts";
 * assert.deepEqual(scriptCall(["npm", "test"], () => false), { kind: "package", name: "test", ifPresent: false });
 * assert.deepEqual(scriptCall(["npm", "--prefix", "app", "test"], () => false), { kind: "unjudged" });
 * assert.equal(scriptCall(["npx", "jest"], () => false), null);
 * ```
 */
export function scriptCall(
  words: readonly string[],
  isScript: (name: string) => boolean,
): ScriptCall | null {
  const [program, ...args] = words;
  const name = baseName(program);
  switch (name) {
    case "npm":
    case "pnpm":
    case "yarn":
    case "bun":
      return packageCall(name, args, isScript);
    case "deno":
      return denoCall(args);
    case "make":
    case "gmake":
      return makeRunsNothing(args)
        ? { kind: "runs_nothing" }
        : { kind: "not_read", runner: "make" };
    case "just":
    case "tox":
    case "nox":
      return { kind: "not_read", runner: name };
    default:
      return null;
  }
}
