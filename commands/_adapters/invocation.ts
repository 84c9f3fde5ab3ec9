/**
 * Edge: how this baton process was started, as the invocation written into
 * host hook configs and prompts: the compiled binary's absolute path, or,
 * when running from source, the Deno runtime with the exact flags of the
 * `baton` task, `--config` naming this checkout's deno.json (a project's own
 * deno.json must not apply) and the absolute path of main.ts. A launcher
 * that starts this baton (the npm package's `baton` command) names itself in
 * BATON_LAUNCHER: its absolute path is then the invocation, so hooks survive
 * the package being upgraded or the runtime moving. A launcher inside the
 * work tree of the current folder is ignored: a commit could have put it
 * there, and the repository's host settings could have named it (so is one
 * in a repository around it: a submodule's superproject), and so is one
 * named through a symbolic link there, wherever it leads. Past the nearest,
 * a work tree at the home directory or above it is the person's own; that
 * home is the caller's to give (never the process's HOME, which a
 * repository's host settings can set), and without one every work tree
 * around counts.
 * @module
 */
import type { BatonInvocation } from "../../core/hosts/hook_command.ts";
import {
  launcherIsThisBaton,
  MAX_LAUNCHER_SCRIPT_BYTES,
} from "../../core/hosts/launcher_identity.ts";

/** The flags of the `baton` task in deno.json (a test keeps them equal). */
export const BATON_TASK_FLAGS: readonly string[] = [
  "--quiet",
  "--no-prompt",
  "--unstable-lazy-dynamic-imports",
  // The V8 code cache stays on. Off (--no-code-cache), preflight and load at
  // 50k files peak about 0.4-0.5 MiB lower, but compiling every module from
  // source costs CPU: preflight 325 -> 347 ms, load 364 -> 383, and the
  // session-start hook at 10k files 225 -> 243 (medians of 11-15 interleaved
  // runs, load average 7-9).
  // A young generation of at most 1 MB per semi-space: V8 otherwise grows it
  // to 16 MB during a 50k-file scan, about 30 MB of peak RSS for garbage
  // (1 MB rather than 2: preflight's peak RSS at 50k files 70.1 -> 67.5 MB,
  // median of 8 interleaved runs, CPU the same within noise).
  // --expose-gc: a scan of 20k paths or more ends with one full collection
  // (core/facts/worktree/scan.ts), which V8 never runs in a run this short
  // (a further 67.5 -> 66.9 MB in the same runs).
  // No optimizing tier above Maglev (--max-opt=2): a baton run is short, and
  // TurboFan's compile threads cost more CPU and memory than its code saves
  // (measured the same or better on preflight, load and session-start at
  // 10k-50k files and on the long scans, redact over 50 MB and bands over
  // 200 MB; see tests/bench/facts.ts).
  // Maglev compiles on the JavaScript thread (--no-concurrent-recompilation):
  // in a run this short a background compile often finishes after the
  // function's last call, and the compiler threads' own memory and wake-ups
  // cost more than the thread they spare (preflight at 50k files: about 30 ms
  // less CPU and 1.4 MB less peak RSS, median of 11 interleaved runs on a
  // loaded 2-core VM; redact over 50 MB the same within noise).
  // Maglev inlines no callee (--no-maglev-inlining): measured, preflight and
  // load at 50k files peak a further 0.2-0.35 MiB lower and the session-start
  // hook at 10k 0.7 MiB, CPU the same within noise (redact over 30 MB: 1123
  // -> 1109 ms). Which of Maglev's memory that is (its compile graphs or the
  // larger code) was not isolated.
  // No baseline tier (--no-sparkplug): functions run in the interpreter until
  // Maglev compiles them. Measured: preflight at 50k files peak 0.3-0.85 MiB
  // lower, load 0.4, the session-start hook at 10k 0.6; CPU the same within
  // noise (preflight 320 -> 326 ms, load 354 -> 350, hook 229 -> 234; redact
  // over 30 MB 1058 -> 1068 ms). Medians of 11 interleaved runs (5 for
  // redact), load average 6-9.
  // Regular expressions compile straight to native code on their first run
  // (--no-regexp-tier-up): by default V8 first compiles each one to bytecode
  // and compiles it again to native code on its second run, so every rule
  // pattern the secret scanner confirms with pays two compilations. Measured
  // (process CPU, paired runs, os.wait4, load average 6-11): redact over the
  // 50 MB bench transcript 60-86 ms less (medians of the differences over
  // 12, 14 and 20 pairs, lower in 10/12 and 13/14), peak RSS 1 MiB lower,
  // output byte-identical; every rule pattern compiled and run three times in
  // a fresh process (tests/bench/secrets_cold.ts --prewarm=patterns) 193 ->
  // 107 ms (medians of 8); redact of 200 KB, classify and preflight on a
  // 1.4k-file repository the same within noise (+22 and -4, -3, +11 ms).
  "--v8-flags=--max-semi-space-size=1,--max-opt=2,--no-concurrent-recompilation,--no-maglev-inlining,--no-sparkplug,--no-regexp-tier-up,--expose-gc",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-run",
  "--allow-sys=hostname,uid",
  "--allow-ffi",
];

