/**
 * A secret assigned in typographic quotes: `API_TOKEN=“value”`,
 * `password: ‘value’`, `token = «value»`, as text pasted from a word
 * processor, a chat or a wiki carries it. Each such quote is a character of
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
