// Tests for core/safety/secrets/rules_printed.ts: a secret variable printed by
// `echo $NAME` or `printenv NAME`, its value on the next line or in the tool
// result that answers the command in an agent's transcript (review50). Each
// look-alike beside it (a setting under a secret word, a reference, a mask,
// a command that prints something else) is kept. See: #21

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, Rng } from "../../../_helpers/secret_fixtures.ts";
import { concatBytes, readerOf } from "../../../_helpers/byte_stream.ts";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { scanStream } from "../../../../core/safety/secrets/stream.ts";
import { WRAP_REACH } from "../../../../core/safety/secrets/wraps.ts";

const engine = createEngine(SECRET_RULES);

const COMMANDS = [
  (n: string) => `echo $${n}`,
  (n: string) => `echo "$${n}"`,
  (n: string) => `echo \${${n}}`,
  (n: string) => `printenv ${n}`,
];

/** The other ways to print one variable (review57): options, printf's format, a here-string, PowerShell's `$env:`. */
const MORE_COMMANDS = [
  (n: string) => `echo -n $${n}`,
  (n: string) => `echo -e "$${n}"`,
  (n: string) => `printf '%s\\n' "$${n}"`,
  (n: string) => `printf "%s" "\${${n}}"`,
  (n: string) => `cat <<<"$${n}"`,
  (n: string) => `echo $env:${n}`,
  (n: string) => `$env:${n}`,
  (n: string) => `node -e 'console.log(process.env.${n})'`,
  (n: string) => `python3 -c 'import os; print(os.environ["${n}"])'`,
  (n: string) => `python -c "import os; print(os.getenv('${n}'))"`,
];

/** A Claude Code transcript: the assistant's Bash call, then the user record with its result. */
function agentTurn(command: string, output: string, blocks = false): string {
  const envelope = (type: string) => ({
    parentUuid: "3c1d9a2e-5b4f-4e8a-9d7c-1f2e3a4b5c6d",
    isSidechain: false,
    cwd: "/srv/app",
    sessionId: "5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f",
    version: "2.0.14",
    type,
    uuid: "9d8c7b6a-5f4e-3d2c-1b0a-998877665544",
    timestamp: "2026-11-30T12:00:00.000Z",
  });
  const call = {
    ...envelope("assistant"),
    message: {
      role: "assistant",
      content: [
        { type: "text", text: "Let me check that the variable is set." },
        {
          type: "tool_use",
          id: "toolu_01Q",
          name: "Bash",
          input: { command, description: "Check" },
        },
      ],
      stop_reason: "tool_use",
      usage: { input_tokens: 4120, output_tokens: 96 },
    },
    requestId: "req_011CVx",
  };
  const result = {
    ...envelope("user"),
    message: {
      role: "user",
      content: [{
        tool_use_id: "toolu_01Q",
        type: "tool_result",
        content: blocks ? [{ type: "text", text: output }] : output,
        is_error: false,
      }],
    },
    toolUseResult: { stdout: output, stderr: "", interrupted: false, isImage: false },
  };
  return JSON.stringify(call) + "\n" + JSON.stringify(result) + "\n";
}

/**
 * Claude Code's parallel tool calls (review57): one assistant record per call,
 * then one user record per result, in the order given, each naming its call's id.
 */
function parallelTurn(calls: [string, string][], resultOrder: number[]): string {
  const id = (i: number) => `toolu_01Pa${i}Xk9Lm2Qz7Rv`;
  const lines = calls.map(([command], i) =>
    JSON.stringify({
      type: "assistant",
      message: {
        role: "assistant",
        content: [{
          type: "tool_use",
          id: id(i),
          name: "Bash",
          input: { command, description: "Check" },
        }],
      },
    })
  );
  for (const i of resultOrder) {
    lines.push(JSON.stringify({
      type: "user",
      message: {
        role: "user",
        content: [{ tool_use_id: id(i), type: "tool_result", content: calls[i]![1] }],
      },
    }));
  }
  return lines.join("\n") + "\n";
}

