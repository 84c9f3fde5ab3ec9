/**
 * A secret variable printed by the shell: `echo $DB_PASSWORD` or `printenv
 * API_TOKEN` (to check that it is set) and the value the command printed,
 * on the next line of a terminal or as the whole output of the tool result
 * that answers the command in an agent's transcript. The value carries no
 * name of its own: the command names it. Spread into the main table
 * ({@linkcode SECRET_RULES}). Pure: data only.
 * @module
 */
import type { SecretRule } from "./rule.ts";

/**
 * A name that holds a secret word, checked before the long search for the
 * output (the name is checked in full by the rule's validation).
 */
const SECRET_WORD = String
  .raw`(?=[A-Za-z0-9_]{0,96}?(?:pass|pwd|secret|token|key|cred|auth|pat(?![a-z])))`;

/**
 * Claude Code's `tool_use` id, when the command is its `input`'s `command`
 * (`{"type":"tool_use","id":"toolu_…","name":"Bash","input":{"command":"…`):
 * read behind the command (or the `node -e '`, `python -c 'import os; ` around
 * a one-line script's print), or nothing. With it, the answer is the tool result
 * that names that id, past other calls made in parallel.
 */
const CALL_ID = String
  .raw`(?:(?<=\\{0,3}"id\\{0,3}":[ \t]{0,4}\\{0,3}"(?<id>[A-Za-z][A-Za-z0-9_-]{7,80})\\{0,3}",[ \t]{0,4}\\{0,3}"name\\{0,3}":[ \t]{0,4}\\{0,3}"[A-Za-z0-9_.:-]{1,64}\\{0,3}",[ \t]{0,4}\\{0,3}"input\\{0,3}":[ \t]{0,4}\{[ \t]{0,4}\\{0,3}"command\\{0,3}":[ \t]{0,4}\\{0,3}"(?:(?:node|deno|bun|python3?)[ \t]+-[ce][ \t]+\\{0,3}['"](?:import os;[ \t]*)?)?)|)`;

/**
 * Where a command starts: a line's start (raw or JSON-escaped) past blanks
 * and a prompt (`PS C:\app> `, `$ `, `> `, `# `) or a quote, a JSON `"command"` or
 * `"cmd"` string's start, or an element of an argument list after another
 * (`"-Command","…`). Read behind a bare `$env:NAME`, which prints the
 * variable only when it is the whole command.
 */
const COMMAND_START = String
  .raw`(?:^|[\r\n]|\\{1,3}n)[ \t]{0,16}(?:PS[^\r\n>"]{0,200}>[ \t]{0,4}|[$>#][ \t]{1,4}|\\{0,3}")?|(?:command|cmd)\\{0,3}":[ \t]{0,4}\\{0,3}"|\\{0,3}",[ \t]{0,4}\\{0,3}"`;

/**
 * The command: a bare `$env:NAME` as the whole command (PowerShell prints
 * the value), `echo` (with `-n`, `-e`), `printf '%s'` (or `"%s\n"`) or a
 * here-string `cat <<<` given one variable, `$NAME`, `${NAME}`, `"$NAME"`
 * (the quote escaped in a JSON line) or PowerShell's `$env:NAME` (its
 * output piped to `base64` too: the value encoded is the secret), or
 * `printenv NAME`, or a one-line script's `console.log(process.env.NAME)`
 * (`node -e '…'`) or `print(os.environ["NAME"])` (`python -c '…'`, also
 * `os.getenv`, `os.environ.get`) ending its quoted argument; nothing else
 * after it on its line.
 */
