/**
 * Secrets in configuration written with no assignment operator: a
 * directive and its quoted argument ended by `;` (BIND's `key "..." {
 * secret "..."; };`, `api_key "...";`), a server directive that sets a named
 * header, parameter or variable (nginx `proxy_set_header X-Api-Key "...";`,
 * `fastcgi_param DB_PASSWORD ...;`, `set $api_token ...;`, Apache `SetEnv`
 * and `RequestHeader set`, HAProxy `http-request set-header`, csh
 * `setenv`), and an XML element or attribute whose name holds a credential
 * word before other words (`<db_password_value>`, `name="api_key_string"`),
 * read by what those words are and what the value looks like. Spread into
 * the main table ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import { shannonEntropy } from "./checks.ts";
import { isCodeShape } from "./code_shapes.ts";
import { isExcludedName, isLookAlikeValue } from "./filters.ts";
import type { SecretRule } from "./rule.ts";
import { literalForName } from "./rules_code.ts";

/** The password words a directive's name ends in (lower case, as the keyword pass reads them). */
const PASSWORD_DIRECTIVE_WORDS = ["password", "passwd", "passphrase"];
/** The other secret words a directive's name ends in. */
const SECRET_DIRECTIVE_WORDS = [
  "secret",
  "token",
  "apikey",
  "api_key",
  "api-key",
  "private_key",
  "access_key",
];

/** A character of a directive's quoted value: printable ASCII but a blank, a quote or a backslash. */
const DIRECTIVE_VALUE = String.raw`[!#-&(-\[\]-~]`;

/**
 * Where a directive opens: a line's start (raw or JSON-escaped, once or twice), a JSON
 * string's (`"out": "`, or the data's start: `\"apikey \\\"...\\\";\"`, a string escaped twice
 * that opens the text, as the keyword pass's line check reads it), `{` or `;`, then indentation.
 */
const DIRECTIVE_OPENS = String
  .raw`(?<=(?:^|[\r\n{;]|\\{1,3}[nr]|(?:^|:[ \t]{0,2})\\{0,3}")(?:[ \t]|\\{1,3}t){0,64})`;

/**
 * Between a directive's name and its quoted argument, as the keyword's end:
 * nothing (`apikey"...";`), one or two blanks, or a JSON-escaped tab, before the quote
 * raw or escaped once (a transcript's JSON) or three times (JSON inside
 * JSON, its tab escaped twice).
 */
const DIRECTIVE_KEY_ENDS = [
  ' "',
  '"',
  " '",
  "'",
  ' \\"',
  '  \\"',
  '\\"',
  '\\t\\"',
  ' \\\\\\"',
  '  \\\\\\"',
  '\\\\\\"',
  '\\\\t\\\\\\"',
];

/**
 * A directive named for a secret with one quoted argument and `;` after it:
 * the argument (no blank, 6 to 256 characters) as group `s`. Two rules: one
 * keyed on the name's end and the quote (raw or escaped), one on the name
 * alone for a raw quote after tabs or several blanks (named.conf aligned),
 * whose check asks for the quote right after them.
 */
function directiveRules(kind: string, words: readonly string[], what: string): SecretRule[] {
  const value = `${DIRECTIVE_VALUE}{6,256}`;
  const base = {
    kind,
    title: `${what} as a directive's quoted argument`,
    description:
      `\`name "VALUE";\` opening a line or following \`{\` or \`;\` with no assignment operator, as BIND's named.conf and rndc.key write a TSIG key's \`secret "...";\` and other brace-and-semicolon configurations their settings: a name ending in ${what.toLowerCase()} word, the value read as under that name in code.`,
    lead: "A-Za-z0-9_.\\-",
    before: 64,
    after: 280,
    priority: 2 as const,
    validate: (s: string, g: Readonly<Record<string, string | undefined>>) =>
      literalForName((g.name ?? "").replace(/-/g, "_"), s),
  };
  return [
    {
      ...base,
      keywords: words.flatMap((w) => DIRECTIVE_KEY_ENDS.map((end) => `${w}${end}`)),
      pattern: new RegExp(
        String
          .raw`${DIRECTIVE_OPENS}(?<name>[A-Za-z][A-Za-z0-9_.-]{0,63})(?: {1,2}|\\{1,2}t)?(?:"(?<s>${value})"|\\{1,3}"(?<s>${value})\\{1,3}"|'(?<s>${value})')(?=[ \t]{0,8};)`,
      ),
      tail: { blanks: 0, cls: DIRECTIVE_VALUE.slice(1, -1), min: 6, opensLine: true },
    },
    {
      ...base,
      title: `${what} as a directive's quoted argument after tabs or several blanks`,
      keywords: words,
      pattern: new RegExp(
        String
          .raw`${DIRECTIVE_OPENS}(?<name>[A-Za-z][A-Za-z0-9_.-]{0,63})[ \t]{1,16}(?:"(?<s>${value})"|'(?<s>${value})')(?=[ \t]{0,8};)`,
      ),
      // Blanks or tabs, then the quote (`client_secret: "..."` and prose leave the pass here).
      tail: { blanks: 16, cls: `"'`, min: 1, opensLine: true },
    },
  ];
}

