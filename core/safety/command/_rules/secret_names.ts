/**
 * Which environment variable names hold a secret, and which shell text
 * expands one (`$GITHUB_TOKEN`, `${DB_PASSWORD}`, `$env:API_KEY`, cmd's
 * `%NPM_TOKEN%`). One predicate for every rule that asks, so `echo $X`,
 * `printenv X`, `declare -p X` and a one-liner printing X agree.
 *
 * A name is a secret's when it holds a secret word (TOKEN, SECRET,
 * PASSWORD, API_KEY, AUTH, ...) or is a connection string's (DATABASE_URL,
 * SENTRY_DSN, GH_PAT, MYSQL_PWD), except where the name says its value is
 * something else: another word that starts the same (TOKENIZERS_PARALLELISM,
 * GIT_AUTHOR_NAME, XAUTHORITY), a number or setting about the secret
 * (MAX_TOKENS, PASSWORD_MIN_LENGTH, TOKEN_TYPE, SSH_AUTH_SOCK). A name that
 * says its value is the secret's file or directory (TOKEN_FILE,
 * PRIVATE_KEY_PATH, PASSWORD_STORE_DIR) holds a path: printing the value
 * shows no secret, reading the file it names does, so `value` callers
 * (printers) leave those out. Pure.
 * @module
 */

/** Secret words, anywhere in a name (GITHUBTOKEN, MYAPIKEY too). */
const STEM =
  /TOKEN(?!IZ)|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|PRIVATE_KEY|ACCESS_KEY|CREDENTIALS?|AUTH(?!OR(?!IZ))|COOKIE|BEARER|WEBHOOK_URL|SIGNING_KEY/i;

/** Whole names of connection strings and short secret names. */
const WHOLE =
  /^(?:(?:[A-Za-z0-9_]*_)?(?:DSN|DATABASE_URL|DB_URL|REDIS_URL|MONGO(?:DB)?_UR[IL]|AMQP_URL|CONNECTION_STRING|PAT)|[A-Za-z0-9_]+_(?:PWD|SK))$/i;

/** Words that make the name's value a number or a setting about the secret, not the secret. */
const SETTING_WORDS = new Set(
  ("MAX MIN NUM COUNT LIMIT LEN LENGTH SIZE TTL TIMEOUT BUDGET EXPIRY EXPIRES EXPIRATION " +
    "SOCK SOCKET NAME TYPE MODE METHOD ENABLED DISABLED ENABLE DISABLE").split(" "),
);

/**
 * Last words that make the value where a login happens, not a secret, when AUTH is the
 * name's only secret word (NEXTAUTH_URL, AUTH0_DOMAIN, OAUTH_CALLBACK_URL).
 */
const ADDRESS_WORDS = new Set(
  ("URL URI HOST HOSTNAME DOMAIN ENDPOINT ISSUER ORIGIN REDIRECT CALLBACK PORT SERVER REALM " +
    "AUDIENCE PROVIDER BASE").split(" "),
);

/**
 * Words naming a service whose address carries a login (`redis://:pw@`, `postgres://u:pw@`, a
 * proxy's or a basic-auth URL's `user:pw@`): with one of them an AUTH address is a connection
 * string still (REDIS_AUTH_URL, AUTH_POSTGRES_URL, BASIC_AUTH_URL).
 */
const LOGIN_URL_WORDS = new Set(
  ("DB DATABASE DATASOURCE JDBC SQL MYSQL MARIADB PG POSTGRES POSTGRESQL MONGO MONGODB REDIS " +
    "VALKEY MEMCACHED AMQP RABBITMQ BROKER MQTT KAFKA NATS ELASTIC ELASTICSEARCH SMTP IMAP LDAP " +
    "FTP SFTP PROXY BASIC CONNECTION CONN").split(" "),
);

/** Last words that make the value a path to the secret (printing it shows no secret). */
const PATH_WORDS = new Set(["FILE", "FILES", "PATH", "DIR"]);

