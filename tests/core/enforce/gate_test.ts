import assert from "node:assert/strict";
import fc from "fast-check";
import { decideGate, type GateInput } from "../../../core/enforce/gate.ts";
import { type DenyRecord, parseDenyRecord } from "../../../core/enforce/deny_record.ts";
import { isPlainBatonStateCommand, resumeCommand } from "../../../core/enforce/recovery.ts";
import { toolCallOf } from "../../../core/enforce/tool_call.ts";
import { AFTER_HANDOFF as afterHandoff } from "../../../commands/mod.ts";
import { classifyCommand } from "../../../core/safety/command/classify.ts";

const NOW = Date.parse("2026-12-01T12:00:00.000Z");
const deny = (session: string, over: Partial<DenyRecord> = {}): DenyRecord => ({
  session,
  host: null,
  status: "open",
  created_at: "2026-12-01T11:00:00.000Z",
  last_seen_at: "2026-12-01T11:59:00.000Z",
  capsule_id: "0123456789ab",
  scope: { root: "/r", branch: "main" },
  consumed_by: null,
  consumed_at: null,
  ...over,
});
const input = (over: Partial<GateInput>): GateInput => ({
  mode: "deny",
  call: toolCallOf("Bash", { command: "touch x" }),
  classify: (c) => classifyCommand(c).class,
  records: [deny("A")],
  caller: { session: "A", root: "/r", branch: "main" },
  nowMs: NOW,
  orphanMs: 24 * 3600 * 1000,
  batonWords: ["baton"],
  afterHandoff,
  ...over,
});

Deno.test("deny only in deny mode, only on a positive decision", () => {
  assert.equal(decideGate(input({})).decision.action, "deny");
  for (const mode of ["advise", "off"] as const) {
    assert.equal(decideGate(input({ mode })).decision.action, "allow", mode);
  }
  assert.equal(decideGate(input({ records: [] })).decision.action, "allow");
  assert.equal(decideGate(input({ call: toolCallOf("mcp__x__y", {}) })).decision.action, "allow");
  assert.equal(decideGate(input({ call: toolCallOf("Read", {}) })).decision.action, "allow");
  assert.equal(decideGate(input({ call: toolCallOf("Edit", {}) })).decision.action, "deny");
});

Deno.test("property: a read_only command is never denied, whatever the deny state", () => {
  const readOnly = [
    "ls",
    "ls -la src",
    "cat README.md",
    "git status",
    "git diff",
    "pwd",
    "rg TODO",
    "git log -5",
  ];
  fc.assert(
    fc.property(
      fc.constantFrom(...readOnly),
      fc.constantFrom("A", "B", null),
      fc.constantFrom("open", "consumed", "bypassed") as fc.Arbitrary<DenyRecord["status"]>,
      (command, session, status) => {
        const d = decideGate(input({
          call: toolCallOf("Bash", { command }),
          caller: { session, root: "/r", branch: "main" },
          records: [deny("A", { status })],
        }));
        assert.equal(d.decision.action, "allow");
      },
    ),
  );
});

Deno.test("D3's printed recovery passes for that caller only, and names the caller's own session", () => {
  const d = decideGate(input({ caller: { session: "B", root: "/r", branch: "main" } })).decision;
  assert.equal(d.action, "deny");
  if (d.action !== "deny") return;
  assert.equal(d.code, "D3");
  assert.equal(d.recovery, resumeCommand("B", "A"));
  assert.ok(d.message.endsWith(d.recovery));
  const viaB = decideGate(input({
    caller: { session: "B", root: "/r", branch: "main" },
    call: toolCallOf("Bash", { command: d.recovery }),
  }));
  assert.deepEqual(viaB.decision, { action: "allow", reason: "recovery" });
  const viaA = decideGate(input({ call: toolCallOf("Bash", { command: d.recovery }) }));
  assert.equal(viaA.decision.action, "deny", "the denier cannot run another session's resume");
  const smuggled = decideGate(input({
    caller: { session: "B", root: "/r", branch: "main" },
    call: toolCallOf("Bash", { command: `${d.recovery} && rm -rf src` }),
  }));
  assert.equal(smuggled.decision.action, "deny");
});

Deno.test("orphans stop blocking others but not the denier; other work is not blocked", () => {
  const old = deny("A", { last_seen_at: "2026-11-29T00:00:00.000Z" });
  const other = decideGate(
    input({ records: [old], caller: { session: "B", root: "/r", branch: "main" } }),
  );
  assert.equal(other.decision.action, "allow");
  assert.equal(other.orphans.length, 1);
  assert.equal(decideGate(input({ records: [old] })).decision.action, "deny");
  const elsewhere = decideGate(input({ caller: { session: "B", root: "/r", branch: "dev" } }));
  assert.equal(elsewhere.decision.action, "allow");
});

