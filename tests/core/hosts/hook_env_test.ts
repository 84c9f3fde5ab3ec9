// Tests for core/hosts/hook_env.ts: every host is stated once, and the
// calling host's project variable is tried first, then the others in order.

import assert from "node:assert/strict";
import { HOOK_ENV, projectDirFromEnv } from "../../../core/hosts/hook_env.ts";
import { HOST_IDS } from "../../../core/hosts/ids.ts";

Deno.test("every host states its hook environment exactly once", () => {
  assert.deepEqual(HOOK_ENV.map((h) => h.host).sort(), [...HOST_IDS].sort());
});

Deno.test("the project directory comes from the calling host's variable, else the first one set", () => {
  const all: Record<string, string> = {
    CLAUDE_PROJECT_DIR: "/claude",
    GEMINI_PROJECT_DIR: "/gemini",
    CURSOR_PROJECT_DIR: "/cursor",
  };
  assert.equal(projectDirFromEnv((n) => all[n]), "/claude");
  // The calling host's own variable wins over the others (positive control: without the host,
  // Claude Code's comes first).
  assert.equal(projectDirFromEnv((n) => all[n], "gemini"), "/gemini");
  assert.equal(projectDirFromEnv((n) => all[n], "cursor"), "/cursor");
  assert.equal(projectDirFromEnv((n) => all[n], "codex"), "/claude");
  assert.equal(
    projectDirFromEnv((n) => n === "CLAUDE_PROJECT_DIR" ? undefined : all[n]),
    "/cursor",
  );
  assert.equal(
    projectDirFromEnv((n) => n === "CURSOR_PROJECT_DIR" ? all[n] : undefined),
    "/cursor",
  );
  assert.equal(projectDirFromEnv(() => undefined), undefined);
});
