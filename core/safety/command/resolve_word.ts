/**
 * Word resolution: a parsed word as the arguments it becomes — literal
 * variables set earlier in the text substituted, unquoted values split
 * (an unset IFS splits on blanks), unquoted braces expanded — with what
 * is unknown about it (dynamic parts, globs, escapes, substitutions). Pure.
 * @module
 */
import type { Arg } from "./invocation.ts";
import type { ShellWord } from "./parse_shell.ts";
import { expandBraces } from "./expand.ts";
import { arrayKey, boundedKey, globKey } from "./written_variables.ts";
import { pickElements } from "./array_subscript.ts";
import { reexpandedName, zshElement, zshFlagForm, zshShortForms } from "./zsh_params.ts";
import { knownOperation } from "./param_ops.ts";

/**
 * A word after variable resolution; unquoted values are split, except
 * where bash does not split (`[[ ]]`, assignments). `spend` is told the
 * length of each value substituted, before it is, so a caller can stop
 * (by throwing) a word that grows past its bound.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveWord } from "./resolve_word.ts";
 * import { parseShell } from "./parse_shell.ts";
 * const cmd = parseShell("rm $F").script.pipelines[0]!.elements[0]!;
 * const word = cmd.kind === "simple" ? cmd.words[1]! : null;
 * assert.deepEqual(resolveWord(word!, new Map([["F", "-rf /"]])).map((a) => a.text), ["-rf", "/"]);
 * ```
 */