/** A character of a directive's bare value: printable ASCII but a blank, a quote, `;` or a backslash. */
const BARE_VALUE = String.raw`[!#-&(-:<-\[\]-~]`;

/**
 * A bare value's first six characters: no `:` or `=` either, so the keyword
 * pass (whose keyword is the name's end, blanks included in its tail) drops
 * `API_TOKEN=${API_TOKEN}` and `api_key: ...`, the assignments of other rules.
 */
const BARE_FIRST = String.raw`[!#-&(-9<>-\[\]-~]`;

/** A line-long directive's value: 6 to 128 characters. */
const BARE_TEXT = `${BARE_FIRST}{6}${BARE_VALUE}{0,122}`;

/** Between a line-long directive's name and its value: blanks, raw or JSON-escaped tabs (slapd.conf and keepalived.conf align with tabs). */
const BARE_GAP = String.raw`(?:[ \t]|\\{1,3}t){1,16}`;

/** A comment after a line-long directive's value (`# ...` after a blank, as keepalived reads one). */
const BARE_COMMENT = String.raw`(?:[ \t]{1,8}#[^\r\n\\]{0,200})?`;

/**
 * A UUID under a Heroku key, token or secret name (`HEROKU_API_KEY`): the
 * Heroku rule reads one after an operator only, a directive writes none.
 */
