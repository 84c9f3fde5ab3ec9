import assert from "node:assert/strict";
import { guardedClosed, without } from "../../../commands/_adapters/guarded_closed.ts";
import { fakeIo } from "../../_helpers/io.ts";

Deno.test("guardedClosed reads every guarded variable that is set as unset and says which, never their values", () => {
  // Control: nothing guarded is set: the same Io, nothing said.
  const control = fakeIo({ cwd: "/nowhere", env: { BATON_SESSION_X: "1", PATH: "/usr/bin" } });
  assert.equal(guardedClosed(control), control);
  assert.equal(control.err(), "");
  const io = fakeIo({
    cwd: "/nowhere",
    env: { HOME: "/home/someone", BATON_HOST: "codex", PATH: "/usr/bin" },
  });
  const closed = guardedClosed(io);
  assert.equal(closed.env("HOME"), undefined);
  assert.equal(closed.env("BATON_HOST"), undefined);
  assert.equal(closed.env("PATH"), "/usr/bin", "a variable that is not guarded is kept");
  assert.equal(io.errWrites.length, 1);
  assert.match(io.err(), /HOME/);
  assert.match(io.err(), /BATON_HOST/);
  assert.match(io.err(), /could not be searched/);
  assert.doesNotMatch(io.err(), /someone|codex/, "the values are never echoed");
});

Deno.test("without reads only the named variables as unset", () => {
  const io = fakeIo({ cwd: "/nowhere", env: { A: "1", B: "2" } });
  const less = without(io, new Set(["A"]));
  assert.equal(less.env("A"), undefined);
  assert.equal(less.env("B"), "2");
  assert.equal(io.env("A"), "1", "the original Io is unchanged");
});
