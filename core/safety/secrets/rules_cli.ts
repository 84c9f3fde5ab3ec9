/**
 * Secrets given to a command whose option name alone does not say so: a
 * FreeRDP client's `/p:` password, `aws ssm put-parameter --value` of a
 * `SecureString`, `aws secretsmanager ... --secret-string`, `az keyvault
 * secret set --value`, `ssh-keygen -N`/`-P`, HTTPie's `-a user:password`
 * (and any `--auth user:password`, jenkins-cli's `-auth user:token`), `xcrun altool`/`notarytool -p`, the
 * MinIO client's `mc alias set` secret key, `lftp -u user,password`,
 * `rabbitmqctl add_user`/`change_password`, macOS `security
 * add-generic-password -w`, a value a GitHub Actions step masks with
 * `::add-mask::`, a Weights & Biases key given to `wandb login`, a Wi-Fi
 * password given to `nmcli`, openssl's `-k`/`-K` and Windows `net user NAME
 * PASSWORD` and what an expect script sends at a password prompt. The command's own name is the keyword, so other
 * commands' `--value` and `/p:` cost nothing. Spread into the main table
 * ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import { isRepeatedPlaceholder, opensWithTemplate } from "./filters.ts";
import type { SecretRule } from "./rule.ts";
import { quotedValue } from "./quoted.ts";

/**
 * A command-line value as group `s`: double-quoted (also JSON-escaped, an
 * escaped quote inside kept in the value), single-quoted or bare.
 */
