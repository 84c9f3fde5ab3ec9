/**
 * False-positive filters: values that have a secret's shape but are not
 * secrets. Every rule's match passes {@linkcode isNotSecret}; the assignment
 * rules (a value given to a secret-like name) also pass
 * {@linkcode isLookAlikeValue} and {@linkcode isExcludedName}.
 *
 * Decisions, documented in docs/safety.md:
 * - Vendor-published example values are kept, not redacted: AWS's documented
 *   keys (every one contains `EXAMPLE`) and the jwt.io sample token. They
 *   are public and appear in docs and tests everywhere; redacting them would
 *   teach readers that the scanner flags documentation.
 * - Placeholders are kept: runs of x, X, * or dots, `your-key-here`-style
 *   words, `<token>`, `[key]`, `${VAR}`, `$VAR`, `{{ var }}`, `%s`, `__X__`,
 *   `example`/`fake`/`not-a-real` markers, a bare `password`/`secret`/`token`
 *   as the value, typed values ({@linkcode isPredictable}), values written in
 *   documentation words ({@linkcode isDocumentationValue}) and text already
 *   holding a `[REDACTED:...]` marker (which also makes redaction idempotent);
 *   base64 that decodes to a placeholder (`user:password`, `not my real password`);
 *   a placeholder that Markdown's inline code closes (`user:PASSWORD` and a backtick);
 *   after a vendor's short prefix, a rest that is one of these
 *   (`dtn_your-daytona-key`, `tr_dev_1234567890`: {@linkcode isVendorPlaceholder}).
 * - For assignment rules only: git SHAs and other hex digests, UUIDs,
 *   `sha256:`/`sha512-` digests and npm integrity strings, Go sums (`h1:`),
 *   algorithm names (`scram-sha-256`, `argon2id`, `aes-256-gcm`),
 *   SSH public keys, publishable keys (`pk_live_`, `pk_test_`, Mapbox `pk.`),
 *   a signed request's credential scope (`<key id>/20240101/<region>/...`),
 *   `data:` URIs (base64 images), public keys in DER (base64 SubjectPublicKeyInfo) and PGP
 *   key ids (`0x` + 8 or 16 capital hex), hex literals of 8 digits or fewer, capitalised
 *   words joined by `%20`,
 *   paths of word names, URLs without credentials, dotted
 *   identifiers whose parts are names (`process.env.X`, `os.environ`; not
 *   `Winter2024.Kx9q`), Vim script variables (`s:netrw_passwd`), function calls, numbers,
 *   version ranges (`^3.3.1-next.19+2c93303`, a package named `*secret*`)
 *   and booleans. A vendor rule with its own prefix (say a 40-hex GitLab trigger
 *   token) is not subject to these value-shape filters.
 * Pure: no I/O.
 * @module
 */
import { shannonEntropy } from "./checks.ts";

/**
 * Words and shapes that mark a value as documentation: `your-key-here`,
 * `<token>`, `[api key]` (also cut before its `]`: `[your token`; cut so
 * and holding a digit, it is a value that opens with a symbol, `[av0iwciVyX@E:Em`),
 * `${VAR}`, `{{ var }}`, `%s`, `__TOKEN__`, `example`,
 * `changeme`, `fake`, `not-a-real-key`, `todo`, an ellipsis (masked non-ASCII
 * arrives as DEL) and an existing `[REDACTED:` marker. A reference inside a
 * value is one only when well formed (`${NAME}`, `${NAME:-x}`, `{{ name }}`,
 * or one cut off at the value's end); a value that opens with `${` is a
 * reference whatever follows. One that opens with `{{` is a template only
 * when that reference is well formed: `{{h}o)p${e]nob(...}}` (detect-secrets'
 * keyword fixtures) and `q{{w}e)r${t]yu(...}}` are passwords of symbols,
 * values. A `%s` between a
 * letter or digit and key punctuation (`dz%s*b8` of a generated Django key)
 * is part of a random value, not a format directive.
 */
