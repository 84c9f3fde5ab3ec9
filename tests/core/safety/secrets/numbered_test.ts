// Tests for core/safety/secrets/numbered.ts and its use in engine.ts: a rule's pattern with its
// named groups numbered matches exactly as the named pattern does (every capture at the same
// index, the groups rebuilt equal), and the engine that confirms with the numbered patterns finds
// exactly what it finds with the named ones.

import assert from "node:assert/strict";
import { captureOf, groupsOf, numberGroups } from "../../../../core/safety/secrets/numbered.ts";
import { createEngine, findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { brokenKeywordRules, foldRules } from "../../../../core/safety/secrets/fold_rules.ts";
import { dumpRules } from "../../../../core/safety/secrets/dump_rules.ts";
import { CONTEXTS, lookAlikes, Rng, SAMPLES } from "../../../_helpers/secret_fixtures.ts";

const encoder = new TextEncoder();

/** Every match of `named` and of `numbered` (global) in `text`, compared; returns how many. */
function sameMatches(
  named: RegExp,
  numbered: RegExp,
  names: ReturnType<typeof numberGroups>,
  text: string,
): number {
  const a = [...text.matchAll(named)];
  const b = [...text.matchAll(numbered)];
  assert.equal(b.length, a.length, `${named.source} on ${JSON.stringify(text)}`);
  for (let i = 0; i < a.length; i++) {
    assert.equal(b[i]!.index, a[i]!.index);
    assert.deepEqual([...b[i]!], [...a[i]!], named.source);
    assert.deepEqual({ ...groupsOf(names!.names, b[i]!) }, { ...a[i]!.groups }, named.source);
    assert.equal(captureOf(names!.names.get("s"), b[i]!), a[i]!.groups?.s);
  }
  return a.length;
}

/** The labelled cases in every context, and the look-alikes. */
function labelled(): string[] {
  const rng = new Rng(2131);
  const pool: string[] = [];
  for (const build of Object.values(SAMPLES)) {
    for (const wrap of Object.values(CONTEXTS)) pool.push(wrap(build(rng).text));
  }
  for (const values of Object.values(lookAlikes(rng))) pool.push(...values);
  return pool;
}

Deno.test("escapes, classes, look-behinds and backreferences keep their meaning when the names are numbered", () => {
  const cases: [string, string[]][] = [
    [String.raw`(?<k>\w+)=(?:"(?<s>[^"]*)"|(?<s>\S+))`, ['a="b c"', "a=b", "x=", '"q"=1']],
    // An escaped paren and a paren in a class open no group; `(?<x>` in a class is text.
    [String.raw`\((?<a>\d)\)[(?<x>](?<b>.)`, ["(1)(z", "(2)<q", "(3)?x", "(4)a"]],
    [String.raw`\\(?<a>x)(?<b>\\)`, ["\\x\\", "x\\"]],
    // Look-behinds capture nothing; the names after them keep their numbers.
    [String.raw`(?<=a(?<p>b))(?<!c)(?<n>d)(?<!\\k)`, ["abd", "cbd", "abde"]],
    // A backreference by name, then a digit: the digit stays a digit.
    [String.raw`(?<q>["'])(?<s>\w+)\k<q>0`, ['"ab"0', "'x'0", "\"a'0"]],
    [String.raw`(?<n>[a-z])(?:(?<m>\d)|x)\k<n>`, ["a1a", "bxb", "a1b"]],
  ];
  let matched = 0;
  for (const [source, texts] of cases) {
    const numbered = numberGroups(source);
    assert.ok(numbered !== null, source);
    for (const flags of ["g", "gi"]) {
      for (const text of texts) {
        matched += sameMatches(
          new RegExp(source, flags),
          new RegExp(numbered.source, flags),
          numbered,
          text,
        );
      }
    }
  }
  assert.ok(matched >= 20, `${matched} matches`);
  // A backreference to a name given twice, or to no group, cannot be numbered.
  assert.equal(numberGroups(String.raw`(?:(?<t>a)|(?<t>b))\k<t>`), null);
  assert.equal(numberGroups(String.raw`(?<t>a)\k<u>`), null);
});

Deno.test("every rule's numbered pattern matches as its named pattern does, on the labelled cases and their look-alikes", () => {
  const texts = labelled();
  let numberedRules = 0;
  let matched = 0;
  let withSecret = 0;
  for (const rule of SECRET_RULES) {
    const numbered = numberGroups(rule.pattern.source);
    if (numbered === null || numbered.names.size === 0) continue;
    numberedRules++;
    const flags = rule.pattern.flags.replace(/[gyd]/g, "") + "g";
    const named = new RegExp(rule.pattern.source, flags);
    const twin = new RegExp(numbered.source, flags);
    for (const text of texts) {
      const n = sameMatches(named, twin, numbered, text);
      matched += n;
      if (n > 0 && numbered.names.has("s")) withSecret++;
    }
  }
  // Both sides seen: most named rules numbered, many matches with a secret group.
  assert.ok(numberedRules > 100, `${numberedRules} rules numbered`);
  assert.ok(matched > 2000, `${matched} matches`);
  assert.ok(withSecret > 500, `${withSecret} texts with a secret group`);
});

Deno.test("the engine finds with the numbered patterns exactly what it finds with the named ones", () => {
  const numbered = createEngine(SECRET_RULES);
  const named = createEngine(SECRET_RULES);
  // Built before any scan: the engine keeps these, with their names.
  for (const c of named.rules) {
    c.fast = new RegExp(c.rule.pattern.source, c.reFlags.replace("d", ""));
  }
  const rng = new Rng(2132);
  const texts = labelled();
  // Repeated copies of each case: the second sighting is judged by a remembered verdict.
  for (let i = 0; i < 300; i++) texts.push(rng.pick(texts) + "\n" + rng.pick(texts));
  let found = 0;
  for (const text of texts) {
    const bytes = encoder.encode(text);
    const a = findSecrets(numbered, bytes);
    assert.deepEqual(a, findSecrets(named, bytes), JSON.stringify(text));
    found += a.length;
  }
  assert.ok(found > 1000, `${found} findings`);
  // The numbered engine did number: its rules with names carry no groups object.
  const used = numbered.rules.filter((c) => c.numbered !== null);
  assert.ok(used.length > 100, `${used.length} rules confirmed with numbered groups`);
  assert.ok(named.rules.every((c) => c.numbered === null));
});

/**
 * The reference reading: the source one character at a time (a backslash
 * takes the next character with it, a class runs to its first unescaped
 * `]`), each capturing paren counted, each `(?<name>` cut to `(` and each
 * `\k<name>` of a name given once made `(?:\N`). numberGroups jumps between
 * the characters that matter; it must read every source as this does.
 */
function referenceNumbering(source: string): [string, [string, number[]][]] | null {
  const names = new Map<string, number[]>();
  const edits: { at: number; end: number; name: string | null }[] = [];
  let groups = 0;
  let inClass = false;
  const nameAt = (at: number) => /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(source.slice(at))?.[0];
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      const name = !inClass && source.startsWith("k<", i + 1) ? nameAt(i + 3) : undefined;
      if (name !== undefined && source[i + 3 + name.length] === ">") {
        edits.push({ at: i, end: i + 4 + name.length, name });
        i += 3 + name.length;
      } else i++;
    } else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(" && source[i + 1] !== "?") groups++;
    else if (
      c === "(" && source[i + 2] === "<" && source[i + 3] !== "=" && source[i + 3] !== "!"
    ) {
      const name = nameAt(i + 3);
      if (name === undefined || source[i + 3 + name.length] !== ">") return null;
      names.set(name, [...(names.get(name) ?? []), ++groups]);
      edits.push({ at: i + 1, end: i + 4 + name.length, name: null });
    }
  }
  let out = "";
  let from = 0;
  for (const e of edits) {
    const list = e.name === null ? [] : names.get(e.name);
    if (list === undefined || list.length > 1) return null;
    out += source.slice(from, e.at) + (e.name === null ? "" : `(?:\\${list[0]})`);
    from = e.end;
  }
  return [out + source.slice(from), [...names]];
}

