/**
 * Whether the file BATON_LAUNCHER names starts this baton, so install writes
 * it into hooks, the skill and the permission entries only then (any other
 * value is ignored: the runtime's own invocation is still right, and doctor
 * says so). Pure: the edge hands in what it read.
 *
 * Decisions:
 * - Static evidence, no version handshake: the invocation is resolved on
 *   every install and by hooks that name baton, and starting the launcher
 *   there would cost a process (and run whatever the file is). The file must
 *   be executable and be one of: this compiled binary itself (after
 *   symbolic links), a script shipped inside this baton's own directory (the
 *   npm package's `bin/baton.cjs`), or a small script that names this
 *   baton's `main.ts` by its absolute path (`deno task install`'s shim, or a
 *   user's own wrapper).
 * - A script is read only up to {@linkcode MAX_LAUNCHER_SCRIPT_BYTES}: a
 *   launcher is a few lines; a larger file is not taken for one.
 * @module
 */

/** Largest launcher script read for the name of this baton's main.ts. */
export const MAX_LAUNCHER_SCRIPT_BYTES = 16 * 1024;

/** What the edge read about the file BATON_LAUNCHER names. */
export interface LauncherFile {
  /** Its real path (symbolic links resolved). */
  real: string;
  /** It has an execute bit (always true where the OS has none). */
  executable: boolean;
  /** Its first bytes as text when it is a script of at most the bound; "" otherwise. */
  script: string;
}

/** This baton process. */
export interface OwnBaton {
  /** The real path of the running program (a compiled baton, or the Deno runtime). */
  execReal: string;
  /** True when the program is the Deno runtime running a checkout's main.ts. */
  runtime: boolean;
  /** The absolute path of this baton's main.ts as the runtime was given it (runtime only). */
  main: string;
  /** The real path of the directory holding main.ts, with a trailing "/" (runtime only). */
  rootReal: string;
}

/**
 * True when `file` starts this baton.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const own = { execReal: "/usr/bin/deno", runtime: true, main: "/src/baton/main.ts", rootReal: "/src/baton/" };
 * const shim = { real: "/home/jo/.local/bin/baton", executable: true, script: "#!/bin/sh\nexec deno run '/src/baton/main.ts' \"$@\"\n" };
 * assert.equal(launcherIsThisBaton(shim, own), true);
 * assert.equal(launcherIsThisBaton({ ...shim, script: "#!/bin/sh\nexec /opt/other/run \"$@\"\n" }, own), false);
 * assert.equal(launcherIsThisBaton({ ...shim, executable: false }, own), false);
 * ```
 */
export function launcherIsThisBaton(file: LauncherFile, own: OwnBaton): boolean {
  if (!file.executable) return false;
  if (!own.runtime) return file.real === own.execReal;
  if (file.real.startsWith(own.rootReal) && file.script.startsWith("#!")) return true;
  return file.script.startsWith("#!") && namesPath(file.script, own.main) ||
    file.script.startsWith("@echo off") && namesPath(file.script, own.main);
}

/** True when `text` names `path` as a whole word (quoted or followed by a space or line end). */
function namesPath(text: string, path: string): boolean {
  let at = text.indexOf(path);
  while (at >= 0) {
    const after = text[at + path.length];
    const before = text[at - 1];
    const opens = before === undefined || /[\s'"=]/.test(before);
    const closes = after === undefined || /[\s'"]/.test(after);
    if (opens && closes) return true;
    at = text.indexOf(path, at + 1);
  }
  return false;
}
