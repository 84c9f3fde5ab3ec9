/**
 * zsh's parameter forms that bash reads otherwise, for word resolution:
 * `$~x`/`${~x}` glob the value, `$=x`/`${=x}` split it on blanks, `$^x`
 * joins it to the text around it; an unquoted `$x` of an array is every
 * element; subscripts count from 1 (`$x[2]`, `${x[2]}` are the second
 * element, `${x[0]}` is empty). bash reads `$~x` as text and `${x[2]}` as
 * the third element; the classifier judges both readings. Pure.
 * @module
 */
import type { Segment } from "./parse_shell.ts";

/** A `$` that bash leaves as text, then zsh's flag characters and a name, then the rest. */
const SHORT_FLAGS = /^([~=^]+)([A-Za-z_][A-Za-z0-9_]*)([^]*)$/;

/**
 * The segments with zsh's short flag forms (`$~x`, `$=x`, `$^x`: the lexer
 * leaves them as a literal `$` and text) made the variable segment their
 * braced form stands for (`${~x}`). Other segments are returned as they are.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { zshShortForms } from "./zsh_params.ts";
 * const segs = zshShortForms([
 *   { kind: "lit", text: "$", quoted: false },
 *   { kind: "lit", text: "~x/a", quoted: false },
 * ]);
 * assert.deepEqual(segs.map((s) => s.kind === "lit" ? s.text : s.raw), ["${~x}", "/a"]);
 * ```
 */
export function zshShortForms(segments: readonly Segment[]): readonly Segment[] {
  if (!segments.some((s) => s.kind === "lit" && !s.quoted && s.text.endsWith("$"))) {
    return segments;
  }
  const out: Segment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const next = segments[i + 1];
    const m = s.kind === "lit" && !s.quoted && s.text.endsWith("$") && next?.kind === "lit" &&
        !next.quoted
      ? next.text.match(SHORT_FLAGS)
      : null;
    if (m === null || s.kind !== "lit") {
      out.push(s);
      continue;
    }
    if (s.text.length > 1) out.push({ ...s, text: s.text.slice(0, -1) });
    out.push({ kind: "var", name: "", raw: `\${${m[1]}${m[2]}}`, quoted: false });
    if (m[3] !== "") out.push({ kind: "lit", text: m[3]!, quoted: false });
    i++;
  }
  return out;
}

/** What a braced zsh flag form (`${~x}`, `${=x}`, `${^x}`) names and does; null for others. */
export function zshFlagForm(raw: string): { name: string; glob: boolean; split: boolean } | null {
  const m = raw.match(/^\$\{([~=^]+)([A-Za-z_][A-Za-z0-9_]*)\}$/);
  if (m === null) return null;
  return { name: m[2]!, glob: m[1]!.includes("~"), split: m[1]!.includes("=") };
}

/**
 * The element zsh's 1-based subscript `N` picks from `all` (`${x[2]}` is
 * the second; a negative one counts from the end as bash's does); undefined
 * for 0, an index past the end or anything not a plain integer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { zshElement } from "./zsh_params.ts";
 * assert.equal(zshElement("2", ["a", "b"]), "b");
 * assert.equal(zshElement("0", ["a", "b"]), undefined);
 * assert.equal(zshElement("-1", ["a", "b"]), "b");
 * ```
 */
export function zshElement(sub: string, all: readonly string[]): string | undefined {
  const t = sub.trim();
  if (!/^-?[1-9][0-9]{0,5}$/.test(t)) return undefined;
  const n = Number(t);
  return all[n < 0 ? n + all.length : n - 1];
}

/**
 * An evaluating transformation of one variable whose value is read again as
 * a double-quoted string: bash's `${x@P}` (prompt expansion, variables and
 * substitutions included) and zsh's `(e)` flag (`${(e)x}`); the name, or null.
 */
export function reexpandedName(raw: string): string | null {
  const m = raw.match(/^\$\{([A-Za-z_][A-Za-z0-9_]*)@P\}$/) ??
    raw.match(/^\$\{\([^()]{0,16}e[^()]{0,16}\)([A-Za-z_][A-Za-z0-9_]*)\}$/);
  return m === null ? null : m[1]!;
}
