/**
 * Programs an unresolved program word may be: a shell for `$SHELL`, for a
 * word with an unquoted glob (`/bin/r?`) every risky program whose name its
 * last part matches, and for any other variable of unknown value the
 * programs whose danger shows in their arguments alone (`$X -rf /`). Pure.
 * @module
 */
import type { Arg } from "./invocation.ts";
import { globMatcher } from "./expand.ts";
import { SHELLS } from "./_rules/exec.ts";

/** Variables that hold the user's shell. */
const SHELL_VARS = /^\$\{?(?:SHELL|BASH|ZSH_NAME|0)\}?$/;
/** The running program's own executable, by /proc (self, thread-self, $$, a pid, a glob). */
const PROC_EXE =
  /^\/proc\/(?:self|thread-self|\$\$|\$\{?[A-Za-z_0-9]+\}?|[0-9]+|[*?[][^/]*)\/+exe$/;
/** Programs a glob in a program name is tried against (the ones the rules know to be risky). */
const GLOB_GUESSES = [
  ...SHELLS,
  ..."rm rmdir dd shred mkfs wipefs fdisk parted chmod chown chattr mv cp ln tee truncate sed find xargs env sudo su doas kill pkill killall reboot shutdown poweroff halt curl wget nc ncat socat python python3 perl ruby node php eval base64 xxd openssl crontab systemctl kubectl docker terraform aws gcloud git iptables ufw userdel passwd mount"
    .split(" "),
];

/**
 * Programs an unresolved program word may be: a shell for `$SHELL`, and
 * for a word with an unquoted glob (`/bin/r?`), every risky program whose
 * name its last part matches (at most 8).
 */
export function programGuesses(prog: Arg, vars: ReadonlyMap<string, string>): string[] {
  const m = prog.text.match(/^\$\{?([A-Za-z_0-9]+)\}?$/);
  if (m && SHELL_VARS.test(prog.text) && !vars.has(m[1]!)) return ["bash"];
  // /proc/self/exe is the program running: in a shell's text, the shell itself.
  if (PROC_EXE.test(prog.text)) return ["bash"];
  if (!prog.glob) return [];
  const matcher = globMatcher(prog.text.split(/[\\/]/).pop() ?? "");
  return matcher === null ? [] : GLOB_GUESSES.filter((g) => matcher.test(g)).slice(0, 8);
}

/**
 * Programs a variable of unknown value is tried against: those whose
 * dangerous verdict rests on their arguments alone (`$X -rf /` after
 * `eval "X=rm"`, `read X <<< rm`, `X=$(...)`). Only a dangerous verdict from
 * these readings counts (see {@link variableGuesses}).
 */
const VARIABLE_GUESSES = [
  ..."sh bash rm dd chmod chown chattr find kill git"
    .split(" "),
];

/**
 * Programs a program word that is one expansion of unknown value may be
 * (`$X`, `${X:-rm}`, `$1`; not `$SHELL`, which {@link programGuesses} reads as a shell).
 * Their readings are judged for danger only: the word is already `review`.
 */
export function variableGuesses(prog: Arg): string[] {
  // The whole word is one expansion: $X, ${X}, ${X:-rm}, ${X/a/b}, $1, "$@".
  const whole = /^\$(?:\{[^{}]*\}|[A-Za-z_][A-Za-z_0-9]*|[0-9]|[@*])$/.test(prog.text);
  if (!whole || !prog.dynamic || SHELL_VARS.test(prog.text)) return [];
  return VARIABLE_GUESSES;
}

interface Traits {
  download: boolean;
  decode: boolean;
}