Deno.test("an orphan time below an hour (a committed config's) counts as an hour", () => {
  const seen = (msAgo: number) => deny("A", { last_seen_at: new Date(NOW - msAgo).toISOString() });
  const caller = { session: "B", root: "/r", branch: "main" };
  const tiny = decideGate(input({ records: [seen(60_000)], caller, orphanMs: 3.6 }));
  assert.equal(
    tiny.decision.action,
    "deny",
    "a minute-old deny still blocks under orphan_hours 0.000001",
  );
  assert.equal(tiny.orphans.length, 0);
  const old = decideGate(input({ records: [seen(2 * 3600 * 1000)], caller, orphanMs: 3.6 }));
  assert.equal(old.decision.action, "allow", "control: past the hour it is an orphan");
  assert.equal(old.orphans.length, 1);
});

Deno.test("plain baton state commands pass; chained, piped or substituted ones do not", () => {
  for (
    const ok of [
      "baton load",
      "baton finalize --draft -",
      'baton finalize --draft - <<\'EOF\'\n{"now":"x"}\nEOF',
      "baton handoff write --session A --write",
      "baton handoff status",
    ]
  ) {
    assert.equal(isPlainBatonStateCommand(ok, { afterHandoff, caller: "A" }), true, ok);
  }
  for (
    const bad of [
      "baton load; rm x",
      "baton load && touch y",
      "baton load | sh",
      "baton load $(rm x)",
      "baton finalize --draft - <<EOF\n{}\nEOF\nrm -rf .",
      "baton enforce off",
      "baton handoff bypass --session A --write",
      "batonx load",
      "baton load > out.txt",
      // Commands that run configured programs or could deny another session.
      "baton done",
      "baton done --force --reason x",
      "baton evidence -- true",
      "baton handoff write --session B --write",
      "baton handoff write --session=B --write",
      "baton handoff write --session A --session B --write",
      "baton handoff write --write",
      "baton handoff resume --session A --deny-session B --write",
      "baton commit",
    ]
  ) {
    assert.equal(isPlainBatonStateCommand(bad, { afterHandoff, caller: "A" }), false, bad);
  }
  // Without a known caller, no own-session command passes.
  assert.equal(
    isPlainBatonStateCommand("baton handoff write --session A --write", { afterHandoff }),
    false,
  );
});

Deno.test("malformed deny records are faults, not denies", () => {
  assert.equal(parseDenyRecord(JSON.stringify(deny("A")))?.session, "A");
  for (
    const bad of [
      "",
      "[]",
      "{}",
      JSON.stringify({ ...deny("A"), status: "maybe" }),
      JSON.stringify({ ...deny("../x") }),
      JSON.stringify({ ...deny("A"), last_seen_at: "soon" }),
    ]
  ) {
    assert.equal(parseDenyRecord(bad), null, bad.slice(0, 40));
  }
});

Deno.test("OpenCode's lower-case tools: read and list pass, write, edit and patch are denied", () => {
  for (const tool of ["read", "list", "glob", "grep", "webfetch", "todowrite"]) {
    assert.equal(decideGate(input({ call: toolCallOf(tool, {}) })).decision.action, "allow", tool);
  }
  for (const tool of ["write", "edit", "patch", "multiedit"]) {
    assert.equal(decideGate(input({ call: toolCallOf(tool, {}) })).decision.action, "deny", tool);
  }
  assert.equal(
    decideGate(input({ call: toolCallOf("bash", { command: "touch x" }) })).decision.action,
    "deny",
  );
});

Deno.test("baton started by its installed path or runtime invocation: state commands and the printed recovery pass, and the recovery is printed with the first form", () => {
  const inv = "/opt/deno run --quiet --config=/src/deno.json /src/main.ts";
  const words = [inv, "baton"];
  assert.equal(
    isPlainBatonStateCommand(`${inv} finalize --draft -`, { batonWords: words, afterHandoff }),
    true,
  );
  assert.equal(
    isPlainBatonStateCommand("/usr/local/bin/baton preflight --json", {
      batonWords: ["/usr/local/bin/baton"],
      afterHandoff,
    }),
    true,
  );
  // Positive control for the prefix rule: the same text without the invocation among the words.
  assert.equal(
    isPlainBatonStateCommand(`${inv} finalize --draft -`, { batonWords: ["baton"], afterHandoff }),
    false,
  );
  // Whole words only, and what follows is still judged.
  assert.equal(
    isPlainBatonStateCommand(`${inv}x finalize`, { batonWords: words, afterHandoff }),
    false,
  );
  assert.equal(
    isPlainBatonStateCommand(`${inv} load; rm -rf src`, { batonWords: words, afterHandoff }),
    false,
  );
  assert.equal(
    isPlainBatonStateCommand(`${inv} enforce off`, { batonWords: words, afterHandoff }),
    false,
  );
  const d = decideGate(input({
    records: [deny("OLD")],
    caller: { session: "NEW", root: "/r", branch: "main" },
    batonWords: words,
  })).decision;
  assert.ok(d.action === "deny");
  assert.equal(d.recovery, resumeCommand("NEW", "OLD", inv));
  assert.ok(d.message.includes(`Run exactly: ${inv} handoff resume --session NEW`));
  for (const form of [d.recovery, resumeCommand("NEW", "OLD")]) {
    const r = decideGate(input({
      call: toolCallOf("Bash", { command: form }),
      records: [deny("OLD")],
      caller: { session: "NEW", root: "/r", branch: "main" },
      batonWords: words,
    }));
    assert.equal(r.decision.action, "allow", form);
  }
});

