/**
 * Secret stores' command-line clients that print a stored secret in clear:
 * cloud secret managers and parameter stores asked to decrypt, a Terraform
 * output named like a secret (by name, raw or JSON) and the pulled state, NetworkManager's and
 * WireGuard's keys, the shadow database, the password managers' (gopass's
 * default action too), Python's keyring's and KDE Wallet's reads, and
 * SOPS's and Ansible Vault's decrypting reads. Each prints what
 * `printenv GITHUB_TOKEN` would: a credential on the terminal. Pure.
 * @module
 */

/** The words of a command line that are not options, lower-cased and joined by one blank. */
function words(argv: readonly string[]): string {
  return argv.filter((a) => !a.startsWith("-")).join(" ").toLowerCase();
}

/** Any argument is one of the given options, or one with its value attached (`--opt=v`). */
function has(argv: readonly string[], ...names: string[]): boolean {
  return argv.some((a) => names.some((n) => a === n || a.startsWith(`${n}=`)));
}

/** The clients {@linkcode printsStoredSecret} knows. */
const CLIENTS = new Set([
  ..."aws gcloud az terraform tofu nmcli getent wg sops ansible-vault doppler infisical bw lpass"
    .split(" "),
  "gopass",
  "chamber",
  "keyring",
  "kwallet-query",
]);

/**
 * gopass's commands (1.15): a first word that is none of them names a secret, which gopass
 * shows as `gopass show NAME` does.
 */
const GOPASS_COMMANDS = new Set(
  ("age alias audit cat clone completion config convert copy cp create delete edit env find " +
    "fsck fscopy fsmove generate git grep help history init insert link list ls merge mounts " +
    "move mv otp process pwgen rcs recipients remove rm search setup show sum sync templates " +
    "unclip update version")
    .split(" "),
);

/**
 * True when `program argv` prints a stored secret in clear.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { printsStoredSecret } from "./secret_stores.ts";
 * assert.equal(printsStoredSecret("aws", ["secretsmanager", "get-secret-value", "--secret-id", "x"]), true);
 * assert.equal(printsStoredSecret("aws", ["ssm", "get-parameter", "--name", "x"]), false);
 * assert.equal(printsStoredSecret("terraform", ["output", "-raw", "db_password"]), true);
 * assert.equal(printsStoredSecret("terraform", ["output"]), false);
 * ```
 */
export function printsStoredSecret(program: string, argv: readonly string[]): boolean {
  // Most programs are none of these: the words are joined only for those that are.
  if (!CLIENTS.has(program)) return false;
  const w = words(argv);
  switch (program) {
    case "aws":
      return /\bsecretsmanager (?:get-secret-value|batch-get-secret-value)\b/.test(w) ||
        /\bkms decrypt\b/.test(w) ||
        (/\bssm get-parameters?(?:-by-path)?\b/.test(w) && has(argv, "--with-decryption"));
    case "gcloud":
      return /\bsecrets versions access\b/.test(w);
    case "az":
      return /\bkeyvault (?:secret show|secret download|key download)\b/.test(w);
    case "terraform":
    case "tofu":
      // One output named like a secret: printed in clear when named, `-raw`, `-json` or neither
      // (only the list of every output hides a sensitive one; all outputs at once in JSON, or
      // `show -json`, is a dump: review, as `env` is); the pulled state, as `cat *.tfstate`.
      return /^output \S*(?:password|passwd|secret|token|private_key|api_key|credential)/.test(w) ||
        /^state pull\b/.test(w);
    case "nmcli":
      return (has(argv, "-s", "--show-secrets") && /\b(?:c|con|conn|connection) show\b/.test(w)) ||
        /\b(?:d|dev|device) wifi show-password\b/.test(w);
    case "getent":
      return /^g?shadow\b/.test(w);
    case "wg":
      return /^showconf\b/.test(w) || /^show \S+ (?:private-key|preshared-keys)\b/.test(w);
    case "sops":
      return has(argv, "-d", "--decrypt");
    case "ansible-vault":
      return /^(?:view|decrypt)\b/.test(w);
    case "doppler":
      return /^secrets(?: (?:get|download))?\b/.test(w);
    case "infisical":
      return /^secrets(?: get)?\b/.test(w) || /^export\b/.test(w);
    case "bw":
      return /^get (?:password|item|notes|totp)\b/.test(w);
    case "lpass":
      return /^show\b/.test(w);
    case "gopass": {
      // review74: its default action, `cat`, `grep` (matching lines, decrypted) and `otp` print
      // secrets as `show` does.
      const first = w.split(" ")[0] ?? "";
      return /^(?:show|cat|grep|otp)\b/.test(w) || (first !== "" && !GOPASS_COMMANDS.has(first));
    }
    case "keyring":
      // Python's keyring CLI: `get SERVICE USER` prints the password.
      return /^get\b/.test(w);
    case "kwallet-query":
      // KDE's wallet: -r/--read-password prints an entry's password.
      return argv.some((a) => /^(?:-[a-z]*r|--read-password(?:=.*)?)$/.test(a));
    case "chamber":
      return /^(?:read|export|env)\b/.test(w);
    default:
      return false;
  }
}
