/**
 * scriptCall: which script a runner's argv names, which options move it
 * elsewhere, and make's options that ignore errors or run nothing.
 * @module
 */
import assert from "node:assert/strict";
import {
  makeFlagsRunNothing,
  makeRunsNothing,
  scriptCall,
} from "../../../core/evidence/script_runner.ts";

const none = () => false;
const pkg = (name: string, ifPresent = false) => ({ kind: "package", name, ifPresent });

Deno.test("package runners name their script", () => {
  assert.deepEqual(scriptCall(["npm", "t"], none), pkg("test"));
  assert.deepEqual(scriptCall(["/usr/bin/npm", "run", "-s", "build"], none), pkg("build"));
  assert.deepEqual(scriptCall(["npm", "--loglevel", "silent", "test"], none), pkg("test"));
  assert.deepEqual(scriptCall(["npm", "run", "x", "--if-present"], none), pkg("x", true));
  assert.deepEqual(scriptCall(["npm", "run", "x", "--", "--if-present"], none), pkg("x"));
  assert.deepEqual(scriptCall(["yarn", "lint"], (n) => n === "lint"), pkg("lint"));
  assert.equal(scriptCall(["yarn", "lint"], none), null, "no such script: a binary");
  assert.equal(scriptCall(["yarn", "add", "x"], () => true), null, "yarn's own subcommand");
  assert.equal(scriptCall(["npm", "run"], none), null, "lists the scripts");
  assert.equal(scriptCall(["npm", "ci"], none), null);
  // restart and install-test run scripts too (attack116).
  assert.deepEqual(scriptCall(["npm", "restart"], none), {
    kind: "package",
    name: "restart",
    ifPresent: false,
  });
  assert.deepEqual(scriptCall(["npm", "it"], none), {
    kind: "package",
    name: "test",
    ifPresent: false,
  });
  assert.deepEqual(scriptCall(["pnpm", "--filter", "a", "test"], none), { kind: "unjudged" });
  assert.deepEqual(scriptCall(["npm", "--workspace=a", "test"], none), { kind: "unjudged" });
});

Deno.test("deno task, make and recipe runners", () => {
  assert.deepEqual(scriptCall(["deno", "task", "-q", "check"], none), {
    kind: "deno_task",
    name: "check",
  });
  assert.deepEqual(scriptCall(["deno", "task", "--eval", "a; b"], none), {
    kind: "text",
    text: "a; b",
  });
  assert.equal(scriptCall(["deno", "task"], none), null);
  assert.deepEqual(scriptCall(["tox", "-e", "py"], none), { kind: "not_read", runner: "tox" });
  assert.deepEqual(scriptCall(["gmake", "-ik"], none), { kind: "runs_nothing" });
  assert.equal(makeRunsNothing(["-C", "nowhere", "-f", "Makefile.int", "-j", "4"]), false);
  assert.equal(makeRunsNothing(["-Cdir", "-kn"]), true);
  assert.equal(makeRunsNothing(["--", "-i"]), false);
  // -e takes no value; a long option's prefix is the option; -q runs none; MAKEFLAGS= (attack116).
  assert.equal(makeRunsNothing(["-e", "-i"]), true);
  assert.equal(makeRunsNothing(["--ignore-e"]), true);
  assert.equal(makeRunsNothing(["--dr"]), true);
  assert.equal(makeRunsNothing(["-q"]), true);
  assert.equal(makeRunsNothing(["MAKEFLAGS=ki", "test"]), true);
  assert.equal(makeRunsNothing(["GNUMAKEFLAGS=--touch"]), true);
  assert.equal(makeFlagsRunNothing(["k", "i"]), true, "one of the variables");
  // Controls.
  assert.equal(
    makeRunsNothing(["-e", "--jobs=4", "--debug=b", "--include-dir=x", "CFLAGS=-i"]),
    false,
  );
  assert.equal(makeRunsNothing(["MAKEFLAGS=k", "-E", "-i"]), false, "-E takes the next word");
  assert.equal(makeFlagsRunNothing([]), false);
});
