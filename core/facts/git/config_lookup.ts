/**
 * Lookups over a parsed {@linkcode GitConfig} with git's naming rules:
 * "section.key" or "section.sub.section.key", section and key compared
 * case-insensitively, subsection exactly; the last value wins.
 * Pure: no I/O.
 * @module
 */
import { GitConfigSyntaxError } from "./errors.ts";
import type { GitConfig, GitConfigEntry } from "./parse_config.ts";
import { parseGitNumber } from "./git_number.ts";

/** Splits "remote.origin.url" into section, subsection and key (subsection may contain dots). */
function splitName(name: string): { section: string; subsection: string | null; key: string } {
  const first = name.indexOf(".");
  const last = name.lastIndexOf(".");
  if (first < 0) return { section: name.toLowerCase(), subsection: null, key: "" };
  return {
    section: name.slice(0, first).toLowerCase(),
    subsection: first === last ? null : name.slice(first + 1, last),
    key: name.slice(last + 1).toLowerCase(),
  };
}

/**
 * Every entry for `name`, in file order.
 *
 * @param config Parsed config.
 * @param name "section.key" or "section.subsection.key".
 * @returns Matching entries, possibly empty.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * import { getConfigEntries } from "./config_lookup.ts";
 * const c = parseGitConfig('[remote "origin"]\nfetch = a\nFETCH = b\n');
 * assert.deepEqual(getConfigEntries(c, "Remote.origin.fetch").map((e) => e.value), ["a", "b"]);
 * assert.equal(getConfigEntries(c, "remote.ORIGIN.fetch").length, 0);
 * ```
 */
export function getConfigEntries(config: GitConfig, name: string): GitConfigEntry[] {
  const want = splitName(name);
  return config.entries.filter((e) =>
    e.section === want.section && e.key === want.key && e.subsection === want.subsection
  );
}

/**
 * The last value of `name`: a string, null for a bare key (implicit true),
 * or undefined when unset.
 *
 * @param config Parsed config.
 * @param name "section.key" or "section.subsection.key".
 * @returns The winning value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * import { getConfigValue } from "./config_lookup.ts";
 * const c = parseGitConfig("[core]\nexcludesFile = a\nexcludesfile = b\n");
 * assert.equal(getConfigValue(c, "core.excludesFile"), "b");
 * assert.equal(getConfigValue(c, "core.missing"), undefined);
 * ```
 */
export function getConfigValue(config: GitConfig, name: string): string | null | undefined {
  const all = getConfigEntries(config, name);
  return all.length === 0 ? undefined : all[all.length - 1]!.value;
}

/**
 * Parses a git boolean: a bare key, "true"/"yes"/"on"/"1"... or
 * "false"/"no"/"off"/"0"/"" (case-insensitive; other integers are true).
 *
 * @param value A config value, null for a bare key.
 * @returns The boolean, or null when the value is not a boolean.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseConfigBool } from "./config_lookup.ts";
 * assert.equal(parseConfigBool(null), true);
 * assert.equal(parseConfigBool("Off"), false);
 * assert.equal(parseConfigBool("maybe"), null);
 * assert.equal(parseConfigBool("0x0"), false); // git reads a number in C's base 0
 * assert.equal(parseConfigBool("08"), null);
 * ```
 */
export function parseConfigBool(value: string | null): boolean | null {
  if (value === null) return true;
  const v = value.toLowerCase();
  if (v === "true" || v === "yes" || v === "on") return true;
  if (v === "false" || v === "no" || v === "off" || v === "") return false;
  // Else git_parse_int: C's base 0 (0x hex, a leading 0 octal, leading
  // blanks), a k, m or g unit, within an int.
  const n = parseGitNumber(value, 2n ** 31n - 1n);
  return n === null ? null : n !== 0n;
}

/**
 * The last value of `name` as a boolean, or `fallback` when unset.
 *
 * @param config Parsed config.
 * @param name "section.key".
 * @param fallback Value when the key is absent.
 * @returns The boolean.
 * @throws {GitConfigSyntaxError} When the value is not a boolean (git refuses it too).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * import { getConfigBool } from "./config_lookup.ts";
 * assert.equal(getConfigBool(parseGitConfig("[core]\nfilemode = no\n"), "core.fileMode", true), false);
 * ```
 */
export function getConfigBool(config: GitConfig, name: string, fallback: boolean): boolean {
  const all = getConfigEntries(config, name);
  const last = all[all.length - 1];
  if (last === undefined) return fallback;
  const b = parseConfigBool(last.value);
  if (b === null) throw new GitConfigSyntaxError(last.line, `bad boolean value for ${name}`);
  return b;
}

/**
 * Subsections of `section` in order of first appearance (e.g. remote names).
 *
 * @param config Parsed config.
 * @param section Section name, any case.
 * @returns Distinct subsection names.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig } from "./parse_config.ts";
 * import { listConfigSubsections } from "./config_lookup.ts";
 * const c = parseGitConfig('[remote "a"]\nurl=x\n[remote "b"]\nurl=y\n[remote "a"]\nfetch=z\n');
 * assert.deepEqual(listConfigSubsections(c, "remote"), ["a", "b"]);
 * ```
 */
export function listConfigSubsections(config: GitConfig, section: string): string[] {
  const want = section.toLowerCase();
  const seen = new Set<string>();
  for (const e of config.entries) {
    if (e.section === want && e.subsection !== null) seen.add(e.subsection);
  }
  return [...seen];
}