function filePath(url: URL): string {
  const path = decodeURIComponent(url.pathname);
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}

/**
 * True when `execPath` is a Deno runtime rather than a compiled baton.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isDenoRuntime("/usr/bin/deno"), true);
 * assert.equal(isDenoRuntime("C:\\tools\\baton.exe"), false);
 * ```
 */
export function isDenoRuntime(execPath: string): boolean {
  const base = execPath.replaceAll("\\", "/").split("/").pop() ?? "";
  return /^deno(\.exe)?$/i.test(base);
}

/** The main.ts this process runs (the runtime's invocation names it). */
function ownMain(): string {
  return filePath(new URL("../../main.ts", import.meta.url));
}

/**
 * The person's home directory (the caller's: commands pass their guarded
 * Io's, hooks commands/_adapters/home.ts's personsHomeDir, never the
 * process's HOME as a host handed it, which a repository's host file can
 * set), real path, "/"-separated; null when unknown.
 */
function realHome(home: string | null): string | null {
  try {
    return home ? Deno.realPathSync(home).replaceAll("\\", "/") : null;
  } catch {
    return null;
  }
}

/**
 * The real paths of the work trees a commit could have put a launcher in,
 * "/"-separated (none outside git): the nearest folder up from the current
 * one with a `.git`; the farthest such folder (a nested repository's
 * superproject is a stranger's commit too: past the nearest, one at the home
 * directory or above it is a person's own dotfiles and does not count); and,
 * from a linked worktree, the repository's main work tree (the folder holding
 * its common `.git`), where the same commits put the same files.
 */
function currentWorkTrees(personsHome: string | null): string[] {
  let dir = Deno.realPathSync(Deno.cwd()).replaceAll("\\", "/");
  const home = realHome(personsHome);
  const found: string[] = [];
  for (let i = 0; i < 256; i++) {
    const homeOrAbove = home !== null &&
      (dir === home || dir === "/" || home.startsWith(`${dir}/`));
    try {
      if (found.length === 0 || !homeOrAbove) {
        Deno.lstatSync(`${dir === "/" ? "" : dir}/.git`);
        if (found.length === 0) {
          const main = mainWorkTreeOf(dir);
          if (main !== null) found.push(main);
        }
        found.push(dir);
      }
    } catch {
      // not here
    }
    const up = dir.replace(/\/[^/]*$/, "") || "/";
    if (up === dir) break;
    dir = up;
  }
  return found;
}

/**
 * The main work tree of the linked worktree at `tree` (its `.git` file
 * names a git directory whose `commondir` is a `.git` folder), real path;
 * null for any other shape.
 */
function mainWorkTreeOf(tree: string): string | null {
  try {
    const dotGit = `${tree === "/" ? "" : tree}/.git`;
    const st = Deno.lstatSync(dotGit);
    if (!st.isFile || st.size > 4096) return null;
    const m = /^gitdir: *(.+?)\s*$/m.exec(new TextDecoder().decode(Deno.readFileSync(dotGit)));
    if (m === null) return null;
    const gitDir = m[1]!.startsWith("/") ? m[1]! : `${tree}/${m[1]}`;
    const file = `${gitDir}/commondir`;
    if (Deno.lstatSync(file).size > 4096) return null;
    const rel = new TextDecoder().decode(Deno.readFileSync(file)).trim();
    const common = Deno.realPathSync(rel.startsWith("/") ? rel : `${gitDir}/${rel}`)
      .replaceAll("\\", "/");
    return common.endsWith("/.git") ? common.slice(0, -"/.git".length) || "/" : null;
  } catch {
    return null;
  }
}

/**
 * True when one of `paths` lies inside a work tree of {@linkcode currentWorkTrees}:
 * a file a commit could have put there (with the variable in the repository's
 * host settings), so it never becomes the launcher hooks, the gate and
 * install name.
 */
function insideCurrentWorkTree(paths: readonly string[], home: string | null): boolean {
  try {
    const trees = currentWorkTrees(home);
    return paths.some((path) => {
      const file = path.replaceAll("\\", "/");
      return trees.some((tree) =>
        file === tree || file.startsWith(tree === "/" ? "/" : `${tree}/`)
      );
    });
  } catch {
    return true;
  }
}

/**
 * Every place the name `path` passes through on its way to the file: at
 * each step, the next name in its folder's real path (a symbolic link as
 * itself) and where that leads. Hooks are written with the name as given,
 * so a link on the way (`<work tree>/bin` or `<work tree>/tools/baton`
 * leading outside) is a file a commit can change later, though the file
 * it leads to now is outside.
 */
