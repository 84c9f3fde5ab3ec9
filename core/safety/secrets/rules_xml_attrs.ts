/**
 * Secrets in an XML tag's `value` attribute wherever the tag's attributes
 * stand: on separate lines (`<add key="ApiKey"` and `value="..."` on the
 * next), single-quoted, the value before the name (`<add value="..."
 * key="api_key_string"/>`), other attributes between. Names are read as the inner XML rules read them (rules_config.ts: holder words,
 * words about the credential, a random value under other words). Spread
 * into the main table ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import { INNER_NAME, isResourceCredential } from "./rules_config.ts";
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
  .raw`(?<![\w.:-])value[ \t]{0,4}=[ \t]{0,4}(?:\\{0,3}"(?<s>[^"\\<>\r\n]{1,256})\\{0,3}"|\\{0,3}'(?<s>[^'\\<>\r\n]{1,256})\\{0,3}')`;

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
function settingAttrRule(kind: string, password: boolean, what: string): SecretRule {
  return {
    kind,
    title: `${what} in an XML setting's value attribute, the attributes in any order or lines`,
    description:
      `\`<add key="ApiKey"\` with \`value="..."\` on the next line, \`<add value="..." key="api_key_string"/>\`, \`<property name='db.password' value='...'/>\`: an \`add\`, \`property\`, \`entry\`, \`param\`, \`setting\`, \`env\`, \`variable\`, \`item\`, \`option\` or \`constant\` element whose \`name\` or \`key\` attribute holds ${what.toLowerCase()} word and whose \`value\` attribute is the value, read as the inner XML rules read such a name.`,
    keywords: SETTING_ELEMENTS.map((e) => `<${e} `),
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

/** The rules of this file. */
export const XML_ATTR_RULES: readonly SecretRule[] = [
  settingAttrRule("xml_password", true, "A password"),
  settingAttrRule("xml_token", false, "A token or key"),
];
