import assert from "node:assert/strict";
import { processAlive, processIdentity } from "../../../commands/_adapters/process_identity.ts";

const hasProc = (() => {
  try {
    Deno.statSync("/proc/self/stat");
    return true;
  } catch {
    return false;
  }
})();

Deno.test("processIdentity() is this process, and processAlive() says it runs", () => {
  const me = processIdentity();
  assert.equal(me.pid, Deno.pid);
  if (!hasProc) return assert.equal(processAlive(me.pid, me.started), null);
  assert.match(me.started!, /^[0-9a-f]{8}-\d+$/);
  assert.equal(processAlive(me.pid, me.started), true);
});

Deno.test("processAlive(): a reused pid (other start time) and a gone process are not alive; bad input cannot be told", async () => {
  assert.equal(processAlive(0, null), null);
  assert.equal(processAlive(-5, "x"), null);
  if (!hasProc) return;
  const me = processIdentity();
  assert.equal(processAlive(me.pid, "00000000-1"), false, "same pid, another start");
  assert.equal(processAlive(me.pid, null), null, "no recorded start: cannot tell");
  const child = new Deno.Command("true").spawn();
  const pid = child.pid;
  await child.status;
  assert.equal(processAlive(pid, "00000000-1"), false);
});