function passedPaths(path: string): string[] {
  const parts = path.replaceAll("\\", "/").split("/");
  // A Windows drive ("C:") or the POSIX root ("").
  let dir = parts[0] === "" ? "/" : Deno.realPathSync(`${parts[0]}/`).replaceAll("\\", "/");
  const passed: string[] = [dir];
  for (const part of parts.slice(1)) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      dir = dir.replace(/\/[^/]*$/, "") || "/";
      continue;
    }
    const named = `${dir === "/" ? "" : dir.replace(/\/$/, "")}/${part}`;
    dir = Deno.realPathSync(named).replaceAll("\\", "/");
    passed.push(named, dir);
  }
  return passed;
}

/**
 * True when the file at `path`, or a name it passes through, lies inside a
 * work tree of {@linkcode currentWorkTrees} (a commit could have put it
 * there), or when that cannot be told.
 */
export function inCurrentWorkTree(path: string, home: string | null): boolean {
  try {
    return insideCurrentWorkTree([Deno.realPathSync(path), ...passedPaths(path)], home);
  } catch {
    return true;
  }
}

/** True when the file at `path` starts this baton (core/hosts/launcher_identity.ts). */
function startsThisBaton(path: string, home: string | null): boolean {
  try {
    const st = Deno.statSync(path);
    if (!st.isFile) return false;
    const real = Deno.realPathSync(path);
    if (insideCurrentWorkTree([real, ...passedPaths(path)], home)) return false;
    let script = "";
    if (st.size <= MAX_LAUNCHER_SCRIPT_BYTES) {
      script = new TextDecoder().decode(Deno.readFileSync(real));
    }
    const exec = Deno.execPath();
    const runtime = isDenoRuntime(exec);
    const main = ownMain();
    const rootReal = runtime ? `${Deno.realPathSync(main).replace(/[\\/][^\\/]*$/, "")}/` : "";
    return launcherIsThisBaton(
      {
        real,
        executable: Deno.build.os === "windows" || ((st.mode ?? 0) & 0o111) !== 0,
        script,
      },
      { execReal: Deno.realPathSync(exec), runtime, main, rootReal },
    );
  } catch {
    return false;
  }
}

function absolute(value: string | undefined): value is string {
  return value !== undefined && (value.startsWith("/") || /^[A-Za-z]:[\\/]/.test(value));
}

/**
 * The launcher named in BATON_LAUNCHER when it is an absolute path to a file
 * that starts this baton (anything else is ignored: the runtime's own
 * invocation is still right, and doctor says the launcher was ignored).
 */
export function launcherPath(
  value: string | undefined,
  home: string | null = null,
): string | null {
  if (!absolute(value)) return null;
  // Asked several times per process (doctor: the invocation, its kind, whether it was
  // ignored; the gate: the accepted words): the file is read again only once it changed.
  let key: string;
  try {
    const st = Deno.statSync(value);
    key = [value, st.mtime?.getTime(), st.mode, st.size, st.ino, home].join("\0");
  } catch {
    return null;
  }
  let starts = launcherChecked.get(key);
  if (starts === undefined) launcherChecked.set(key, starts = startsThisBaton(value, home));
  return starts ? value : null;
}

/** What {@linkcode startsThisBaton} answered, by path, the file's stat and the home. */
const launcherChecked = new Map<string, boolean>();

/** True when BATON_LAUNCHER is set but ignored: not an absolute path to a file that starts this baton. */
export function launcherIgnored(
  value: string | undefined = Deno.env.get("BATON_LAUNCHER"),
  home: string | null = null,
): boolean {
  return value !== undefined && value !== "" && launcherPath(value, home) === null;
}

/**
 * The invocation of this process. `home` is the person's home directory (see
 * realHome): past the nearest, a work tree at it or above it does not make a
 * launcher there a stranger's. Without one every work tree around counts.
 */
export function currentInvocation(home: string | null = null): BatonInvocation {
  const launcher = launcherPath(Deno.env.get("BATON_LAUNCHER"), home);
  if (launcher !== null) return [launcher];
  const exec = Deno.execPath();
  if (!isDenoRuntime(exec)) return [exec];
  return [
    exec,
    "run",
    ...BATON_TASK_FLAGS,
    `--config=${filePath(new URL("../../deno.json", import.meta.url))}`,
    ownMain(),
  ];
}

/** How this process names itself in hooks: a BATON_LAUNCHER launcher, a compiled binary or the runtime. */
export function invocationKind(home: string | null = null): "launcher" | "binary" | "runtime" {
  if (launcherPath(Deno.env.get("BATON_LAUNCHER"), home) !== null) return "launcher";
  return isDenoRuntime(Deno.execPath()) ? "runtime" : "binary";
}