export function resolveWord(
  word: ShellWord,
  vars: ReadonlyMap<string, string>,
  noSplit = false,
  spend: (units: number) => void = () => {},
): Arg[] {
  const whole = wholeArray(word, vars, noSplit);
  if (whole !== null) {
    spend(whole.reduce((n, e) => n + e.length, 0));
    return whole.map((e) => ({
      text: e,
      dynamic: false,
      quoted: true,
      glob: false,
      escapes: false,
      substituted: false,
      subs: [],
      valued: true as const,
      ...(e.includes("$") ? { expansions: e.replaceAll("$", "\0") } : {}),
    }));
  }
  let text = "";
  let dynamic = false;
  let quoted = false;
  let glob = false;
  let escapes = false;
  let split = false;
  let braces = false;
  let splits = false;
  let valued = false;
  let bounded = false;
  // The text with literal `$`s made NULs, built only once one is seen.
  let masked: string | null = null;
  const subs = [];
  // A known IFS (`IFS=,`) splits values at its characters; unset or blank, at blanks.
  const ifs = ifsSplitter(vars.get("IFS"));
  // zsh's readings beside bash's: the element `$x[N]` picks (one more word).
  const extra: string[] = [];
  const segments = zshShortForms(word.segments);
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!;
    const at = text.length;
    if (s.kind === "lit") {
      if (s.text.includes("$")) masked = (masked ?? text) + s.text.replaceAll("$", "\0");
      text += s.text;
      if (s.quoted) quoted = true;
      else if (/[*?[]/.test(s.text)) glob = true;
      if (!s.quoted && s.text.includes("{")) braces = true;
      if (s.escapes === true) escapes = true;
    } else if (
      s.kind === "var" && s.raw.endsWith("}") && s.raw.includes("[") &&
      elementsOf(s.raw, vars) !== undefined
    ) {
      // `${x[@]}`, `${x[*]}`, `${x[N]}` of an array (or scalar) of literal words.
      const { elements, each } = elementsOf(s.raw, vars)!;
      const v = elements.join(" ");
      spend(v.length);
      // A value is not expanded again: a `$` in it is printed as it is.
      if (v.includes("$")) masked = (masked ?? text) + v.replaceAll("$", "\0");
      text += v;
      valued = true;
      if (s.quoted) quoted = true;
      else if (/[*?[]/.test(v)) glob = true;
      if (!noSplit && (s.quoted ? each && elements.length > 1 : ifs.test(v))) split = true;
    } else if (s.kind === "var") {
      // zsh's `${~x}` globs the value, `${=x}` splits it (the parser names no variable there);
      // `${x@P}` and `${(e)x}` expand the value again (a `$` in it is live).
      const form = s.name === "" ? zshFlagForm(s.raw) : null;
      const again = reexpandedName(s.raw);
      const name = form?.name ?? again ?? s.name;
      const next = segments[i + 1];
      // zsh's `$x[N]`: a subscript, not the whole array.
      const sub = /^\$[A-Za-z_]/.test(s.raw) && next?.kind === "lit"
        ? next.text.match(/^\[([^\]]{1,16})\]/)
        : null;
      const zshAll = s.quoted || noSplit || sub !== null ? undefined : zshArray(name, vars);
      // `${x:1:1}`, `${x^^}`, `${x/a/b}` of a known value.
      const op = form === null && again === null ? knownOperation(s.raw, vars) : undefined;
      const v = op ?? zshAll?.join(" ") ?? vars.get(name) ??
        // An unset IFS splits on blanks: `rm${IFS}-rf${IFS}/` is `rm -rf /`.
        (s.name === "IFS" && !s.quoted && !noSplit ? " " : undefined);
      if (
        v !== undefined &&
        (form !== null || again !== null || op !== undefined ||
          /^\$(?:\{(?:[A-Za-z_][A-Za-z0-9_]*|[0-9@*#])\}|[A-Za-z_][A-Za-z0-9_]*|[0-9@*#])$/.test(
            s.raw,
          ))
      ) {
        // A few characters can stand for a long value: counted before it is appended.
        spend(v.length);
        // A value is not expanded again: a `$` in it is printed as it is (`x='$T'; echo "$x"`).
        if (v.includes("$") && again === null) {
          masked = (masked ?? text) + v.replaceAll("$", "\0");
        }
        text += v;
        // A loop's variable or an array's element may be a glob the shell expanded before.
        if (vars.has(globKey(name)) || vars.has(arrayKey(name))) valued = true;
        if (!noSplit && ifs.test(v) && (!s.quoted || zshAll !== undefined || form?.split)) {
          split = true;
        }
        // An unquoted value is globbed too (bash always, zsh for `${~x}`); a quoted one never, in
        // zsh `"${~x}"` included (checked with zsh 5.9).
        if (!s.quoted && /[*?[]/.test(v)) glob = true;
        const all = sub === null ? undefined : vars.get(arrayKey(name))?.split("\0");
        const picked = all === undefined ? undefined : zshElement(sub![1]!, all);
        if (picked !== undefined) extra.push(picked);
      } else {
        text += s.raw;
        dynamic = true;
        if (!s.quoted && !noSplit) splits = true;
        // The whole word is a loop variable over plain relative names, quoted (`"$f"`, `for f in
        // *.ts`): unquoted, a file's name with blanks (`a . b.ts`) would split into `.`.
        if (
          segments.length === 1 && s.quoted && vars.has(boundedKey(name)) &&
          /^\$(?:\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*)$/.test(s.raw)
        ) bounded = true;
      }
      if (s.quoted) quoted = true;
    } else {
      text += s.raw;
      dynamic = true;
      subs.push(s.sub);
      // `<(...)` becomes one `/dev/fd/N` name; `$(...)`, backticks and `$((...))` are split.
      if (!s.quoted && !noSplit && s.sub.kind !== "process") splits = true;
    }
    if (masked !== null && masked.length < text.length) masked += text.slice(at);
  }
  const base = {
    dynamic,
    quoted,
    glob,
    escapes,
    substituted: subs.length > 0,
    subs,
    ...(splits ? { splits: true as const } : {}),
    ...(valued ? { valued: true as const } : {}),
    ...(bounded ? { bounded: true as const } : {}),
  };
  const words = [...wordsOf(text, split, braces && !noSplit, ifs), ...extra];
  if (masked === null) return words.map((t) => ({ ...base, text: t }));
  const maskedWords = [...wordsOf(masked, split, braces && !noSplit, ifs), ...extra];
  return words.map((t, i) => {
    const m = maskedWords.length === words.length ? maskedWords[i] : undefined;
    return m === undefined || m === t ? { ...base, text: t } : { ...base, text: t, expansions: m };
  });
}

/**
 * zsh's reading of an unquoted `$x` of an array of more than one literal
 * word: every element (bash reads element 0); undefined otherwise, or when
 * an element holds a blank (splitting would cut it).
 */
function zshArray(name: string, vars: ReadonlyMap<string, string>): string[] | undefined {
  const all = vars.get(arrayKey(name))?.split("\0");
  return all === undefined || all.length < 2 || all.some((e) => /\s/.test(e)) ? undefined : all;
}

/**
 * What unquoted values are split at: blanks for an unset or default IFS, each of a known IFS's
 * characters otherwise (blanks among them count as one), nothing for an empty IFS.
 */
function ifsSplitter(ifs: string | undefined): RegExp {
  if (ifs === undefined || /^[ \t\n]+$/.test(ifs)) return /\s+/;
  if (ifs === "") return /(?!)/;
  const chars = [...new Set(ifs)].slice(0, 16).map((c) =>
    `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
  );
  return new RegExp(`[${chars.join("")}]+`);
}

/** A resolved text as words: split at blanks when `split`, then brace-expanded when `braces`. */
function wordsOf(t: string, split: boolean, braces: boolean, ifs: RegExp): string[] {
  const texts = split ? t.split(ifs).filter((w) => w !== "") : [t];
  // Brace expansion comes first in the shell, but splitting the result the
  // other way round gives the same words for what is judged here.
  return braces ? texts.flatMap((w) => expandBraces(w)) : texts;
}

/**
 * A word that is only `"${NAME[@]}"` of an array of literal words, or `"$@"` of known
 * positional parameters (`set -- a b`): one argument per element, blanks inside an element
 * kept (`cmd=(bash -c 'rm -rf ~'); "${cmd[@]}"` runs bash with the script as one word); else
 * null.
 */
function wholeArray(
  word: ShellWord,
  vars: ReadonlyMap<string, string>,
  noSplit: boolean,
): string[] | null {
  const s = word.segments.length === 1 ? word.segments[0]! : null;
  if (noSplit || s === null || s.kind !== "var" || !s.quoted) return null;
  if (/^\$(?:@|\{@\})$/.test(s.raw)) return vars.get(arrayKey("@"))?.split("\0") ?? null;
  if (!s.raw.includes("[@]")) return null;
  const m = s.raw.match(/^\$\{([A-Za-z_][A-Za-z0-9_]*)\[@\](?::([^:}]*)(?::([^:}]*))?)?\}$/);
  const list = m === null ? undefined : vars.get(arrayKey(m[1]!));
  if (list === undefined) return null;
  const slice: [string, string | undefined] | null = m![2] === undefined ? null : [m![2], m![3]];
  return pickElements(null, slice, list.split("\0"), vars) ?? null;
}

/**
 * The elements `${NAME[@]}`, `${NAME[*]}` or `${NAME[N]}` expands to when
 * NAME holds literal words (an array, or a scalar: its element 0), with
 * `each` when quoted they stay separate words (`[@]`); undefined when not
 * known. An element holding a blank is not known: splitting would cut it.
 */
function elementsOf(
  raw: string,
  vars: ReadonlyMap<string, string>,
): { elements: string[]; each: boolean } | undefined {
  const m = raw.match(/^\$\{([A-Za-z_][A-Za-z0-9_]*)\[([^\]]*)\](?::([^:}]*)(?::([^:}]*))?)?\}$/);
  if (m === null) return undefined;
  const whole = m[2] === "@" || m[2] === "*";
  // A slice (`${x[@]:1}`) is of the whole array; of one element it cuts characters.
  if (m[3] !== undefined && !whole) return undefined;
  const array = vars.get(arrayKey(m[1]!))?.split("\0");
  const scalar = vars.get(m[1]!);
  const all = array ?? (scalar !== undefined ? [scalar] : undefined);
  if (all === undefined || (array !== undefined && all.some((e) => /\s/.test(e)))) {
    return undefined;
  }
  const slice: [string, string | undefined] | null = m[3] === undefined ? null : [m[3], m[4]];
  const elements = pickElements(whole ? null : m[2]!, slice, all, vars);
  // zsh counts from 1: `${x[2]}` is bash's `${x[1]}`; both readings are judged.
  const zsh = whole || array === undefined ? undefined : zshElement(m[2]!, all);
  if (zsh !== undefined && (elements === undefined || elements[0] !== zsh)) {
    return { elements: [...(elements ?? []), zsh], each: true };
  }
  return elements === undefined ? undefined : { elements, each: m[2] === "@" };
}