Deno.test("an unquoted heredoc passes only with a body the shell would not expand", () => {
  const quoted = 'baton finalize --draft - <<\'EOF\'\n{"now":"$(touch pwn)"}\nEOF';
  assert.equal(
    isPlainBatonStateCommand(quoted, { afterHandoff }),
    true,
    "quoted: the body is literal",
  );
  assert.equal(
    isPlainBatonStateCommand('baton finalize --draft - <<EOF\n{"now":"x"}\nEOF', { afterHandoff }),
    true,
  );
  for (
    const body of ["$(touch pwn)", "`touch pwn`", "${x:=$(touch pwn)}", "a\\\nb"]
  ) {
    for (const op of ["<<EOF", "<<-EOF"]) {
      const cmd = `baton finalize --draft - ${op}\n${body}\nEOF`;
      assert.equal(isPlainBatonStateCommand(cmd, { afterHandoff }), false, cmd);
    }
  }
});

Deno.test("a caller id outside the records' alphabet never makes a printed recovery, nor is printed", () => {
  const evil = "C;touch${IFS}pwned;#";
  const r = decideGate(input({
    call: toolCallOf("Bash", {
      command: `baton handoff resume --session ${evil} --deny-session A --write`,
    }),
    caller: { session: evil, root: "/r", branch: "main" },
  }));
  assert.equal(r.decision.action, "deny");
  assert.ok(r.decision.action === "deny" && !r.decision.message.includes("pwned"));
  // Control: a well-formed caller's printed resume passes.
  const ok = decideGate(input({
    call: toolCallOf("Bash", { command: resumeCommand("C", "A") }),
    caller: { session: "C", root: "/r", branch: "main" },
  }));
  assert.equal(ok.decision.action, "allow");
});

Deno.test("the printed bypass is a person's command: it never passes the gate", () => {
  for (const session of ["A", "B"]) {
    const r = decideGate(input({
      call: toolCallOf("Bash", { command: "baton handoff bypass --session A --write" }),
      caller: { session, root: "/r", branch: "main" },
    }));
    assert.equal(r.decision.action, "deny", session);
  }
});

Deno.test("every host's shapes: Cursor's and Copilot's tool names, Codex's argv arrays, Copilot's JSON-string arguments", () => {
  const action = (tool: string, inputValue: unknown) =>
    decideGate(input({ call: toolCallOf(tool, inputValue) })).decision.action;
  for (const tool of ["StrReplace", "Delete", "TabWrite"]) assert.equal(action(tool, {}), "deny");
  assert.equal(action("Shell", { command: "touch x" }), "deny");
  assert.equal(action("Shell", { command: "ls" }), "allow");
  assert.equal(action("powershell", { command: "touch x" }), "deny");
  assert.equal(action("write_bash", { shellId: "1", input: "touch x\n" }), "deny");
  assert.equal(action("write_bash", { shellId: "1", input: "ls\n" }), "allow");
  assert.equal(action("shell", { command: ["bash", "-lc", "git status"] }), "allow");
  assert.equal(action("shell", { command: ["bash", "-lc", "touch x"] }), "deny");
  assert.equal(action("shell", { command: ["touch", "a b"] }), "deny");
  assert.equal(action("exec_command", { cmd: "git status" }), "allow");
  assert.equal(action("bash", JSON.stringify({ command: "ls" })), "allow");
  assert.equal(action("bash", JSON.stringify({ command: "touch x" })), "deny");
  // A shape nobody can read is no positive reason to deny.
  assert.equal(action("bash", { weird: 1 }), "allow");
  const resume = decideGate(input({
    call: toolCallOf("shell", { command: ["bash", "-lc", resumeCommand("B", "A")] }),
    caller: { session: "B", root: "/r", branch: "main" },
  }));
  assert.equal(resume.decision.action, "allow", "the resume in Codex's array form");
});

Deno.test("a handed-off session cannot run baton done or deny its successor through the gate", () => {
  const shell = (command: string) => toolCallOf("Bash", { command });
  // Control: its own capsule and its own handoff still pass.
  assert.equal(
    decideGate(input({ call: shell("baton finalize --draft -") })).decision.action,
    "allow",
  );
  assert.equal(
    decideGate(input({ call: shell("baton handoff write --session A --write") })).decision.action,
    "allow",
  );
  for (
    const c of ["baton done", "baton handoff write --session B --write", "baton evidence -- true"]
  ) {
    assert.equal(decideGate(input({ call: shell(c) })).decision.action, "deny", c);
  }
});

Deno.test("a read-only command the repository's config makes run programs is not read-only", () => {
  const call = toolCallOf("Bash", { command: "git status" });
  assert.equal(decideGate(input({ call })).decision.action, "allow", "control: plain git status");
  const runs = decideGate(input({ call, runsConfiguredPrograms: () => true }));
  assert.equal(runs.decision.action, "deny");
});