/** A Codex rollout: the shell call, then its output (the older JSON object, or the newer header). */
function codexTurn(command: string, output: string, legacy: boolean): string {
  const item = (payload: unknown) =>
    JSON.stringify({ timestamp: "2026-08-20T09:00:00.000Z", type: "response_item", payload });
  const args = legacy
    ? { command: ["bash", "-lc", command], workdir: "/srv/app" }
    : { cmd: command };
  const result = legacy
    ? JSON.stringify({ output: output + "\n", metadata: { exit_code: 0, duration_seconds: 0.1 } })
    : `Exit code: 0\nWall time: 0.1 seconds\nOutput:\n${output}\n`;
  return [
    item({
      type: "function_call",
      name: "shell",
      arguments: JSON.stringify(args),
      call_id: "call_7",
    }),
    item({ type: "function_call_output", call_id: "call_7", output: result }),
  ].join("\n") + "\n";
}

/** Every shape of `command` and its output: a terminal and each context, and an agent's turn. */
function shapes(command: string, output: string): [string, string][] {
  const terminal = `$ ${command}\n${output}\n$ ls\nREADME.md`;
  return [
    ["raw", terminal],
    ...Object.entries(CONTEXTS).map(([ctx, wrap]) => [ctx, wrap(terminal)] as [string, string]),
    ["agent", agentTurn(command, output)],
    ["agent, newline", agentTurn(command, output + "\n")],
    ["agent, text blocks", agentTurn(command, output, true)],
    ["subagent", JSON.stringify({ type: "user", content: agentTurn(command, output, true) })],
    ["codex, legacy", codexTurn(command, output, true)],
    ["codex", codexTurn(command, output, false)],
  ];
}

Deno.test("review50: a secret variable printed by echo or printenv is redacted on the next line and in the tool result that answers it (see: #21)", () => {
  const rng = new Rng(5002);
  for (
    const name of ["DB_PASSWORD", "API_TOKEN", "OPENAI_API_KEY", "STRIPE_SECRET", "GITHUB_PAT"]
  ) {
    for (const command of [...COMMANDS, ...MORE_COMMANDS]) {
      const value = rng.str(ALNUM, 6) + "7" + rng.str(ALNUM, 13);
      for (const [ctx, text] of shapes(command(name), value)) {
        // That context writes `echo ` before the terminal's prompt: a bare `$env:` is then an
        // argument, not the command.
        if (ctx === "shell_history" && command("X") === "$env:X") continue;
        const r = redactText(engine, text);
        assert.ok(r.kinds.includes("env_secret"), `${ctx}: ${r.text.slice(0, 400)}`);
        assert.ok(!r.text.includes(value.slice(2, 14)), `${ctx}: ${r.text.slice(0, 400)}`);
      }
    }
  }
});

