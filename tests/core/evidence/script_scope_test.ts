/**
 * scriptScope: what a runner's exit status covers, judged from the
 * package.json or deno.json text read when the command was recorded.
 * Hiding scripts, hooks, nested runners, missing scripts and unreadable
 * files lower; plain scripts stay judged; make's recipes are not read.
 * @module
 */
import assert from "node:assert/strict";
import {
  loadScriptReaders,
  type Manifest,
  npmrcMoves,
  type ProjectScripts,
  SCRIPT_REASONS,
  scriptScope,
} from "../../../core/evidence/script_scope.ts";

// deno.json is read with a reader loaded on demand (evidence_run.ts loads it before it judges).
await loadScriptReaders();

const enc = new TextEncoder();
const read = (text: string): Manifest => ({ kind: "read", bytes: enc.encode(text) });
const absent: Manifest = { kind: "absent" };

function project(
  scripts: Record<string, string>,
  more: Partial<ProjectScripts> = {},
): ProjectScripts {
  return {
    packageJson: read(JSON.stringify({ name: "x", scripts })),
    denoJson: absent,
    runnerMoved: false,
    makeFlags: [],
    ...more,
  };
}

const argv = (...command: string[]) => ({ command, shell: false });
const shell = (text: string) => ({ command: [text], shell: true });
const why = (scope: ReturnType<typeof scriptScope>) =>
  scope === null ? null : scope.status === "hidden" ? scope.why : scope.status;

Deno.test("a script that hides a failure lowers its runner's record", () => {
  for (const test of ["jest | tee out.log", "vitest || true", "jest; true", "jest &", "! jest"]) {
    assert.equal(why(scriptScope(argv("npm", "test"), project({ test }))), "hides", test);
  }
  const p = project({ test: "jest", lint: "eslint . || true", ok: "tsc && jest" });
  for (
    const cmd of [
      argv("pnpm", "lint"),
      argv("yarn", "run", "lint"),
      argv("bun", "run", "lint"),
      argv("npm", "run-script", "lint", "--", "--fix"),
      argv("env", "CI=1", "timeout", "60", "npm", "run", "lint"),
      argv("bash", "-c", "npm run ok && npm run lint"),
      shell("npm test && npm run lint"),
    ]
  ) assert.equal(why(scriptScope(cmd, p)), "hides", cmd.command.join(" "));
  // Controls: plain scripts are judged, and a program run directly is no runner.
  assert.equal(why(scriptScope(argv("npm", "test"), p)), "judged");
  assert.equal(why(scriptScope(argv("npm", "run", "ok"), p)), "judged");
  assert.equal(why(scriptScope(shell("cd . ; true"), p)), null);
  assert.equal(why(scriptScope(argv("npx", "jest"), p)), null);
  assert.equal(why(scriptScope(argv("bun", "test"), p)), null, "bun's own test runner");
  assert.equal(why(scriptScope(argv("npm", "install"), p)), null);
});

Deno.test("npm's pre and post hooks and scripts run from scripts are judged", () => {
  assert.equal(
    why(scriptScope(argv("npm", "test"), project({ test: "jest", pretest: "lint || true" }))),
    "hides",
  );
  assert.equal(
    why(scriptScope(argv("npm", "test"), project({ test: "jest", posttest: "a | b" }))),
    "hides",
  );
  const nested = project({ test: "npm run unit && npm run e2e", unit: "jest", e2e: "pw; true" });
  assert.equal(why(scriptScope(argv("npm", "test"), nested)), "hides");
  const fine = project({ test: "npm run unit && npm run e2e", unit: "jest", e2e: "pw" });
  assert.equal(why(scriptScope(argv("npm", "test"), fine)), "judged");
  // A script that runs itself is followed a few levels, then not judged.
  assert.equal(why(scriptScope(argv("npm", "run", "a"), project({ a: "npm run a" }))), "unjudged");
});