Deno.test("numberGroups reads every rule's source, and fuzzed sources, as a reading one character at a time does", () => {
  const same = (source: string) => {
    const n = numberGroups(source);
    const got = n === null ? null : [n.source, [...n.names]];
    assert.deepEqual(got, referenceNumbering(source), JSON.stringify(source));
    return n !== null && n.names.size > 0;
  };
  const rules = [
    ...SECRET_RULES,
    ...foldRules(SECRET_RULES),
    ...brokenKeywordRules(SECRET_RULES),
    ...dumpRules(),
  ];
  const named = rules.filter((r) => same(r.pattern.source)).length;
  assert.ok(named > 200, `${named} rule sources with names`);
  // Sources made of the pieces that matter: escapes, classes (with escaped and
  // bare brackets), look-behinds, named groups and backreferences, unclosed ones too.
  const pieces = [
    "\\",
    "[",
    "]",
    "(",
    ")",
    "?",
    "<",
    ">",
    "=",
    "!",
    "k",
    "s",
    "a",
    "_",
    "1",
    "^",
    "\\k<s>",
    "(?<s>",
    "(?<a>",
    "\\k<a>",
    "(?<=",
    "(?<!",
    "[^\\]]",
    "\\[",
    "\\(",
  ];
  const rng = new Rng(2133);
  let withNames = 0;
  for (let t = 0; t < 20000; t++) {
    let source = "";
    for (let j = rng.int(14); j > 0; j--) source += rng.pick(pieces);
    if (same(source)) withNames++;
  }
  assert.ok(withNames > 2000, `${withNames} fuzzed sources with names`);
});