const PRINT_COMMAND = String
  .raw`(?:(?<=${COMMAND_START})\$env:${SECRET_WORD}(?<name>[A-Za-z_][A-Za-z0-9_]{2,96})|(?:echo(?:[ \t]+-[neE]{1,3})?[ \t]+|printf[ \t]+(?:'%s(?:\\{1,4}n)?'|\\{0,3}"%s(?:\\{1,4}n)?\\{0,3}")[ \t]+|cat[ \t]*<<<[ \t]*)(?:\\{0,3}")?\$\{?(?:env:)?${SECRET_WORD}(?<name>[A-Za-z_][A-Za-z0-9_]{2,96})\}?(?:\\{0,3}")?(?:[ \t]*\|[ \t]*base64(?:[ \t]+-w[ \t]?0)?)?|printenv[ \t]+${SECRET_WORD}(?<name>[A-Za-z_][A-Za-z0-9_]{2,96})|console\.log\(process\.env(?:\.|\[\\{0,3}["'])${SECRET_WORD}(?<name>[A-Za-z_][A-Za-z0-9_]{2,96})(?:\\{0,3}["']\])?\);?\\{0,3}['"]|print\(os\.(?:environ\[|getenv\(|environ\.get\()\\{0,3}["']${SECRET_WORD}(?<name>[A-Za-z_][A-Za-z0-9_]{2,96})\\{0,3}["'][\])]\)\\{0,3}['"])[ \t]*`;

/**
 * The opening of a tool result's content, up to the output: Claude Code's
 * `content` (a string, or an array whose first block is text), Codex's
 * `output` (its older `{"output": ...}` object, or its `Exit code`, `Wall
 * time` and `Output:` header).
 */
const CONTENT = String
  .raw`(?:content|output)\\{0,3}":[ \t]{0,4}(?:\[[ \t]{0,4}\{[ \t]{0,4}\\{0,3}"type\\{0,3}":[ \t]{0,4}\\{0,3}"text\\{0,3}",[ \t]{0,4}\\{0,3}"text\\{0,3}":[ \t]{0,4})?\\{0,3}"(?:\{\\{1,3}"output\\{1,3}":\\{1,3}"|Exit code: \d{1,3}\\{1,3}nWall time: [^\\"\r\n]{1,40}\\{1,3}nOutput:\\{1,3}n)?`;

/**
 * From a command whose call id was read ({@linkcode CALL_ID}) to the tool
 * result that names it (`"tool_use_id":"<id>"`), past other calls and results
 * (parallel tool calls); the search ends at the first result naming that id
 * and stops at the next print command (`echo `, `printenv `, `printf `,
 * `cat <<<`, `console.log(process.env`, `print(os.`, `$env:`), so each hit reads up to the next one's. Without an id, `(?!\k<id>)` fails (the empty reference
 * matches), so the search is not tried.
 */
const TO_CALL_OUTPUT = String
  .raw`\\{0,3}"[,}\]](?!\k<id>)(?:[^cept$]|\$(?!env:)|c(?!at[ \t]*<<<|onsole\.log\(process\.env)|e(?!cho[ \t])|p(?!rint(?:env|f)[ \t]|rint\(os\.)|t(?!ool_use_id\\{0,3}":[ \t]{0,4}\\{0,3}"\k<id>\\{0,3}")){0,6000}?\\{0,3}"tool_use_id\\{0,3}":[ \t]{0,4}\\{0,3}"\k<id>\\{0,3}"[^\r\n]{0,200}?\\{0,3}"${CONTENT}`;

/**
 * From a command in a Codex `function_call`'s arguments to the
 * `function_call_output` that names the same `call_id` (Codex writes the id
 * after the arguments, on the same line), past other calls and outputs
 * (parallel calls); the search ends at the first output naming that id and
 * stops at the next print command, as {@linkcode TO_CALL_OUTPUT} does.
 */
const TO_CODEX_CALL_OUTPUT = String
  .raw`\\{0,3}"[,}\]][^\r\n]{0,300}?"call_id\\{0,3}":[ \t]{0,4}\\{0,3}"(?<cid>[A-Za-z0-9_-]{3,80})\\{0,3}"(?:[^cep$]|c(?!at[ \t]*<<<|onsole\.log\(process\.env|all_id\\{0,3}":[ \t]{0,4}\\{0,3}"\k<cid>\\{0,3}")|e(?!cho[ \t])|p(?!rint(?:env|f)[ \t]|rint\(os\.)|\$(?!env:)){0,6000}?call_id\\{0,3}":[ \t]{0,4}\\{0,3}"\k<cid>\\{0,3}"[^\r\n]{0,200}?\\{0,3}"${CONTENT}`;

