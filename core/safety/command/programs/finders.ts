/**
 * What a file finder (find, fd) selects and what it does with it. A finder
 * prints names, not content: `find ~ -name '*.pem'` shown on the terminal
 * exposes no more than `ls ~/.ssh`. Its selection matters where the names
 * go to a program that reads the files: a command it runs for each match
 * (`-exec cat {}`, `fd -x cat`), or a consumer of its output (a pipe, a
 * command substitution), which the credential rule (_rules/data.ts) judges by {@linkcode Invocation.shown}.
 * Pure.
 * @module
 */
import type { Invocation } from "../invocation.ts";
import { parseOptions } from "./_options.ts";
import { FD } from "./readers.ts";

/** What a finder selects and runs. */
export interface FinderSelection {
  /** Name and path patterns a match must fit (`*.pem`, `id_rsa`; fd's `-e pem` as `*.pem`). */
  names: string[];
  /** The directories it walks. */
  roots: string[];
  /** The programs it runs for its matches (`-exec cat {} ;` gives `cat`). */
  runs: string[];
}

/** find's tests that take a name or path pattern. */
const FIND_NAME_TESTS = /^-(?:i?name|i?path|i?wholename|i?lname)$/;
/** find's actions that run a command for each match. */
const FIND_EXEC = /^-(?:exec|execdir|ok|okdir)$/;

/**
 * find's or fd's selection; null for any other program.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { finderSelection } from "./finders.ts";
 * const inv = (program: string, argv: string[]) => ({ program, argv, args: [], redirects: [], wrappers: [], stdinText: [], pipeIn: false, pipeOut: false });
 * assert.deepEqual(finderSelection(inv("find", ["~", "-name", "*.pem", "-exec", "cat", "{}", ";"])), { names: ["*.pem"], roots: ["~"], runs: ["cat"] });
 * assert.deepEqual(finderSelection(inv("fd", ["-e", "pem", ".", "~", "-x", "cat"])), { names: [".", "*.pem"], roots: ["~"], runs: ["cat"] });
 * assert.equal(finderSelection(inv("ls", ["~"])), null);
 * ```
 */
export function finderSelection(inv: Invocation): FinderSelection | null {
  const argv = inv.argv;
  if (inv.program === "find" || inv.program === "gfind") {
    let i = 0;
    while (i < argv.length && /^-(?:[HLP]|O[0-9]?|D)$/.test(argv[i]!)) {
      i += argv[i] === "-D" ? 2 : 1;
    }
    const roots: string[] = [];
    for (; i < argv.length && !/^[-(!]/.test(argv[i]!); i++) roots.push(argv[i]!);
    const names: string[] = [];
    const runs: string[] = [];
    for (; i < argv.length; i++) {
      const a = argv[i]!;
      if (FIND_NAME_TESTS.test(a) && i + 1 < argv.length) names.push(argv[++i]!);
      else if (FIND_EXEC.test(a)) {
        if (i + 1 < argv.length) runs.push(argv[i + 1]!);
        while (i < argv.length && argv[i] !== ";" && argv[i] !== "+") i++;
      }
    }
    return { names, roots: roots.length > 0 ? roots : ["."], runs };
  }
  if (inv.program === "fd" || inv.program === "fdfind") {
    const parsed = parseOptions(FD, argv);
    const execs = parsed.uses.filter((u) => u.spec.effect === "runs");
    // fd takes every word after -x/-X (up to `;`) as the command it runs.
    const end = execs.length > 0 ? Math.min(...execs.map((u) => u.index)) : argv.length;
    const ops = parsed.operands.filter((o) => o.index < end).map((o) => o.text);
    const names = ops.slice(0, 1);
    for (const u of parsed.uses) {
      if (u.name === "extension" || u.name === "e") names.push(`*.${u.value ?? ""}`);
    }
    return {
      names,
      roots: ops.length > 1 ? ops.slice(1) : ["."],
      runs: execs.map((u) => u.value ?? ""),
    };
  }
  return null;
}
