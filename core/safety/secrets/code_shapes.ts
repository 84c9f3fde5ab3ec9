/**
 * Shapes of real code, configuration and prose that the assignment rules
 * read after a secret-like name and that hold no secret, found by running
 * `baton redact` over the text of installed packages, system manuals and
 * documentation: a type annotation (`password: ReadableBuffer,`), a member
 * chain before an operator (`pwd: options.env?.["PWD"]`, `t.password=n.password||""`),
 * a Vim variable (`let pwd = a:dict.istemp`), a tuple unpacked into a name
 * (`user, password = creds_tuple`), a record's field list
 * (`group_name:password:GID:user_list`), nsswitch.conf's sources
 * (`passwd: compat`), a C array (`Tcl_Token staticTokens[NUM]`), an IPv6
 * interface token, an ARN's tail, a style of colours (`"italic #A3AAB2"`)
 * and a sentence (`"it opens with 20 or more upper-case A"`). Each copy of a
 * value wrongly found is redacted too, so one such reading blanked a type
 * name in every file of a package. Pure: no I/O.
 * @module
 */

/** An identifier chain with member access (`options.env`, `c?.tokens`) before a code operator. */
const CHAIN_BEFORE_OPERATOR =
  /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+(?:\?\.|\?\?|\|\||&&|[!=]==?)/;

