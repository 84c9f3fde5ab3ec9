/**
 * A rule's pattern with its named groups numbered: `(?<name>…)` becomes
 * `(…)` and `\k<name>` the backreference by number, so a match carries no
 * `groups` object (about 460 of its 750 bytes on the generic assignment
 * rules, built at every match, most of them judged by a remembered verdict
 * that reads the captures by number only). Groups are numbered left to
 * right whether named or not, so every capture keeps its index, and the
 * named view is rebuilt from the names' indices only when a check needs it
 * ({@linkcode groupsOf}). Pure: no I/O.
 * @module
 */

/** A pattern source with its named groups numbered, and where each name's groups are. */
export interface NumberedPattern {
  /** The source with `(?<name>` as `(` and `\k<name>` as `\N`. */
  source: string;
  /** Each name (in the order of its first group) and its groups' numbers (two or more for a name given in several alternatives). */
  names: ReadonlyMap<string, readonly number[]>;
}

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*/;
/** The next character that matters outside a class: a backslash, a class's opening bracket or a paren. */
const OUTSIDE = /[\\[(]/g;
/** A class's inside up to and with its closing bracket (escapes read as pairs). */
const INSIDE = /(?:\\[\s\S]|[^\]\\])*\]/y;

/**
 * Numbers the named groups of a pattern source, or null when the source
 * refers back to a name given to several groups (`\k<s>` after two `s`:
 * which one a match took cannot be written as one number), to a name it
 * does not give, or names a group in a way this reading does not know.
 * Sources with the `v` flag (nested classes) are not for it.
 * @param source A RegExp source (escapes, classes and groups as in `u`-less or `u` mode).
 * @returns The numbered source and the names' numbers, or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numberGroups } from "./numbered.ts";
 * const n = numberGroups(String.raw`(?<k>\w+)=(?:"(?<s>[^"]*)"|(?<s>\S+))[(?<x>]\k<k>`)!;
 * assert.equal(n.source, String.raw`(\w+)=(?:"([^"]*)"|(\S+))[(?<x>](?:\1)`);
 * assert.deepEqual([...n.names], [["k", [1]], ["s", [2, 3]]]);
 * ```
 */
export function numberGroups(source: string): NumberedPattern | null {
  const names = new Map<string, number[]>();
  const refs: { at: number; end: number; name: string }[] = [];
  const cuts: { at: number; end: number }[] = [];
  let groups = 0;
  // From one character that matters to the next (a backslash, a class's
  // opening bracket, a paren), found by a native search, and a class read to
  // its closing bracket at once: read one character at a time, the first
  // scan's patterns (10 kB the longest) took 20-30 ms of a 5 MB transcript's
  // redaction, now 6-12.
  let i = 0;
  while (i < source.length) {
    OUTSIDE.lastIndex = i;
    if (OUTSIDE.exec(source) === null) break;
    i = OUTSIDE.lastIndex - 1;
    const c = source[i];
    if (c === "\\") {
      if (source[i + 1] === "k" && source[i + 2] === "<") {
        const name = NAME.exec(source.slice(i + 3))?.[0];
        if (name !== undefined && source[i + 3 + name.length] === ">") {
          refs.push({ at: i, end: i + 4 + name.length, name });
          i += 4 + name.length;
          continue;
        }
      }
      i += 2;
    } else if (c === "[") {
      // The class's inside: escapes skipped, up to its closing bracket.
      INSIDE.lastIndex = i + 1;
      i = INSIDE.exec(source) === null ? source.length : INSIDE.lastIndex;
    } else {
      i++;
      if (source[i] !== "?") {
        groups++;
      } else if (source[i + 1] === "<") {
        // A look-behind captures nothing.
        if (source[i + 2] === "=" || source[i + 2] === "!") continue;
        const name = NAME.exec(source.slice(i + 2))?.[0];
        // A name this reading does not know (an escape in it): left as it is.
        if (name === undefined || source[i + 2 + name.length] !== ">") return null;
        groups++;
        const list = names.get(name);
        if (list === undefined) names.set(name, [groups]);
        else list.push(groups);
        cuts.push({ at: i, end: i + 3 + name.length });
      }
    }
  }
  let out = "";
  let from = 0;
  const edits = [
    ...cuts.map((c) => ({ ...c, text: "" })),
    ...refs.map((r) => {
      const list = names.get(r.name);
      // In a group of its own: a digit after it stays a digit.
      return { at: r.at, end: r.end, text: list?.length === 1 ? `(?:\\${list[0]})` : null };
    }),
  ].sort((a, b) => a.at - b.at);
  for (const e of edits) {
    if (e.text === null) return null;
    out += source.slice(from, e.at) + e.text;
    from = e.end;
  }
  return { source: out + source.slice(from), names };
}

/**
 * The capture of `name` in a match of a numbered pattern: the group of
 * that name that took part (at most one does), or undefined.
 * @param numbers The name's group numbers.
 * @param match A match of the numbered pattern.
 * @returns The captured text, or undefined.
 */
export function captureOf(
  numbers: readonly number[] | undefined,
  match: RegExpExecArray,
): string | undefined {
  if (numbers === undefined) return undefined;
  for (let i = 0; i < numbers.length; i++) {
    const text = match[numbers[i]!];
    if (text !== undefined) return text;
  }
  return undefined;
}

/**
 * The `groups` object the named pattern's match would have carried (every
 * name, undefined where no group of it took part), rebuilt from a match of
 * the numbered pattern.
 * @param names The names' group numbers.
 * @param match A match of the numbered pattern.
 * @returns The groups by name.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { groupsOf, numberGroups } from "./numbered.ts";
 * const n = numberGroups(String.raw`(?<k>\w+)=(?:"(?<s>[^"]*)"|(?<s>\S+))`)!;
 * const m = new RegExp(n.source).exec("a=b")!;
 * assert.deepEqual({ ...groupsOf(n.names, m) }, { k: "a", s: "b" });
 * ```
 */
export function groupsOf(
  names: ReadonlyMap<string, readonly number[]>,
  match: RegExpExecArray,
): Record<string, string | undefined> {
  const groups: Record<string, string | undefined> = Object.create(null);
  for (const [name, numbers] of names) groups[name] = captureOf(numbers, match);
  return groups;
}
