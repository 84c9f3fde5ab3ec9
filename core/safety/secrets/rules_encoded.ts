/**
 * The assignment rules again, for names and values whose quotes and
 * operators arrive encoded: JSON inside JSON inside JSON (`\\\"`, quotes
 * escaped twice or more), `\u0022` (.NET's and other HTML-safe JSON
 * encoders), `\u003d` for `=` (Gson's), `&quot;` (JSON in an HTML attribute) and percent-encoding (a
 * JSON body or a form value inside a query string: `%22password%22%3A%22`,
 * `password%3D...%26`). Each variant keeps the base rule's kind, name and
 * value checks; only the quoting differs. Its keywords are a name's last
 * word with the encoded quote or operator after it (`password\\`,
 * `token\u0022`, `key%22`, `password%3d`, `token\u003d`), byte strings plain text does not
 * hold. Pure: data only.
 * @module
 */
import { isNotSecret } from "./filters.ts";
import type { SecretRule } from "./rule.ts";

/** Longest value a variant reads (as the base rules). */
const VALUE_MAX = 8192;

/** Not preceded by a name character, unless that character ends an escape (`\n`, `\u0022`, `%22`). */
const NAME_START = String
  .raw`(?<![A-Za-z0-9_.\-](?<!\\[A-Za-z0-9_.\-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))`;
/** The whole name run, taken atomically (no backtracking through it). */
const NAME = String.raw`(?=(?<name>[A-Za-z0-9_.\-]{3,96}))\k<name>`;

/** One encoding of quotes and operators. */
interface Encoding {
  /** Short name, for titles. */
  what: string;
  /** What follows a name's last word in the keywords (lower case). */
  suffixes: readonly string[];
  /** Pattern source before the name (after its start check). */
  lead?: string;
  /** Pattern source from after the name to the value's opening quote. */
  open: string;
  /** Pattern source of one value character. */
  char: string;
  /** Pattern source of what closes the value (a lookahead is added). */
  close: string;
  /** The value as written before it was encoded, for the checks (`%24%7BTOKEN%7D` is `${TOKEN}`). */
  decode?: (value: string) => string;
}

/** A percent-encoded value decoded (`+` is a blank in a form); as it is when it does not decode. */
function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

/** A quote escaped twice or more (`\\"`, `\\\"`, `\\\\\\\"`). */
const DEEP_QUOTE = String.raw`\\{2,15}"`;
/** A `\u0022` quote, its backslash possibly escaped again. */
const UNICODE_QUOTE = String.raw`\\{1,7}u0022`;
/** A URL-encoded blank (`%20` or `+`). */
const URL_BLANK = String.raw`(?:%20|\+)`;

/** What comes before a route's path (a `/`, or a verb and a quote: `put '/login'`, `get \\"login`). */
const ROUTE_LEAD = String.raw`(?:\/|\b(?:get|post|put|patch|delete|match)[ \t]{1,8}\\{0,7}["'])`;