const PLACEHOLDER_WORDS =
  /example|placeholder|your[_-]?(?:own[_-]?)?(?:api|access|secret|token|key|pass|app|client|auth|private|real|actual|account|service|org|project|bot|user|db|database|webhook|signing|env)|^your[_-]|[_-]here$|changeme|change[_-]me|redacted|dummy|sample|fake|not[_-]?(?:a[_-]?)?real|not[_-]?a[_-]?secret|insert[_-]|replace[_-]?(?:me|with|this)|^todo|^fixme|^tbd$|<[^>]*>|^<|>$|^\[(?:[^\]]*\]|[^\]0-9]*)$|^\$\{|(?<![a-z0-9])%[sd]\b|%[sd](?=$|[^A-Za-z0-9!@#$%^&*()_=+\-])|^__[A-Za-z0-9_]*__$|\[redacted/i;

/** {@linkcode PLACEHOLDER_WORDS}, to visit each place it matches. */
const PLACEHOLDER_WORDS_ALL = new RegExp(PLACEHOLDER_WORDS.source, "gi");

/** A run of base64 characters long enough to hold a short word by chance. */
const LONG_RUN = /[A-Za-z0-9+/]{40,}/g;

/**
 * True when a value holds a placeholder word ({@linkcode PLACEHOLDER_WORDS})
 * that is not there by chance. A word of fewer than six characters (`fake`,
 * `dummy`) inside a random run of 40 or more base64 characters (4 bits per
 * character or more) is chance: `fake` turns up, in some case, in about one
 * 2048-bit RSA key body in 600 and in long tokens (a session token, a key's
 * base64), which were then kept whole. A longer word (`example`, `sample`,
 * `redacted`: one in a billion such runs) and a word outside such a run
 * still mark a placeholder.
 */
function hasPlaceholderWord(secret: string): boolean {
  if (!PLACEHOLDER_WORDS.test(secret)) return false;
  if (secret.length < 40) return true;
  const runs: [number, number][] = [];
  for (const m of secret.matchAll(LONG_RUN)) {
    if (shannonEntropy(m[0]) >= 4) runs.push([m.index, m.index + m[0].length]);
  }
  if (runs.length === 0) return true;
  for (const m of secret.matchAll(PLACEHOLDER_WORDS_ALL)) {
    const from = m.index;
    const to = from + m[0].length;
    if (m[0].length >= 6 || !runs.some(([a, b]) => a <= from && to <= b)) return true;
  }
  return false;
}

/**
 * A line's gutter in a numbered or boxed listing, where a non-ASCII mark
 * (shown as DEL) stands between the line number and the text: Claude Code's
 * file reads (`     2→MIIE...`), `bat`'s `  2 │ MIIE...`. Only after a line
 * break, real or JSON-escaped, and before the line's text (indented or not:
 * a YAML block scalar's key) or an empty line
 * (a PGP block's blank line: without a line number, only when a blank
 * follows the mark, so an ellipsis alone on a line stays one).
 */
const GUTTER =
  /(\n|\\n)[ \t]{0,16}(?:[0-9]{1,9} ?\x7f{1,4}(?=[ \t]{0,16}(?:[A-Za-z0-9+/=-]|\r|\n|\\[rn]))|\x7f{1,4}(?=[ \t]{0,16}[A-Za-z0-9+/=-]|[ \t](?:\r|\n|\\[rn])))/g;

/**
 * A multi-line value without its lines' gutters ({@linkcode GUTTER}): a
 * key block read through a numbered listing is judged by its lines, and
 * its gutter marks are not an ellipsis.
 */
function withoutGutters(secret: string): string {
  return secret.includes("\x7f") ? secret.replace(GUTTER, "$1") : secret;
}

/**
 * True when a `${...}` or `{{...}}` inside a value is a well-formed
 * reference: its brackets and parentheses balance and close in order, and
 * it ends with its closing brace (`}}` for `{{`) or at the value's end (a
 * value cut there). `${crypto.randomUUID()}`, `${NAME:-x}`, `{{ .Values.k }}`
 * are; the `${e]x(y[z>}` and `{{w}e)...}}` of a symbol-rich password are not.
 */
function hasTemplateReference(value: string): boolean {
  for (let at = value.indexOf("{"); at >= 0; at = value.indexOf("{", at + 1)) {
    const mustache = value.charCodeAt(at + 1) === 0x7b;
    if (!mustache && value.charCodeAt(at - 1) !== 0x24) continue;
    // Handlebars' triple stash (`{{{name}}}`) reads its body as a double one's.
    const body = at + (mustache ? (value.charCodeAt(at + 2) === 0x7b ? 3 : 2) : 1);
    if (isWellFormedReference(value, body, mustache)) return true;
    if (mustache) at++;
  }
  return false;
}

/**
 * Whether a value opens with a `{{...}}` template whose reference is well
 * formed (see {@linkcode hasTemplateReference}): `{{ .Values.pw }}`,
 * `{{{apiKey}}}`, `{{ vault_pw` cut at the value's end; not
 * `{{h}o)p${e]nob(...}}`, a password of symbols.
 * @param value A value.
 * @returns True for a template.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { opensWithTemplate } from "./filters.ts";
 * assert.ok(opensWithTemplate("{{ .Values.db.password }}"));
 * assert.ok(!opensWithTemplate("{{h}o)p${e]nob(ody[finds>-_$#thisone}}"));
 * ```
 */
export function opensWithTemplate(value: string): boolean {
  if (!value.startsWith("{{")) return false;
  return isWellFormedReference(value, value.charCodeAt(2) === 0x7b ? 3 : 2, true);
}

/** See {@linkcode hasTemplateReference}: the body from `from` closes in order. */
function isWellFormedReference(value: string, from: number, mustache: boolean): boolean {
  const open: string[] = [];
  for (let i = from; i < value.length; i++) {
    const c = value[i]!;
    if (c === "(" || c === "[") open.push(c === "(" ? ")" : "]");
    else if (c === ")" || c === "]") {
      if (open.pop() !== c) return false;
    } else if (c === "{") return false;
    else if (c === "}") {
      return open.length === 0 && i > from && (!mustache || value[i + 1] === "}");
    }
  }
  return true;
}

/** The jwt.io sample token's signature (its header and payload are HS256 / "John Doe"). */
const JWT_IO_SAMPLE_SIGNATURE = "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";

/**
 * True when a matched secret is a placeholder, a vendor's published example
 * value or an existing redaction marker.
 * @param secret The matched secret text.
 * @param docWords Whether a value built from documentation words
 * (`mysecretpassword`) is a placeholder; URL passwords are not judged so.
 * @returns Whether it must be kept as is.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isNotSecret } from "./filters.ts";
 * assert.ok(isNotSecret("AKIAIOSFODNN7EXAMPLE"));
 * assert.ok(isNotSecret("ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"));
 * assert.ok(isNotSecret("sk-abcabcabcabcabcabc"));
 * assert.ok(isNotSecret("{PASS}"));
 * assert.ok(!isNotSecret("{ZqL5kVrX1n8tA2}"));
 * assert.ok(!isNotSecret("hunter2-but-longer"));
 * ```
 */
export function isNotSecret(secret: string, docWords = true): boolean {
  if (hasPlaceholderWord(secret) || hasTemplateReference(secret)) return true;
  // Markdown's inline code closes right after the value (user:PASSWORD and a backtick): the rest
  // is judged.
  const inCode = /^(.+)\x60[.,;:)\]]*$/.exec(secret);
  if (inCode !== null && isNotSecret(inCode[1]!, docWords)) return true;
  if (isEncodedPlaceholder(secret)) return true;
  if (/(?:[xX]{5,}|\*{3,}|\.{3,}|\x7f{3}|\u2026|#{4,}|0{8,})/.test(withoutGutters(secret))) {
    return true;
  }
  if (/_{5,}/.test(secret) && !isRandomAroundUnderscores(secret)) return true;
  if (
    /^(?:password|passwd|pass|pwd|passphrase|secret|token|api_?key|apikey|key|credentials?|auth)$/i
      .test(secret)
  ) return true;
  // An HTML-escaped `<` opens a placeholder as `<` does (`&lt;string&gt;`, `&#x3C;token`).
  if (/^&(?:lt|#x3[Cc]|#0*60);/.test(secret)) return true;
  // A whole value that is one format field named in words (`{PASS}`, `{db_password}`,
  // `{dbPassword}`: str.format, C# templates); not a random value in braces (`{ZqL5kVrX1n8tA2}`),
  // nor a password whose words hold digits inside them (`{s3cr3t_p4ssw0rd}`, `{ZQ8VLK2M}`): each
  // word is letters, digits only at its end (`{password2}`).
  if (
    /^\{(?:[A-Z]+[0-9]{0,2}(?:_[A-Z]+[0-9]{0,2})*|[a-z]+[0-9]{0,2}(?:[_.-][a-z]+[0-9]{0,2})*|[a-z]+(?:[A-Z][a-z]+[0-9]{0,2})+)\}$/
      .test(secret)
  ) {
    return true;
  }
  // Python's named %-format field, as configparser interpolates one option into another
  // (`password = %(db_password)s`), the name in words as above; and a Bank-Vaults reference
  // (`vault:secret/data/app#DB_PASSWORD`, a version after a second `#`; a rule that stops at the
  // `#` sees the path alone): a path of word names.
  if (
    /^%\((?:[A-Za-z]+[0-9]{0,2}(?:[_.-][A-Za-z]+[0-9]{0,2})*|[a-z]+(?:[A-Z][a-z]+[0-9]{0,2})+)\)[sdr]$/
      .test(secret) ||
    /^vault:[a-z][\w-]*(?:\/[A-Za-z][\w.-]*)+(?:#[A-Za-z][\w.-]*(?:#\d{1,4})?)?$/.test(secret)
  ) {
    return true;
  }
  if (secret.endsWith(JWT_IO_SAMPLE_SIGNATURE)) return true;
  if (isPredictable(secret) || (docWords && isDocumentationValue(secret))) return true;
  return isVendorPlaceholder(secret, docWords);
}

/**
 * True when a base64 value decodes to a placeholder written in words, as
 * documentation encodes one for a Basic header, an `_auth` or a Secret's
 * data (`dXNlcjpwYXNzd29yZA==` is `user:password`, `bm90IG15IHJlYWwgcGFzc3dvcmQ=`
 * is `not my real password`): printable text whose password part (after a
 * `user:`) is a placeholder, or is lower-case words joined by blanks with a
 * placeholder word among them. A random secret, encoded, decodes to bytes
 * or to one run without blanks, which the value's own rule judges.
 */
function isEncodedPlaceholder(secret: string): boolean {
  if (secret.length < 8 || secret.length > 256 || secret.length % 4 !== 0) return false;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secret)) return false;
  let text: string;
  try {
    text = atob(secret);
  } catch {
    return false;
  }
  if (!/^[\x20-\x7e]+$/.test(text)) return false;
  const colon = text.indexOf(":");
  const pass = colon >= 0 ? text.slice(colon + 1) : text;
  if (/^[a-z]+(?: [a-z]+){2,}$/.test(pass)) {
    return /\b(?:not|no|fake|dummy|example|sample|placeholder|your|real)\b/.test(pass);
  }
  if (pass.length === 0 || /\s/.test(pass)) return false;
  return /^(?:password|passwd|pass|pwd|secret|token|changeme|admin)$/i.test(pass) ||
    PLACEHOLDER_WORDS.test(pass);
}

/**
 * A vendor's token prefix: a short first word, lower- or upper-case, then
 * `_`, `-` or `.`, and up to three short segments more (`dtn_`, `sk-`,
 * `tr_dev_`, `pylf_v1_eu_`, `sk_test_`, `AQ.`, `KGAT_`). Mixed case is not
 * one (`Tr0ub4dor_`): a human password's first word.
 */
const VENDOR_PREFIX =
  /^(?:[a-z][a-z0-9]{1,5}|[A-Z][A-Z0-9]{1,5})[_.\-](?:[A-Za-z0-9]{1,4}[_\-]){0,3}/;

/**
 * True when a value is a vendor's prefix followed by a placeholder: what a
 * README or quick start writes for the key (`dtn_your-daytona-key`,
 * `sk_test_your_stripe_key`, `tr_dev_1234567890`, `pylf_v1_eu_secret`). The
 * rest after any of the prefix's separators opens with `your`, counts or
 * repeats (eight characters or more), or is made of documentation words
 * (with `docWords`). A real key's rest is random and is none of these.
 */
function isVendorPlaceholder(secret: string, docWords: boolean): boolean {
  const prefix = VENDOR_PREFIX.exec(secret);
  if (prefix === null) return false;
  let separators = 0;
  for (let i = 0; i < prefix[0].length; i++) {
    const c = secret.charCodeAt(i);
    if (c !== 0x5f && c !== 0x2d && c !== 0x2e) continue;
    separators++;
    const rest = secret.slice(i + 1);
    if (/^your(?:[_\-.]|[A-Z]|$)/i.test(rest)) return true;
    if (rest.length >= 8 && isPredictable(rest)) return true;
    // Words after a one-word prefix only when it is an abbreviation (`dtn_`, `pylf_`), not a
    // word of a human password (`kitty-password`).
    if (docWords && (i <= 4 || separators > 1) && isDocumentationValue(rest)) return true;
  }
  return false;
}

/**
 * True when a value with a run of underscores is random around it: 32 or
 * more other characters at 4 bits each or more. In base64url `_` is six
 * set bits, so a real token may hold a run (trufflehog's Heroku `HRKU-AA`
 * test token holds five); a placeholder's runs stand between words or fill
 * it (`your_token_____here`, `ghp______`).
 */
function isRandomAroundUnderscores(secret: string): boolean {
  const rest = secret.replace(/_{5,}/g, "");
  return rest.length >= 32 && shannonEntropy(rest) >= 4;
}

/**
 * Openings after which {@linkcode isNotSecret} holds whatever follows:
 * each is one of its placeholder words or runs, anchored or not, and made
 * of characters no value pattern stops at (so a value that opens with one
 * holds all of it, or is too short to match). Literals, matched ignoring
 * the case of ASCII letters, on the ASCII view (a byte >= 0x80 is DEL): the
 * keyword pass tests the same list (name_checks.ts, a value check's
 * placeholder test), so most placeholder values never reach TypeScript.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PLACEHOLDER_OPENING_WORDS } from "./filters.ts";
 * assert.ok(PLACEHOLDER_OPENING_WORDS.includes("${"));
 * ```
 */
export const PLACEHOLDER_OPENING_WORDS: readonly string[] = Object.freeze([
  "${",
  "<",
  "***",
  "xxxxx",
  "...",
  "\x7f\x7f\x7f",
  "####",
  "_____",
  "00000000",
  "example",
  "placeholder",
  "changeme",
  ...["_", "-"].map((sep) => `change${sep}me`),
  "redacted",
  "dummy",
  "sample",
  "fake",
  "your_",
  "your-",
  ...["", "_", "-"].flatMap((sep) => ["me", "with", "this"].map((w) => `replace${sep}${w}`)),
  "insert_",
  "insert-",
  "todo",
  "fixme",
  "[redacted",
]);

/** {@linkcode PLACEHOLDER_OPENING_WORDS} as one sticky pattern, ignoring case. */
const PLACEHOLDER_OPENINGS = new RegExp(
  PLACEHOLDER_OPENING_WORDS.map((w) => w.replace(/[$^{}()[\]|*+?.\\/]/g, "\\$&")).join("|"),
  "iy",
);

/**
 * True when the text at `at` opens like a placeholder: every secret that
 * begins there and holds the opening is kept by {@linkcode isNotSecret}.
 * Lets the engine drop an assigned value before its rule's pattern runs.
 * @param text The scanned text.
 * @param at Where the value begins.
 * @returns Whether the value is a placeholder, whatever follows the opening.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { opensAsPlaceholder } from "./filters.ts";
 * assert.ok(opensAsPlaceholder("KEY=${API_KEY}", 4));
 * assert.ok(!opensAsPlaceholder("KEY=q8Zr1mXw4Lp0", 4));
 * ```
 */
export function opensAsPlaceholder(text: string, at: number): boolean {
  const c0 = text.charCodeAt(at);
  // Most values open with none of the openings' first three characters:
  // a number test first, the pattern only for the few that might.
  if (c0 !== 0x3c && c0 !== 0x24 && c0 !== 0x7b) {
    const key = (c0 | 0x20) | ((text.charCodeAt(at + 1) | 0x20) << 8) |
      ((text.charCodeAt(at + 2) | 0x20) << 16);
    if (!OPENING_KEYS.has(key)) return false;
  }
  PLACEHOLDER_OPENINGS.lastIndex = at;
  return PLACEHOLDER_OPENINGS.test(text);
}

/**
 * The first three characters of each opening of three or more, folded as
 * {@linkcode opensAsPlaceholder} folds the text (bit 5 set: A-Z onto a-z,
 * and a few symbols onto others, which only lets more through).
 */
const OPENING_KEYS = new Set(
  [
    "***",
    "xxx",
    "...",
    "\x7f\x7f\x7f",
    "###",
    "___",
    "000",
    "exa",
    "pla",
    "cha",
    "red",
    "dum",
    "sam",
    "fak",
    "you",
    "rep",
    "ins",
    "tod",
    "fix",
    "[re",
  ].map((o) =>
    (o.charCodeAt(0) | 0x20) | ((o.charCodeAt(1) | 0x20) << 8) | ((o.charCodeAt(2) | 0x20) << 16)
  ),
);

/**
 * Words documentation and quick starts build placeholder values from:
 * what the value is (`secret`, `token`, `password`), where it is for (`dev`,
 * `local`, `test`), what to do (`change`, `replace`, `generate`), fillers
 * (`my`, `super`, `foo`) and the defaults every tutorial prints (`admin`,
 * `postgres`, `keyboard cat`).
 */
const DOC_WORDS = new Set(
  (
    "secret secrets password passwords passwd pass pwd passphrase token tokens key keys apikey api " +
    "access auth client private signing session jwt cookie salt hash webhook " +
    "test tests testing dev devel development local localhost demo sample default defaults " +
    "staging stage prod production example examples placeholder dummy fake mock stub " +
    "change changeme replace insert generate generated set put paste enter fill update rotate " +
    "with in me this that it here there value string text your my our the a an of for to and " +
    "super very long random rand openssl base hex uuid new old real actual " +
    "admin administrator root user username guest postgres postgresql mysql redis mongo mongodb " +
    "db database app application service server keyboard cat foo bar baz qux hello world " +
    "letmein qwerty welcome abc xyz todo fixme none null empty"
  ).split(" "),
);
const MAX_DOC_WORD = 13;

/** True when `run` (lower-case letters) splits into documentation words. */
function splitsIntoDocWords(run: string): boolean {
  const ok = new Uint8Array(run.length + 1);
  ok[0] = 1;
  for (let i = 1; i <= run.length; i++) {
    for (let j = Math.max(0, i - MAX_DOC_WORD); j < i && ok[i] === 0; j++) {
      if (ok[j] === 1 && DOC_WORDS.has(run.slice(j, i))) ok[i] = 1;
    }
  }
  return ok[run.length] === 1;
}

/**
 * True when a value is written in words, not drawn at random: every run of
 * letters splits into documentation words and numbers stay short
 * (`password123`, `supersecretkey`, `dev-secret-change-in-production`,
 * `generate-with-openssl-rand-base64-32`, `postgres`). A human password
 * such as `hunter2hunter2` or `correct-horse-battery` is not one.
 * @param value The matched secret text.
 * @returns Whether it reads as documentation.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isDocumentationValue } from "./filters.ts";
 * assert.ok(isDocumentationValue("dev-secret-change-in-production"));
 * assert.ok(isDocumentationValue("MySecretKey123"));
 * assert.ok(!isDocumentationValue("correct-horse-battery"));
 * ```
 */
export function isDocumentationValue(value: string): boolean {
  if (value.length > 80 || !/^[A-Za-z0-9 _.\-]+$/.test(value)) return false;
  // Mostly words: at least four letters, more letters than digits.
  const letters = value.replace(/[^A-Za-z]/g, "").length;
  if (letters < 4 || letters < value.replace(/[^0-9]/g, "").length) return false;
  for (
    const part of value.toLowerCase().split(/[ _.\-]+|(?<=[a-z])(?=[0-9])|(?<=[0-9])(?=[a-z])/)
  ) {
    if (part === "") continue;
    if (/^[0-9]+$/.test(part)) {
      if (part.length > 4) return false;
    } else if (!splitsIntoDocWords(part)) return false;
  }
  return true;
}

/** Code of the character that follows `c` in a counting run (`9` -> `a`/`A`/`0`, `z` -> `0`). */
function isNextOf(prev: number, c: number): boolean {
  if (c === prev + 1) return true;
  if (prev === 0x39) return c === 0x30 || c === 0x61 || c === 0x41; // 9 -> 0, a, A
  return (prev === 0x7a || prev === 0x5a || prev === 0x66 || prev === 0x46) && c === 0x30;
}

/**
 * True when a value is typed, not random: a single character repeated, a
 * short unit repeated (`abcabc`, `1212`), a counting run (`0123456789abcdef`,
 * `abcdefgh`) or a mix of these over at least 70 % of its steps, or at most
 * three distinct characters in eight or more. Random tokens (even hex, where
 * a step has a 5-in-16 chance of looking predictable) never come close.
 * @param secret The matched secret text.
 * @returns Whether it is a keyboard placeholder.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPredictable } from "./filters.ts";
 * assert.ok(isPredictable("0123456789abcdef0123456789abcdef"));
 * assert.ok(isPredictable("aaaaaaaa"));
 * assert.ok(!isPredictable("q7Lm2xR9vT4wZp8K"));
 * ```
 */
export function isPredictable(secret: string): boolean {
  const n = secret.length;
  if (n < 4) return false;
  let predictable = 0;
  for (let i = 1; i < n; i++) {
    const c = secret.charCodeAt(i);
    if (isNextOf(secret.charCodeAt(i - 1), c)) predictable++;
    else {
      for (let p = 1; p <= 4 && p <= i; p++) {
        if (secret.charCodeAt(i - p) === c) {
          predictable++;
          break;
        }
      }
    }
  }
  if (predictable >= 0.7 * (n - 1)) return true;
  return n >= 8 && atMostThreeDistinct(secret);
}

/**
 * True when `text` holds at most three distinct characters (code points, a
 * lone surrogate counting as one, as `new Set(text).size <= 3` counts them,
 * without building the set: it cost about 0.8 us and 250 bytes a value).
 */
function atMostThreeDistinct(text: string): boolean {
  let a = -1;
  let b = -1;
  let c = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i++;
    if (code === a || code === b || code === c) continue;
    if (a < 0) a = code;
    else if (b < 0) b = code;
    else if (c < 0) c = code;
    else return false;
  }
  return true;
}

/** A credential scope: a key id, a `yyyymmdd` date and one to three names, `/` or `%2F` between. */
const CREDENTIAL_SCOPE =
  /^[A-Za-z0-9]{8,128}(?:\/|%2[Ff])(?:19|20)\d{6}(?:(?:\/|%2[Ff])[A-Za-z0-9_-]+){1,3}$/;

/** How a public key's DER opens in base64, per algorithm (from keys openssl writes). */
const PUBLIC_KEY_DER =
  /^(?:MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ|MII[BCDE][A-Za-z0-9+/]{2}ANBgkqhkiG9w0BAQEFAAOC[A-Za-z0-9+/]{2}8AMII|MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE|MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAE|MIGbMBAGByqGSM49AgEGBSuBBAAjA4GGAAQ|MFYwEAYHKoZIzj0CAQYFK4EEAAoDQgAE|MCowBQYDK2V[wu]AyEA|MEMwBQYDK2VxAzoA)/;

const HEX_DIGEST =
  /^(?:[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{56}|[0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128})$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when a value assigned to a secret-like name is something else with a
 * similar shape (digest, id, reference, path, public key...).
 * @param value The assigned value.
 * @returns Whether the assignment rules must skip it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isLookAlikeValue } from "./filters.ts";
 * assert.ok(isLookAlikeValue("3f786850e387550fdab836ed7e6dc881de23001b"));
 * assert.ok(isLookAlikeValue("process.env.API_TOKEN"));
 * assert.ok(!isLookAlikeValue("q7Lm2xR9vT4wZp8K"));
 * ```
 */
export function isLookAlikeValue(value: string): boolean {
  if (HEX_DIGEST.test(value) || UUID.test(value)) return true;
  if (/^(?:sha1|sha256|sha384|sha512|md5|blake2b?)[:-]/i.test(value)) return true;
  if (ALGORITHM_NAME.test(value)) return true;
  if (/^h1:[A-Za-z0-9+/]{43}=$/.test(value)) return true;
  if (/^(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-|sk-ssh-|sk-ecdsa-)/.test(value)) return true;
  if (/^(?:pk_(?:live|test)_|pk\.eyJ)/.test(value)) return true;
  if (/^data:/i.test(value)) return true;
  // A public key in DER, base64 (SubjectPublicKeyInfo: RSA, EC P-256/384/521 and secp256k1,
  // Ed25519, X25519, Ed448), and a PGP key id (`0x` and 8 or 16 hex digits): public.
  // gpg prints a key id in capitals; `0x` and 16 lower-case hex is as likely a 64-bit secret.
  if (PUBLIC_KEY_DER.test(value) || /^0x(?:[0-9A-F]{8}){1,2}$/.test(value)) return true;
  // Capitalised words joined by URL-encoded blanks (`Root%20CA%20Certificates` of a PKCS#11
  // URI): a label. Lower-case words so joined are as likely a passphrase a form encoded
  // (`password=correct%20horse%20battery%20staple`).
  if (/^[A-Z][A-Za-z]*(?:%20[A-Z][A-Za-z]*)+$/.test(value)) return true;
  // A signed request's credential scope (key id/date/region/service/aws4_request, Volcengine's
  // .../request), its slashes possibly URL-encoded, names a key, it is none: a real key id in
  // it is its own rule's finding.
  if (/(?:\/|%2F)aws4_request$/i.test(value) || CREDENTIAL_SCOPE.test(value)) return true;
  if (/^(?:\.{0,2}\/|~\/|[A-Za-z]:\\|file:)/.test(value) && isPathOfNames(value)) return true;
  if (/^[a-z][a-z0-9+.-]*:\/\/[^@]*$/i.test(value)) return true;
  if (
    /^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)+(?:\(|\[)?$/.test(value) &&
    value.split(/\.|::|->/).every(isNamePart)
  ) {
    return true;
  }
  if (/^[A-Za-z_$][\w$.]*\(/.test(value)) return true;
  // A Vim script variable in its scope (`s:netrw_passwd`, `g:db_password`, `a:pass`): a name,
  // each part between `_` and `#` a word in one case or camel case (not `tn0BWM7WQsgGvm`).
  const vim = /^[gsbwtlav]:([A-Za-z_][A-Za-z0-9_#]*)$/.exec(value);
  if (vim !== null && vim[1]!.split(/[_#]+/).every((part) => part === "" || VIM_WORD.test(part))) {
    return true;
  }
  if (/^\$[({A-Za-z_]|^%[A-Za-z_]+%$/.test(value)) return true;
  if (/^[-+]?\d+(?:\.\d+)?$/.test(value)) return true;
  // A C constant's hex literal (`0x10100,` of an enum): a number, not a key (a key is longer).
  if (/^0x[0-9A-Fa-f]{1,8}[,;]?$/.test(value)) return true;
  if (/^(?:[\^~<>=]{0,2}v?\d+(?:\.(?:\d+|[x*])){1,3}(?:[-+][0-9A-Za-z.+-]*)?)$/.test(value)) {
    return true;
  }
  if (/^(?:true|false|null|none|nil|undefined|yes|no|on|off)$/i.test(value)) return true;
  return false;
}

/**
 * The whole value names a hash, password-hashing, cipher or signing
 * algorithm: what a setting about passwords or keys chooses
 * (`password_encryption = scram-sha-256` of postgresql.conf, pg_hba.conf's
 * METHOD column, `cipher: aes-256-gcm`, `alg: RS256`), not a secret.
 */
const ALGORITHM_NAME =
  /^(?:scram-)?sha-?(?:1|224|256|384|512)(?:[-_/](?:224|256))?$|^(?:md5|bcrypt|scrypt|yescrypt|argon2(?:id|i|d)?|pbkdf2(?:[-_]sha-?(?:1|256|512))?)$|^hmac-?(?:sha-?(?:1|224|256|384|512)|md5)$|^aes-?(?:128|192|256)(?:-(?:gcm|cbc|ctr|cfb|ofb|ecb|ccm|xts))?$|^chacha20(?:-poly1305)?$|^(?:[HRPE]S(?:256|384|512)|EdDSA|Ed25519)$/i;

/** A word of a Vim script variable's name: one case or camel case, up to two digits after it. */
const VIM_WORD = /^(?:[a-z]+|[A-Z][a-z]+|[A-Z]+)(?:[A-Z][a-z]+)*\d{0,2}$/;

/**
 * A path whose every folder and file name is made of words (`/etc/secrets/db`,
 * `~/.ssh/id_rsa`, `./certs/key.pem`, `C:\keys\x86_64.txt`), split at `/`, `\`, `.`, `-`
 * and `_`, each part a name ({@linkcode isNamePart}) with at most two
 * turns from lower to upper case (`ClassName`, `someLibName`): a random run
 * after a slash is a value (base64 opens with `/` once in 64: `/Hk3mQ9zR7w...=`).
 */
function isPathOfNames(value: string): boolean {
  return value.replace(/^(?:file:|[A-Za-z]:)/, "").split(/[\\/.\-_~]+/).every((part) =>
    isNamePart(part) && (part.match(/[a-z](?=[A-Z])/g)?.length ?? 0) <= 2
  );
}

/**
 * A part of a member chain as code names it: words (`dbPassword`,
 * `DB_PASSWORD`, `s3Client`, `utf8mb4`, `userIDs`, `timeoutMs`), not a
 * random run where a lower-case letter stands alone between digits or
 * capitals (`Kx9q`, `s3cr3t`, `Xy7kLq9`): `REDIS_PASSWORD=my.s3cr3t.Pw` and
 * `password: Winter2024.Kx9q` are values, `password: config.db.password` is a
 * reference. A part's first lower-case letter may stand alone (`xPos`,
 * `s3Client`), and so may a last `s` (`userIDs`, `k8s`).
 */
function isNamePart(part: string): boolean {
  const tokens = part.replace(/[([]$/, "").match(/[A-Z]?[a-z]+|[A-Z]+|\d+|[_$]+/g) ?? [];
  return tokens.every((t, i) =>
    i === 0 || !/^[a-z]$/.test(t) || (t === "s" && i === tokens.length - 1)
  );
}

/**
 * True when a secret-like name is really about something else: pagination
 * and continuation tokens, token counts and limits, hashes, public keys,
 * paths and files, the id of a stored credential (Jenkins' `credentialsId`)
 * and the `io.jsonwebtoken` library (Maven coordinates `io.jsonwebtoken:jjwt-api:0.11.5`).
 * @param name The assigned name as written.
 * @returns Whether the assignment rules must skip it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isExcludedName } from "./filters.ts";
 * assert.ok(isExcludedName("nextPageToken"));
 * assert.ok(isExcludedName("max_tokens"));
 * assert.ok(isExcludedName("io.jsonwebtoken"));
 * assert.ok(!isExcludedName("GITHUB_TOKEN"));
 * ```
 */
export function isExcludedName(name: string): boolean {
  const n = name.toLowerCase().replace(/[-.]/g, "_");
  return /(?:page_?token|next_?token|prev(?:ious)?_?token|continuation|cursor(?!_?(?:api_?key|secret|access_?(?:key|token)|auth_?token)$)|sync_?token|tokens$|tokens_|token_?(?:count|type|len|length|limit|usage|expir|ttl|endpoint|url|uri|path|file|name|id$|index|kind)|_(?:file|path|dir|url|uri|length|len|count|min|max|ttl|timeout|enabled|type)$|^(?:max|min|num)_|sha\d*|hash|digest|checksum|integrity|fingerprint|public|publishable|pubkey|_pub$|csrf|xsrf|tokenizer|secret_?name|secret_?ref|secret_?id$|credentials?_?id$|(?:^|_)io_jsonwebtoken$|keyring|password_?(?:policy|reset|hint|field|label|prompt|strength|confirm)|starting_?token|(?:change|idempotency)_?token|secret_?version|_arn$|(?:input|output)_token$|(?:result|limit)_key$|(?:^|_)(?:proxy|fastcgi|uwsgi|scgi|grpc|memcached)_pass$)/
    .test(n);
}

/**
 * True when an assigned value is a placeholder made of one repeated
 * character, possibly after a short vendor prefix and before an ellipsis:
 * `ghp_xxxx`, `sk-****`, `ghp_…`. (Offsets are scanned on an ASCII view, so a
 * non-ASCII ellipsis arrives as DEL characters.)
 * @param value The assigned value.
 * @returns Whether the env rule must skip it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isRepeatedPlaceholder } from "./filters.ts";
 * assert.ok(isRepeatedPlaceholder("abc_xxxx"));
 * assert.ok(!isRepeatedPlaceholder("aaaa1111"));
 * ```
 */
export function isRepeatedPlaceholder(value: string): boolean {
  const v = value.replace(/(?:\.{2,}|\x7f+|\u2026)$/, "");
  if (/^(?:[A-Za-z0-9]{1,12}[_-]){0,2}(.)\1{3,}$/.test(v)) return true;
  return v.length < value.length && /^(?:[A-Za-z0-9]{1,12}[_-]){0,2}$/.test(v);
}
