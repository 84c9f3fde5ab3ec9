/**
 * Config entries git takes from its environment: GIT_CONFIG_COUNT with
 * GIT_CONFIG_KEY_<n> / GIT_CONFIG_VALUE_<n> (git-config(1), "ENVIRONMENT"),
 * then GIT_CONFIG_PARAMETERS, the single-quoted list `git -c` hands to the
 * programs it runs (`'key'='value'`, or the older `'key=value'`). git reads
 * them after every config file, as the command-line scope, so they win; when
 * they are malformed git stops ("bogus count", "bogus format", "missing
 * config key", an invalid key name), and baton then compares nothing. Entries baton
 * could not apply exactly (an include, `safe.*` whose scope rules changed
 * between git versions, `core.worktree`, which git reads from the
 * repository's own file, and core.bare) leave the work tree unknown instead. Pure.
 * @module
 */
import type { GitConfigEntry } from "./parse_config.ts";

/** Most entries followed from the environment; past it the work tree is unknown. */
export const MAX_ENVIRONMENT_CONFIG_ENTRIES = 64;

/** Longest GIT_CONFIG_PARAMETERS read; past it the work tree is unknown. */
export const MAX_PARAMETERS_LENGTH = 64 * 1024;

/** The command-line scope's entries, or why they cannot be applied. */
export type EnvironmentConfig =
  | { entries: GitConfigEntry[] }
  | { reason: string };

/**
 * The environment variable names GIT_CONFIG_COUNT makes git read, given its
 * value; none when the count is not one baton follows.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countedConfigNames } from "./environment_config.ts";
 * assert.deepEqual(countedConfigNames("1"), ["GIT_CONFIG_KEY_0", "GIT_CONFIG_VALUE_0"]);
 * assert.deepEqual(countedConfigNames(" +1"), ["GIT_CONFIG_KEY_0", "GIT_CONFIG_VALUE_0"]);
 * assert.deepEqual(countedConfigNames("x"), []);
 * ```
 */
export function countedConfigNames(count: string | undefined): string[] {
  const n = parseCount(count);
  if (n === null || n > MAX_ENVIRONMENT_CONFIG_ENTRIES) return [];
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`GIT_CONFIG_KEY_${i}`, `GIT_CONFIG_VALUE_${i}`);
  return out;
}

/**
 * GIT_CONFIG_COUNT as git reads it (C's strtoul in base 10, then nothing
 * after the digits): leading blanks and a sign are allowed (" 1", "+1");
 * null where git stops: no digits, a trailing character, or a count past
 * INT_MAX, which a negative one is once strtoul wraps it.
 */
function parseCount(count: string | undefined): number | null {
  if (count === undefined || count === "") return 0;
  const m = /^[ \t\n\v\f\r]*([+-]?)([0-9]+)$/.exec(count);
  if (m === null) return null;
  const n = BigInt(m[2]!);
  if (m[1] === "-" && n !== 0n) return null;
  return n > 2147483647n ? null : Number(n);
}

/**
 * Splits a config key as git's key parser does ("section.sub.key": section
 * and key lower-cased, the subsection kept), or null for a name git rejects.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseConfigKey } from "./environment_config.ts";
 * assert.deepEqual(parseConfigKey("Core.ExcludesFile"), { section: "core", subsection: null, key: "excludesfile" });
 * assert.deepEqual(parseConfigKey("remote.My.Origin.url"), { section: "remote", subsection: "My.Origin", key: "url" });
 * assert.equal(parseConfigKey("core"), null);
 * assert.equal(parseConfigKey("core.1x"), null);
 * ```
 */
export function parseConfigKey(
  name: string,
): { section: string; subsection: string | null; key: string } | null {
  const first = name.indexOf(".");
  const last = name.lastIndexOf(".");
  if (first <= 0 || last === name.length - 1) return null;
  const section = name.slice(0, first);
  const key = name.slice(last + 1);
  const subsection = first === last ? null : name.slice(first + 1, last);
  if (!/^[A-Za-z0-9-]+$/.test(section) || !/^[A-Za-z][A-Za-z0-9-]*$/.test(key)) return null;
  if (subsection !== null && subsection.includes("\n")) return null;
  return { section: section.toLowerCase(), subsection, key: key.toLowerCase() };
}

/**
 * The entries of GIT_CONFIG_COUNT in `env` (each name to its value, as set),
 * in git's order, or the reason the work tree cannot be compared.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { environmentConfig } from "./environment_config.ts";
 * const env = { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "core.autocrlf", GIT_CONFIG_VALUE_0: "true" };
 * assert.deepEqual(environmentConfig(env), {
 *   entries: [{ section: "core", subsection: null, key: "autocrlf", value: "true", line: 0 }],
 * });
 * assert.ok("reason" in environmentConfig({ GIT_CONFIG_COUNT: "1" }));
 * ```
 */
