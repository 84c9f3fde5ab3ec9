/**
 * Which script a command hands its work to: `npm test`, `pnpm run build`,
 * `yarn lint`, `bun run x` run a package.json script, `deno task x` a
 * deno.json task; `make`, `just`, `tox` and `nox` run recipes from files
 * these rules do not read. The exit status of such a command is the
 * script's, so a script that hides a failure (`"test": "jest || true"`)
 * hides it from the record too (script_scope.ts judges the text). Options
 * that move the runner to another package or shell (`--prefix`, a
 * workspace, `--script-shell`, `-C`), an option not on an exact list
 * (npm takes `--script-shel` for `--script-shell`) and a subcommand npm
 * would expand (`npm tes`) are not followed: the call is "unjudged".
 * Reads argv words only. Pure.
 * @module
 */

/** What one simple command asks a script runner to run. */
export type ScriptCall =
  /** A package.json script, run with its pre/post hooks (npm's, and deno's fallback). */
  | { kind: "package"; name: string }
  /** A deno.json task (falling back to a package.json script). */
  | { kind: "deno_task"; name: string }
  /** Task text given on the command line (`deno task --eval TEXT`). */
  | { kind: "text"; text: string }
  /** A runner whose directory, package or shell an option changed, or one not read as it reads itself. */
  | { kind: "unjudged" }
  /** make given -i, -n, -t or -q: errors ignored, or no recipe run. */
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

/**
 * Options a package runner is let through with, exactly as written: npm
 * takes any unambiguous prefix of a long option (`--script-shel` is
 * `--script-shell`, `--prefi` is `--prefix`), so any other option word,
 * before the script's name (or anywhere before `--` for npm, which reads
 * its options there too), leaves the call unjudged.
 */
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
]);

/** Options that take a value, the next word or after `=` (let through as FLAGS are). */
const VALUED: ReadonlySet<string> = new Set(["--loglevel", "--registry", "--cache", "--reporter"]);

/** Subcommands that run the script named after them (npm's exact names and aliases). */
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
 * npm 11's commands and aliases as written (lib/utils/cmd-list.js). npm
 * also runs a unique prefix of one (`npm tes` runs test) or its camelCase
 * form (`npm installTest`): a subcommand not in this list is unjudged.
 */
const NPM_COMMANDS: ReadonlySet<string> = new Set([
  ..."access adduser approve-scripts audit bugs cache ci completion config dedupe deny-scripts"
    .split(" "),
  ..."deprecate diff dist-tag docs doctor edit exec explain explore find-dupes fund get help"
    .split(" "),
  ..."help-search init install install-ci-test install-scripts install-test link ll login logout"
    .split(" "),
  ..."ls org outdated owner pack ping pkg prefix profile prune publish query rebuild repo restart"
    .split(" "),
  ..."root run sbom search set shrinkwrap stage star stars start stop team test token trust"
    .split(" "),
  ..."undeprecate uninstall unpublish unstar update version view whoami".split(" "),
  ..."author home issues info show find add unlink remove rm r un rb list ln create i it cit u up"
    .split(" "),
  ..."c s se tst t ddp v run-script clean-install clean-install-test x why la verison ic innit in"
    .split(" "),
  ..."ins inst insta instal isnt isnta isntal isntall install-clean isntall-clean hlep dist-tags"
    .split(" "),
  ..."upgrade udpate rum sit urn ogr add-user".split(" "),
]);

/**
 * Subcommands that run their command or script in another folder or in
 * several packages: `npm explore PKG -- CMD` (in node_modules/PKG), `yarn
 * workspace NAME test`, `yarn workspaces run|foreach …`, `pnpm recursive`.
 */
const ELSEWHERE: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["npm", new Set(["explore"])],
  ["yarn", new Set(["workspace", "workspaces"])],
  ["pnpm", new Set(["recursive", "multi", "m"])],
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
 * An option not on the exact list makes a call that runs a script (or one
 * whose subcommand it may have taken as its value) unjudged.
 */