Deno.test("review50: a printed setting, reference, mask or other command's output is kept; the same turn printing a secret is redacted (see: #21)", () => {
  const kept: [string, string][] = [
    ["echo $SSH_AUTH_SOCK", "/tmp/ssh-XXXXk3Lq9z/agent.12345"],
    ["echo $GOOGLE_APPLICATION_CREDENTIALS", "service-account.json"],
    ["echo $AUTH_PROVIDER", "google-oauth2"],
    ["echo $TOKEN_URL", "https://auth.example.com/oauth/token"],
    ["echo $PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring"],
    ["echo $API_TOKEN", "$API_TOKEN"],
    ["echo $API_TOKEN", "****************"],
    ["echo $PASSWORD_LENGTH", "32"],
    ["echo $HOME_DIR", "x7Kp2qLm9ZvB4n"],
    ["echo $API_TOKEN | wc -c", "x7Kp2qLm9ZvB4n"],
    ["echo $API_TOKEN && ls", "x7Kp2qLm9ZvB4n"],
    ["echo API_TOKEN", "x7Kp2qLm9ZvB4n"],
    ["echo -n $API_TOKEN | wc -c", "x7Kp2qLm9ZvB4n"],
    ["printf '%s' \"$API_TOKEN\" | sha256sum", "x7Kp2qLm9ZvB4n"],
    ["printf '%d' \"$API_TOKEN\"", "x7Kp2qLm9ZvB4n"],
    ['cat <<<"$API_TOKEN" > token.txt', "x7Kp2qLm9ZvB4n"],
    ["echo $env:API_TOKEN_PATH", "C:\\Users\\dev\\token.json"],
    ["$env:API_TOKEN_PATH", "C:\\Users\\dev\\token.json"],
    ["$env:API_TOKEN.Length", "40"],
    ["$env:API_TOKEN | Set-Content token.txt", "x7Kp2qLm9ZvB4n"],
    ["Write-Host $env:API_TOKEN.Substring(0,4)", "x7Kp2qLm9ZvB4n"],
    ["if ($env:API_TOKEN) { 'set' }", "x7Kp2qLm9ZvB4n"],
    ["echo -n $API_TOKEN", "****************"],
    ["node -e 'console.log(process.env.API_TOKEN.length)'", "x7Kp2qLm9ZvB4n"],
    ["python3 -c 'import os; print(os.environ[\"API_TOKEN\"][:4])'", "x7Kp2qLm9ZvB4n"],
    ["python3 -c 'import os; print(os.environ[\"API_TOKEN\"])' | wc -c", "x7Kp2qLm9ZvB4n"],
  ];
  for (const [command, output] of kept) {
    for (const [ctx, text] of shapes(command, output)) {
      assert.deepEqual(redactText(engine, text).kinds, [], `${ctx}: ${command} -> ${output}`);
    }
  }
  // Positive control: the same shapes, the secret name and a random value.
  for (const [ctx, text] of shapes("echo $API_TOKEN", "x7Kp2qLm9ZvB4n")) {
    assert.ok(redactText(engine, text).kinds.includes("env_secret"), ctx);
  }
  // The answer is the first tool result after the command: a later one is not read.
  const later = agentTurn("echo $API_TOKEN", "") +
    agentTurn("git rev-parse HEAD", "x7Kp2qLm9ZvB4n");
  assert.deepEqual(redactText(engine, later).kinds, []);
});

Deno.test("review50: a printed variable's value is redacted in a stream whatever chunk boundary falls between the command and its answer (see: #21)", async () => {
  const value = new Rng(5005).str(ALNUM, 9) + "4" + new Rng(5006).str(ALNUM, 10);
  const filler = JSON.stringify({ type: "user", message: { content: "x".repeat(5000) } }) + "\n";
  const text = filler + agentTurn("echo $DB_PASSWORD", value) + filler;
  const bytes = new TextEncoder().encode(text);
  const engine = defaultEngine();
  const command = text.indexOf("echo $DB_PASSWORD");
  for (let cut = command - 40; cut < text.indexOf(value) + 30; cut += 97) {
    const chunkBytes = Math.max(1024, cut);
    const parts: Uint8Array[] = [];
    await scanStream(engine, readerOf(bytes, 1000), {
      bounds: { chunkBytes },
      write: (b) => void parts.push(b.slice()),
    });
    const out = new TextDecoder().decode(concatBytes(parts));
    assert.ok(!out.includes(value), `chunk ${chunkBytes}: the value is left`);
    assert.equal(out.split("[REDACTED:env_secret]").length, 3, `chunk ${chunkBytes}`);
  }
});

