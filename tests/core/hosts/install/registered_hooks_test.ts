/**
 * Which hooks install registers: the pre-tool gate only in a project scope
 * that opted in (never the user scope), post-tool only where no prompt hook
 * carries the band, and a kept gate takes the host's tool matcher.
 */
import assert from "node:assert/strict";
import { HOSTS } from "../../../../core/hosts/install/hosts.ts";
import { HOST_IDS } from "../../../../core/hosts/ids.ts";
import {
  chooseHooks,
  registeredLayout,
  registersGate,
} from "../../../../core/hosts/install/registered_hooks.ts";
import type { HookConfigFile, HostContent } from "../../../../core/hosts/install/types.ts";

const env = { projectRoot: "/p", home: "/h", env: () => undefined };
const content = (gate: boolean): HostContent => ({
  invocation: ["baton"],
  skill: "s",
  prompts: [],
  gate,
});

function events(id: (typeof HOST_IDS)[number], scope: "project" | "user", gate: boolean) {
  const file = registeredLayout(HOSTS[id], scope, env, content(gate)).files
    .find((f): f is HookConfigFile => f.kind === "hooks");
  return file?.hooks ?? [];
}

Deno.test("the gate is registered only in an opted-in project scope", () => {
  assert.equal(registersGate("project", content(true)), true);
  assert.equal(registersGate("project", content(false)), false);
  assert.equal(registersGate("user", content(true)), false);
  assert.equal(registersGate("project", { invocation: ["baton"], skill: "", prompts: [] }), false);
  for (const id of HOST_IDS) {
    const all = HOSTS[id].layout("project", env, content(true)).files
      .find((f): f is HookConfigFile => f.kind === "hooks")?.hooks ?? [];
    if (!all.some((h) => h.event === "pre-tool")) continue;
    assert.ok(events(id, "project", true).some((h) => h.event === "pre-tool"), id);
    assert.ok(!events(id, "project", false).some((h) => h.event === "pre-tool"), id);
    assert.ok(!events(id, "user", true).some((h) => h.event === "pre-tool"), id);
  }
});

Deno.test("post-tool is dropped only beside a prompt hook", () => {
  const h = (event: "prompt" | "post-tool" | "session-start") => ({
    event,
    native: event,
    timeoutSeconds: 5,
  });
  assert.deepEqual(chooseHooks([h("prompt"), h("post-tool")], true).map((x) => x.event), [
    "prompt",
  ]);
  assert.deepEqual(
    chooseHooks([h("session-start"), h("post-tool")], false).map((x) => x.event),
    ["session-start", "post-tool"],
  );
  for (const id of HOST_IDS) {
    const got = events(id, "project", false).map((x) => x.event);
    if (got.includes("prompt")) assert.ok(!got.includes("post-tool"), id);
  }
});

Deno.test("a kept gate carries the host's tool matcher where the record names one", () => {
  const claude = events("claude-code", "project", true).find((h) => h.event === "pre-tool");
  assert.equal(claude?.matcher, "Bash|PowerShell|Edit|Write|MultiEdit|NotebookEdit");
  const gemini = events("gemini", "project", true).find((h) => h.event === "pre-tool");
  assert.ok(gemini?.matcher !== undefined && new RegExp(gemini.matcher).test("run_shell_command"));
  assert.ok(!new RegExp(gemini.matcher!).test("read_file"));
  const copilot = events("copilot", "project", true).find((h) => h.event === "pre-tool");
  assert.equal(copilot?.matcher, undefined, "a flat host has no matcher");
});
