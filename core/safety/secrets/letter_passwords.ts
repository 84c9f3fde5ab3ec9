/**
 * Passwords of letters alone (`walrus`, `sunshine`) where the name or flag
 * before them says a password goes there, and the shapes of the same
 * letters that are words instead: prose about a command-line option
 * (`--password followed by the user`), a test or compiler pass
 * (`SECOND_PASS=enabled`) and a form's caption (`"showPassword": "Anzeigen"`).
 * The rule is the general one: a value given to an explicit password name or
 * flag is a password unless it is a placeholder, a reference or a word the
 * surroundings make a word. Pure: no I/O.
 * @module
 */

/**
 * Whose password a name ending in `pass`, `pwd` or `passwd` holds (`DB_PASS`,
 * `SMTP_PWD`, `redis_pass`, `RABBITMQ_DEFAULT_PASS`, `LDAP_BIND_PASS`): a
 * service, an account or a protocol named by any word of the name before
 * the pass, words split at `_`, `-` or `.`. `SECOND_PASS`, `RENDER_PASS` and
 * `BYPASS` name no owner.
 */
const OWNER_WORD =
  /^(?:db|database|datasource|jdbc|user|admin|root|bind|smtp|mail|email|gmail|imap|pop3?|ftp|sftp|ldap|sql|mysql|mariadb|pg|postgres|postgresql|mongo|mongodb|redis|rabbit|rabbitmq|amqp|mq|mqtt|proxy|http|basic|auth|login|account|app|api|web|site|ssh|vnc|rdp|wifi|wlan|vpn|registry|docker|nexus|artifactory|jenkins|sonar|jira|git|npm|sa|keystore|store|key|cert|pfx|jks|ca|smb|cifs|nfs|samba|es|elastic|kibana|grafana|influx|neo4j|couch|cassandra|oracle|mssql|sqlserver)$/i;

/**
 * Words that make a pass a step of a program rather than a password: a render,
 * compile or test pass, an ordinal, a filter (`APP_RENDER_PASS`,
 * `API_SECOND_PASS`, `HIGH_PASS`).
 */
const STEP_WORD =
  /^(?:render|rendering|shadow|shadows|depth|light|lighting|blur|bloom|post|compile|compiler|lint|test|tests|check|first|second|third|final|last|next|prev|previous|multi|single|one|two|high|low|band|skip|by|sort|merge)$/i;

/** A name of words ending in `pass`, `pwd` or `passwd` joined or after `_`, `-` or `.`. */
const PASS_NAME = /^(?<words>[A-Za-z0-9_.-]*?)[_.-]?(?:pass|pwd|passwd)$/i;

/** The same name as a case change (`dbPass`, `smtpPwd`, `jdbcPasswd`). */
const PASS_NAME_CAMEL = /^(?<words>[A-Za-z0-9]*?[a-z0-9])(?:Pass|Pwd|Passwd)$/;

/** A name of words ending in `pw` after `_`, `-` or `.` (`LDAP_BIND_PW`, `db.root.pw`). */
const PW_NAME = /^(?<words>[A-Za-z0-9_.-]*?)[_.-]pw$/i;

/**
 * A name ending in `_PW` (a common abbreviation of password: `LDAP_BIND_PW`,
 * `ROOT_PW`, `DB_PW`) that says whose password it is, as
 * {@linkcode isOwnerPassName} reads a `_PASS` name: `_PW` alone also ends
 * names of a pulse width or a power (`SERVO_MIN_PW`, `MAX_PW`), so an owner
 * word is needed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isOwnerPwName } from "./letter_passwords.ts";
 * assert.ok(isOwnerPwName("LDAP_BIND_PW"));
 * assert.ok(isOwnerPwName("db_pw"));
 * assert.ok(!isOwnerPwName("SERVO_MIN_PW"));
 * assert.ok(!isOwnerPwName("PW"));
 * ```
 */
export function isOwnerPwName(name: string): boolean {
  const words = PW_NAME.exec(name)?.groups?.words?.split(/[_.-]/);
  return words !== undefined && words.some((w) => OWNER_WORD.test(w)) &&
    !words.some((w) => STEP_WORD.test(w));
}

/**
 * A name ending in `pass`, `pwd` or `passwd` that says whose password it is:
 * letters alone given to it are a password as under a name ending in
 * password.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isOwnerPassName } from "./letter_passwords.ts";
 * assert.ok(isOwnerPassName("DB_PASS"));
 * assert.ok(isOwnerPassName("smtpPass"));
 * assert.ok(isOwnerPassName("RABBITMQ_DEFAULT_PASS"));
 * assert.ok(isOwnerPassName("ftp_pwd"));
 * assert.ok(!isOwnerPassName("SECOND_PASS"));
 * assert.ok(!isOwnerPassName("BYPASS"));
 * ```
 */