export function environmentConfig(env: Readonly<Record<string, string>>): EnvironmentConfig {
  const n = parseCount(env["GIT_CONFIG_COUNT"]);
  if (n === null) return { reason: "GIT_CONFIG_COUNT is not a count: git refuses to run" };
  if (n > MAX_ENVIRONMENT_CONFIG_ENTRIES) {
    return {
      reason: `GIT_CONFIG_COUNT names more than ${MAX_ENVIRONMENT_CONFIG_ENTRIES} entries`,
    };
  }
  const pairs: [string, string | null][] = [];
  for (let i = 0; i < n; i++) {
    const name = env[`GIT_CONFIG_KEY_${i}`];
    const value = env[`GIT_CONFIG_VALUE_${i}`];
    if (name === undefined || value === undefined) {
      return {
        reason: "GIT_CONFIG_COUNT names a key or value that is not set: git refuses to run",
      };
    }
    pairs.push([name, value]);
  }
  const text = env["GIT_CONFIG_PARAMETERS"];
  if (text !== undefined) {
    if (text.length > MAX_PARAMETERS_LENGTH) {
      return { reason: "GIT_CONFIG_PARAMETERS is too long to read" };
    }
    const listed = parseConfigParameters(text);
    if (listed === null) {
      return { reason: "GIT_CONFIG_PARAMETERS is not in git's quoted form: git refuses to run" };
    }
    pairs.push(...listed);
  }
  if (pairs.length > MAX_ENVIRONMENT_CONFIG_ENTRIES) {
    return {
      reason: `git's environment sets more than ${MAX_ENVIRONMENT_CONFIG_ENTRIES} config entries`,
    };
  }
  const entries: GitConfigEntry[] = [];
  for (const [name, value] of pairs) {
    const key = parseConfigKey(name);
    if (key === null) {
      return { reason: "git's environment names an invalid config key: git refuses to run" };
    }
    const notApplied = key.section === "include" || key.section === "includeif" ||
      key.section === "safe" ||
      (key.section === "core" && (key.key === "worktree" || key.key === "bare"));
    if (notApplied) {
      return {
        reason:
          "git's environment sets an include, safe.*, core.worktree or core.bare, which baton does not apply from there",
      };
    }
    entries.push({ ...key, value, line: 0 });
  }
  return { entries };
}

/** C's isspace in the "C" locale. */
const isSpace = (c: string | undefined) =>
  c === " " || c === "\t" || c === "\n" || c === "\v" || c === "\f" || c === "\r";

/**
 * One single-quoted word from `at`: its text and where the text after it
 * starts (null at the end), or null when it is not one. Outside the quotes
 * only a backslash before `'` or `!` between two quoted parts is taken, as
 * git's sq_dequote_step takes it.
 */
function dequoteStep(s: string, at: number): { value: string; next: number | null } | null {
  if (s[at] !== "'") return null;
  let out = "";
  let i = at;
  for (;;) {
    i++;
    if (i >= s.length) return null;
    if (s[i] !== "'") {
      out += s[i];
      continue;
    }
    i++;
    if (i >= s.length) return { value: out, next: null };
    if (s[i] === "\\" && (s[i + 1] === "'" || s[i + 1] === "!") && s[i + 2] === "'") {
      out += s[i + 1];
      i += 2;
      continue;
    }
    return { value: out, next: i };
  }
}

/** An old-style `key=value` word: the key trimmed, the value after the first `=` (null without one). */
function oldStylePair(word: string): [string, string | null] | null {
  const eq = word.indexOf("=");
  const key = (eq < 0 ? word : word.slice(0, eq)).replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, "");
  if (key === "") return null;
  return [key, eq < 0 ? null : word.slice(eq + 1)];
}

/**
 * GIT_CONFIG_PARAMETERS as git reads it: each (key, value) in order, a value
 * of null for a bare key; null when git would call the text bogus.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseConfigParameters } from "./environment_config.ts";
 * assert.deepEqual(parseConfigParameters("'core.autocrlf'='true' 'a.b=c'"), [["core.autocrlf", "true"], ["a.b", "c"]]);
 * assert.deepEqual(parseConfigParameters("'x.y'= 'it'\\''s.k'='v'"), [["x.y", null], ["it's.k", "v"]]);
 * assert.equal(parseConfigParameters("core.autocrlf=true"), null);
 * ```
 */
export function parseConfigParameters(text: string): [string, string | null][] | null {
  const out: [string, string | null][] = [];
  let cur: number | null = 0;
  while (cur !== null && cur < text.length) {
    const key = dequoteStep(text, cur);
    if (key === null) return null;
    cur = key.next;
    if (cur === null || isSpace(text[cur])) {
      const pair = oldStylePair(key.value);
      if (pair === null) return null;
      out.push(pair);
    } else if (text[cur] === "=") {
      cur++;
      let value: string | null;
      if (text[cur] === "'") {
        const quoted = dequoteStep(text, cur);
        if (quoted === null || (quoted.next !== null && !isSpace(text[quoted.next]))) return null;
        value = quoted.value;
        cur = quoted.next;
      } else if (cur >= text.length || isSpace(text[cur])) {
        value = null;
      } else return null;
      // config_parse_pair: an empty key is refused.
      if (key.value === "") return null;
      out.push([key.value, value]);
    } else return null;
    while (cur !== null && cur < text.length && isSpace(text[cur])) cur++;
  }
  return out;
}
