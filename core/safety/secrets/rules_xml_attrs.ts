/**
 * Secrets in an XML tag's `value` attribute wherever the tag's attributes
 * stand: on separate lines (`<add key="ApiKey"` and `value="..."` on the
 * next), single-quoted, the value before the name (`<add value="..."
 * key="api_key_string"/>`), other attributes between; and a tag whose own
 * name holds the credential word (`<the_password_tag value="..."/>`). Names
 * are read as the inner XML rules read them (rules_config.ts: holder words,
 * words about the credential, a random value under other words). Spread
 * into the main table ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import {
  credentialAt,
  INNER_NAME,
  isResourceCredential,
  META_WORDS,
  PASSWORD_XML_WORDS,
  TOKEN_XML_WORDS,
} from "./rules_config.ts";
import type { SecretRule } from "./rule.ts";

/** Between a tag's name and attributes: blanks and line breaks, raw or JSON-escaped. */
const ATTR_GAP = String.raw`(?:[ \t\r\n]|\\{1,3}[nrt]){1,64}`;

/** One attribute, double- or single-quoted (the quotes possibly escaped). */
const ANY_ATTR = String
  .raw`[A-Za-z_][\w:.-]{0,40}[ \t]{0,4}=[ \t]{0,4}(?:\\{0,3}"[^"\\<>\r\n]{0,200}\\{0,3}"|\\{0,3}'[^'\\<>\r\n]{0,200}\\{0,3}')`;

/** Up to eight other attributes before the one wanted. */
const OTHER_ATTRS = `(?:${ATTR_GAP}${ANY_ATTR}){0,8}?${ATTR_GAP}`;

/** The `value` attribute, double- or single-quoted, its text as group `s`. */
const VALUE_ATTR = String
  .raw`(?<![\w.:-](?<!\\[nrt]))value[ \t]{0,4}=[ \t]{0,4}(?:\\{0,3}"(?<s>[^"\\<>\r\n]{1,256})\\{0,3}"|\\{0,3}'(?<s>[^'\\<>\r\n]{1,256})\\{0,3}')`;

/** Elements that name a setting by a `name` or `key` attribute and give it by `value`. */
const SETTING_ELEMENTS = [
  "add",
  "property",
  "entry",
  "param",
  "parameter",
  "setting",
  "env",
  "variable",
  "item",
  "option",
  "constant",
];

/**
 * A setting element: a `name`/`key` attribute holding a credential word
 * and a `value` attribute, each among the tag's first nine attributes, in
 * either order, on any of its lines.
 */
function settingAttrRule(
  kind: string,
  password: boolean,
  what: string,
  raw: "tab" | "line" | null = null,
): SecretRule {
  // A raw tab or line break right after the element's name cannot be a keyword (printable
  // ASCII only): keyed on the bare `<add`, the check wants that byte (`sep`) before the first
  // attribute's `=`, so `<address>` and other names that only start so leave the pass.
  const gate = raw === null ? {} : {
    reach: {
      cls: raw === "tab" ? String.raw`A-Za-z_:.\- \r\n` : String.raw`A-Za-z_:.\- \t\r`,
      max: 96,
      sep: raw === "tab" ? "\t" : "\n",
      end: "=",
    },
  };
  return {
    kind,
    title: `${what} in an XML setting's value attribute, the attributes in any order or lines${
      raw === null ? "" : `, a raw ${raw === "tab" ? "tab" : "line break"} after the element`
    }`,
    description:
      `\`<add key="ApiKey"\` with \`value="..."\` on the next line, \`<add value="..." key="api_key_string"/>\`, \`<property name='db.password' value='...'/>\`: an \`add\`, \`property\`, \`entry\`, \`param\`, \`setting\`, \`env\`, \`variable\`, \`item\`, \`option\` or \`constant\` element whose \`name\` or \`key\` attribute holds ${what.toLowerCase()} word and whose \`value\` attribute is the value, read as the inner XML rules read such a name.`,
    // The element's name and a blank, or the backslash of a JSON-escaped line break or tab (a
    // transcript's `<add\n    key=...`: the attributes one a line). A raw tab or line break
    // cannot be a keyword (printable ASCII only).
    keywords: raw === null
      ? SETTING_ELEMENTS.flatMap((e) => [`<${e} `, `<${e}\\`])
      : SETTING_ELEMENTS.map((e) => `<${e}`),
    ...gate,
    pattern: new RegExp(
      String.raw`<(?:${
        SETTING_ELEMENTS.join("|")
      })(?=${OTHER_ATTRS}(?:name|key)[ \t]{0,4}=[ \t]{0,4}\\{0,3}(?<q>["'])(?<name>${INNER_NAME})\\{0,3}\k<q>)${OTHER_ATTRS}${VALUE_ATTR}`,
      "i",
    ),
    after: 1200,
    priority: 2,
    validate: (s, g) => isResourceCredential(g.name ?? "", s, password),
  };
}

