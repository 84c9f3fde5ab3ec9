/**
 * A secret assigned in typographic quotes: `API_TOKEN=“value”`,
 * `password: ‘value’`, `token = «value»`, as text pasted from a word
 * processor, a chat or a wiki carries it; and one assigned with a
 * full-width `＝` or `：`. Each such quote is a character of
 * two or three UTF-8 bytes, shown as DELs in the patterns' ASCII view (the
 * keyword pass reads any byte >= 0x80 as DEL too, so its value check wants
 * a DEL first). Spread into the main table ({@linkcode SECRET_RULES}).
 * Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";

/**
 * The typographic-quote rule.
 * @param keywords The assignment rules' keywords (the secret words of a name).
 * @param rejectName True for a name that holds no secret word (or an excluded one).
 * @param valueValid The check of a value given to that name in a quoted assignment.
 * @returns The rule.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typographicQuoteRule } from "./rules_typographic.ts";
 * const rule = typographicQuoteRule(["token"], () => false, () => true);
 * assert.equal(rule.pattern.exec("API_TOKEN=\x7f\x7f\x7fXy7kL9mQ2zR4\x7f\x7f\x7f")?.groups?.s, "Xy7kL9mQ2zR4");
 * ```
 */
export function typographicQuoteRule(
  keywords: readonly string[],
  rejectName: (name: string) => boolean,
  valueValid: (value: string, groups: Readonly<Record<string, string | undefined>>) => boolean,
): SecretRule {
  return {
    kind: "generic_secret",
    title: "Secret assigned in typographic quotes",
    description:
      "`API_TOKEN=“...”`, `password: ‘...’`, `token = «...»`: a name holding a secret word, `=` or `:`, and a value between typographic quotes (any character of two or three bytes on both sides), checked as the same value in ASCII quotes would be.",
    keywords,
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>[ \t]{0,16}[=:][ \t]{0,16}\x7f{2,3}(?<s>[^\s\x7f"'\x60\\]{3,256})\x7f{2,3}`,
    ),
    lead: "A-Za-z0-9_.\\-",
    rejectName,
    follows: {
      quote: false,
      escapes: 0,
      blanks: 16,
      operators: "=:",
      value: { blanks: 16, min: 2, cls: "\\x7f" },
    },
    before: 96,
    after: 400,
    priority: 1,
    validate: (s, g) => !rejectName(g.name ?? "") && valueValid(s, g),
  };
}

/**
 * The full-width operator rule: `API_TOKEN＝value`, `api_key： value`, as an
 * input method (Chinese, Japanese, Korean) writes `=` and `:`. Each is three
 * UTF-8 bytes, three DELs in the patterns' ASCII view, which cannot tell
 * them from another three-byte character (`→`, `—`), so the value must be
 * one the assignment check accepts under a secret name, and not a word
 * (`token → Settings`).
 * @param keywords The assignment rules' keywords (the secret words of a name).
 * @param rejectName True for a name that holds no secret word (or an excluded one).
 * @param valueValid The check of a value given to that name in an assignment.
 * @returns The rule.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fullWidthOperatorRule } from "./rules_typographic.ts";
 * const rule = fullWidthOperatorRule(["token"], () => false, () => true);
 * assert.equal(rule.pattern.exec("API_TOKEN\x7f\x7f\x7f Xy7kL9mQ2zR4\n")?.groups?.s, "Xy7kL9mQ2zR4");
 * ```
 */
export function fullWidthOperatorRule(
  keywords: readonly string[],
  rejectName: (name: string) => boolean,
  valueValid: (value: string, groups: Readonly<Record<string, string | undefined>>) => boolean,
): SecretRule {
  return {
    kind: "generic_secret",
    title: "Secret assigned with a full-width = or :",
    description:
      "`API_TOKEN＝...`, `password： ...`: a name holding a secret word, a full-width `＝` or `：` (any character of three bytes), and a bare or quoted value that is not a word, checked as the same value after `=` would be.",
    keywords,
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>[ \t]{0,16}\x7f{3}[ \t]{0,16}(?<q>(?:\\{1,3})?["'\x60]|)(?<s>[^\s\x00-\x1f\x7f"'\x60\\]{3,256})\k<q>(?=[\s\x00-\x1f"'\x60\x7f\\,;)}\]]|$)`,
    ),
    lead: "A-Za-z0-9_.\\-",
    rejectName,
    follows: {
      quote: false,
      escapes: 0,
      blanks: 16,
      operators: "\\x7f",
      value: { blanks: 0, min: 2, cls: "\\x7f" },
    },
    before: 96,
    after: 400,
    priority: 1,
    validate: (s, g) =>
      !rejectName(g.name ?? "") && !/^(?:[a-z]+|[A-Z][a-z]*|[A-Z]+)$/.test(s) &&
      valueValid(s, g),
  };
}
