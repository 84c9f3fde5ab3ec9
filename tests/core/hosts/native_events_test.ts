import assert from "node:assert/strict";
import { NATIVE_EVENTS, toHookEvent } from "../../../core/hosts/native_events.ts";
import { HOOK_EVENTS } from "../../../core/hosts/ids.ts";

Deno.test("toHookEvent() maps baton's own names and every host's native name", () => {
  for (const e of HOOK_EVENTS) assert.equal(toHookEvent(e), e);
  for (const [native, event] of Object.entries(NATIVE_EVENTS)) {
    assert.equal(toHookEvent(native), event, native);
  }
  assert.equal(toHookEvent("PreCompress"), "pre-compact");
  assert.equal(toHookEvent("session.idle"), "stop");
});

Deno.test("toHookEvent() is null for other events and for inherited object keys", () => {
  for (
    const name of ["PreToolUse", "sessionstart", "", "toString", "__proto__", "hasOwnProperty"]
  ) {
    assert.equal(toHookEvent(name), null, name);
  }
});
