// Secrets redact94 found printed in realistic agent transcript lines: a
// command in a Codex rollout's function_call (JSON in JSON, quotes escaped
// three times) with `curl -u ":TOKEN"`, a Terraform variable's default under
// a secret's name or `sensitive = true`, and an expect script's `send` at a
// password prompt. Each in Claude Code's tool_use and tool_result, Codex's
// function_call and its output, Gemini CLI's function response and a file a
// tool read; look-alikes beside them are kept.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

/** How each agent's transcript holds a command or its output (one JSONL line each). */
const TRANSCRIPTS: Record<string, (s: string) => string> = {
  raw: (s) => s,
  claude_tool_use: (s) =>
    JSON.stringify({
      type: "assistant",
      message: {
        role: "assistant",
        content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command: s } }],
      },
    }),
  claude_tool_result: (s) =>
    JSON.stringify({
      type: "user",
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "toolu_1", content: `$ ${s}\nexit 0` }],
      },
    }),
  codex_function_call: (s) =>
    JSON.stringify({
      type: "response_item",
      payload: {
        type: "function_call",
        name: "shell",
        arguments: JSON.stringify({ command: ["bash", "-lc", s] }),
      },
    }),
  codex_output: (s) =>
    JSON.stringify({
      type: "response_item",
      payload: {
        type: "function_call_output",
        call_id: "c1",
        output: JSON.stringify({ output: s, metadata: { exit_code: 0 } }),
      },
    }),
  gemini_response: (s) =>
    JSON.stringify({
      functionResponse: { name: "run_shell_command", response: { output: `Command: ${s}` } },
    }),
  file_read: (s) =>
    JSON.stringify({
      type: "user",
      toolUseResult: { file: { filePath: "/srv/infra/main.tf", content: `# cfg\n${s}\n` } },
    }),
};

function redactedInEveryTranscript(shapes: readonly ((v: string) => string)[], seed: number) {
  const rng = new Rng(seed);
  for (const shape of shapes) {
    for (const [name, wrap] of Object.entries(TRANSCRIPTS)) {
      const v = `Hq7${rng.str(ALNUM, 21)}`;
      const r = redactText(engine, wrap(shape(v)));
      assert.ok(!r.text.includes(v.slice(0, 12)), `${name}: ${r.text.slice(0, 400)}`);
    }
  }
}

function keptInEveryTranscript(texts: readonly string[]) {
  for (const text of texts) {
    for (const [name, wrap] of Object.entries(TRANSCRIPTS)) {
      assert.deepEqual(redactText(engine, wrap(text)).kinds, [], `${name}: ${text}`);
    }
  }
}

Deno.test("curl -u with a quoted user:token is redacted however many times its quotes are escaped", () => {
  redactedInEveryTranscript([
    (v) => `curl -u ":${v}" https://dev.azure.com/org/_apis/projects`,
    (v) => `curl -s -u "deploy:${v}" https://ci.internal.test/api/json`,
  ], 9411);
  keptInEveryTranscript([
    'curl -u ":$AZURE_DEVOPS_EXT_PAT" https://dev.azure.com/org/_apis/projects',
    'curl -u "$USER:$PASS" https://ci.internal.test/api/json',
  ]);
});

Deno.test("a Terraform variable's default under a secret's name or declared sensitive is redacted", () => {
  redactedInEveryTranscript([
    (v) => `variable "db_password" {\n  type    = string\n  default = "${v}"\n}`,
    (v) =>
      `variable "api_token" {\n  description = "The token"\n  validation {\n    condition = length(var.api_token) > 8\n    error_message = "short"\n  }\n  default = "${v}"\n}`,
    (v) => `variable "conn" {\n  sensitive = true\n  default   = "Server=db;Pwd=${v}"\n}`,
    (v) => `variable "conn" {\n  default   = "${v}"\n  sensitive = true\n}`,
  ], 9412);
  keptInEveryTranscript([
    'variable "region" {\n  default = "eu-west-1"\n}',
    'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
    'variable "db_password" {\n  default = ""\n}',
    'variable "db_password_length" {\n  default = "16"\n}',
    'variable "instance_type" {\n  sensitive = false\n  default = "t3.micro"\n}',
    'variable "token" {\n  default = "${var.other}"\n}',
  ]);
});

Deno.test("what an expect script sends at a password prompt is redacted; variables and other prompts are kept", () => {
  redactedInEveryTranscript([
    (v) => `expect -c 'spawn ssh bob@host; expect "password:"; send "${v}\\r"; interact'`,
    (v) => `spawn ssh bob@host\nexpect "*assword*"\nsend "${v}\\r"\ninteract`,
    (v) =>
      `expect {\n  "yes/no" { send "yes\\r"; exp_continue }\n}\nexpect "Password:" { send "${v}\\r" }`,
    (v) => `expect -re "(P|p)assword: ?$"\nsend -- "${v}\\r"`,
  ], 9413);
  keptInEveryTranscript([
    'expect "password:"\nsend "$password\\r"',
    'expect "password:"\nsend "$env(SSH_PASS)\\r"',
    'expect "password:"\nsend "[exec cat ~/.pw]\\r"',
    'expect "login:"\nsend "deploy\\r"',
    "We expect the password to be sent later.",
  ]);
});

Deno.test("a command's password is redacted in each copy a tool result repeats, and a word never runs on past an escaped line break", () => {
  // The command echoed before its output (`$ cmd` then `cmd`), as a tool result or Gemini's
  // response holds it: the match from the first copy's program ran to the second copy's value,
  // leaving the first (glued to its flag, which the every-copy search does not cut out).
  redactedInEveryTranscript([
    (v) => `$ sshpass -p${v} ssh deploy@host\nsshpass -p${v} ssh deploy@host`,
    (v) => `$ mysql -uroot -p${v} shop\nmysql -uroot -p${v} shop`,
    (v) => `htpasswd -nb admin ${v}\nhtpasswd -nb admin ${v}`,
    (v) => `htpasswd -b /etc/nginx/.htpasswd admin ${v}\nexit 0`,
  ], 9414);
  for (const wrap of Object.values(TRANSCRIPTS)) {
    const r = redactText(
      engine,
      wrap("htpasswd -nb admin Hq7kR4t9Lm2zVb\nStdout: admin:$apr1$x$y"),
    );
    assert.ok(!r.text.includes("Hq7kR4t9Lm2zVb"), r.text);
    assert.ok(r.text.includes("-nb"), r.text);
  }
});

Deno.test("a command's password flag after a shell line continuation is redacted; a flag on a new command's line is not read", () => {
  redactedInEveryTranscript([
    (v) => `docker login \\\n  -u bob \\\n  -p ${v} \\\n  registry.test`,
    (v) => `podman login \\\n  -u bob \\\n  -p ${v} \\\n  quay.io`,
    (v) => `mysql -h db \\\n  -u root \\\n  -p${v} \\\n  shop`,
    (v) => `ipmitool -I lanplus -H 10.0.0.5 \\\n  -U admin -P ${v} power status`,
    (v) => `redis-cli -h cache \\\n  -a ${v} ping`,
  ], 9415);
  keptInEveryTranscript([
    "podman login quay.io\nssh -p 2222 deploy@host",
    "cqlsh db1\niperf3 -c host -p 5201",
  ]);
});