function isHerokuUuid(name: string, value: string): boolean {
  return /heroku/i.test(name) && /key|token|secret/i.test(name) &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * A value given by a line-long directive: a letter and a non-letter (a word
 * after `password` is prose), then what a password under that name is.
 */
function isBareDirectiveValue(name: string, value: string): boolean {
  if (!/[A-Za-z]/.test(value) || !/[^A-Za-z]/.test(value)) return false;
  // An option (`passwd --stdin`), a path or a reference is no value.
  if (/^[-\/.~$%<]/.test(value)) return false;
  // A port and protocol (`kpasswd  464/tcp`, /etc/services as services(5) writes it).
  if (/^\d{1,5}\/(?:tcp|udp|sctp|ddp)$/i.test(value)) return false;
  // Markup around a word is a reference: a vim help tag (`PASSWORD\t*netrw-passwd*`), emphasis.
  if (/^([*|`_]).*\1$/.test(value)) return false;
  // Code, not configuration: a field's pointer or slice type (Go's `Password *string`,
  // `password []byte`), a column list's item (`password\tpassword_hash,`), an identifier
  // naming a credential (`api_key\tapi_key_from_env`).
  if (/^(?:[*&]|\[\])+[A-Za-z_][\w.]*$/.test(value) || value.endsWith(",")) return false;
  // A docstring's argument and its type (`oidc_token (google.pubsub_v1.types.OidcToken):`,
  // Google style, found in the Cloud SDK's sources), a label before its text (`api_key:`).
  if (value.startsWith("(") || value.endsWith(":")) return false;
  // A C array (`Tcl_Token staticTokens[NUM_STATIC_TOKENS];`), a Vim variable, an IPv6 token.
  if (isCodeShape(value, {})) return false;
  // A sentence's last word (`password combination.`, smtplib's docstring wrapped there).
  if (/^[A-Za-z]+[.!?)]+$/.test(value)) return false;
  if (/^[A-Za-z_][\w.]*$/.test(value) && /pass|pw|secret|token|key|auth|cred/i.test(value)) {
    return false;
  }
  // OpenLDAP's rootpw and nslcd's bindpw are passwords by name.
  return isHerokuUuid(name, value) ||
    literalForName(name.replace(/pw$/i, "password").replace(/-/g, "_"), value);
}

/**
 * A line that is one directive named for a secret and its bare or quoted
 * value, `;` or nothing after it: OpenLDAP's `rootpw`, nslcd's `bindpw`,
 * keepalived's `auth_pass`, Apache's `AuthLDAPBindPassword`, FRR's
 * `password`, nginx's `secure_link_secret`. Each keyword is a name's end
 * and the blank after it.
 */
function bareDirectiveRule(kind: string, words: readonly string[], what: string): SecretRule {
  return {
    kind,
    title: `${what} as a line-long directive's bare value`,
    description:
      `\`rootpw VALUE\` (OpenLDAP), \`bindpw VALUE\` (nslcd, pam_ldap), \`auth_pass VALUE\` (keepalived), \`AuthLDAPBindPassword VALUE\` (Apache), \`password VALUE\` (FRR, Quagga), \`secure_link_secret VALUE;\` (nginx): a line holding only a name that ends in ${
        words.map((w) => w.trim()).join(", ")
      }, blanks or tabs and one value, bare, double- or single-quoted (a letter and a non-letter, no blank; not an option, path or reference), \`;\` or a \`# comment\` possibly after it.`,
    // The name's end (raw blanks, tabs included, are the tail's) or it and a JSON-escaped tab.
    keywords: words.flatMap((w) => [w.trimEnd(), `${w.trimEnd()}\\t`]),
    pattern: new RegExp(
      String
        .raw`${DIRECTIVE_OPENS}(?<name>[A-Za-z][A-Za-z0-9_.-]{0,63})${BARE_GAP}(?:"(?<s>${BARE_TEXT})"|\\{1,3}"(?<s>${BARE_TEXT})\\{1,3}"|'(?<s>${BARE_TEXT})'|(?<s>${BARE_TEXT}))[ \t]{0,8};?${BARE_COMMENT}[ \t]{0,8}(?=\r?\n|$|\\{1,3}[nr]|\\{0,3}")`,
      "i",
    ),
    lead: "A-Za-z0-9_.\\-",
    ahead: new RegExp(String.raw`${DIRECTIVE_OPENS}[A-Za-z]`, "i"),
    tail: { blanks: 16, cls: String.raw`"'\\${BARE_FIRST.slice(1, -1)}`, min: 6, opensLine: true },
    before: 64,
    after: 160,
    priority: 2,
    validate: (s, g) => isBareDirectiveValue(g.name ?? "", s),
  };
}

/**
 * Directives of web servers and shells that set a named header, parameter,
 * environment variable or variable to a value: the name, then the value.
 */
const SETTING_DIRECTIVE = String
  .raw`(?:(?:proxy|grpc)_set_header|add_header|(?:fastcgi|uwsgi|scgi)_param|setenv|(?:request)?header[ \t]{1,8}(?:always[ \t]{1,8})?(?:set|add|append|merge|setifempty)|(?:request_header|header_(?:up|down)(?:stream)?)(?=[ \t])|http-(?:request|response)[ \t]{1,8}(?:set|add)-header|set(?=[ \t]{1,8}\$))`;

/**
 * How a setting's name that can hold a secret ends (every name the value
 * check accepts ends so): the pattern stops at any other name at once.
 */
const CREDENTIAL_END = "(?:pass(?:word|wd|phrase)?|pwd|secret|token|key|credentials?)";

/**
 * What follows a setting's value: the directive's end (`;`, the line's
 * end, raw or JSON-escaped), or a blank and what the servers write after a
 * value: nginx's `always` (add_header) and `if_not_empty` (fastcgi_param),
 * Apache's `early`, `env=` and `expr=`, HAProxy's `if`/`unless` condition,
 * a `#` comment.
 */
const SETTING_END = String
  .raw`(?=[ \t]{0,8}(?:[;\r\n]|$|\\{1,3}[nrt"])|[ \t]{1,8}(?:(?:always|if_not_empty|early|if|unless)(?![\w=-])|(?:env|expr)=|#))`;

/** Between a setting directive, its name and its value: blanks or JSON-escaped tabs. */
const SETTING_GAP = String.raw`(?:[ \t]|\\{1,3}t){1,16}`;

/** Keywords of the setting rule: each directive as it is written before its name. */
const SETTING_KEYWORDS = [
  "proxy_set_header",
  "grpc_set_header",
  "add_header",
  "fastcgi_param",
  "uwsgi_param",
  "scgi_param",
  "setenv",
  "header set ",
  "header add ",
  "header append ",
  "header setifempty ",
  "header merge ",
  // Caddy: request_header (v2), header_up/header_down (v2 reverse_proxy), header_upstream (v1).
  "request_header",
  "header_up",
  "header_down",
  "header always set ",
  "header always add ",
  "http-request set-header ",
  "http-request add-header ",
  "http-response set-header ",
  "http-response add-header ",
  "set $",
];

/**
 * The value of a named setting is a secret as under that name in code; a
 * header named for a key (`X-Api-Key`, `X-Auth-Token`) carries its key
 * as sent, so 32 or more hex digits there are a key, not a digest.
 */
function isSettingSecret(name: string, value: string): boolean {
  const snake = name.replace(/-/g, "_");
  if (literalForName(snake, value) || isHerokuUuid(name, value)) return true;
  return name.includes("-") && /(?:key|token|secret)$/i.test(name) && !isExcludedName(snake) &&
    /^[0-9a-fA-F]{32,128}$/.test(value) && /[a-fA-F]/.test(value) && /[0-9]/.test(value) &&
    shannonEntropy(value) >= 3;
}

/** Words of an XML name that name what holds the secret, not something about it. */
const HOLDER_WORDS = new Set(
  "value val string str text data content plain plaintext clear cleartext raw literal b64 base64 hex bytes"
    .split(" "),
);

/** Words of an XML name after a credential word that make it a setting about the credential. */
export const META_WORDS = new Set(
  ("policy policies hint hints length len min max minimum maximum expiry expires expiration expired age regex regexp pattern rule rules reset changed change required require enabled enable disabled label prompt file path dir url uri endpoint type mode format name id ref reference arn count attempts retries history complexity strength field validator validation encoder encoding algorithm algo provider store manager timeout lifetime ttl duration days interval header param parameter location source env variable var version kind class service server host port user username login method scheme scope scopes audience issuer limit size prefix suffix status state error message description desc title help info use used usage generator generation rotation strategy hash salt salted hashed encrypted enc cipher iterations rounds mask masked visible visibility input confirm confirmation match matches placeholder example sample default")
    .split(" "),
);

/** Roles before `key` that make it a credential (`apiKey`, `secret_key`). */
const KEY_ROLES = new Set(
  "api access private secret auth signing encryption master license subscription client".split(
    " ",
  ),
);

/** The words of an XML name, lower case: snake, kebab, dotted and camel case split, a namespace prefix dropped. */
function nameWords(name: string): string[] {
  return name.replace(/^[\w.-]*:/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .split(/[_.-]+/)
    .filter((w) => w !== "");
}

/** Where a name's credential word is, what kind it is, and the words after it. */
export interface CredentialAt {
  /** The name up to its credential word, joined with `_` (`db_password`). */
  head: string;
  /** A password word (password, passwd, passphrase, secret) or another key (token, API key). */
  password: boolean;
  /** The words after the credential word. */
  tail: string[];
}

/** An Android resource reference (`@string/maps_key_debug2`, `@android:string/x`, `?attr/x`): no value. */
const RESOURCE_REFERENCE = /^[@?](?:[\w.]+:)?[\w]+\/[\w.]+$/;

/** The last credential word of an XML name with the words after it, or null. */
export function credentialAt(name: string): CredentialAt | null {
  const words = nameWords(name);
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i]!;
    const isKey = w === "key" && i > 0 && KEY_ROLES.has(words[i - 1]!);
    if (/^(?:password|passwd|passphrase|secret|token|apikey)$/.test(w) || isKey) {
      return {
        head: words.slice(0, i + 1).join("_"),
        password: /^(?:password|passwd|passphrase|secret)$/.test(w),
        tail: words.slice(i + 1),
      };
    }
  }
  return null;
}

/**
 * An XML name with a credential word before other words, and a value that
 * is a secret under it: words that only name the holder (`value`,
 * `string`, `data`) read the value as under the credential word itself;
 * a word about the credential (`policy`, `hint`, `length`, `url`, `name`)
 * is never a secret; other words (`<the_password_tag>`) need a value that
 * looks random: 12 or more characters, letters and digits, no blank, 3.5
 * bits per character. A credential word at the end is the other XML rules',
 * but for a token or key named by a `name`/`key` attribute, whose text no
 * other rule reads (Android's `<string name="api_token">...</string>`, Java
 * properties' `<entry key="api.token">...</entry>`): that value is read as
 * under the name in code.
 */
function isInnerCredential(
  name: string,
  value: string,
  password: boolean,
  byAttribute: boolean,
): boolean {
  const at = credentialAt(name);
  if (at === null || at.password !== password || RESOURCE_REFERENCE.test(value)) return false;
  if (at.tail.length === 0) return byAttribute && !password && literalForName(at.head, value);
  if (isExcludedName(at.head) || at.tail.some((w) => META_WORDS.has(w))) return false;
  if (at.tail.every((w) => HOLDER_WORDS.has(w))) return literalForName(at.head, value);
  return value.length >= 12 && !/\s/.test(value) && /[A-Za-z]/.test(value) &&
    /[0-9]/.test(value) && shannonEntropy(value) >= 3.5 && !isLookAlikeValue(value);
}

/**
 * True when no match of the inner-credential rules can have this name
 * (cached per name). With `tagOnly` the name can only be an element's tag
 * (no quote before it opens a `name`/`key` attribute's value), under which
 * a name that ends with its credential word is never read.
 */
function rejectInnerName(name: string, password: boolean, tagOnly: boolean): boolean {
  // A keyword that opens with the closing quote (`" value=`) gives the run through `value`.
  const at = credentialAt(name.split(/[^\w.:-]/, 1)[0]!);
  // A token's name with nothing after its word is read when an attribute holds it.
  return at === null || at.password !== password ||
    ((password || tagOnly) && at.tail.length === 0) || at.tail.some((w) => META_WORDS.has(w));
}

/** A line break, raw or JSON-escaped, with indentation: the value on its own line. */
const XML_BREAK = String
  .raw`(?:[ \t]{0,16}(?:\r?\n|\\{1,3}r\\{1,3}n|\\{1,3}n)(?:[ \t]|\\{1,3}t){0,64})?`;

/** Before a `<setting>` element's attribute: blanks and line breaks, raw or JSON-escaped. */
const XML_ATTR_GAP = String.raw`(?:[ \t\r\n]|\\{1,3}[nrt]){1,64}`;

/** An attribute value, double- or single-quoted, as group `s`. */
const ATTR_VALUE = String
  .raw`(?:"(?<s>[^"\\\r\n]{1,256})"|\\{1,3}"(?<s>[^"\\\r\n]{1,256})\\{1,3}"|'(?<s>[^'\\\r\n]{1,256})')`;

/**
 * An element's text as a CDATA section (`<password><![CDATA[...]]></password>`,
 * as XML writers keep a value holding `<` or `&`): the text as group `s`.
 */
export const XML_CDATA = String.raw`<!\[CDATA\[(?<s>(?:[^\]\r\n]|\](?!\]>)){1,256})\]\]>`;

/** A name holding a credential word, as the inner XML rules read it (group `tag` or `name`). */
export const INNER_NAME = String.raw`[A-Za-z_][\w.:-]{0,80}`;

/**
 * The text of an element whose tag holds a credential word before other
 * words (`<db_password_value>...</db_password_value>`), or of an element
 * named so by its `name`/`key` attribute (`<x name="the_password_att">`):
 * the name's run ends at `>`, possibly after its closing quote, which the
 * keyword pass checks.
 */
const INNER_TEXT = String
  .raw`(?<=<[ \t]{0,4})(?<tag>${INNER_NAME})[ \t]{0,4}>${XML_BREAK}[ \t]{0,16}(?:${XML_CDATA}|(?<s>[^<\s](?:[^<\r\n]{0,254}?[^<\s])?))[ \t]{0,16}${XML_BREAK}<\/[ \t]{0,4}\k<tag>[ \t]{0,4}>|(?<=(?:name|key)[ \t]{0,4}=[ \t]{0,4}\\{0,3}["'])(?<name>${INNER_NAME})\\{0,3}["'][ \t]{0,4}>(?<s>[^<\s]{1,256})<\/`;

/**
 * A `value` attribute after a `name`/`key` attribute holding a credential
 * word before other words (`<add key="api_key_string" value="..."/>`). A
 * tag holding one before a `value` attribute (`<the_password_tag
 * value="..."/>`) is left out: keyed on ` value=`, every HTML input would
 * cost a look-up.
 */
const INNER_VALUE_ATTR = String
  .raw`(?<=(?:name|key)[ \t]{0,4}=[ \t]{0,4}\\{0,3}["'])(?<name>${INNER_NAME})\\{0,3}["'][ \t]{1,16}value[ \t]{0,4}=[ \t]{0,4}${ATTR_VALUE}`;

/** Keywords of the value-attribute form: the attribute after the name's closing quote. */
const VALUE_ATTR_KEYWORDS = [
  '\\" value=',
  '\\" value =',
  '" value=',
  '" value =',
  "' value=",
  "' value =",
];

/**
 * An XML name holding a credential word before other words, and its value:
 * as an element's text (keyed on the credential word, the name's run ending
 * at `>`) or as a `value` attribute after it (keyed on the attribute).
 */
function innerXmlRule(
  kind: string,
  words: readonly string[],
  password: boolean,
  what: string,
  form: "text" | "attribute",
): SecretRule {
  return {
    kind,
    title: `${what} in XML under a name with more words after the credential word (${
      form === "text" ? "element text" : "value attribute"
    })`,
    description: form === "text"
      ? `\`<db_password_value>...</db_password_value>\`, \`<x name="the_password_att">...</x>\`: a tag or name attribute holding ${what.toLowerCase()} word with other words after it. Words that only name the holder (value, string, data, text, tag, ...) read the value as under the credential word itself; words about the credential (policy, hint, length, url, name, type, ...) are never secrets; other words need a value that looks random (12 or more characters, letters and digits, 3.5 bits per character).`
      : `\`<add key="api_key_string" value="..."/>\`: the \`value\` attribute after a name attribute holding such a name, read as the element text form reads it.`,
    keywords: form === "text" ? words : VALUE_ATTR_KEYWORDS,
    pattern: new RegExp(form === "text" ? INNER_TEXT : INNER_VALUE_ATTR),
    lead: "A-Za-z0-9_.:\\-",
    // The element form's attribute alternative reads a name after a quote only (its look-behind):
    // a name after anything else (`<your-token>` in a README) is a tag, read by validate as one.
    rejectName: (name, quoted) => rejectInnerName(name, password, form === "text" && !quoted),
    ahead: /(?<=<[ \t]{0,4}|=[ \t]{0,4}\\{0,3}["'])[A-Za-z_]/,
    ...(form === "text" ? { follows: { quote: true, escapes: 3, blanks: 4, operators: ">" } } : {}),
    before: 90,
    after: form === "text" ? 700 : 300,
    priority: 2,
    validate: (s, g) => isInnerCredential(g.tag ?? g.name ?? "", s, password, g.name !== undefined),
  };
}

/** An attribute of a resource element, double-quoted (possibly JSON-escaped). */
const RES_ATTR = String
  .raw`[ \t]{1,16}[A-Za-z_][\w:.-]{0,40}[ \t]{0,4}=[ \t]{0,4}\\{0,3}"[^"\\<>\r\n]{0,120}\\{0,3}"`;

/**
 * A resource element named by its `name` attribute with other attributes
 * around it (Android's `<string name="api_key" translatable="false">`,
 * `<string translatable="false" name="db_password">`), and its text.
 */
const RES_TEXT = String
  .raw`<(?<el>string|item|entry)(?:${RES_ATTR}){0,4}?[ \t]{1,16}(?:name|key)[ \t]{0,4}=[ \t]{0,4}\\{0,3}"(?<name>${INNER_NAME})\\{0,3}"(?:${RES_ATTR}){0,4}[ \t]{0,4}>(?<s>[^<\s]{1,256})<\/[ \t]{0,4}\k<el>[ \t]{0,4}>`;

/**
 * The text of a resource element named for a credential with other
 * attributes besides its name: the name read as the inner XML rules read
 * it; a password's text (an app's own strings hold `Forgot`, `Invalid`
 * under such names) also needs a letter and a non-letter.
 */
export function isResourceCredential(name: string, value: string, password: boolean): boolean {
  const at = credentialAt(name);
  if (at === null || at.password !== password || RESOURCE_REFERENCE.test(value)) return false;
  if (password && (!/[A-Za-z]/.test(value) || !/[^A-Za-z]/.test(value))) return false;
  if (at.tail.length === 0) return literalForName(at.head, value);
  return isInnerCredential(name, value, password, true);
}

/** A resource element's text under a credential's name with other attributes beside it. */
function resourceRule(kind: string, password: boolean, what: string): SecretRule {
  return {
    kind,
    title: `${what} as a resource element's text, other attributes beside its name`,
    description:
      `\`<string name="api_key" translatable="false">...</string>\` (Android resources keep keys out of translation so), \`<string translatable="false" name="db_password">\`: a \`string\`, \`item\` or \`entry\` element whose name attribute holds ${what.toLowerCase()} word, read as the inner XML rules read such a name (a password's text also needs a letter and a non-letter).`,
    // The attributes Android writes beside a string's name.
    keywords: ["translatable=", "formatted=", "tools:ignore=", "product="],
    pattern: new RegExp(RES_TEXT, "i"),
    before: 400,
    after: 700,
    priority: 2,
    validate: (s, g) => isResourceCredential(g.name ?? "", s, password),
  };
}

/** Keywords of the inner password rule. */
export const PASSWORD_XML_WORDS = ["password", "passwd", "passphrase", "secret"];

/** Keywords of the inner token rule: token, and `key` after each role, joined as names write it. */
export const TOKEN_XML_WORDS = [
  "token",
  ...[...KEY_ROLES].flatMap((r) => [`${r}key`, `${r}_key`, `${r}-key`]),
];

/** A line break after the operator, the value on the next, indented line (raw or JSON-escaped). */
const CF_NEXT_LINE = String
  .raw`(?:[ \t]{0,16}(?:\r?\n|\\{1,3}r\\{1,3}n|\\{1,3}n)(?:[ \t]|\\{1,3}t){0,32})?`;

/** A block's body: anything but braces, or one nested block (`validation { ... }`). */
const HCL_BODY = String.raw`(?:[^{}]|\{[^{}]{0,400}\})`;

/**
 * Terraform's `variable "NAME" { ... default = "VALUE" ... }`: the default of
 * a variable named for a secret, or of any variable declared `sensitive =
 * true`, with the block's text around it (groups `name`, `s`, `body`, `rest`).
 */
const HCL_VARIABLE_DEFAULT = String
  .raw`(?<![A-Za-z0-9_](?<!\\[nrt]))variable[ \t]{1,16}\\{0,3}"(?<name>[A-Za-z0-9_-]{2,96})\\{0,3}"[ \t]{0,16}\{(?<body>${HCL_BODY}{0,800}?)(?<![A-Za-z0-9_](?<!\\[nrt]))default[ \t]{0,16}=[ \t]{0,16}\\{0,3}"(?<s>[^"\\\r\n]{1,256})\\{0,3}"(?=(?<rest>${HCL_BODY}{0,400}))`;

/** The rules of this file, in the order they are tried. */
export const CONFIG_RULES: readonly SecretRule[] = [
  {
    kind: "password_assignment",
    title: "Default of a Terraform variable named for a secret or declared sensitive",
    description:
      '`variable "db_password" { default = "..." }` (its `type`, `description` and `validation` beside it, in any order) and any `variable` block with `sensitive = true`: the default, read as a literal under the variable\'s name (under a password\'s name when only `sensitive` says so); a reference or placeholder is kept.',
    keywords: ["variable"],
    needs: "default",
    pattern: new RegExp(HCL_VARIABLE_DEFAULT),
    after: 1400,
    priority: 2,
    validate: (s, g) =>
      !/^\$\{|^<[^>]*>$/.test(s) &&
      (literalForName(g.name ?? "", s) && !isExcludedName(g.name ?? "") ||
        /(?<![A-Za-z0-9_])sensitive[ \t]{0,16}=[ \t]{0,16}true/.test(`${g.body} ${g.rest}`) &&
          literalForName("password", s)),
  },
  ...directiveRules("password_assignment", PASSWORD_DIRECTIVE_WORDS, "Password"),
  ...directiveRules("generic_secret", SECRET_DIRECTIVE_WORDS, "Secret, token or API key"),
  bareDirectiveRule(
    "password_assignment",
    ["password ", "passwd ", "passphrase ", "rootpw ", "bindpw ", "_pass "],
    "Password",
  ),
  bareDirectiveRule(
    "generic_secret",
    ["_secret ", "_token ", "api_key ", "apikey ", "access_key "],
    "Secret, token or API key",
  ),
  {
    kind: "generic_secret",
    title: "Secret set by a server or shell directive under a named header or variable",
    description:
      '`proxy_set_header X-Api-Key "...";`, `fastcgi_param DB_PASSWORD ...;` (nginx, also grpc_set_header, add_header, uwsgi_param, scgi_param), `set $api_token "...";`, `SetEnv DB_PASSWORD ...` and `RequestHeader set X-Auth-Token ...` (Apache), `http-request set-header X-Api-Key ...` (HAProxy), `setenv API_TOKEN ...` (csh), `request_header`, `header_up` and `header_upstream` (Caddy): the value of a header, parameter or variable whose name ends in a credential word, read as under that name in code, what the servers write after it allowed (`always`, `if_not_empty`, `early`, `env=`, `expr=`, `if`, `unless`, a comment; an `Authorization` header is the bearer and basic rules\').',
    keywords: SETTING_KEYWORDS,
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_-](?<!\\[nrt]))${SETTING_DIRECTIVE}${SETTING_GAP}\$?(?<name>[A-Za-z_][A-Za-z0-9_.-]{0,79}?${CREDENTIAL_END})${SETTING_GAP}(?:"(?<s>[^"\\\s]{6,256})"|\\{1,3}"(?<s>[^"\\\s]{6,256})\\{1,3}"|'(?<s>[^'\\\s]{6,256})'|(?<s>[^\s"'\\;{}]{6,256}))${SETTING_END}`,
      "i",
    ),
    // One attempt where the directive begins (`RequestHeader` before `header set`).
    lead: "A-Za-z_\\-",
    before: 24,
    after: 420,
    priority: 2,
    validate: (s, g) => isSettingSecret(g.name ?? "", s),
  },
  innerXmlRule("xml_password", PASSWORD_XML_WORDS, true, "A password", "text"),
  innerXmlRule("xml_token", TOKEN_XML_WORDS, false, "A token or key", "text"),
  innerXmlRule("xml_password", PASSWORD_XML_WORDS, true, "A password", "attribute"),
  innerXmlRule("xml_token", TOKEN_XML_WORDS, false, "A token or key", "attribute"),
  resourceRule("xml_password", true, "A password"),
  resourceRule("xml_token", false, "A token or key"),
  {
    kind: "generic_secret",
    title: ".NET application setting named for a secret",
    description:
      '`<setting name="DbPassword" serializeAs="String"><value>...</value></setting>` of an app.config or Settings.settings (single quotes, or `serializeAs` before `name`, alike): the `<value>` element after a `<setting>` whose name ends in a credential word (or holds one before words that only name the holder), its value read as under that name in code.',
    // The element's opening: one attempt where it begins (its name attribute first or not).
    keywords: ["<setting ", "<setting\\"],
    pattern: new RegExp(
      String
        .raw`<setting(?:${XML_ATTR_GAP}[A-Za-z_][\w:.-]{0,40}[ \t]{0,4}=[ \t]{0,4}\\{0,3}["'][^"'\\<>\r\n]{0,120}\\{0,3}["']){0,4}?${XML_ATTR_GAP}name[ \t]{0,4}=[ \t]{0,4}\\{0,3}["'](?<name>[\w.:-]{0,60}?(?:pass|secret|token|key)[\w.:-]{0,40})\\{0,3}["'][^<>]{0,160}>${XML_BREAK}<value>${XML_BREAK}(?<s>[^<\s]{1,256})${XML_BREAK}<\/value>`,
      "i",
    ),
    before: 0,
    after: 500,
    priority: 2,
    validate: (s, g) => {
      const at = credentialAt(g.name ?? "");
      return at !== null && at.tail.every((w) => HOLDER_WORDS.has(w)) &&
        literalForName(at.head, s);
    },
  },
  {
    kind: "cloudflare_api_key",
    title: "Cloudflare key under the vendor's name alone",
    description:
      "`cloudflare: <37 hex>` (a Global API Key, the only Cloudflare credential of that length, in either case) or `cloudflare: <40 URL-safe characters>` (an API token, letters of both cases and digits): a settings file keyed by the vendor's name with no credential word, the value possibly on the next line; the name may go on (`cloudflare_global`), or be followed by blanks alone, for the 37 hex digits only, the length being the format.",
    keywords: ["cloudflare"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_](?<!\\[A-Za-z0-9_]))cloudflare(?:(?<more>[A-Za-z0-9_.-]{1,24}))?(?:\\{0,3}["'])?(?:[ \t]{0,16}(?::=|=>|=|:)${CF_NEXT_LINE}[ \t]{0,16}(?:\\{0,3}["'])?(?:(?<s>[0-9a-f]{37})(?![0-9A-Za-z_-])|(?<s>[A-Za-z0-9_-]{40})(?![0-9A-Za-z_-]))|[ \t]{1,16}(?:\\{0,3}["'])?(?<s>[0-9a-f]{37})(?![0-9A-Za-z_-]))`,
      "i",
    ),
    after: 200,
    priority: 2,
    validate: (s, g) =>
      s.length === 37
        ? /[a-f]/i.test(s) && /[0-9]/.test(s) && shannonEntropy(s) >= 3
        : g.more === undefined && /[a-z]/.test(s) && /[A-Z]/.test(s) && /[0-9]/.test(s) &&
          shannonEntropy(s) >= 4,
  },
];