export function isOwnerPassName(name: string): boolean {
  const camel = PASS_NAME_CAMEL.exec(name)?.groups?.words;
  const words = camel !== undefined
    ? camel.replace(/([a-z0-9])(?=[A-Z])/g, "$1_").split(/[_.-]/)
    : PASS_NAME.exec(name)?.groups?.words?.split(/[_.-]/);
  return words !== undefined && words.some((w) => OWNER_WORD.test(w)) &&
    !words.some((w) => STEP_WORD.test(w));
}

/**
 * Words a value of letters takes that say how a pass or a password is set,
 * not what it is: switches, states and modes (`DB_PASS=enabled`,
 * `--password prompt`).
 */
const SETTING_WORD =
  /^(?:enabled?|disabled?|active|inactive|always|never|default|defaults|optional|required|ignore|ignored|prompt|prompted|interactive|manual|automatic|random|generated|inherit|inherited|keyring|keychain|stdin|skipped|strict|lenient|allowed|denied|forbidden|masked|hidden|secret|secrets|password|passwords|passwd|yourpass|mypass|changeme|dbname|database|databases|mydatabase|yourdb)$/i;

/**
 * Words that name or describe an option in a sentence about it
 * (`the --password option`, `--password followed by`, `--password instead`).
 */
const OPTION_PROSE_WORD =
  /^(?:option|options|argument|arguments|parameter|parameters|switch|switches|setting|settings|followed|instead|without|because|whenever|accepts|expects|requires|requiring|specifies|overrides|supplies|provides|defaults|applies|enables|disables|prompts|together|alongside|before|afterwards|cannot|should|unless|unused|ignored|appended|omitted|either|neither|flagged|passing|passed|supplied|provided|works|exists)$/i;

/**
 * Programs whose `--password` (`-W`) is a switch that makes them ask for the
 * password and takes no value: PostgreSQL's clients. The word after it is a
 * database or another argument (`pg_dump --password shop`).
 */