function packageCall(
  runner: string,
  args: readonly string[],
  isScript: (name: string) => boolean,
): ScriptCall | null {
  let sub: string | null = null;
  let named: string | undefined;
  let other: "none" | "before" | "after" = "none";
  const wantsName = (): boolean => sub === null || (RUN.has(sub) && named === undefined);
  const take = (w: string): void => {
    if (sub === null) sub = w;
    else if (RUN.has(sub) && named === undefined) named = w;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      // npm takes its command and the script's name after -- as well (`npm run -- test`).
      if (!wantsName()) break;
      if (runner !== "npm") return { kind: "unjudged" };
      for (const w of args.slice(i + 1, i + 3)) if (wantsName()) take(w);
      break;
    }
    if (a.startsWith("-") && a.length > 1) {
      const option = a.replace(/=.*$/s, "");
      // pnpm, yarn and bun hand the words after the script's name to the script; npm reads them.
      if (!wantsName() && runner !== "npm") {
        if (MOVES.has(option)) return { kind: "unjudged" };
        continue;
      }
      if (FLAGS.has(a)) continue;
      if (VALUED.has(option)) {
        if (option === a) i++;
        continue;
      }
      if (MOVES.has(option)) return { kind: "unjudged" };
      if (other === "none") other = sub === null ? "before" : "after";
      continue;
    }
    take(a);
  }
  const call = scriptOf(runner, sub, named, isScript);
  if (other === "before" || (other === "after" && call !== null)) return { kind: "unjudged" };
  return call;
}

/** The script a package runner's subcommand (and the name after it) runs. */
function scriptOf(
  runner: string,
  sub: string | null,
  named: string | undefined,
  isScript: (name: string) => boolean,
): ScriptCall | null {
  if (sub === null) return null;
  if (runner === "npm" && !NPM_COMMANDS.has(sub)) return { kind: "unjudged" };
  if (ELSEWHERE.get(runner)?.has(sub) === true) return { kind: "unjudged" };
  if (RUN.has(sub)) {
    // `npm run` alone lists the scripts.
    return named === undefined ? null : { kind: "package", name: named };
  }
  const own = NAMED.get(sub);
  if (own !== undefined && !(runner === "bun" && sub === "test")) {
    return { kind: "package", name: own };
  }
  const builtins = SHORTHAND.get(runner);
  if (builtins !== undefined && !builtins.has(sub) && isScript(sub)) {
    return { kind: "package", name: sub };
  }
  return null;
}

/** deno's options before its subcommand that change nothing a task runs. */
const DENO_GLOBAL = /^(?:-q|--quiet|--log-level=.*)$/s;

/**
 * `deno [-q] task [options] NAME`, the text of `deno task --eval TEXT`, or
 * `deno run [options] NAME` where NAME is a task or package.json script
 * (deno 2 runs the task when no file has that name; `isTask` says whether
 * one does). Any other option before the subcommand leaves a task or run
 * unjudged.
 */
function denoCall(args: readonly string[], isTask: (name: string) => boolean): ScriptCall | null {
  let at = 0;
  let global = true;
  for (; at < args.length && args[at]!.startsWith("-"); at++) {
    if (!DENO_GLOBAL.test(args[at]!)) global = false;
  }
  const sub = args[at];
  if (sub !== "task" && sub !== "run") return null;
  if (!global) return { kind: "unjudged" };
  return sub === "task"
    ? denoTaskCall(args.slice(at + 1))
    : denoRunCall(args.slice(at + 1), isTask);
}

function denoTaskCall(args: readonly string[]): ScriptCall | null {
  let evalText = false;
  for (const a of args) {
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

/**
 * `deno run`'s script word, read as a task when one has its name: each
 * word after an option that may have taken it as its value
 * (`--config deno.json check`) is tried too.
 */
function denoRunCall(
  args: readonly string[],
  isTask: (name: string) => boolean,
): ScriptCall | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") return null;
    if (a.startsWith("-")) continue;
    if (isTask(a)) return { kind: "deno_task", name: a };
    const before = args[i - 1];
    if (before === undefined || !before.startsWith("-") || before.includes("=")) return null;
  }
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
 * package.json has a script of that name (for `yarn lint`), `isTask`
 * whether deno.json has a task or package.json a script of it (for `deno
 * run check`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptCall } from "./script_runner.ts";
 * assert.deepEqual(scriptCall(["npm", "test"], () => false), { kind: "package", name: "test" });
 * assert.deepEqual(scriptCall(["npm", "test", "--script-shel=/bin/true"], () => false), { kind: "unjudged" });
 * assert.deepEqual(scriptCall(["npm", "--prefix", "app", "test"], () => false), { kind: "unjudged" });
 * assert.equal(scriptCall(["npx", "jest"], () => false), null);
 * ```
 */
export function scriptCall(
  words: readonly string[],
  isScript: (name: string) => boolean,
  isTask: (name: string) => boolean = isScript,
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
      return denoCall(args, isTask);
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
