/**
 * A literal given to a name declared with a string type written after the
 * name (Go's `var discordToken string = "..."`, TypeScript's `const apiKey:
 * string = "..."`, Kotlin's `val token: String? = "..."`, Rust's `let key:
 * &str = "..."`, Python's `API_KEY: Final[str] = "..."`): read as the same
 * assignment without its type (`discordToken = "..."`), by the rules that
 * read a name, an operator and a value (the vendor rules by name, the
 * generic assignment), so a value any of them takes there is taken here.
 * Those rules' separators take no type word. Pure: data only.
 * @module
 */
import { shannonEntropy } from "./checks.ts";
import type { SecretRule } from "./rule.ts";
import { quotedValue } from "./quoted.ts";

/**
 * A string type after a name: `&str`, `&'static str`, `str`, `string`,
 * `String`, nullable (`String?`) or inside Python's `Final[...]`,
 * `Optional[...]` or `ClassVar[...]`, Python's bare `Final`, and any of them
 * in a union with `None`, `null` or `undefined` (`str | None`; matched
 * ignoring case).
 */
const STRING_TYPE = String
  .raw`(?:&(?:'static[ \t]{1,4})?)?(?:(?:typing\.)?(?:final|optional|classvar)\[[ \t]{0,2}(?:string|str)[ \t]{0,2}\]|(?:typing\.)?final(?![\w.[])|string|str)\??(?:[ \t]{0,4}\|[ \t]{0,4}(?:none|null|undefined))?`;

/**
 * Keywords: the type's end and the `=` after it; Go's `string` before the
 * blanks gofmt aligns a `var ( ... )` block's `=` with (two or
 * more blanks); Python's bare `Final` and a union's `None`, `null` or
 * `undefined` before a spaced `=`.
 */
/** The type words a tab-aligned declaration's check starts from. */
const TAB_KEYWORDS = ["string", "str", "final", "none", "null", "undefined"];

const KEYWORDS = [
  ...["string", "str", "string?", "str]", "string]"].flatMap((t) => [`${t} =`, `${t}=`]),
  "string  ",
  "final =",
  "none =",
  "null =",
  "undefined =",
];

/** Not inside a name (a JSON escape such as the `\\n` of a line break may come right before). */
const NAME_START = String.raw`(?<![A-Za-z0-9_$](?<!\\[A-Za-z0-9_]))`;

/** A value of 32 or more hex digits or a UUID: a digest or an id under most names. */
const HEX_OR_UUID =
  /^(?:(?:0x)?[0-9a-fA-F]{32,}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;

/**
 * A name ending in a credential's compound word (`apiKey`, `clientSecret`, `AUTH_TOKEN`,
 * `apiToken`: an API, server or service token is often hex or a UUID, as the untyped
 * assignment reads it).
 */
const CREDENTIAL_COMPOUND =
  /(?:api|access|secret|private|auth|app|signing|master|encryption)[_.-]?key$|(?:access|auth|api|server|service)[_.-]?token$|client[_.-]?secret$/i;

/** One untyped rule compiled sticky, for reading a declaration's untyped twin. */
interface Untyped {
  rule: SecretRule;
  re: RegExp;
}

/**
 * True when some rule that reads `name = "value"` takes `value` there: the
 * name holds one of its keywords, its pattern matches the whole text with
 * `value` as the secret, and the value passes its checks and entropy.
 */
function readsUntyped(untyped: readonly Untyped[], name: string, value: string): boolean {
  if (/["\\\s]/.test(value)) return false;
  const text = `${name} = "${value}"`;
  const lower = text.toLowerCase();
  for (const { rule, re } of untyped) {
    if (!rule.keywords.some((k) => lower.includes(k))) continue;
    // The name opens the text: no quote before it.
    if (rule.rejectName?.(name, false) === true) continue;
    re.lastIndex = 0;
    const m = re.exec(text);
    if (m === null || (m.groups?.s ?? m[0]) !== value) continue;
    const groups = m.groups ?? {};
    if (rule.validate !== undefined && !rule.validate(value, groups)) continue;
    if (rule.minEntropy !== undefined && shannonEntropy(value) < rule.minEntropy) continue;
    return true;
  }
  return false;
}

/**
 * The vendor words of the rules that read a vendor's name before a value
 * (vendor-specific, by name or near the word): `discord`, `algolia`, `snyk`...
 */
function vendorWords(all: readonly SecretRule[]): string[] {
  const words = new Set<string>();
  for (const r of all) {
    if (r.priority !== 3 || (r.follows === undefined && r.anchor !== "near")) continue;
    for (const k of r.keywords) if (/^[a-z]{4,}$/.test(k)) words.add(k);
  }
  return [...words];
}

/**
 * The typed-declaration rule over the rules of `all` that read a name and
 * an `=` operator (`follows`, a `name` group), taken when first needed.
 * @param all The whole table, read lazily (it holds this rule).
 */
export function typedDeclarationRule(
  all: () => readonly SecretRule[],
  tabbed = false,
): SecretRule {
  let untyped: Untyped[] | null = null;
  let vendors: string[] | null = null;
  const self: SecretRule = {
    kind: "generic_secret",
    title: `Literal declared with a string type, read as its untyped assignment${
      tabbed ? ", a tab before its =" : ""
    }`,
    description:
      '`var discordToken string = "..."` (Go), `const apiKey: string = "..."` (TypeScript), `val token: String? = "..."` (Kotlin), `let key: &str = "..."` (Rust), `API_KEY: Final[str] = "..."` (Python): the literal is a secret when a rule that reads a name and its value takes it as `name = "..."` (the vendor rules by name, the generic assignment with its entropy and look-alike checks); 32 or more hex digits or a UUID only under a vendor\'s name or a credential\'s compound word (`apiKey`, `clientSecret`), a digest or an id under another.',
    // A tab before the `=` cannot be in a keyword (printable ASCII only): keyed on the type's
    // word, the check wants a tab, then the `=`, with only blanks and `?`/`]` before it.
    ...(tabbed
      ? {
        keywords: TAB_KEYWORDS,
        reach: { cls: String.raw` ?\]`, max: 40, sep: "\t", end: "=" },
      }
      : { keywords: KEYWORDS }),
    pattern: new RegExp(
      String
        .raw`${NAME_START}(?<name>[A-Za-z_$][A-Za-z0-9_$]{0,63})(?:[ \t]{0,32}:[ \t]{0,4}|[ \t]{1,32})${STRING_TYPE}[ \t]{0,32}=(?!=)[ \t]{0,4}${
        quotedValue("s", 8, 256)
      }`,
      "i",
    ),
    before: 160,
    after: 340,
    priority: 1,
    validate: (s, g) => {
      untyped ??= all().filter((r) =>
        r !== self && r.follows !== undefined && r.follows.operators.includes("=") &&
        r.pattern.source.includes("(?<name>")
      ).map((rule) => ({ rule, re: new RegExp(rule.pattern.source, rule.pattern.flags + "y") }));
      const name = g.name ?? "";
      // Hex or a UUID is a key under a vendor's name (`discordToken`, `algoliaKey`) or a
      // credential's compound word (`apiKey`); under another (`commitToken`) it is a digest.
      if (HEX_OR_UUID.test(s) && !CREDENTIAL_COMPOUND.test(name)) {
        vendors ??= vendorWords(all());
        const lower = name.toLowerCase();
        if (!vendors.some((w) => lower.includes(w))) return false;
      }
      return readsUntyped(untyped, name, s);
    },
  };
  return self;
}
