import assert from "node:assert/strict";
import { HOOK_EVENTS, HOST_IDS, isHookEvent, isHostId } from "../../../core/hosts/ids.ts";
import { HOSTS } from "../../../core/hosts/install/hosts.ts";

Deno.test("isHostId() and isHookEvent() accept exactly the listed names", () => {
  for (const id of HOST_IDS) assert.ok(isHostId(id));
  for (const e of HOOK_EVENTS) assert.ok(isHookEvent(e));
  for (const bad of ["Codex", "claude", "", "toString", "constructor"]) {
    assert.ok(!isHostId(bad), bad);
    assert.ok(!isHookEvent(bad), bad);
  }
});

Deno.test("every host id has a spec under that id", () => {
  assert.deepEqual(Object.keys(HOSTS).sort(), [...HOST_IDS].sort());
  for (const id of HOST_IDS) assert.equal(HOSTS[id].id, id);
});
