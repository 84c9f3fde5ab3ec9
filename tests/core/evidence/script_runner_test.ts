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
const pkg = (name: string) => ({ kind: "package", name });
const unjudged = { kind: "unjudged" };

Deno.test("package runners name their script", () => {
  assert.deepEqual(scriptCall(["npm", "t"], none), pkg("test"));
  assert.deepEqual(scriptCall(["/usr/bin/npm", "run", "-s", "build"], none), pkg("build"));
  assert.deepEqual(scriptCall(["npm", "--loglevel", "silent", "test"], none), pkg("test"));
  assert.deepEqual(scriptCall(["npm", "run", "x", "--if-present"], none), pkg("x"));
  assert.deepEqual(scriptCall(["npm", "run", "x", "--", "--if-present"], none), pkg("x"));
  assert.deepEqual(scriptCall(["yarn", "lint"], (n) => n === "lint"), pkg("lint"));
  assert.equal(scriptCall(["yarn", "lint"], none), null, "no such script: a binary");
  assert.equal(scriptCall(["yarn", "add", "x"], () => true), null, "yarn's own subcommand");
  assert.equal(scriptCall(["npm", "run"], none), null, "lists the scripts");
  assert.equal(scriptCall(["npm", "ci"], none), null);
  // restart and install-test run scripts too (attack116).
  assert.deepEqual(scriptCall(["npm", "restart"], none), pkg("restart"));
  assert.deepEqual(scriptCall(["npm", "it"], none), pkg("test"));
  assert.deepEqual(scriptCall(["pnpm", "--filter", "a", "test"], none), { kind: "unjudged" });
  assert.deepEqual(scriptCall(["npm", "--workspace=a", "test"], none), { kind: "unjudged" });
});

Deno.test("npm's options are let through only as written on the list (evidence116)", () => {
  // npm takes any unambiguous prefix of a long option, anywhere before --.
  for (
    const args of [
      ["test", "--script-shel=/bin/true"],
      ["--script-shel=/bin/true", "test"],
      ["test", "--prefi=sub"],
      ["run", "test", "--prefi", "sub"],
      ["run", "test", "--if-pres"],
      ["--no-workspaces", "test"],
      ["--save-dev", "install"],
    ]
  ) assert.deepEqual(scriptCall(["npm", ...args], none), unjudged, args.join(" "));
  // Controls: listed options, an unknown option of a command that runs no script, script words.
  assert.deepEqual(scriptCall(["npm", "-s", "--loglevel=warn", "test"], none), pkg("test"));
  assert.deepEqual(
    scriptCall(["npm", "run", "x", "--no-color", "--", "--prefi=a"], none),
    pkg("x"),
  );
  assert.equal(scriptCall(["npm", "install", "--save-dev", "x"], none), null);
  assert.equal(scriptCall(["npm", "exec", "--package=x", "--", "npm", "test"], none), null);
  // Options after the script's name are the script's for pnpm, yarn and bun.
  assert.deepEqual(scriptCall(["yarn", "run", "x", "--coverage"], none), pkg("x"));
  assert.deepEqual(scriptCall(["pnpm", "--reporte=silent", "test"], none), unjudged);
});

Deno.test("commands that run a script however they are spelled (evidence116)", () => {
  // npm takes its command and the script's name after --.
  assert.deepEqual(scriptCall(["npm", "run", "--", "test"], none), pkg("test"));
  assert.deepEqual(scriptCall(["npm", "--", "test"], none), pkg("test"));
  // npm expands a prefix or a camelCase command: not read, unjudged.
  for (const sub of ["tes", "run-scrip", "installTest", "te"]) {
    assert.deepEqual(scriptCall(["npm", sub, "x"], none), unjudged, sub);
  }
  // In another folder or in several packages.
  for (
    const argv of [
      ["npm", "explore", "pkg", "--", "npm", "test"],
      ["yarn", "workspace", "foo", "test"],
      ["yarn", "workspaces", "run", "test"],
      ["yarn", "workspaces", "foreach", "run", "test"],
      ["pnpm", "recursive", "run", "test"],
      ["pnpm", "-r", "test"],
      ["pnpm", "run", "--", "test"],
    ]
  ) assert.deepEqual(scriptCall(argv, () => true), unjudged, argv.join(" "));
  // deno run NAME runs the task of that name when no file has it; deno -q task too.
  const task = (n: string) => n === "check";
  assert.deepEqual(scriptCall(["deno", "run", "check"], none, task), dtask("check"));
  assert.deepEqual(scriptCall(["deno", "run", "-A", "check"], none, task), dtask("check"));
  assert.deepEqual(
    scriptCall(["deno", "run", "--config", "deno.json", "check"], none, task),
    dtask("check"),
  );
  assert.deepEqual(scriptCall(["deno", "-q", "task", "check"], none), dtask("check"));
  assert.deepEqual(scriptCall(["deno", "--config=x", "task", "check"], none), unjudged);
  // Controls: a file run, its arguments, and commands npm knows as written.
  assert.equal(scriptCall(["deno", "run", "main.ts", "x"], none, task), null);
  assert.equal(scriptCall(["deno", "run", "main.ts", "check"], none, task), null);
  assert.equal(scriptCall(["deno", "check", "main.ts"], none, task), null);
  assert.equal(scriptCall(["npm", "ci"], none), null);
  assert.equal(scriptCall(["npm", "exec", "--", "jest"], none), null);
  assert.equal(scriptCall(["yarn", "install"], () => true), null);
});

const dtask = (name: string) => ({ kind: "deno_task", name });

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