/** A Vim variable with its scope (`a:dict.istemp`, `g:rustc_path`): words after the scope. */
const VIM_SCOPED = /^[abglstvw]:[A-Za-z_][\w#.]*$/;

/** A word of a Vim variable's name: one case or camel case, up to two digits after it. */
const VIM_WORD = /^(?:[a-z]+|[A-Z][a-z]+|[A-Z]+)(?:[A-Z][a-z]+)*\d{0,2}$/;

/** True when a Vim variable's name after its scope is made of words (a random `s:Xk9mQ27b` is none). */
function isVimVariable(value: string): boolean {
  return VIM_SCOPED.test(value) &&
    value.slice(2).split(/[_.#]+/).every((part) => part === "" || VIM_WORD.test(part));
}

/** A C array's declarator or an element (`staticTokens[NUM_STATIC_TOKENS]`, `keys[i]`). */
const ARRAY_DECLARATOR = /^[A-Za-z_]\w*\[\w*\]$/;

/** Field names of a record's format joined by `:` (`GID:user_list`, `base_dn:flags:`). */
const FIELD_LIST = /^[A-Za-z_]+(?::[A-Za-z_]+)+:?$/;

/**
 * A variable's name of two snake-case words (`index_info`, `creds_tuple`). Three or more words,
 * or a number, read as a passphrase in an INI file (`password = dragon_princess_blue`,
 * `password = letmein_now1`).
 */
const SNAKE_IDENTIFIER = /^[a-z]+_[a-z]+$/;

/** Parts of a name in Pascal case: capitalised words, acronyms, numbers (`V1`, `PKCS12`). */
const PASCAL_PARTS = /^(?:[A-Z][a-z]+|[A-Z]{2,}(?![a-z])|[A-Z]?[0-9]+)+$/;

/** Two-letter words a type's name holds (`FilterOrBool`, `UserId`). */
const SHORT_WORDS = new Set([
  "Or",
  "Of",
  "To",
  "By",
  "Id",
  "In",
  "On",
  "At",
  "Is",
  "As",
  "Io",
  "Ui",
  "Db",
  "Os",
]);

/**
 * True when a value is a type's name in Pascal case (`ReadableBuffer`,
 * `PKCS12PrivateKeyTypes`, `FilterOrBool`, `V1SecretVolumeSource`): capitalised
 * words that each hold a vowel, acronyms, at most one number, one word of four
 * letters or more. A random run of both cases (`Q7MVNucCuDK4GskmxUcjIbq9`)
 * splits into such parts only by chance: it holds several numbers, one-letter
 * words or words with no vowel.
 * @param value The value.
 * @param words Fewest capitalised words of three letters or more.
 */
function isPascalType(raw: string, words = 2): boolean {
  // A private alias (`_PasswordType`) is a type too.
  const value = raw.replace(/^_{1,2}/, "");
  const numbers = value.match(/\d+/g) ?? [];
  // A year among the words (`Summer2024Sunset`) is a password's, not a type's (`PKCS12`, `Ed25519`).
  if (
    value.length > 64 || !PASCAL_PARTS.test(value) || numbers.length > 1 ||
    numbers.some((n) => /^(?:19[5-9]\d|20[0-3]\d)$/.test(n))
  ) {
    return false;
  }
  const humps = value.match(/[A-Z][a-z]+/g) ?? [];
  return humps.every((h) => h.length > 2 ? /[aeiouy]/.test(h) : SHORT_WORDS.has(h)) &&
    humps.some((h) => h.length >= 4) && humps.filter((h) => h.length >= 3).length >= words;
}

/** Sources nsswitch.conf lists for its `passwd:` database. */
const NSS_SOURCES =
  /^(?:files|compat|systemd|sss|nis|nisplus|ldap|db|winbind|hesiod|extrausers|altfiles|cache|usrfiles|oslogin|google)$/;

/** An IPv6 address, after an optional mode (`static:::1a:2b`, `prefixstable:2002:da8:1::`). */
const IPV6 = /^(?:[a-z]+:)?(?=[0-9A-Fa-f:]*::)[0-9A-Fa-f:]{2,39}$/;

/** What follows an ARN's service: its region and account, each possibly a wildcard. */
const ARN_TAIL = /^(?:[a-z]{2}(?:-[a-z]+)+-\d|\*)?:(?:\d{12}|\*)?:/;

/** A colour and the style words around it (Pygments, terminal themes). */
const STYLE_WORD =
  /^(?:(?:bg|border|fg):)?#[0-9A-Fa-f]{3,8}$|^(?:no)?(?:bold|italic|underline|inherit)$/;

/**
 * True when a bare value is code or configuration that names no secret.
 * @param value The bare value a rule read.
 * @param g The match's groups: `name`, `op` (the operator and the blanks
 * before it), `close` (`,` or `)` right after), `next` (what follows),
 * `assigned` (` = ` right after: a parameter's default).
 * @returns Whether the value is code.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCodeShape } from "./code_shapes.ts";
 * assert.ok(isCodeShape("ReadableBuffer", { name: "password", op: ":", close: "," }));
 * assert.ok(isCodeShape("options.env?.", { name: "pwd", op: ":" }));
 * assert.ok(!isCodeShape("Xk9qLm2z7", { name: "password", op: ":" }));
 * ```
 */
export function isCodeShape(
  value: string,
  g: Readonly<Record<string, string | undefined>>,
): boolean {
  const op = g.op ?? "";
  if (
    CHAIN_BEFORE_OPERATOR.test(value) ||
    /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*\?\.$/.test(value)
  ) {
    return true;
  }
  if (isVimVariable(value) || ARRAY_DECLARATOR.test(value)) return true;
  if (op === ":" && FIELD_LIST.test(value)) return true;
  // `x, password = creds_tuple`: after ` = ` a snake-case name is code's variable.
  if (/^[ \t]+=$/.test(op) && SNAKE_IDENTIFIER.test(value)) return true;
  // A parameter's type: `password: ReadableBuffer,`, `key: PKCS12PrivateKeyTypes | None`.
  if (
    (g.op === undefined || /:$/.test(op)) && isPascalType(value) &&
    /[A-Z].*[A-Z]/.test(value) && !/\d$/.test(value) &&
    (g.close !== undefined || g.assigned !== undefined || /^[ \t]+\|[ \t]/.test(g.next ?? ""))
  ) {
    return true;
  }
  if (/^passwd$/i.test(g.name ?? "") && NSS_SOURCES.test(value)) return true;
  // A variable named after a camel-case name and a number (`{ contextToken: contextToken2 }`).
  const name = g.name ?? "";
  if (
    /^[a-z]+[A-Z]/.test(name) && value.startsWith(name) &&
    /^\d{1,2}$/.test(value.slice(name.length))
  ) {
    return true;
  }
  // An ARN's service field: what follows is its region, account and resource.
  if (/^(?:secretsmanager|kms|ssm)$/.test(g.name ?? "")) return true;
  // A constant's name in code (`cred.token = TEST_ANOTHER_DATA_BASE64`): three words or more,
  // after a spaced `=` (a YAML or .env value in capitals, `PASSWORD: PROD_DB_PASS1`, is one).
  if (/^[ \t]+=$/.test(op) && /^[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*){2,}$/.test(value)) return true;
  // A field's description in a docstring (`password: Optional. The password for ...`): a
  // capitalised word and a stop, never `!` or `?` (`password: Welcome! then ...`).
  if (/^[A-Z][a-z]+[.,;:]$/.test(value) && /^[ \t]+[A-Za-z]/.test(g.next ?? "")) return true;
  // An IAM resource's pattern ends in a wildcard (`arn:aws:secretsmanager:*:*:secret:A4B*`):
  // only as the field right after `secret:` (`password: Passw0rd*` is a password, and so is
  // `secret: Passw0rd2024*`, a blank after its colon: `gap`, where the rule reads it).
  if (
    /^secret$/i.test(name) && (op === "" || op === ":") && (g.gap ?? "") === "" &&
    /^[\w/.-]+\*$/.test(value)
  ) {
    return true;
  }
  return IPV6.test(value) || ARN_TAIL.test(value);
}

/**
 * True when a quoted value is prose or a style, not a secret: a sentence
 * (five or more words, among them a word of one or two letters or one ending
 * in punctuation, as a message or a description is written; a passphrase of
 * dictionary words has neither) or colours with style words.
 * @param value The quoted value.
 * @returns Whether it reads as text.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isProseOrStyle } from "./code_shapes.ts";
 * assert.ok(isProseOrStyle("it opens with 20 or more upper-case A"));
 * assert.ok(isProseOrStyle("italic #A3AAB2"));
 * assert.ok(!isProseOrStyle("abandon ability able about above absent"));
 * ```
 */
export function isProseOrStyle(value: string): boolean {
  const words = value.trim().split(/[ \t]+/);
  if (words.length >= 2 && words.every((w) => STYLE_WORD.test(w)) && /#/.test(value)) return true;
  if (words.length < 5) return false;
  const wordy = words.filter((w) =>
    /^[(\['"\\{]*(?:[\p{L}\x7f][\p{L}\x7f'’-]*|\d+|\{\d+\})[)\]'"\\},.:;!?]*$/u.test(w)
  );
  if (wordy.length < words.length * 0.8) return false;
  return words.some((w) => /^[\p{L}\x7f]{1,2}$/u.test(w) || /[\p{L}\x7f][,.:;!?]$/u.test(w));
}

/**
 * True when a word after `password` is a PAM control flag (`password
 * sufficient pam_unix.so`, `-password required pam_systemd_home.so`).
 * @param value The word.
 * @returns Whether it is one.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPamControl } from "./code_shapes.ts";
 * assert.ok(isPamControl("sufficient"));
 * assert.ok(!isPamControl("Xk9qLm2z7"));
 * ```
 */
export function isPamControl(value: string): boolean {
  return /^(?:required|requisite|sufficient|optional|include|substack)$/.test(value);
}

/**
 * True when a value names a secret or a type rather than holding one: an
 * ARN (`arn:aws:secretsmanager:...`), a Secret Manager resource
 * (`projects/p/secrets/name/versions/1`), a template's field
 * (`{__relative_name__}`) or a model's type (`list[V1LocalObjectReference]`,
 * `V1SecretVolumeSource`: three capitalised words or more).
 * @param value The value, quoted or bare.
 * @param types Whether a type's name in Pascal case counts: not under a
 * password's name, where `BlueSkyMorning7` is far more often the password
 * (a passphrase of capitalised words) than a model's class.
 * @returns Whether it is such a reference.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSecretReference } from "./code_shapes.ts";
 * assert.ok(isSecretReference("projects/p1/secrets/db-pass/versions/1"));
 * assert.ok(!isSecretReference("Xk9mQ2vLp7RtZ3hW8nBq"));
 * assert.ok(isSecretReference("V1SecretVolumeSource"));
 * assert.ok(!isSecretReference("BlueSkyMorning7", false));
 * ```
 */
export function isSecretReference(value: string, types = true): boolean {
  // A model's class (`V1SecretVolumeSource`, `V1ServiceAccountTokenProjection`).
  // A name ending in a number is a secret a human chose far more often (`WinterDragonLily96`), except
  // a versioned model's (`V1beta1Eviction2`).
  if (types && isPascalType(value, 3) && (!/\d$/.test(value) || /^V\d/.test(value))) return true;
  return /^arn:aws[a-z-]*:[a-z0-9-]+:/.test(value) ||
    /^projects\/[\w.-]+\/secrets\/[\w.-]+(?:\/versions\/[\w.-]+)?$/.test(value) ||
    /^\{_*[a-z]+(?:_[a-z]+)*_*\}$/.test(value) ||
    /^(?:list|dict|set|tuple|List|Dict|Set|Optional)[\[(][\w., \[\]()]+[\])]$/.test(value);
}