/** True when no tag with this name holds a credential this rule reads (cached per name). */
function rejectTagName(name: string, password: boolean): boolean {
  const at = credentialAt(name);
  return at === null || at.password !== password || at.tail.some((w) => META_WORDS.has(w));
}

/**
 * An attribute of a tag before its `value`, quoted `quote` (its quotes
 * escaped `q`, raw or JSON-escaped), blanks allowed around its `=`; `gap`
 * is what may come before it (blanks, or line breaks too).
 */
function lineAttr(q: string, quote: string, gap: string): string {
  return String
    .raw`${gap}[A-Za-z_][\w:.-]{0,40}[ \t]{0,4}=[ \t]{0,4}${q}${quote}[^${quote}\\<>\r\n]{0,200}${q}${quote}`;
}

/**
 * A tag named for a credential with a `value` attribute, on one line and
 * double-quoted: `<the_password_tag value="..."/>`. Keyed on the credential
 * word, its check reads on through the name's characters and blanks to the
 * first `=` and the quote right after it, so prose (`the password manager`)
 * and other assignments' shapes leave the pass.
 */
function tagValueRule(
  kind: string,
  words: readonly string[],
  password: boolean,
  what: string,
  escaped: boolean,
  quote: '"' | "'" = '"',
) {
  // In a transcript's JSON the quotes are escaped: the check's byte after `=` is the backslash.
  const q = escaped ? String.raw`\\{1,3}` : "";
  // Blanks or line breaks between the tag's name and its attributes (`<apiKey\n  value="..."`).
  const gap = String.raw`(?=[ \t\r\n])[ \t]{0,16}(?:\r?\n[ \t]{0,16}){0,2}`;
  const rule: SecretRule = {
    kind,
    title: `${what} in the value attribute of a tag named for it${
      escaped ? ", its quotes JSON-escaped" : ""
    }${quote === "'" ? ", single-quoted" : ""}`,
    description:
      `\`<the_password_tag value="..."/>\`, \`<apiKey value = "..."/>\`, \`<apiKey value='...'/>\`: a tag whose name holds ${what.toLowerCase()} word and its ${
        quote === "'" ? "single" : "double"
      }-quoted \`value\` attribute (blanks around its \`=\`; other attributes between; on the tag's line or the next), read as the inner XML rules read such a name.`,
    keywords: quote === "'" ? SINGLE_QUOTED_VALUE : words,
    pattern: new RegExp(
      String
        .raw`(?<=<[ \t]{0,4})(?<tag>${INNER_NAME})(?:${
        lineAttr(q, quote, gap)
      }){0,8}?${gap}value[ \t]{0,4}=[ \t]{0,4}${q}${quote}(?<s>[^${quote}\\<>\r\n]{1,256})${q}${quote}`,
      "i",
    ),
    // Single-quoted, keyed on the attribute itself: the name's own keyword with a check for a
    // `'` after the `=` would pass every `secret = '...'` assignment of code.
    ...(quote === "'" ? {} : {
      lead: "A-Za-z0-9_.:\\-",
      rejectName: (name: string) => rejectTagName(name, password),
      ahead: /(?<=<[ \t]{0,4})[A-Za-z_]/,
      reach: {
        cls: String.raw`A-Za-z0-9_.:\- \t\r\n`,
        max: 120,
        sep: "=",
        end: escaped ? "\\" : quote,
      },
    }),
    before: quote === "'" ? 600 : 90,
    after: 1200,
    priority: 2,
    validate: (s, g) => isResourceCredential(g.tag ?? "", s, password),
  };
  return rule;
}

/** The single-quoted `value` attribute, blanks around its `=` or not. */
const SINGLE_QUOTED_VALUE = ["value='", "value ='", "value= '", "value = '"];

/** The rules of this file. */
export const XML_ATTR_RULES: readonly SecretRule[] = [
  settingAttrRule("xml_password", true, "A password"),
  settingAttrRule("xml_token", false, "A token or key"),
  settingAttrRule("xml_password", true, "A password", "tab"),
  settingAttrRule("xml_token", false, "A token or key", "tab"),
  settingAttrRule("xml_password", true, "A password", "line"),
  settingAttrRule("xml_token", false, "A token or key", "line"),
  // Raw quotes only: the same check with the JSON-escaped quote's backslash kept 29 % more
  // keyword hits of the bench transcript (`token=\"...` in code and logs), for a rare shape.
  tagValueRule("xml_password", PASSWORD_XML_WORDS, true, "A password", false),
  tagValueRule("xml_token", TOKEN_XML_WORDS, false, "A token or key", false),
  tagValueRule("xml_password", PASSWORD_XML_WORDS, true, "A password", false, "'"),
  tagValueRule("xml_token", TOKEN_XML_WORDS, false, "A token or key", false, "'"),
];