Deno.test("the search from a printed variable's command to its tool result stops at the next command, printenv's as echo's (linear on a run of commands)", () => {
  const rule = SECRET_RULES.find((r) => r.title === "Secret variable printed by echo or printenv")!;
  const answer = agentTurn("ls", "x7Kp2qLm9ZvB4n").split("\n")[1]!;
  for (const command of [...COMMANDS, ...MORE_COMMANDS]) {
    // Two commands with no answer between them: the first one's search ends at the second,
    // so the match that reaches the answer is the second's (each hit reads up to the next).
    const text = `{"command":${JSON.stringify(command("API_TOKEN"))}},\n${
      JSON.stringify(command("AUTH_TOKEN"))
    }},\n${answer}`;
    const m = new RegExp(rule.pattern.source, "i").exec(text);
    assert.equal(m?.groups?.name, "AUTH_TOKEN", command("NAME"));
    assert.equal(m?.groups?.s, "x7Kp2qLm9ZvB4n", command("NAME"));
  }
});

Deno.test("review57: a printed variable's value is redacted in the result of its own call when several calls run in parallel, and another call's output is kept (see: #21)", () => {
  const value = "Hq7Zr2Lm9XkP4vNw";
  const other = "5f3c9a1e7b2d4c6a8e0f1a2b3c4d5e6f7a8b9c0d";
  for (const print of [...COMMANDS, ...MORE_COMMANDS]) {
    const command = print("API_TOKEN");
    const layouts: [string, [string, string][], number[]][] = [
      ["first of two", [[command, value], ["git rev-parse HEAD", other]], [0, 1]],
      ["second of two", [["git rev-parse HEAD", other], [command, value]], [0, 1]],
      ["middle, results reversed", [["ls", "README.md"], [command, value], ["pwd", "/srv/app"]], [
        2,
        1,
        0,
      ]],
    ];
    for (const [label, calls, order] of layouts) {
      const r = redactText(engine, parallelTurn(calls, order));
      assert.ok(!r.text.includes(value), `${command}, ${label}: ${r.text}`);
      assert.ok(r.text.includes(other) || !label.includes("two"), `${command}, ${label}`);
    }
    // Control: the print command's own result is a mask, another call prints a digest: nothing.
    const masked = parallelTurn([[command, "****************"], ["git rev-parse HEAD", other]], [
      1,
      0,
    ]);
    assert.deepEqual(redactText(engine, masked).kinds, [], command);
  }
});

Deno.test("review57: a secret variable printed through base64 is redacted in its encoded output; decoding or counting is kept (see: #21)", () => {
  const value = "Hq7Zr2Lm9XkP4vNwT5yB";
  const encoded = btoa(value + "\n");
  for (const command of ['echo "$API_TOKEN" | base64', "printf '%s' $DB_PASSWORD | base64 -w0"]) {
    for (const [ctx, text] of shapes(command, encoded)) {
      const r = redactText(engine, text);
      assert.ok(
        !r.text.includes(encoded.slice(4, 20)),
        `${command}, ${ctx}: ${r.text.slice(0, 300)}`,
      );
    }
  }
  for (const command of ['echo "$API_TOKEN" | base64 -d', 'echo "$API_TOKEN" | base64 | wc -c']) {
    for (const [ctx, text] of shapes(command, encoded)) {
      assert.deepEqual(redactText(engine, text).kinds, [], `${command}, ${ctx}`);
    }
  }
});

Deno.test("review57: a long secret printed through base64 is redacted on every line base64 wraps it to, its last line too (see: #21)", () => {
  const value = new Rng(5707).str(ALNUM, 120);
  const encoded = btoa(value + "\n").replace(/.{76}/g, "$&\n").trimEnd();
  assert.ok(encoded.split("\n").length === 3);
  for (const [ctx, text] of shapes('echo "$API_TOKEN" | base64', encoded)) {
    const r = redactText(engine, text);
    for (const line of encoded.split("\n")) {
      assert.ok(!r.text.includes(line.slice(2, 20)), `${ctx}: ${line} in ${r.text.slice(0, 400)}`);
    }
  }
});

