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
 * Whose password a name ending in `pass` holds (`DB_PASS`, `SMTP_PASS`,
 * `redis_pass`, `adminPass`): a service, an account or a protocol, before the
 * `pass` joined, after `_`, `-` or `.`, or as a case change. `SECOND_PASS`,
 * `RENDER_PASS` and `BYPASS` name no owner.
 */
const OWNER_PASS =
  /(?:^|[_.-])(?:db|database|user|admin|root|smtp|mail|email|imap|pop3?|ftp|sftp|ldap|sql|mysql|mariadb|pg|postgres|postgresql|mongo|mongodb|redis|rabbit|rabbitmq|amqp|mq|proxy|http|basic|auth|login|app|api|web|site|ssh|vnc|rdp|wifi|wlan|vpn|registry|docker|nexus|artifactory|jenkins|sa|keystore|store|key|cert|pfx|jks|ca|smb|cifs|nfs|samba|es|elastic|kibana|grafana|influx|neo4j|couch|cassandra|oracle|mssql|sqlserver)[_.-]?pass$/i;

/** The same owners as a case change (`dbPass`, `smtpPass`, `adminPass`). */
const OWNER_PASS_CAMEL =
  /(?:^|[a-z0-9])(?:db|Db|DB|database|Database|user|User|admin|Admin|root|Root|smtp|Smtp|SMTP|mail|Mail|ftp|Ftp|FTP|ldap|Ldap|LDAP|proxy|Proxy|redis|Redis|mysql|Mysql|MySql|pg|Pg|postgres|Postgres|mongo|Mongo|ssh|Ssh|SSH|auth|Auth|login|Login|api|Api|API|app|App)Pass$/;

/**
 * A name ending in `pass` that says whose password it is: letters alone given
 * to it are a password as under a name ending in password.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isOwnerPassName } from "./letter_passwords.ts";
 * assert.ok(isOwnerPassName("DB_PASS"));
 * assert.ok(isOwnerPassName("smtpPass"));
 * assert.ok(!isOwnerPassName("SECOND_PASS"));
 * assert.ok(!isOwnerPassName("BYPASS"));
 * ```
 */
export function isOwnerPassName(name: string): boolean {
  return OWNER_PASS.test(name) || OWNER_PASS_CAMEL.test(name);
}

/**
 * Words a value of letters takes that say how a pass or a password is set,
 * not what it is: switches, states and modes (`DB_PASS=enabled`,
 * `--password prompt`).
 */
const SETTING_WORD =
  /^(?:enabled?|disabled?|active|inactive|always|never|default|defaults|optional|required|ignore|ignored|prompt|prompted|interactive|manual|automatic|random|generated|inherit|inherited|keyring|keychain|stdin|skipped|strict|lenient|allowed|denied|forbidden|masked|hidden|secret|secrets|password|passwords|passwd|yourpass|mypass|changeme)$/i;

/**
 * Words that name or describe an option in a sentence about it
 * (`the --password option`, `--password followed by`, `--password instead`).
 */
const OPTION_PROSE_WORD =
  /^(?:option|options|argument|arguments|parameter|parameters|switch|switches|setting|settings|followed|instead|without|because|whenever|accepts|expects|requires|requiring|specifies|overrides|supplies|provides|defaults|applies|enables|disables|prompts|together|alongside|before|afterwards|cannot|should|unless|unused|ignored|appended|omitted|either|neither|flagged|passing|passed|supplied|provided|works|exists)$/i;

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
export function isOptionLetterPassword(value: string, after: string, quoted: boolean): boolean {
  if (!/^[a-z]{6,9}$/.test(value) || SETTING_WORD.test(value) || OPTION_PROSE_WORD.test(value)) {
    return false;
  }
  if (quoted) return true;
  return /^[ \t]*(?:$|[|;&)>\x60"'\\]|-)/.test(after) ||
    /^[ \t]+(?:[^\s]*[0-9\/@:_=~$%][^\s]*|[A-Za-z0-9-]+\.[A-Za-z][^\s]*)(?:[ \t]|$)/.test(after);
}

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
  if (!isOwnerPassName(name) || SETTING_WORD.test(value)) return false;
  return /^[A-Za-z]{8,64}$/.test(value) || /^[a-z]{6,7}$/.test(value);
}

/**
 * A key that names an action on a password field in a form or locale file
 * (`showPassword`, `forgot_password`, `reset-password`, `togglePassword`):
 * its value is the caption a user reads, not a password.
 */
const ACTION_PASSWORD_NAME =
  /(?:^|[_.-])(?:show|hide|forgot|forget|reset|toggle|change|enter|remember|lost|recover|update|set|edit|view|reveal|type)[_.-]?password$|(?:^|[a-z0-9])(?:show|hide|forgot|forget|reset|toggle|change|enter|remember|lost|recover|update|set|edit|view|reveal|type|Show|Hide|Forgot|Forget|Reset|Toggle|Change|Enter|Remember|Lost|Recover|Update|Set|Edit|View|Reveal|Type)Password$/;

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
