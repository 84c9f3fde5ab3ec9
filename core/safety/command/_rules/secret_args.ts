/**
 * Secret-named variables (`$GITHUB_TOKEN`, `$DB_PASSWORD`, `$SLACK_WEBHOOK_URL`)
 * handed to a program: the printers (echo, printf, Write-Output) print them
 * (data.ts judges those); fed on stdin by a here-string or an unquoted
 * heredoc to a program that prints its input (`cat <<< "$GITHUB_TOKEN"`)
 * they are printed too — credential exposure; given as an argument to any
 * other program they come back in its error messages (`cat "$GITHUB_TOKEN"`:
 * "No such file or directory") — review. A test compares without printing.
 * Pure.
 * @module
 */
import { secretKey } from "../written_variables.ts";
import { expandsSecret, isSecretName } from "./secret_names.ts";
import { type Arg, expandedText, type Findings, type Invocation } from "../invocation.ts";

/** curl's options that print the request it sends: `-v` (in a short group), `--verbose`, `--trace*`. */
const CURL_SHOWS_REQUEST = /^(?:-[a-zA-Z]*v[a-zA-Z]*|--verbose|--trace(?:-ascii)?(?:=.*)?)$/;

/** Programs that print what they read on stdin, as it is or re-encoded. */
const STDIN_PRINTERS = new Set([
  ..."cat tac head tail tee nl rev fold fmt expand unexpand cut tr sed awk gawk mawk sort uniq"
    .split(" "),
  ..."column paste base64 base32 basenc xxd od hexdump strings less more bat batcat jq yq"
    .split(" "),
]);

/** Comparisons print nothing of their operands; the printers are data.ts's. */
const NOT_JUDGED = new Set([
  "test",
  "[",
  "[[",
  "echo",
  "printf",
  "print",
  "write-output",
  "write-host",
  "echo.",
  "say",
  // PowerShell's Get-Member prints the object's type and members, not its value.
  "get-member",
  "",
]);

/** The text a here-string or an unquoted heredoc feeds, when it expands a secret-named variable. */
function fedSecret(inv: Invocation): boolean {
  return inv.redirects.some((r) =>
    (r.op === "<<<" && r.target !== null &&
      r.target.segments.some((s) => s.kind === "var" && expandsSecret(s.raw, true))) ||
    (r.heredoc !== null && !r.heredoc.quotedDelimiter && expandsSecret(r.heredoc.body, true))
  );
}

/**
 * True when the text expands a variable that holds a secret-named
 * variable's value (review74): a copy the analysis marked with
 * {@linkcode secretKey} (`X=$GITHUB_TOKEN; echo $X`), or an indirection
 * `${!N}` where N holds a secret's name (`N=GITHUB_TOKEN; echo ${!N}`).
 * A length (`${#X}`) and the names a prefix lists (`${!GH*}`) are none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { holdsSecretCopy } from "./secret_args.ts";
 * const vars = new Map([["\0secret:X", ""], ["N", "API_KEY"], ["M", "PATH"]]);
 * assert.ok(holdsSecretCopy("$X", vars) && holdsSecretCopy("${X}", vars));
 * assert.ok(holdsSecretCopy("${!N}", vars) && !holdsSecretCopy("${!M}", vars));
 * assert.ok(!holdsSecretCopy("${#X}", vars) && !holdsSecretCopy("$Y", vars));
 * ```
 */
export function holdsSecretCopy(
  text: string,
  vars: ReadonlyMap<string, string> | undefined,
): boolean {
  if (vars === undefined || vars.size === 0 || !text.includes("$")) return false;
  for (
    const m of text.matchAll(
      /\$(?:\{(!?)([A-Za-z_][A-Za-z0-9_]*)([*@]?)(?![A-Za-z0-9_]|:?\+)|([A-Za-z_][A-Za-z0-9_]*))/g,
    )
  ) {
    const name = m[2] ?? m[4]!;
    if (m[1] === "!") {
      if (m[3] !== "") continue;
      const target = vars.get(name);
      if (
        target !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(target) &&
        (isSecretName(target) || vars.has(secretKey(target)))
      ) {
        return true;
      }
    } else if (vars.has(secretKey(name))) return true;
  }
  return false;
}

/**
 * Judges secret-named variables fed to or passed to a program.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { classifyCommand } from "../classify.ts";
 * assert.equal(classifyCommand('curl -v -H "Authorization: Bearer $GH_PAT" https://example.invalid').class, "dangerous");
 * assert.equal(classifyCommand("cat <<< $MAX_TOKENS").class, "read_only");
 * ```
 */
export function secretArgsRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  if (fedSecret(inv) && STDIN_PRINTERS.has(p)) {
    out.dangerous("credential_exposure", `${p}: prints a secret-named variable fed on stdin`);
  }
  // `set -x`: the shell prints each command with its words expanded, a secret's value included.
  const copy = (a: Arg) => holdsSecretCopy(expandedText(a), inv.vars);
  if (
    inv.traced === true && inv.args.some((a) => expandsSecret(expandedText(a), true) || copy(a))
  ) {
    out.dangerous("credential_exposure", "set -x prints the command with a secret expanded");
  }
  if (NOT_JUDGED.has(p)) return;
  // A copy (`t=$GITHUB_TOKEN; curl -v -H "X: $t"`) is the secret as much as the name is.
  const secret = inv.args.some((a) => expandsSecret(expandedText(a)) || copy(a));
  // curl -v and --trace print the request's headers (`> Authorization: Bearer <token>`).
  if (secret && p === "curl" && inv.argv.some((a) => CURL_SHOWS_REQUEST.test(a))) {
    out.dangerous("credential_exposure", "curl: verbose output prints a secret sent in a header");
  }
  if (secret) {
    out.review(`${p}: a secret-named variable is an argument, which errors and output may print`);
  }
}