Deno.test("review57: parallel calls in a stream: the printed value is redacted whatever chunk boundary falls between the call's id, its command and its result (see: #21)", async () => {
  const value = "Hq7Zr2Lm9XkP4vNw";
  const other = "5f3c9a1e7b2d4c6a8e0f1a2b3c4d5e6f7a8b9c0d";
  const filler = JSON.stringify({ type: "user", message: { content: "x".repeat(5000) } }) + "\n";
  const text = filler +
    parallelTurn([["echo $API_TOKEN", value], ["git rev-parse HEAD", other]], [1, 0]) + filler;
  const bytes = new TextEncoder().encode(text);
  const engine = defaultEngine();
  const id = text.indexOf("toolu_01Pa0");
  for (let cut = id - 20; cut < text.indexOf(value) + 30; cut += 13) {
    const chunkBytes = Math.max(1024, cut);
    const parts: Uint8Array[] = [];
    await scanStream(engine, readerOf(bytes, 1000), {
      bounds: { chunkBytes },
      write: (b) => void parts.push(b.slice()),
    });
    const out = new TextDecoder().decode(concatBytes(parts));
    assert.ok(!out.includes(value), `chunk ${chunkBytes}: the value is left`);
    assert.ok(out.includes(other), `chunk ${chunkBytes}: the other call's output is kept`);
  }
});

Deno.test("review57: PowerShell's Get-ChildItem env:NAME under a secret name: its table row's value is redacted; a setting's row, another name's row and a mask are kept (see: #21)", () => {
  const table = (name: string, value: string) =>
    `\nName                           Value\n----                           -----\n${
      name.padEnd(30)
    } ${value}\n`;
  const value = "Hq7Zr2Lm9XkP4vNwT5yB";
  for (const command of ["Get-ChildItem env:API_TOKEN", "gci Env:API_TOKEN", "dir env:API_TOKEN"]) {
    for (const [ctx, text] of shapes(command, table("API_TOKEN", value))) {
      const r = redactText(engine, text);
      assert.ok(!r.text.includes(value), `${command}, ${ctx}: ${r.text.slice(0, 300)}`);
    }
  }
  const kept: [string, string][] = [
    ["gci env:SSH_AUTH_SOCK", table("SSH_AUTH_SOCK", "/tmp/ssh-XXXXk3Lq9z/agent.12345")],
    ["gci env:API_TOKEN", table("API_TOKEN", "****************")],
    ["gci env:HOME_DIR", table("HOME_DIR", value)],
    ["gci env:API_TOKEN", table("API_TOKEN_PATH", value)],
  ];
  for (const [command, output] of kept) {
    for (const [ctx, text] of shapes(command, output)) {
      assert.deepEqual(redactText(engine, text).kinds, [], `${command}, ${ctx}`);
    }
  }
});

Deno.test("review59: a bare PowerShell `$env:NAME` as the whole command prints the value: redacted after a prompt and in a PowerShell call's result; an expression or a setting is kept (see: #21)", () => {
  const value = "Hq7Zr2Lm9XkP4vNw";
  const texts = [
    `PS C:\\Users\\dev> $env:API_TOKEN\n${value}\nPS C:\\Users\\dev> ls`,
    `PS /srv/app>   $env:STRIPE_SECRET\r\n${value}\r\n`,
    codexTurn("$env:DB_PASSWORD", value, false),
    JSON.stringify({
      type: "response_item",
      payload: {
        type: "function_call",
        name: "shell",
        arguments: JSON.stringify({ command: ["powershell.exe", "-Command", "$env:API_TOKEN"] }),
        call_id: "call_9",
      },
    }) + "\n" + JSON.stringify({
      type: "response_item",
      payload: { type: "function_call_output", call_id: "call_9", output: value },
    }) + "\n",
  ];
  for (const text of texts) {
    const r = redactText(engine, text);
    assert.deepEqual(r.kinds, ["env_secret"], text);
    assert.ok(!r.text.includes(value), r.text);
  }
  for (
    const kept of [
      `PS C:\\> $env:API_TOKEN_FILE\nC:\\secrets\\token.txt\n`,
      `PS C:\\> Write-Output "token: $env:API_TOKEN"\n${value}\n`,
      `PS C:\\> $env:API_TOKEN.Length\n${value}\n`,
      `PS C:\\> $env:PATH\n${value}\n`,
    ]
  ) assert.deepEqual(redactText(engine, kept).kinds, [], kept);
});

