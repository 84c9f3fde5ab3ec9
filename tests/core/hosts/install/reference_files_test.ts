import assert from "node:assert/strict";
import { hostReferenceFiles } from "../../../../core/hosts/install/reference_files.ts";
import { HOSTS } from "../../../../core/hosts/install/hosts.ts";
import { HOST_IDS, hostRecord } from "../../../../core/hosts/ids.ts";
import type { HostContent } from "../../../../core/hosts/install/types.ts";

const CONTENT: HostContent = {
  invocation: ["/home/me/.deno/bin/baton-private-path"],
  skill: "SKILL TEXT",
  prompts: [{ name: "baton-handoff", description: "Hand off.", body: "Run `baton preflight`." }],
};

Deno.test("hostReferenceFiles() gives relative paths, no skill copy, and hooks that call a plain `baton`", () => {
  for (const id of HOST_IDS) {
    const files = hostReferenceFiles(HOSTS[id], CONTENT);
    assert.ok(Object.keys(files).length > 0, id);
    for (const [rel, text] of Object.entries(files)) {
      assert.ok(!rel.startsWith("/"), rel);
      assert.ok(!text.includes("SKILL TEXT"), `${id} ${rel}: the skill lives in skills/ only`);
      assert.ok(!text.includes("baton-private-path"), `${id} ${rel}: names this machine's path`);
    }
    const all = Object.values(files).join("\n");
    if (!("session-start" in hostRecord(id).events)) {
      // No session-start event (Crush): a context file asks the agent to load the briefing.
      assert.match(all, /`baton load`/, id);
    } else if (HOSTS[id].hookSupport === "hooks") {
      assert.match(all, new RegExp(`baton hook session-start --host ${id}`), id);
    } else if (HOSTS[id].hookSupport === "plugin") {
      assert.match(all, new RegExp(`"hook", "session-start", "--host", "${id}"`), id);
    }
  }
});

Deno.test("hostReferenceFiles() renders each prompt for hosts that have command files", () => {
  const files = hostReferenceFiles(HOSTS["claude-code"], CONTENT);
  assert.deepEqual(Object.keys(files).sort(), [
    ".claude/commands/baton-handoff.md",
    ".claude/settings.local.json",
  ]);
  assert.match(files[".claude/commands/baton-handoff.md"]!, /Run `baton preflight`/);
});