/**
 * From the command to its output: a line break (raw or JSON-escaped: a
 * terminal, a tool result holding the command and its output), or the end
 * of the command's JSON string (Codex's argument list's too) and everything
 * up to the first tool result after it (an agent's transcript: the answer is
 * the next record), whose content the output opens: Claude Code's
 * `tool_result` and its `content`, Codex's `function_call_output` and its
 * `output` (its older `{"output": ...}` object, or its `Exit code`, `Wall
 * time` and `Output:` header, before the output); Claude Code's content is a
 * string or an array whose first block is text. That search stops at the
 * next tool result, the next `"command"`, `"cmd"`, `echo `, `printenv `,
 * `printf `, `cat <<<` or `$env:` (the
 * next command's, whose answer that result may be), so the text each hit reads
 * ends where the next hit's begins.
 */
const TO_OUTPUT = String
  .raw`(?:(?:\r?\n|(?:\\r)?\\n)[ \t]{0,16}|\\{0,3}"[,}\]](?:[^cetfp$]|\$(?!env:)|c(?!ommand\\{0,3}"|md\\{0,3}"|at[ \t]*<<<|onsole\.log\(process\.env)|e(?!cho[ \t])|p(?!rint(?:env|f)[ \t]|rint\(os\.)|t(?!ool_result\\{0,3}")|f(?!unction_call_output\\{0,3}")){0,3000}?(?:tool_result|function_call_output)\\{0,3}"[^\r\n]{0,200}?\\{0,3}"${CONTENT})`;

/**
 * The output: one run of 8 to 512 characters alone on its line or its
 * content string, or base64 wrapped as `base64` wraps it (full lines of 76
 * characters, then a shorter last one, each as indented as the first), taken
 * whole.
 */
const OUTPUT = String
  .raw`(?<s>(?:[A-Za-z0-9+/]{76}(?:\r?\n|\\{1,3}n)[ \t]{0,16}){1,6}[A-Za-z0-9+/]{1,75}={0,2}|[^\s"'\x60\\]{8,512})(?=[ \t]*(?:\r?\n|\\{1,3}[rn]|\\{0,3}"|$))`;

/**
 * Output that names a setting rather than holding a secret, common under
 * names with a secret word (`SSH_AUTH_SOCK`, `GOOGLE_APPLICATION_CREDENTIALS`,
 * `AUTH_PROVIDER`): a path, a file name, a URL (one with a password is
 * another rule's), or lower-case words joined by `-`, `_` or `.`.
 */
function isSettingValue(value: string): boolean {
  return /^(?:[~.]{0,2}\/|[A-Za-z]:\\)/.test(value) ||
    /\.(?:json|ya?ml|toml|ini|conf|cfg|env|pem|key|crt|p12|pfx|txt|sock)$/i.test(value) ||
    /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^[a-z]+(?:[-_.][a-z0-9]+)+$/.test(value);
}

/**
 * The printed-variable rule.
 * @param rejectName True for a variable name that holds no secret word (or an excluded one).
 * @param valueValid The check of the value given to that name in an assignment (`NAME=value`).
 * @returns The rule.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { printedVariableRule } from "./rules_printed.ts";
 * const rule = printedVariableRule((n) => !/token/i.test(n), () => true);
 * assert.equal(rule.pattern.exec("$ echo $API_TOKEN\nXy7kL9mQ2zR4")?.groups?.s, "Xy7kL9mQ2zR4");
 * ```
 */
