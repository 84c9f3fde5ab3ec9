/**
 * find: its expression is not getopt syntax. `-exec`, `-execdir`, `-ok`
 * and `-okdir` run the words up to `;` or `+` as a command for every match
 * (classified as one); `-delete` (or `-exec rm`) under a broad root
 * without a narrowing test is dangerous; `-fprint`, `-fprintf` and `-fls`
 * write files. Read-only otherwise. Pure.
 * @module
 */
import { type Arg, type Findings, type Invocation, shellJoin } from "../invocation.ts";
import { isBroadTarget, isUnderHome } from "../paths.ts";
import { reportWrite } from "./effects.ts";
import type { ProgramRecord } from "./_record.ts";

function judge(inv: Invocation, _parsed: unknown, out: Findings): void {
  const argv = inv.argv;
  for (let i = 0; i < argv.length; i++) {
    if (!/^-(?:exec|execdir|ok|okdir)$/.test(argv[i]!)) continue;
    let j = i + 1;
    while (j < argv.length && argv[j] !== ";" && argv[j] !== "+") j++;
    out.nested(shellJoin(argv.slice(i + 1, j)), "find -exec");
    out.review("find -exec: runs a command on every match");
    i = j;
  }
  const roots: Arg[] = [];
  for (const a of inv.args) {
    if (/^[-(!]/.test(a.text)) break;
    roots.push(a);
  }
  argv.forEach((a, i) => {
    if (/^-(?:fprint|fprint0|fprintf|fls)$/.test(a)) {
      reportWrite("find", inv.args[i + 1] ?? null, out);
    }
  });
  const deletes = argv.includes("-delete") ||
    argv.some((a, i) =>
      /^-(?:exec|execdir|ok|okdir)$/.test(a) && /^(?:rm|shred|unlink)$/.test(argv[i + 1] ?? "")
    );
  const narrowing = /^-(?:i?name|i?path|i?regex|newer|mtime|mmin|size|user|empty)$/;
  if (deletes && roots.some(isUnderHome) && !argv.some((a) => narrowing.test(a))) {
    return out.dangerous("recursive_delete", "find: deletes a whole tree under the home directory");
  }
  if (deletes && (roots.length === 0 || roots.some(isBroadTarget))) {
    // `find . -name x -delete` has a narrowing test; a broad root without one is dangerous.
    const narrowed = argv.some((a) =>
      /^-(?:i?name|i?path|i?regex|newer|mtime|mmin|size|user|empty)$/.test(a)
    );
    if (!narrowed || roots.some((r) => isBroadTarget(r) && !/^\.\/?$/.test(r.text))) {
      return out.dangerous("recursive_delete", "find: deletes every match under a broad root");
    }
  }
}

/** Actions that run commands, delete or write files. */
const ACTIONS = /^-(?:delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/;

/** The find record. */
export const FIND: ProgramRecord = {
  names: ["find", "gfind"],
  longMatch: "exact",
  options: [],
  readOnly: (inv) => !inv.argv.some((a) => ACTIONS.test(a)),
  families: ["recursive_delete"],
  judge,
};
