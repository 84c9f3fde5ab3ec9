// Tests for core/hosts/hook_env.ts: every host is stated once, and the
// project variables are tried in their order.

import assert from "node:assert/strict";
import { HOOK_ENV, projectDirFromEnv } from "../../../core/hosts/hook_env.ts";
import { HOST_IDS } from "../../../core/hosts/ids.ts";

Deno.test("every host states its hook environment exactly once", () => {
  assert.deepEqual(HOOK_ENV.map((h) => h.host).sort(), [...HOST_IDS].sort());
});

Deno.test("the project directory comes from the first host variable that is set", () => {
  const all: Record<string, string> = {
    CLAUDE_PROJECT_DIR: "/claude",
    GEMINI_PROJECT_DIR: "/gemini",
    CURSOR_PROJECT_DIR: "/cursor",
  };
  assert.equal(projectDirFromEnv((n) => all[n]), "/claude");
  assert.equal(
    projectDirFromEnv((n) => n === "CLAUDE_PROJECT_DIR" ? undefined : all[n]),
    "/gemini",
  );
  assert.equal(
    projectDirFromEnv((n) => n === "CURSOR_PROJECT_DIR" ? all[n] : undefined),
    "/cursor",
  );
  assert.equal(projectDirFromEnv(() => undefined), undefined);
});
