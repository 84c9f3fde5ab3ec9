/**
 * Terminal control strings a printer emits: an OSC, DCS, APC, PM or SOS
 * sequence (`printf '\033]52;c;...\a'`) is acted on by the terminal, not
 * shown. OSC 52 sets the system clipboard (a later paste runs what it
 * holds), iTerm2's OSC 1337 File= writes a file, and DCS requests make some
 * terminals type a reply into the shell's input. A printer that emits one is
 * at least review. Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";

/** The programs that print their arguments, escapes interpreted (echo -e, zsh's echo, printf). */
const PRINTERS = new Set(["echo", "printf", "print", "write-output", "write-host"]);

/**
 * An ESC (as a byte or as an escape printf, echo -e or `$'...'` reads: `\e`, `\E`, `\033`,
 * `\0033`, `\x1b`, `\u001b`, `` `e ``) or an 8-bit C1 introducer, starting a string sequence:
 * `]` OSC, `P` DCS, `_` APC, `^` PM, `X` SOS.
 */
const CONTROL_STRING =
  // deno-lint-ignore no-control-regex
  /(?:\x1b|\\[eE]|\\0{0,2}33|\\x1[bB]|\\u001[bB]|\\U0000001[bB]|`e|\[char\]\s*27\s*\)?\s*\+?\s*['"]?)[\]P_^X]|[\x90\x9d\x9e\x9f\x98]|\\(?:x9[dDeEfF08]|2(?:35|36|37|30))/;

/**
 * Reports a printer whose arguments hold a terminal control string.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { terminalControlRule } from "./terminal_control.ts";
 * const reasons: string[] = [];
 * const out = { dangerous: () => {}, review: (r: string) => void reasons.push(r), nested: () => {}, executes: () => {} };
 * const inv = (program: string, argv: string[]) => ({ program, argv, args: [], redirects: [], wrappers: [], stdinText: [], pipeIn: false, pipeOut: false });
 * terminalControlRule(inv("printf", ["\\033]52;c;aGk=\\a"]), out);
 * assert.equal(reasons.length, 1);
 * terminalControlRule(inv("printf", ["\\033[1mbold\\033[0m\\n"]), out);
 * assert.equal(reasons.length, 1);
 * ```
 */
export function terminalControlRule(inv: Invocation, out: Findings): void {
  if (!PRINTERS.has(inv.program)) return;
  if (inv.argv.some((a) => CONTROL_STRING.test(a))) {
    out.review(
      `${inv.program}: prints a terminal control string (the clipboard, files, replies typed in)`,
    );
  }
}