const PROMPT_SWITCH_PROGRAM =
  // deno-lint-ignore no-control-regex
  /(?:^|[\s/;&|("'\x60]|\\[nt]|\x1b\[[0-9;]*[A-Za-z])(?:psql|pg_dump|pg_dumpall|pg_restore|pg_basebackup|pg_receivewal|pg_recvlogical|pg_upgrade|createdb|dropdb|createuser|dropuser|vacuumdb|reindexdb|clusterdb|pgbench)(?:\.exe)?[ \t]/;

/**
 * The line before a password option runs a program whose `--password` takes no
 * value (`psql -h db --password`), so the word after it is not a password.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPromptSwitchLine } from "./letter_passwords.ts";
 * assert.ok(isPromptSwitchLine("pg_dump -h db.internal "));
 * assert.ok(!isPromptSwitchLine("mysql -u root "));
 * ```
 */
export function isPromptSwitchLine(before: string): boolean {
  return PROMPT_SWITCH_PROGRAM.test(before);
}

/**
 * mysqladmin's commands, which follow its options (`mysqladmin -u root
 * --password status`): its `--password` takes a value only after `=`.
 */
const MYSQLADMIN_COMMAND =
  /^(?:create|debug|drop|extended-status|flush-[a-z]+|kill|old-password|password|ping|processlist|refresh|reload|shutdown|start-(?:replica|slave)|stop-(?:replica|slave)|status|variables|version)$/;

/**
 * The word after a password option is one of the program's commands
 * (`mysqladmin --password status`), never a password.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isProgramCommandWord } from "./letter_passwords.ts";
 * assert.ok(isProgramCommandWord("mysqladmin -u root ", "shutdown"));
 * assert.ok(!isProgramCommandWord("mysqladmin -u root ", "walrus"));
 * assert.ok(!isProgramCommandWord("mysql -u root ", "status"));
 * ```
 */
export function isProgramCommandWord(before: string, value: string): boolean {
  // deno-lint-ignore no-control-regex
  return /(?:^|[\s/;&|("'\x60]|\\[nt]|\x1b\[[0-9;]*[A-Za-z])mysqladmin(?:\.exe)?[ \t]/.test(
    before,
  ) &&
    MYSQLADMIN_COMMAND.test(value);
}

/**
 * A letters-only value of 6 to 9 letters after a password option and a blank
 * (`mysql -u root --password walrus`), judged by what follows it on the line:
 * a command line goes on with the end of the line, a shell operator, a closing
 * quote, another option or an argument holding more than letters (a host, a
 * path, a number); prose goes on with words (`--password followed by the
 * user`). The value is one lower-case word that names no option, setting or
 * state.
 *
 * @param value The value after the option.
 * @param after The rest of the line after the value.
 * @param quoted The value was quoted, which makes it a literal given.
 * @param before The line before the option, which says whether it is a command line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isOptionLetterPassword } from "./letter_passwords.ts";
 * assert.ok(isOptionLetterPassword("walrus", "", false));
 * assert.ok(isOptionLetterPassword("cobalt", " registry.example.com", false));
 * assert.ok(!isOptionLetterPassword("followed", " by the user", false));
 * assert.ok(!isOptionLetterPassword("option", "", false));
 * ```
 */
export function isOptionLetterPassword(
  value: string,
  after: string,
  quoted: boolean,
  before = "",
): boolean {
  if (
    !/^[a-z]{6,9}$/.test(value) || SETTING_WORD.test(value) || OPTION_PROSE_WORD.test(value) ||
    PROSE_TAIL.test(value)
  ) {
    return false;
  }
  if (quoted) return true;
  return /^[ \t]*(?:$|[|;&)>\x60"'\\]|-)/.test(after) ||
    /^[ \t]+(?:[^\s]*[0-9\/@:_=~$%][^\s]*|[A-Za-z0-9-]+\.[A-Za-z][^\s]*)(?:[ \t]|$)/.test(after) ||
    // On a line that starts as a command does (a program in lower case or a path, then options or
    // arguments), one more bare argument and then the line's end, an operator or options: a
    // database or a subcommand (`mysql --password walrus mydb`, `mysqladmin --passwd walrus status
    // -v`). Prose goes on with more words, starts with a capital or ends on an adverb (`here`).
    COMMAND_START.test(before) &&
      /^[ \t]+[a-z][a-z0-9_-]*(?:[ \t]+-[^\s"'\x60\\]*)*[ \t]*(?:$|[|;&)>"'\x60\\])/.test(after) &&
      !PROSE_TAIL.test(after.trim().split(/\s/)[0] ?? "");
}

/**
 * A command before the option: from the line's start, a string's opening quote, an escaped
 * newline or a shell operator, a prompt maybe, then a lower-case name or a path and bare
 * arguments up to the option.
 */
const COMMAND_START =
  // deno-lint-ignore no-control-regex
  /(?:^|["'\x60;&|(]|\\n|\x1b\[[0-9;]*[A-Za-z])[ \t]*(?:[$#>][ \t]+)?(?:sudo[ \t]+)?(?:[.~]?\/[^\s"'\x60;&|]*|[a-z][a-z0-9_.+-]*)(?:[ \t]+[^\s"'\x60;&|\\]+)*[ \t]+$/;

/** Adverbs that end a sentence about an option (`pass --password walrus here`). */
const PROSE_TAIL =
  /^(?:here|there|too|again|only|first|later|now|then|instead|also|once|twice|below|above|inline|anyway|everywhere|directly)$/i;

/**
 * A letters-only value under a name ending in `pass` that names its owner
 * (`DB_PASS=walrus`, `smtp_pass: sunshine`): 8 or more letters, or 6 or 7 in
 * lower case, and not a word that sets how the pass runs (`enabled`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isOwnerPassLetters } from "./letter_passwords.ts";
 * assert.ok(isOwnerPassLetters("DB_PASS", "walrus"));
 * assert.ok(!isOwnerPassLetters("DB_PASS", "enabled"));
 * assert.ok(!isOwnerPassLetters("SECOND_PASS", "walrus"));
 * ```
 */
export function isOwnerPassLetters(name: string, value: string): boolean {
  if ((!isOwnerPassName(name) && !isOwnerPwName(name)) || SETTING_WORD.test(value)) return false;
  return /^[A-Za-z]{8,64}$/.test(value) || /^[a-z]{6,7}$/.test(value);
}

/**
 * Lower-case words joined by `-`, `_` or `.`, digits ending a word or standing alone (`step-1`,
 * `shadow_map`, `go-vet`, `cert-v2.pem`): a step's, a pass's or a file's name.
 */
const JOINED_LOWER_WORDS = /^[a-z]+[0-9]*(?:[-_.](?:[a-z]+[0-9]*|[0-9]+))+$/;

/** A file's name or path with the extension of a certificate, a key store or a setting file. */
const FILE_NAME =
  /^[A-Za-z0-9_\-./]{1,200}\.(?:pem|crt|cer|der|key|p12|pfx|jks|keystore|pub|asc|gpg|txt|json|ya?ml|toml|ini|conf|cfg|env|xml|properties)$/;

/**
 * A value under a name ending in `pass` (not password, passwd or pwd) that names a step or a
 * file, not a password: compiler, render and lint passes are common names in code
 * (`firstPass := "step-1"`, `renderPass := "shadow_map"`, `tlsPass := "cert-v2.pem"`). A name
 * that says whose password it is ({@linkcode isOwnerPassName}: `db_pass: blue-river-42`) holds a
 * password of joined words too; a value with a capital, a symbol or digits inside a word
 * (`dbPass := "S3cr3t-Pa55w0rd!"`) is judged as any other.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPassStepValue } from "./letter_passwords.ts";
 * assert.ok(isPassStepValue("lintPass", "go-vet"));
 * assert.ok(isPassStepValue("tlsPass", "Server_Cert.pem"));
 * assert.ok(!isPassStepValue("dbPass", "S3cr3t-Pa55w0rd!"));
 * assert.ok(!isPassStepValue("db_password", "go-vet"));
 * assert.ok(!isPassStepValue("db_pass", "blue-river-42"));
 * ```
 */
export function isPassStepValue(name: string, value: string): boolean {
  return /pass$/i.test(name) && !isOwnerPassName(name) &&
    (JOINED_LOWER_WORDS.test(value) || FILE_NAME.test(value));
}

/**
 * A key that names an action on a password field in a form or locale file
 * (`showPassword`, `forgot_password`, `reset-password`, `togglePassword`):
 * its value is the caption a user reads, not a password.
 */
const ACTION_PASSWORD_NAME =
  /(?:^|[_.-])(?:show|hide|forgot|forget|reset|toggle|change|enter|remember|lost|recover|update|set|edit|view|reveal|type|save|copy|generate|label|field|invalid|wrong)[_.-]?password$|(?:^|[a-z0-9])(?:show|hide|forgot|forget|reset|toggle|change|enter|remember|lost|recover|update|set|edit|view|reveal|type|save|copy|generate|label|field|invalid|wrong|Show|Hide|Forgot|Forget|Reset|Toggle|Change|Enter|Remember|Lost|Recover|Update|Set|Edit|View|Reveal|Type|Save|Copy|Generate|Label|Field|Invalid|Wrong)Password$/;

/**
 * A caption under a key naming an action on a password (`"showPassword":
 * "Anzeigen"`, `forgot_password: Forgotten`): one word, capitalised or in
 * lower case, letters alone. A value with a digit or symbol under the same
 * key is judged as any other.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isActionCaption } from "./letter_passwords.ts";
 * assert.ok(isActionCaption("showPassword", "Anzeigen"));
 * assert.ok(!isActionCaption("password", "Anzeigen"));
 * assert.ok(!isActionCaption("showPassword", "Xk9#mQ2vLp"));
 * ```
 */
export function isActionCaption(name: string, value: string): boolean {
  return ACTION_PASSWORD_NAME.test(name) && /^[A-Z]?[a-z\x7f]{2,40}$/.test(value);
}

/**
 * The word password in a language written in ASCII letters (`Passwort`,
 * `Kennwort`, `Wachtwoord`, `Salasana`, `Senha`): a locale file's caption
 * under a password key (`"password": "Passwort"`), as `Password` is in
 * English. Words with letters beyond ASCII (`Hasło`, `Contraseña`) are
 * language words already.
 */
const PASSWORD_WORD =
  /^(?:passwort|kennwort|wachtwoord|wagwoord|salasana|salasona|losenord|adgangskode|kodeord|passord|passordet|heslo|haslo|parola|parool|parole|lozinka|geslo|senha|sandi|katalaluan|sifre|contrasena|contrasenya|contrasinal|pasahitza|kupuhipa|nenosiri|jelszo|lykilord|passcode|passphrase|passwords?)$/i;

/**
 * A value that is the word password in some language, once, capitalised or in
 * one case: the caption of a locale file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPasswordCaption } from "./letter_passwords.ts";
 * assert.ok(isPasswordCaption("Passwort"));
 * assert.ok(isPasswordCaption("Wachtwoord"));
 * assert.ok(!isPasswordCaption("Sunshine"));
 * ```
 */
export function isPasswordCaption(value: string): boolean {
  return PASSWORD_WORD.test(value) && /^(?:[A-Z]?[a-z]+|[A-Z]+)$/.test(value);
}