/**
 * True when the variable NAME holds a secret; with `value`, only when its
 * value itself is the secret (not a path to one).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSecretName } from "./secret_names.ts";
 * assert.ok(isSecretName("GITHUB_TOKEN") && isSecretName("SENTRY_DSN") && isSecretName("GH_PAT"));
 * assert.ok(!isSecretName("MAX_TOKENS") && !isSecretName("TOKENIZERS_PARALLELISM"));
 * assert.ok(!isSecretName("GIT_AUTHOR_NAME") && !isSecretName("SSH_AUTH_SOCK"));
 * assert.ok(isSecretName("TOKEN_FILE") && !isSecretName("TOKEN_FILE", true));
 * assert.ok(!isSecretName("NEXTAUTH_URL") && isSecretName("NEXTAUTH_SECRET"));
 * assert.ok(isSecretName("REDIS_AUTH_URL") && isSecretName("BASIC_AUTH_URL"));
 * ```
 */
export function isSecretName(name: string, value = false): boolean {
  if (!STEM.test(name) && !WHOLE.test(name)) return false;
  const words = name.toUpperCase().split(/_+/).filter((w) => w !== "");
  if (words.some((w) => SETTING_WORDS.has(w))) return false;
  // AUTH its only secret word and an address its last (NEXTAUTH_URL, AUTH0_DOMAIN, OAUTH_ISSUER).
  if (
    ADDRESS_WORDS.has(words[words.length - 1] ?? "") && !WHOLE.test(name) &&
    !STEM.test(name.replace(/AUTH(?!OR(?!IZ))/gi, "")) && !words.some((w) => LOGIN_URL_WORDS.has(w))
  ) return false;
  return !(value && PATH_WORDS.has(words[words.length - 1] ?? ""));
}

/**
 * True for a whole variable name that says it holds a number, setting or
 * tokenizer option (MAX_TOKENS, TOKEN_TTL, TOKENIZERS_PARALLELISM): as a
 * search pattern (`env | grep MAX_TOKENS`) it picks no secret's line, since
 * no secret's name holds it. (AUTHOR is left out: AUTHORIZATION holds it.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSettingName } from "./secret_names.ts";
 * assert.ok(isSettingName("MAX_TOKENS") && isSettingName("TOKENIZERS_PARALLELISM"));
 * assert.ok(!isSettingName("TOKEN") && !isSettingName("AUTHOR") && !isSettingName("KEY"));
 * ```
 */
export function isSettingName(name: string): boolean {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return false;
  const words = name.toUpperCase().split(/_+/).filter((w) => w !== "");
  return words.some((w) => SETTING_WORDS.has(w)) || /^TOKENIZ/.test(words[0] ?? "");
}

/** A variable expanded: `$X`, `${X...}`, `$env:X`, `${env:X}`, cmd's `%X%`. */
const EXPANSION =
  /\$(\{?)(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(:?\+)?|%(?=([A-Za-z_][A-Za-z0-9_]*)%)/gi;

/**
 * True when the text expands a secret-named variable. `${X:+word}` and
 * `${X+word}` are not X's value (they expand to the word when X is set;
 * review77, bash the oracle), and a length `${#X}` is none; a secret inside
 * the word (`${X:+$X}`) is matched on its own. With `value`, a name holding
 * a path to a secret is left out (see {@linkcode isSecretName}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expandsSecret } from "./secret_names.ts";
 * assert.ok(expandsSecret("$GITHUB_TOKEN") && expandsSecret("${MYSQL_PWD}"));
 * assert.ok(expandsSecret("$GH_PAT") && expandsSecret("%NPM_TOKEN%") && expandsSecret("$env:API_KEY"));
 * assert.ok(!expandsSecret("$PWD") && !expandsSecret("${#API_KEY}") && !expandsSecret("$PATH"));
 * assert.ok(!expandsSecret("${API_KEY:+set}") && !expandsSecret("$MAX_TOKENS"));
 * assert.ok(expandsSecret("$TOKEN_FILE") && !expandsSecret("$TOKEN_FILE", true));
 * ```
 */
export function expandsSecret(text: string, value = false): boolean {
  if (!text.includes("$") && !text.includes("%")) return false;
  for (const m of text.matchAll(EXPANSION)) {
    if (m[4] !== undefined) {
      if (isSecretName(m[4], value)) return true;
    } else if (!(m[1] === "{" && m[3] !== undefined) && isSecretName(m[2]!, value)) return true;
  }
  return false;
}