Deno.test("a missing script, an unreadable file or a moved runner lowers the record", () => {
  const p = project({ test: "jest" });
  assert.equal(why(scriptScope(argv("npm", "run", "nope", "--if-present"), p)), "missing");
  assert.equal(why(scriptScope(argv("npm", "run", "--if-present", "nope"), p)), "missing");
  assert.equal(why(scriptScope(argv("npm", "start"), p)), "missing");
  for (const text of ['{"scripts":{"test":"jest","test":"jest || true"}}', "{", '{"scripts":[]}']) {
    assert.equal(
      why(scriptScope(argv("npm", "test"), { ...p, packageJson: read(text) })),
      "unreadable",
      text,
    );
  }
  assert.equal(
    why(scriptScope(argv("npm", "test"), { ...p, packageJson: { kind: "unreadable" } })),
    "unreadable",
  );
  assert.equal(why(scriptScope(argv("npm", "test"), { ...p, packageJson: absent })), "unreadable");
  for (
    const cmd of [
      argv("npm", "--prefix", "app", "test"),
      argv("npm", "test", "-w", "pkg"),
      argv("pnpm", "-r", "test"),
      argv("npm", "--script-shell", "bash", "test"),
      argv("env", "-C", "app", "npm", "test"),
      shell("cd app && npm test"),
      argv("npm", "--unknown", "x", "test"),
    ]
  ) assert.equal(why(scriptScope(cmd, p)), "unjudged", cmd.command.join(" "));
  assert.equal(why(scriptScope(argv("npm", "test"), { ...p, runnerMoved: true })), "unjudged");
  // A record of an older baton read nothing: a runner in it backs nothing.
  assert.equal(why(scriptScope(argv("npm", "test"), null)), "unrecorded");
  assert.ok(!Object.values(SCRIPT_REASONS).some((r) => r.includes("jest")));
});

Deno.test("deno tasks are judged, with their dependencies and package.json fallback", () => {
  const deno = (text: string) => project({ build: "tsc | cat" }, { denoJson: read(text) });
  assert.equal(
    why(scriptScope(argv("deno", "task", "t"), deno('{"tasks":{"t":"a; b"}}'))),
    "hides",
  );
  assert.equal(
    why(scriptScope(argv("deno", "task", "t"), deno('{"tasks":{"t":"a && b"}}'))),
    "judged",
  );
  const jsonc = '// tasks\n{"tasks":{"t":{"command":"a","dependencies":["d"]},"d":"x || true",},}';
  assert.equal(why(scriptScope(argv("deno", "task", "t"), deno(jsonc))), "hides");
  assert.equal(why(scriptScope(argv("deno", "task", "build"), deno('{"tasks":{}}'))), "hides");
  assert.equal(why(scriptScope(argv("deno", "task", "nope"), deno('{"tasks":{}}'))), "missing");
  assert.equal(
    why(scriptScope(argv("deno", "task", "t"), deno('{"tasks":{"t":"a","t":"a; b"}}'))),
    "unreadable",
  );
  assert.equal(why(scriptScope(argv("deno", "task", "--eval", "a | b"), deno("{}"))), "hides");
  assert.equal(why(scriptScope(argv("deno", "task", "--cwd", "x", "t"), deno("{}"))), "unjudged");
  assert.equal(why(scriptScope(argv("deno", "test"), deno("{}"))), null);
});

Deno.test("make's recipes are not read; -i, -n, -t and MAKEFLAGS holding them lower", () => {
  const p = project({});
  assert.deepEqual(scriptScope(argv("make", "test"), p), { status: "not_read", runner: "make" });
  assert.deepEqual(scriptScope(argv("just", "test"), p), { status: "not_read", runner: "just" });
  assert.equal(why(scriptScope(argv("make", "-k", "-j4", "-C", "dir", "test"), p)), "not_read");
  for (const flags of [["-i"], ["-ki"], ["--ignore-errors"], ["-n"], ["--dry-run"], ["-t"]]) {
    assert.equal(why(scriptScope(argv("make", ...flags), p)), "runs_nothing", flags.join(" "));
  }
  assert.equal(why(scriptScope(argv("make"), { ...p, makeFlags: ["ik"] })), "runs_nothing");
  assert.equal(
    why(scriptScope(argv("make"), { ...p, makeFlags: [" -j4 --ignore-errors"] })),
    "runs_nothing",
  );
  assert.equal(
    why(scriptScope(argv("make"), { ...p, makeFlags: ["k -j4 --jobserver-auth=3,4"] })),
    "not_read",
  );
});