/** The encodings the variants read. */
const ENCODINGS: readonly Encoding[] = [
  {
    what: "quotes escaped twice or more (JSON inside JSON inside JSON)",
    // Two backslashes: also the start of a doubly escaped `\\u0022`.
    suffixes: ["\\\\"],
    // `:` (JSON), `=` and `=>` (a PHP array's or a Ruby hash's `'db_password' => '...'`).
    // The `=>` is group `op` and a route's path before the name group `path` (Rails's `put
    // '/forgot-password' => 'passwords#update'`): the password rule keeps a route's target.
    lead: `(?:(?<=${ROUTE_LEAD})(?<path>)|(?<!${ROUTE_LEAD}))`,
    open: String.raw`${DEEP_QUOTE}[ \t]{0,16}(?:(?<op>=>)|[:=])[ \t]{0,16}${DEEP_QUOTE}`,
    char: String.raw`[^"\\\r\n]`,
    close: DEEP_QUOTE,
  },
  {
    what:
      "a bare name and its value in quotes escaped twice or more (code in a tool's JSON output that a transcript holds as a string: a Codex rollout's `password = \\\\\\\"...\\\\\\\"`)",
    // The operator, with or without blanks, then the two backslashes of the escaped quote.
    suffixes: ["=", " =", ":=", " :=", ":"].flatMap((op) => [`${op}\\\\`, `${op} \\\\`]),
    open: String.raw`[ \t]{0,16}(?::=|[:=])[ \t]{0,16}${DEEP_QUOTE}`,
    char: String.raw`[^"\\\r\n]`,
    close: DEEP_QUOTE,
  },
  {
    what: "`\\u0022` quotes",
    // `\u0022`, or two backslashes and more (`\\u0022` inside a JSON string).
    suffixes: ["\\u0022", "\\\\"],
    open: String.raw`${UNICODE_QUOTE}[ \t]{0,16}[:=][ \t]{0,16}${UNICODE_QUOTE}`,
    char: String.raw`[^"\\\r\n]`,
    close: UNICODE_QUOTE,
  },
  {
    what: "`&quot;` quotes (JSON in an HTML attribute)",
    suffixes: ["&quot;"],
    open: String.raw`&quot;[ \t]{0,16}[:=][ \t]{0,16}&quot;`,
    char: String.raw`[^"&<>\\\r\n]`,
    close: "&quot;",
  },
  {
    what: "percent-encoded JSON (`%22name%22%3A%22value%22`)",
    suffixes: ["%22"],
    open: String.raw`%22${URL_BLANK}{0,8}%3[Aa]${URL_BLANK}{0,8}%22`,
    char: String.raw`(?:[A-Za-z0-9._~!*'()+\-]|%(?!22)[0-9A-Fa-f]{2})`,
    close: "%22",
    decode: percentDecoded,
  },
  {
    what: "a `\\u003d` operator (`name\\u003dvalue\\u0026`: Gson and other HTML-safe encoders)",
    // `\u003d`, or two backslashes and more (`\\u003d` inside a JSON string).
    suffixes: ["\\u003d", "\\\\"],
    // The value may open with an encoded quote (`\u0027`, `\u0022`) and ends at the next escape.
    open: String.raw`\\{1,7}u003[Dd](?:\\{1,7}u00(?:22|27))?`,
    char: String.raw`[^\s"'\\&;<>]`,
    close: String.raw`\\|[\s"'&;<>]|$`,
  },
  {
    what: "a percent-encoded form value (`name%3Dvalue%26`)",
    suffixes: ["%3d"],
    open: String.raw`%3[Dd]`,
    char: String.raw`(?:[A-Za-z0-9._~!*'()\-]|%(?!2[026Cc]|3[Bb]|0[AaDd])[0-9A-Fa-f]{2})`,
    close: String.raw`%2[026Cc]|%3[Bb]|%0[AaDd]|[&\s"'<>\\]|$`,
    decode: percentDecoded,
  },
];

/**
 * The variants of one assignment rule, one per encoding.
 * @param base The rule whose kind, name and value checks the variants keep
 * (its pattern must name its name group `name` and its value `s`).
 * @param words The last words of the names the base rule takes (lower case).
 * @param min The base rule's shortest value.
 * @returns One rule per encoding.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encodedVariants } from "./rules_encoded.ts";
 * const base = {
 *   kind: "k", title: "t", description: "d", keywords: ["token"], pattern: /x/,
 *   after: 10, priority: 1 as const, validate: () => true,
 * };
 * const rules = encodedVariants(base, ["token"], 12);
 * assert.ok(rules[0]!.keywords.includes("token\\\\"));
 * assert.ok(rules[0]!.pattern.test(String.raw`\\\"token\\\": \\\"Q7hfk29HqL0pXz3m\\\"`));
 * ```
 */
export function encodedVariants(
  base: SecretRule,
  words: readonly string[],
  min: number,
): SecretRule[] {
  return ENCODINGS.map((e) => {
    const rule: SecretRule = {
      kind: base.kind,
      title: `${base.title}, encoded`,
      description: `As ${base.title.toLowerCase()}, with ${e.what} around the name and the value.`,
      keywords: words.flatMap((w) => e.suffixes.map((s) => w + s)),
      pattern: new RegExp(
        `${NAME_START}${
          e.lead ?? ""
        }${NAME}${e.open}(?<s>${e.char}{${min},${VALUE_MAX}})(?=${e.close})`,
        "i",
      ),
      lead: String.raw`A-Za-z0-9_.\-`,
      before: 96,
      after: VALUE_MAX * 3 + 200,
      priority: base.priority,
    };
    if (base.minEntropy !== undefined) rule.minEntropy = base.minEntropy;
    if (base.docWords !== undefined) rule.docWords = base.docWords;
    const check = base.validate ?? (() => true);
    const decode = e.decode;
    rule.validate = decode === undefined ? check : (value, groups) => {
      const plain = decode(value);
      return !isNotSecret(plain, base.docWords ?? true) && check(plain, groups);
    };
    return rule;
  });
}
