/**
 * A one-liner that reads a secret-named environment variable and prints:
 * python's `os.environ[...]`/`.get`/`os.getenv`, node's and bun's
 * `process.env.X`/`[...]`, Deno's `Deno.env.get`, ruby's `ENV[...]`/
 * `ENV.fetch`, perl's `$ENV{...}`, php's `getenv`/`$_ENV`/`$_SERVER`, lua's
 * `os.getenv`, R's `Sys.getenv`, Tcl's `$env(X)`, awk's `ENVIRON[...]`,
 * .NET's `GetEnvironmentVariable`; or the environment taken under another
 * name (`from os import environ as e`, `const {GITHUB_TOKEN} = process.env`,
 * `my %e = %ENV`) with a secret's name written in the same code. The value
 * reaches the transcript as
 * `printenv GITHUB_TOKEN` does. Read without an output call (a test, a
 * header sent) it stays the code string's review. Pure.
 * @module
 */
import { isSecretName } from "./secret_names.ts";

/** An environment read in any of the languages, its name in group 1 (quoted or bare). */
const ENV_READ =
  /(?:\benviron[b]?\s{0,4}(?:\.get\s{0,4}\(\s{0,4}|\[\s{0,4})|\bgetenv\s{0,4}\(\s{0,4}|\bENV\s{0,4}(?:\.fetch\s{0,4}\(\s{0,4}|\[\s{0,4})|\$ENV\s{0,4}\{\s{0,4}|\b(?:process|Bun)\.env\s{0,4}(?:\?\.|\.|\[\s{0,4})|\bDeno\.env\.get\s{0,4}\(\s{0,4}|\bENVIRON\s{0,4}\[\s{0,4}|\$_(?:ENV|SERVER)\s{0,4}\[\s{0,4}|\bSys\.getenv\s{0,4}\(\s{0,4}|\$(?:::)?env\(|GetEnvironmentVariable\s{0,4}\(\s{0,4})b?["'`]?([A-Za-z_][A-Za-z0-9_]{0,127})/g;

/** An output call: the value read goes to stdout or stderr. */
const OUTPUTS =
  /\b(?:print[fl]?|println|puts|pp?|say|echo|console\.(?:log|error|warn|info|debug|dir|table)|(?:stdout|stderr)\.write|write(?:ln)?|cat|message|warn|die|raise|throw|dump|var_dump|print_r|alert|display|Write-(?:Output|Host)|writeLines)\b/;

/**
 * True when the code reads a secret-named environment variable and has an
 * output call, or `prints` says the interpreter prints the code's value
 * (`node -p`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { printsSecretEnv } from "./env_reads.ts";
 * assert.ok(printsSecretEnv('import os;print(os.environ["AWS_SECRET_ACCESS_KEY"])', false));
 * assert.ok(printsSecretEnv("console.log(process.env.X_TOKEN)", false));
 * assert.ok(printsSecretEnv("process.env.GITHUB_TOKEN", true));
 * assert.ok(!printsSecretEnv('print(os.environ["HOME"])', false));
 * assert.ok(!printsSecretEnv('assert os.environ["GITHUB_TOKEN"]', false));
 * ```
 */
export function printsSecretEnv(code: string, prints: boolean): boolean {
  if (code.length > 65_536 || (!prints && !OUTPUTS.test(code))) return false;
  for (const m of code.matchAll(ENV_READ)) {
    if (isSecretName(m[1]!, true)) return true;
  }
  // The environment taken under another name (`from os import environ as e`, `const {X} =
  // process.env`, `my %e = %ENV`): a secret's name written in the same code is read through it.
  if (!ENV_OBJECT.test(code)) return false;
  for (const m of code.matchAll(ENV_STYLE_NAME)) {
    const at = m.index ?? 0;
    // A membership test prints whether it is set, not its value (`'X' in os.environ`).
    if (
      /^["'`]?\s{0,4}(?:not\s+)?in\b/.test(code.slice(at + m[0].length, at + m[0].length + 12)) ||
      MEMBERSHIP_CALL.test(code.slice(Math.max(0, at - 24), at))
    ) continue;
    if (isSecretName(m[1]!, true)) return true;
  }
  return false;
}

/** A call that asks whether a name is set (`includes(`, `has(`, `exists $ENV{`, `isset(`). */
const MEMBERSHIP_CALL =
  /(?:includes|has|hasOwnProperty|has_key|key\?|exists|defined|isset|contains)\s{0,4}\(?\s{0,4}["'`]?$/;

/** The environment as an object or function any name can be read through. */
const ENV_OBJECT =
  /\b(?:environ[b]?|getenv|ENVIRON|GetEnvironmentVariables?)\b|\b(?:process|Bun|Deno)\.env\b|\{\s{0,4}env\s{0,4}\}\s{0,4}=\s{0,4}process\b|%ENV\b|\$_(?:ENV|SERVER)\b|(?<![\w$@%])ENV\b/;

/** A name written as environment variables are (`GITHUB_TOKEN`, `NPM_TOKEN`), group 1. */
const ENV_STYLE_NAME = /(?<![A-Za-z0-9_])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![A-Za-z0-9_])/g;
