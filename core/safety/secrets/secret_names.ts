/**
 * Whether a name holds a credential, as the assignment rules judge the name
 * of `db_password = "…"` (rules.ts) and csvs.ts judges a CSV header's cell:
 * it holds a secret word (password, secret, token, an API, access, private
 * or auth key, credentials, a `_pass` or `_pwd` end, …) and is none of the
 * names that say something else about one (`token_count`,
 * `password_reset_at`, `public_key`, see filters.ts isExcludedName). One
 * judgement, so a table's column and code's variable of the same name are
 * read alike. Pure: no I/O.
 * @module
 */
import { isExcludedName } from "./filters.ts";
import { isOwnerPwName } from "./letter_passwords.ts";

/**
 * Name fragments that make an assignment's value a secret candidate. The
 * assignment patterns take the whole name run atomically (`(?=(?<name>...))\k<name>`),
 * so a failed match never backtracks through the name.
 */
const SECRET_NAME = String
  .raw`(?:passwords?|passwd|[_.-]pwd$|[_.-]pass$|passphrase|secret|token|api[_.-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?|creds|client[_-]?secret|signing[_-]?key|encryption[_-]?key|(?:^|[_.-])auth(?=$|[_.-])|[_.-]pat$)`;

const SECRET_NAME_PATTERN = new RegExp(SECRET_NAME, "i");

/** `pass` joined to whose it is, in one case (`userpass`, `dbpass`, `SMTPPASS`, `SSHPASS`): not `bypass`, `compass`. */
export const OWNER_PASS_NAME =
  /(?:^|[_.-])(?:user|db|admin|root|smtp|mail|ftp|ldap|sql|mysql|pg|redis|proxy|app|api|web|site|ssh)pass$/i;

/**
 * A secret's name: {@linkcode SECRET_NAME}, or a `_PW` name or a `pass` joined to its owner
 * (`DBPASS`, `SSHPASS`) that says whose password it is.
 */
export const SECRET_NAME_RE = {
  test: (n: string): boolean =>
    SECRET_NAME_PATTERN.test(n) || isOwnerPwName(n) || OWNER_PASS_NAME.test(n),
};

/**
 * True when no assignment with this name can be a secret: it holds no
 * secret word, or is an excluded name.
 * @param name The name as written.
 * @returns Whether the assignment rules skip it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rejectAssignmentName } from "./secret_names.ts";
 * assert.ok(!rejectAssignmentName("db_password"));
 * assert.ok(!rejectAssignmentName("aws_secret_access_key"));
 * assert.ok(rejectAssignmentName("token_count"));
 * assert.ok(rejectAssignmentName("primary_key"));
 * ```
 */
export function rejectAssignmentName(name: string): boolean {
  return !SECRET_NAME_RE.test(name) || isExcludedName(name);
}