Deno.test("an .npmrc that moves npm's shell or workspace is found", () => {
  assert.equal(npmrcMoves("script-shell = /bin/bash\n"), true);
  assert.equal(npmrcMoves("registry=https://example.test/\nworkspace=pkg\n"), true);
  assert.equal(npmrcMoves("registry=https://example.test/\n"), false);
  // Keys as npm's ini reader takes them (attack116).
  assert.equal(npmrcMoves('"script-shell"=/bin/true\n'), true);
  assert.equal(npmrcMoves("workspace[]=a\n"), true);
  assert.equal(npmrcMoves("if-present\n"), true);
  assert.equal(npmrcMoves("userconfig=./x\n"), true);
  assert.equal(npmrcMoves("${KEY}=x\n"), true);
  assert.equal(npmrcMoves("; script-shell=/bin/true\n[section]\nfund=false\n"), false);
  const p = project({ test: "jest", outer: "npm_config_workspace=a npm test" });
  assert.equal(why(scriptScope(argv("npm", "run", "outer"), p)), "unjudged");
  assert.equal(why(scriptScope(shell("npm_config_if_present=1 npm test"), p)), "unjudged");
  assert.deepEqual(scriptScope(shell("npm_config_loglevel=warn npm test"), p), {
    status: "judged",
  });
});

Deno.test("scriptScope(): a runner named later among a program's words (attack116)", () => {
  const p = project({ test: "jest || true", ok: "jest" });
  assert.equal(why(scriptScope(argv("npx", "npm", "test"), p)), "hides");
  assert.equal(why(scriptScope(argv("corepack", "pnpm", "test"), p)), "hides");
  assert.equal(why(scriptScope(argv("sudo", "-u", "ci", "/usr/bin/npm", "test"), p)), "hides");
  // Controls: a judged script; words only printed run nothing.
  assert.deepEqual(scriptScope(argv("npx", "npm", "run", "ok"), p), { status: "judged" });
  assert.equal(scriptScope(argv("echo", "npm", "test"), p), null);
  assert.equal(scriptScope(argv("npx", "jest"), p), null);
});

Deno.test("scriptScope(): deno's package.json fallback runs pre and post hooks; deno run NAME (evidence116)", () => {
  const hooked = project({ pretest: "lint || true", test: "jest", postok: "a | b", ok: "jest" });
  // deno task and deno run fall back to package.json, with its hooks (denoland/deno#19178).
  assert.equal(why(scriptScope(argv("deno", "task", "test"), hooked)), "hides");
  assert.equal(why(scriptScope(argv("deno", "run", "ok"), hooked)), "hides");
  // A deno.json task of the name is judged with the package.json script and its hooks.
  const both = project({ pretest: "a; b", test: "jest" }, {
    denoJson: read('{"tasks":{"test":"jest"}}'),
  });
  assert.equal(why(scriptScope(argv("deno", "task", "test"), both)), "hides");
  const task = project({}, { denoJson: read('{"tasks":{"check":"a || true","ok":"tsc"}}') });
  assert.equal(why(scriptScope(argv("deno", "run", "-A", "check"), task)), "hides");
  // Controls: hooks that report every status; a file run by deno run.
  const fine = project({ pretest: "lint", test: "jest", posttest: "a && b" });
  assert.equal(why(scriptScope(argv("deno", "task", "test"), fine)), "judged");
  assert.equal(why(scriptScope(argv("deno", "run", "ok"), task)), "judged");
  assert.equal(scriptScope(argv("deno", "run", "main.ts"), task), null);
});

Deno.test("scriptScope(): recipe runners count only under a program that runs its words (evidence116)", () => {
  const p = project({ test: "jest || true" });
  // `ls make` lists a file: its status is ls's, not make's.
  assert.equal(scriptScope(argv("ls", "make"), p), null);
  assert.equal(scriptScope(argv("cp", "-r", "tox", "/tmp/x"), p), null);
  assert.equal(scriptScope(shell("ls make && true"), p), null);
  // Controls: a launcher runs make; a package runner named under any program is judged.
  assert.deepEqual(scriptScope(argv("sudo", "make", "check"), p), {
    status: "not_read",
    runner: "make",
  });
  assert.equal(why(scriptScope(argv("xargs", "-n1", "make"), p)), "not_read");
  assert.equal(why(scriptScope(argv("npm", "exec", "--", "make", "x"), p)), "not_read");
  assert.equal(why(scriptScope(argv("unknown-launcher", "npm", "test"), p)), "hides");
});
