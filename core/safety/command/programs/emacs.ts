/**
 * emacs and emacsclient: never read-only (an editor changes files), and the
 * Lisp they are given on the command line (`--eval EXPR`, `-eval`,
 * `--execute`; emacsclient's `-e`/`--eval`, which makes every operand an
 * expression) is judged as code, as a python or node one-liner is: a call
 * that runs a process or opens a connection is `interpreter_primitives`, a
 * recursive `delete-directory` is `recursive_delete`, decoded text given to
 * `eval` is `obfuscated_exec`, a string given to `shell-command` and its kin
 * is classified as a command, and a literal naming a credential file is
 * `credential_exposure`. Lisp loaded from a file (`-l`, `--load`,
 * `--script`, `-f`) is review. Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import type { ParsedOptions } from "./_options.ts";
import type { ProgramRecord } from "./_record.ts";
import { isCredentialPath } from "../paths.ts";

/** Lisp calls that start a process. */
const PROCESS =
  /\((?:shell-command(?:-to-string|-on-region)?|async-shell-command|call-process(?:-shell-command|-region)?|process-lines|process-file(?:-shell-command)?|start-(?:file-)?process(?:-shell-command)?|make-process|eshell-command|compile|term|ansi-term)[\s)]/;

/** Lisp calls that open a connection or fetch a URL. */
const NETWORK =
  /\((?:url-retrieve(?:-synchronously)?|url-copy-file|url-insert-file-contents|open-network-stream|make-network-process|open-gnutls-stream|network-stream-open\w*)[\s)]/;

/** Calls whose first string argument is a shell command. */
const SHELL_STRING =
  /\((?:shell-command(?:-to-string)?|async-shell-command|call-process-shell-command|process-file-shell-command|start-process-shell-command|start-file-process-shell-command|eshell-command|compile)\s+"((?:[^"\\]|\\.){1,4096})"/g;

/** `(delete-directory DIR t)`: the recursive form. */
const TREE_DELETE = /\(delete-directory\s+(?:"(?:[^"\\]|\\.)*"|\S+)\s+(?:t|'t)[\s)]/;

/** `eval` of decoded text. */
const DECODED_EVAL = /\(eval\b[\s\S]{0,200}\(base64-decode-string\b/;

/** A string literal (group 1 its text). */
const STRING_LITERAL = /"((?:[^"\\]|\\.){1,1024})"/g;

/**
 * Judges Lisp given on the command line, as code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { judgeLisp } from "./emacs.ts";
 * const seen: string[] = [];
 * const out = {
 *   dangerous: (f: string) => seen.push(f),
 *   review: () => {},
 *   nested: (t: string) => seen.push(`nested:${t}`),
 *   executes: () => {},
 * };
 * judgeLisp('(shell-command "make")', "emacs", out as never);
 * assert.deepEqual(seen, ["interpreter_primitives", "nested:make"]);
 * ```
 */
export function judgeLisp(code: string, name: string, out: Findings): void {
  out.review(`${name}: evaluates Lisp given on its command line`);
  if (code.length > 65_536) return;
  if (PROCESS.test(code) || NETWORK.test(code)) {
    out.dangerous(
      "interpreter_primitives",
      `${name}: Lisp that runs processes or opens connections`,
    );
  }
  if (TREE_DELETE.test(code)) {
    out.dangerous("recursive_delete", `${name}: Lisp that deletes a directory tree`);
  } else if (/\(delete-(?:file|directory)\b/.test(code)) out.review(`${name}: Lisp deletes files`);
  if (DECODED_EVAL.test(code)) {
    out.dangerous("obfuscated_exec", `${name}: Lisp evaluates decoded content`);
  }
  for (const m of code.matchAll(SHELL_STRING)) {
    out.nested(m[1]!.replace(/\\(.)/g, "$1"), `${name} shell command`);
  }
  for (const m of code.matchAll(STRING_LITERAL)) {
    if (isCredentialPath(m[1]!.replace(/\\(.)/g, "$1"))) {
      out.dangerous("credential_exposure", `${name}: Lisp that names a credential file`);
      break;
    }
  }
}

function emacsJudge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  out.review(`${inv.program}: an editor changes files`);
  const argv = inv.argv;
  const client = inv.program.startsWith("emacsclient");
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    const eq = a.match(/^--?(?:eval|execute)=(.*)$/s);
    if (eq) {
      judgeLisp(eq[1]!, inv.program, out);
      continue;
    }
    if (client && /^(?:-e|--eval)$/.test(a)) {
      // emacsclient -e: every operand after it is an expression.
      for (const rest of argv.slice(i + 1)) {
        if (!rest.startsWith("-")) judgeLisp(rest, inv.program, out);
      }
      return;
    }
    if (/^--?(?:eval|execute)$/.test(a)) {
      judgeLisp(argv[i + 1] ?? "", inv.program, out);
      i++;
      continue;
    }
    if (/^(?:-l|--?load|--?script|-f|--?funcall|--?directory|-L)(?:=|$)/.test(a)) {
      out.review(`${inv.program}: loads or calls Lisp named on its command line`);
      if (!a.includes("=")) i++;
    }
  }
}

/** emacs (and its versioned names) and emacsclient. */
export const EMACS: ProgramRecord = {
  names: ["emacs", "emacs-nox", "emacs-gtk", "emacsclient", "xemacs"],
  namePattern: /^emacs(?:client)?-?\d+(?:\.\d+)*$/,
  longMatch: "exact",
  options: [],
  readOnly: "never",
  families: [
    "interpreter_primitives",
    "recursive_delete",
    "obfuscated_exec",
    "credential_exposure",
  ],
  judge: emacsJudge,
};
