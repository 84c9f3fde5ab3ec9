import assert from "node:assert/strict";
import { storeLock } from "../../../commands/_adapters/store_lock.ts";
import { fakeIo } from "../../_helpers/io.ts";

Deno.test("storeLock() names this process as the owner, with a fresh token each call", () => {
  const io = fakeIo({ cwd: "/", now: () => new Date(1234) });
  const a = storeLock(io);
  const b = storeLock(io);
  assert.equal(a.pid, io.pid);
  assert.equal(a.host, io.hostname());
  assert.equal(a.now!(), 1234);
  assert.notEqual(a.token, b.token, "one token per lock taken");
  assert.equal(typeof a.processAlive, "function");
});
