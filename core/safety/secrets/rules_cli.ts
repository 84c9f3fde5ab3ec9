/**
 * Secrets given to a command whose option name alone does not say so: a
 * FreeRDP client's `/p:` password, `aws ssm put-parameter --value` of a
 * `SecureString`, `aws secretsmanager ... --secret-string` and `az keyvault
 * secret set --value`. The command's own name is the keyword, so other
 * commands' `--value` and `/p:` cost nothing. Spread into the main table
 * ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import { isRepeatedPlaceholder } from "./filters.ts";
import type { SecretRule } from "./rule.ts";
import { quotedValue } from "./quoted.ts";

/**
 * A command-line value as group `s`: double-quoted (also JSON-escaped, an
 * escaped quote inside kept in the value), single-quoted or bare.
 */
const VALUE = `(?:${quotedValue("s", 1, 1024)}|${String.raw`(?<s>[^\s"'\\;&|<>()\x60]{1,256}))`}`;

/** The rest of a command on its line (a JSON-escaped line break ends it too). */
const REST = String.raw`(?:[^\r\n\\]|\\(?![nr]))`;

/** A value given to the command is a secret: not a word, reference, path, file source or placeholder. */
function commandValueValid(value: string): boolean {
  if (/^\$|^%[A-Za-z_]+%$|^\{\{|^<[^>]*>$/.test(value)) return false;
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
];