export function printedVariableRule(
  rejectName: (name: string) => boolean,
  valueValid: (value: string, groups: Readonly<Record<string, string | undefined>>) => boolean,
): SecretRule {
  return {
    kind: "env_secret",
    title: "Secret variable printed by echo or printenv",
    description:
      "`echo $DB_PASSWORD`, `echo -n \"${API_TOKEN}\"`, `printf '%s' \"$API_TOKEN\"`, `cat <<<\"$API_TOKEN\"`, PowerShell's `echo $env:API_TOKEN` or a bare `$env:API_TOKEN` as the whole command, `printenv API_TOKEN`, `node -e 'console.log(process.env.API_TOKEN)'` or `python -c 'import os; print(os.environ[\"API_TOKEN\"])'` (nothing else on the command line) under a secret name (as the `.env` assignment reads it), and the one word it printed: on the next line (a terminal, a tool result holding the command), or the whole content of the tool result that answers the command in an agent's transcript (the one naming its call's id, Claude Code's or Codex's, past calls made in parallel; else the first after it; a string or one text block, also in a subagent's transcript held in a tool result); the value is checked as `NAME=value` would be, and a path, file name, URL or run of lower-case words is kept.",
    keywords: [
      "$env:",
      "echo $",
      'echo "$',
      'echo \\"$',
      'echo \\\\\\"$',
      "echo ${",
      "echo -n ",
      "echo -e ",
      "echo -ne ",
      "echo -en ",
      "printenv ",
      "printf '%s",
      'printf "%s',
      'printf \\"%s',
      'printf \\\\\\"%s',
      "cat <<<",
      "console.log(process.env",
      "print(os.environ",
      "print(os.getenv(",
    ],
    pattern: new RegExp(
      CALL_ID + PRINT_COMMAND + `(?:${TO_CALL_OUTPUT}|${TO_CODEX_CALL_OUTPUT}|${TO_OUTPUT})` +
        OUTPUT,
      "i",
    ),
    before: 16,
    after: 3200,
    priority: 1,
    validate: (s, g) => !rejectName(g.name ?? "") && !isSettingValue(s) && valueValid(s, g),
  };
}

/**
 * PowerShell's listing of one secret variable, `Get-ChildItem env:API_TOKEN`
 * (`gci`, `dir`, `ls`), and the row of its `Name  Value` table that names it,
 * within 2000 bytes after the command (a terminal, a tool result) and before
 * the next `env:`; the value is checked as `NAME=value` would be.
 * @param rejectName True for a variable name that holds no secret word (or an excluded one).
 * @param valueValid The check of the value given to that name in an assignment.
 * @returns The rule.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { powershellEnvRule } from "./rules_printed.ts";
 * const rule = powershellEnvRule((n) => !/token/i.test(n), () => true);
 * const text = "PS> gci env:API_TOKEN\n\nName      Value\n----      -----\nAPI_TOKEN Xy7kL9mQ2zR4\n";
 * assert.equal(rule.pattern.exec(text)?.groups?.s, "Xy7kL9mQ2zR4");
 * ```
 */
export function powershellEnvRule(
  rejectName: (name: string) => boolean,
  valueValid: (value: string, groups: Readonly<Record<string, string | undefined>>) => boolean,
): SecretRule {
  return {
    kind: "env_secret",
    title: "Secret variable listed by PowerShell's Get-ChildItem env:",
    description:
      "`Get-ChildItem env:API_TOKEN` (`gci`, `dir`, `ls`) under a secret name, and its row in the `Name  Value` table PowerShell prints after it (within 2000 bytes, before the next `env:`); the value is checked as `NAME=value` would be.",
    keywords: ["get-childitem env:", "gci env:", "dir env:", "ls env:"],
    pattern: new RegExp(
      String
        .raw`(?:Get-ChildItem|gci|dir|ls)[ \t]+env:${SECRET_WORD}(?<name>[A-Za-z_][A-Za-z0-9_]{2,96})(?:[^e]|e(?!nv:)){0,2000}?(?:\r?\n|\\{1,3}n)[ \t]{0,16}\k<name>[ \t]+(?<s>[^\s"'\x60\\]{8,512})(?=[ \t]*(?:\r?\n|\\{1,3}[rn]|\\{0,3}"|$))`,
      "i",
    ),
    after: 2600,
    priority: 1,
    validate: (s, g) => !rejectName(g.name ?? "") && !isSettingValue(s) && valueValid(s, g),
  };
}
