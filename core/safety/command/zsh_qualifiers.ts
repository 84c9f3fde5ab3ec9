/**
 * zsh glob qualifiers that run code: the parenthesised list after a glob
 * (`*(e:'cmd':)`, `*(+func)`, `*(oe:'cmd':)`, `*(#qe:cmd:)`) runs a string
 * or a command for every file the glob names. This module reads such a
 * list and returns the code it runs, so the classifier judges it as it
 * judges a command substitution. Over-reading is the safe direction: a
 * list this reader misparses gives more code to judge, never less. Pure.
 * @module
 */

/** Closers of the bracket delimiters zsh pairs (`e[...]`, `e{...}`, `e<...>`, `e(...)`). */
const CLOSERS: Record<string, string> = { "(": ")", "[": "]", "{": "}", "<": ">" };

/** Quote removal of one word as zsh does it before reading the qualifiers. */
function unquote(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      out += end < 0 ? text.slice(i + 1) : text.slice(i + 1, end);
      i = end < 0 ? text.length : end;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === "\\" && '"\\$`'.includes(text[i + 1] ?? "")) i++;
        out += text[i] ?? "";
        i++;
      }
    } else if (c === "\\") {
      out += text[i + 1] ?? "";
      i++;
    } else out += c;
  }
  return out;
}

/** The delimited argument starting at `i`: its text and the index after its closer. */
function delimited(q: string, i: number): { text: string; next: number } | null {
  const open = q[i];
  if (open === undefined) return null;
  const close = CLOSERS[open] ?? open;
  const end = q.indexOf(close, i + 1);
  return end < 0 ? { text: q.slice(i + 1), next: q.length } : {
    text: q.slice(i + 1, end),
    next: end + 1,
  };
}

/**
 * The code a zsh glob qualifier list runs: each `e` string (also after `o`/`O`,
 * sorting by what it sets) and each `+name` command, in order; [] for a list
 * that runs none (`.`, `/`, `om[1,3]`, `N`, `:t`).
 *
 * @param text The text inside the parentheses, as written (quotes kept).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { zshQualifierCode } from "./zsh_qualifiers.ts";
 * assert.deepEqual(zshQualifierCode("e:'rm -rf ~':"), ["rm -rf ~"]);
 * assert.deepEqual(zshQualifierCode(".om+byname"), ["byname"]);
 * assert.deepEqual(zshQualifierCode("#qe{'touch x'}N"), ["touch x"]);
 * assert.deepEqual(zshQualifierCode(".om[1,3]:t"), []);
 * ```
 */
export function zshQualifierCode(text: string): string[] {
  const q = unquote(text);
  const code: string[] = [];
  let i = q.startsWith("#q") ? 2 : 0;
  while (i < q.length) {
    const c = q[i]!;
    // Modifiers (`:t`, `:s/a/b/`) end the qualifiers; none of them runs code.
    if (c === ":") break;
    // A sort takes one key letter (`om`), or code that sets the key (`oe:...:`, `o+f`).
    if (c === "o" || c === "O") {
      i += q[i + 1] === "e" || q[i + 1] === "+" ? 1 : 2;
      continue;
    }
    if (c === "e") {
      const arg = delimited(q, i + 1);
      if (arg === null) break;
      code.push(arg.text);
      i = arg.next;
      continue;
    }
    if (c === "+") {
      const m = /^[A-Za-z0-9_]+/.exec(q.slice(i + 1));
      if (m !== null) code.push(m[0]);
      i += 1 + (m?.[0].length ?? 0);
      continue;
    }
    // Sizes, link counts and times take a unit and a sign (`L+10`, `mh-1`): no command.
    if ("Llamc".includes(c)) {
      i++;
      if (/[MwhmskKpP]/.test(q[i] ?? "")) i++;
      if (q[i] === "+" || q[i] === "-") i++;
      while (/[0-9]/.test(q[i] ?? "")) i++;
      continue;
    }
    // Qualifiers whose argument may hold any character: a user, a group, a mode spec, words to prepend.
    if ("ugfP".includes(c) && q[i + 1] !== undefined && !/[0-9A-Za-z]/.test(q[i + 1]!)) {
      const arg = delimited(q, i + 1);
      if (arg === null) break;
      i = arg.next;
      continue;
    }
    i++;
  }
  return code.filter((s) => s.trim() !== "");
}