const VALUE = `(?:${quotedValue("s", 1, 1024)}|${String.raw`(?<s>[^\s"'\\;&|<>()\x60]{1,256}))`}`;

/**
 * The rest of a command on its line (a JSON-escaped line break ends it too), and on the next
 * after a shell line continuation (a backslash and the break, raw or JSON-escaped).
 */
const REST = String.raw`(?:[^\r\n\\]|\\(?![nr])|\\\r?\n|\\{3}n|\\{7}n)`;

/** Between a command's arguments: blanks, or a tab JSON-escaped. */
const ARG_GAP = String.raw`(?:[ \t]|\\{1,3}t){1,16}`;
/** One shell word of a command line: no blank, line break (raw or escaped) or `;`, `&`, `|`. */
const ARG_WORD = String.raw`(?:[^\s\\;&|]|\\(?![nrt])){1,200}`;
/**
 * `wandb login`'s options before its key: up to eight, each maybe with one
 * value (`--relogin`, `--host URL`, `--host=URL`), so the key is the first
 * word that is no option's (prose and a later command's words never are).
 */
const WANDB_OPTIONS = `(?:${ARG_GAP}-${ARG_WORD}(?:${ARG_GAP}(?![-"'\\\\])${ARG_WORD})?){0,8}?`;

/** A value given to the command is a secret: not a word, reference, path, file source or placeholder. */
function commandValueValid(value: string): boolean {
  if (/^\$|^%[A-Za-z_]+%$|^<[^>]*>$/.test(value) || opensWithTemplate(value)) return false;
  if (/^(?:file|fileb|https?):\/\//i.test(value) || /^[~.]{0,2}\//.test(value)) return false;
  // A word alone (`--secret-string followed by ...` in prose) is not a value.
  return value.length >= 6 && /[A-Za-z0-9]/.test(value) && /[^A-Za-z]/.test(value) &&
    !isRepeatedPlaceholder(value);
}

/**
 * The command rules.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CLI_RULES } from "./rules_cli.ts";
 * assert.ok(CLI_RULES.every((r) => r.kind === "cli_secret_option"));
 * ```
 */
export const CLI_RULES: readonly SecretRule[] = [
  {
    kind: "cli_secret_option",
    title: "Wi-Fi password given to nmcli",
    description:
      "`nmcli device wifi connect SSID password PASSWORD` and `nmcli connection modify NAME wifi-sec.psk PASSWORD` (also `802-11-wireless-security.psk`): the word after `password` or the key's property on the command's line.",
    keywords: ["nmcli"],
    pattern: new RegExp(
      String
        .raw`nmcli(?=[ \t])${REST}{0,300}?[ \t](?:password|wifi-sec\.psk|802-11-wireless-security\.psk)[ \t]+${VALUE}`,
    ),
    after: 1400,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "Password or key given to openssl with -k or -K",
    description:
      "`openssl enc -aes-256-cbc -k PASSWORD` (the passphrase, on the command line) and `-K HEX` (the raw key): the word after the option on the command's line; `-pass pass:...` and the like are the option rule's.",
    keywords: ["openssl"],
    pattern: new RegExp(
      String.raw`openssl(?=[ \t])${REST}{0,300}?[ \t]-[kK][ \t]+${VALUE}`,
    ),
    after: 1400,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "Password given to Windows net user",
    description:
      "`net user NAME PASSWORD /add` (also without `/add`, before `/domain` and the other switches): the word after the account's name; `*` (prompt) and a switch are kept.",
    keywords: ["net user"],
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_.-](?<!\\[A-Za-z0-9_.-]|\\u[0-9a-fA-F]{4}|%[0-9A-Fa-f]{2}))net[ \t]+user[ \t]+(?:"[^"\r\n\\]{1,64}"|\\{1,3}"[^"\r\n\\]{1,64}\\{1,3}"|[^\s"'\\/]{1,64})[ \t]+${VALUE}(?=[ \t]*(?:/[A-Za-z]|[\r\n]|\\[nr"]|$))`,
      "i",
    ),
    after: 600,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "Password given to a FreeRDP client",
    description:
      "`xfreerdp /v:host /u:user /p:PASSWORD` (also `wlfreerdp`, `sdl-freerdp`): the `/p:` argument on the command's line.",
    keywords: ["freerdp"],
    pattern: new RegExp(
      String.raw`freerdp3?(?=[ \t])${REST}{0,400}?[ \t]/p:${VALUE}`,
      "i",
    ),
    after: 1500,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "SecureString given to aws ssm put-parameter",
    description:
      "`aws ssm put-parameter --name ... --value VALUE --type SecureString` (the options in any order): the value of a parameter stored encrypted.",
    keywords: ["put-parameter"],
    pattern: new RegExp(
      String
        .raw`put-parameter(?=${REST}{0,800}?--type(?:=|[ \t]+)\\{0,3}["']?SecureString)${REST}{0,600}?[ \t]--value(?:=|[ \t]+)${VALUE}`,
    ),
    after: 2000,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "Secret string given to aws secretsmanager",
    description:
      "`aws secretsmanager create-secret|put-secret-value|update-secret ... --secret-string VALUE`: the secret itself, a string or a JSON document.",
    keywords: ["--secret-string"],
    pattern: new RegExp(String.raw`--secret-string(?:=|[ \t]+)${VALUE}`),
    after: 1100,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "Secret value given to az keyvault secret set",
    description: "`az keyvault secret set --vault-name ... --name ... --value VALUE`.",
    keywords: ["keyvault secret set"],
    pattern: new RegExp(
      String.raw`keyvault[ \t]+secret[ \t]+set${REST}{0,600}?[ \t]--value(?:=|[ \t]+)${VALUE}`,
    ),
    after: 1800,
    priority: 2,
    validate: commandValueValid,
  },
  // One rule per flag: a rule reads one match per keyword, and `-p -P OLD -N NEW` holds two.
  ...(["N", "P"] as const).map((flag): SecretRule => ({
    kind: "cli_secret_option",
    title: `Passphrase given to ssh-keygen -${flag}`,
    description: flag === "N"
      ? "`ssh-keygen ... -N PASSPHRASE`: a new key's passphrase on the command's line; an empty `-N ''` is no secret."
      : "`ssh-keygen -p ... -P PASSPHRASE`: the old passphrase of a key whose passphrase is changed.",
    keywords: ["ssh-keygen"],
    pattern: new RegExp(String.raw`ssh-keygen(?=[ \t])${REST}{0,400}?[ \t]-${flag}[ \t]+${VALUE}`),
    after: 1500,
    priority: 2,
    validate: commandValueValid,
  })),
  {
    kind: "cli_secret_option",
    title: "Password of an HTTP client's -a user:password",
    description:
      "`http -a user:PASSWORD` / `https -a` / `xh -a` (HTTPie and xh) and any `--auth user:PASSWORD` / `--auth=user:PASSWORD` / `-auth user:TOKEN` (jenkins-cli): the password after the user's `:`.",
    keywords: ["-auth", "http -a", "https -a", "xh -a"],
    pattern: new RegExp(
      String
        .raw`(?:(?<![A-Za-z0-9_])--?auth(?:=|[ \t]+)|(?:https?|xh)[ \t]+-a[ \t]+)(?:\\?["']?)[^\s:"'\\]{1,128}:(?<s>[^\s"'\\]{1,256})`,
    ),
    after: 420,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "App-specific password given to xcrun altool or notarytool",
    description:
      "`xcrun altool ... -p PASSWORD` / `notarytool ... --password PASSWORD`: an Apple ID's app-specific password (`@keychain:` and `@env:` references are kept).",
    keywords: ["altool", "notarytool"],
    pattern: new RegExp(
      String
        .raw`(?:altool|notarytool)(?=[ \t])${REST}{0,600}?[ \t](?:-p|--password)(?:=|[ \t]+)${VALUE}`,
    ),
    after: 1500,
    priority: 2,
    validate: (v) => !/^@(?:keychain|env):/.test(v) && commandValueValid(v),
  },
  {
    kind: "cli_secret_option",
    title: "Secret key given to the MinIO client",
    description:
      "`mc alias set NAME URL ACCESS_KEY SECRET_KEY` (also the older `mc config host add`): the fourth argument, after an http(s) URL.",
    keywords: ["mc alias set", "mc config host add"],
    pattern: new RegExp(
      String
        .raw`mc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+[^\s;&|]{1,200}[ \t]+\\{0,3}["']?https?:\/\/[^\s;&|]{1,400}[ \t]+[^\s;&|]{1,200}[ \t]+${VALUE}`,
    ),
    after: 1200,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "Password given to rabbitmqctl",
    description:
      "`rabbitmqctl add_user USER PASSWORD` / `change_password USER PASSWORD` (also `rabbitmqadmin`'s `password=`, read by the name rules): the second argument.",
    keywords: ["rabbitmqctl"],
    pattern: new RegExp(
      String
        .raw`rabbitmqctl(?=[ \t])${REST}{0,200}?[ \t](?:add_user|change_password)[ \t]+[^\s;&|]{1,128}[ \t]+${VALUE}`,
    ),
    after: 1400,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "Password stored with macOS security add-*-password -w",
    description:
      "`security add-generic-password ... -w PASSWORD` / `add-internet-password ... -w PASSWORD`: the password put into the keychain (a bare `-w` at the end prompts and is no value).",
    keywords: ["add-generic-password", "add-internet-password"],
    pattern: new RegExp(
      String.raw`add-(?:generic|internet)-password(?=[ \t])${REST}{0,600}?[ \t]-w[ \t]+${VALUE}`,
    ),
    after: 1700,
    priority: 2,
    validate: (v) => !v.startsWith("-") && commandValueValid(v),
  },
  {
    kind: "cli_secret_option",
    title: "Value masked by a GitHub Actions workflow command",
    description:
      '`::add-mask::VALUE` (`echo "::add-mask::..."` in a step): the runner masks the value because it is a secret, so the command prints it in the clear; an expression or variable (`${{ ... }}`, `$TOKEN`) is kept.',
    keywords: ["::add-mask::"],
    pattern: /::add-mask::(?<s>[^\s"'\\\x60]{1,1024})/,
    after: 1040,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "Password given to lftp -u user,password",
    description:
      "`lftp -u user,PASSWORD host` (also `open -u` inside lftp -c): the password after the comma.",
    keywords: ["lftp"],
    pattern: new RegExp(
      String
        .raw`lftp(?=[ \t])${REST}{0,400}?[ \t]-u[ \t]+(?:\\?["']?)[^\s,"'\\]{1,128},(?<s>[^\s"'\\]{1,256})`,
    ),
    after: 900,
    priority: 2,
    validate: commandValueValid,
  },
  {
    kind: "cli_secret_option",
    title: "Password an expect script sends at a password prompt",
    description:
      '`expect "password:"` (also `*assword*`, `-re`, a passphrase prompt) then `send "PASSWORD\\r"`, on the next line, after `;` or in the pattern\'s `{ ... }` body: the text sent; a variable (`$pw`, `$env(PW)`) or a command (`[exec cat f]`) is kept.',
    keywords: ["expect"],
    needs: "send",
    pattern: new RegExp(
      String
        .raw`(?<![A-Za-z0-9_](?<!\\[nrt]))expect[ \t]+(?:-[a-z]{1,8}[ \t]+){0,2}\\{0,3}["{]?[^"{}\r\n\\]{0,40}(?:assword|assphrase|PASSWORD|PASSPHRASE)[^"{}\r\n\\]{0,40}\\{0,3}["}]?[ \t]*(?:\{|;|\r?\n|\\{1,3}n)(?:[ \t]|\\{1,3}t|\r?\n|\\{1,3}n){0,16}send[ \t]+(?:--[ \t]+)?\\{0,3}"(?<s>[^"\\\r\n]{1,256})(?:\\{1,7}[rn])?\\{0,3}"`,
    ),
    after: 500,
    priority: 2,
    validate: (s) =>
      !/^[$\[]/.test(s) && s.length >= 4 && /[A-Za-z0-9]/.test(s) && !isRepeatedPlaceholder(s),
  },
  {
    kind: "cli_secret_option",
    title: "API key given to wandb login",
    description:
      '`wandb login [--relogin] [--host URL] KEY` and `wandb.login(key="KEY")` (Weights & Biases): a key of 40 hex, or 40 or more characters of a newer key (letters, digits, `-`, `_`), with letters and digits; the key is the first word after the options (quoted or not), in the call `key=` may be on a later line.',
    keywords: ["wandb login", "wandb.login("],
    pattern: new RegExp(
      String
        .raw`wandb(?:[ \t]+login${WANDB_OPTIONS}${ARG_GAP}\\{0,3}["']?|\.login\([^)]{0,200}?\bkey[ \t]*=[ \t]*\\{0,3}["'])(?<s>[A-Za-z0-9_-]{40,120})(?![A-Za-z0-9_-])`,
    ),
    after: 560,
    priority: 2,
    minEntropy: 3,
    validate: (s) => /[0-9]/.test(s) && /[A-Za-z]/.test(s) && !isRepeatedPlaceholder(s),
  },
];