/**
 * Codex's parallel calls: one `function_call` line per call (its `call_id` after the
 * arguments), then one `function_call_output` per call in the order given.
 */
function codexParallel(calls: [string, string][], resultOrder: number[], legacy: boolean): string {
  const item = (payload: unknown) =>
    JSON.stringify({ timestamp: "2026-08-20T09:00:00.000Z", type: "response_item", payload });
  const lines = calls.map(([command], i) =>
    item({
      type: "function_call",
      name: "shell",
      arguments: JSON.stringify(
        legacy ? { command: ["bash", "-lc", command], workdir: "/srv/app" } : { cmd: command },
      ),
      call_id: `call_P${i}x`,
    })
  );
  for (const i of resultOrder) {
    const output = legacy
      ? JSON.stringify({ output: calls[i]![1] + "\n", metadata: { exit_code: 0 } })
      : `Exit code: 0\nWall time: 0.1 seconds\nOutput:\n${calls[i]![1]}\n`;
    lines.push(item({ type: "function_call_output", call_id: `call_P${i}x`, output }));
  }
  return lines.join("\n") + "\n";
}

Deno.test("review59: a printed variable in Codex's parallel calls is redacted in the output naming its call_id (written after the arguments); another call's output is kept (see: #21)", () => {
  const value = "Hq7Zr2Lm9XkP4vNw";
  const other = "5f3c9a1e7b2d4c6a8e0f1a2b3c4d5e6f7a8b9c0d";
  for (const legacy of [true, false]) {
    for (const print of [...COMMANDS, ...MORE_COMMANDS]) {
      const command = print("API_TOKEN");
      const layouts: [string, [string, string][], number[]][] = [
        ["first of two, results reversed", [[command, value], ["git rev-parse HEAD", other]], [
          1,
          0,
        ]],
        ["middle of three, results reversed", [["ls", "README.md"], [command, value], [
          "git rev-parse HEAD",
          other,
        ]], [2, 1, 0]],
      ];
      for (const [label, calls, order] of layouts) {
        const r = redactText(engine, codexParallel(calls, order, legacy));
        assert.ok(!r.text.includes(value), `${label}, ${command}: ${r.text.slice(0, 600)}`);
        assert.ok(r.text.includes(other), `${label}, ${command}: another call's output taken`);
        assert.deepEqual(r.kinds, ["env_secret"], `${label}, ${command}`);
      }
    }
  }
});

Deno.test("review59: Codex's parallel calls in a stream: the printed value is redacted whatever chunk boundary falls between the call, its id and its output (see: #21)", async () => {
  const value = "Hq7Zr2Lm9XkP4vNw";
  const body = codexParallel(
    [["echo $API_TOKEN", value], ["git rev-parse HEAD", "5f3c9a1e7b2d4c6a8e0f1a2b3c4d5e6f"]],
    [1, 0],
    false,
  );
  const streamEngine = defaultEngine();
  const chunkBytes = 64;
  for (let pad = 0; pad < body.length; pad += 3) {
    const text = "x".repeat(pad % chunkBytes) + "\n" + "y".repeat(pad) + "\n" + body;
    const parts: Uint8Array[] = [];
    await scanStream(streamEngine, readerOf(new TextEncoder().encode(text), 5), {
      bounds: { chunkBytes, overlapBytes: streamEngine.maxAfter + WRAP_REACH },
      write: (b) => void parts.push(b.slice()),
    });
    const streamed = new TextDecoder().decode(concatBytes(parts));
    assert.ok(!streamed.includes(value), `pad ${pad}`);
    assert.equal(streamed, redactText(streamEngine, text).text, `pad ${pad}`);
  }
});
