/**
 * `deno task test` runs the test files in parallel inside one process: they
 * share its environment and its current directory. A test that sets a
 * variable there (`Deno.env.set`) hands it to every subprocess another file
 * starts meanwhile, and one that changes directory (`Deno.chdir`) moves the
 * relative paths of every other file: a BATON_SESSION set for one test was
 * stamped into the capsules another file's finalize wrote. This test holds
 * every file that runs inside the test process (tests, helpers) to never
 * change either; a test passes what it needs to the code it runs (an Io, an
 * `env` for its subprocess, a root to read from) instead.
 * @module
 */
import assert from "node:assert/strict";

const TESTS = new URL("..", import.meta.url).pathname.replace(/\/+$/, "");

/** Folders under tests/ whose files never run inside `deno test` (their own processes). */
const OWN_PROCESS = new Set(["bench", "hosts", "testdata"]);

/** The calls that change what the whole process shares (built, so this file never names one). */
const SHARED = new RegExp(
  String.raw`\b(?:Deno\.env\.(?:set|delete)|Deno\.chdir|process\.chdir|Deno\.umask)\s*\(`,
);

/** `text`'s lines that change the process's environment or directory, as `line: text`. */
export function sharedChanges(text: string): string[] {
  const out: string[] = [];
  text.split("\n").forEach((line, i) => {
    const code = line.replace(/^\s*(?:\/\/|\*).*$/, "");
    if (SHARED.test(code)) out.push(`${i + 1}: ${line.trim()}`);
  });
  return out;
}

function walk(dir: string, rel: string, out: string[]): void {
  for (const e of Deno.readDirSync(dir)) {
    const path = `${dir}/${e.name}`;
    const name = rel === "" ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory) {
      if (!(rel === "" && OWN_PROCESS.has(e.name)) && e.name !== "node_modules") {
        walk(path, name, out);
      }
    } else if (e.isFile && e.name.endsWith(".ts")) out.push(name);
  }
}

Deno.test("no file that runs inside the test process changes its environment or current directory", () => {
  const files: string[] = [];
  walk(TESTS, "", files);
  assert.ok(files.includes("_helpers/cli.ts") && files.length > 100, "the tree was read");
  const found = files.flatMap((f) =>
    sharedChanges(Deno.readTextFileSync(`${TESTS}/${f}`)).map((l) => `tests/${f}:${l}`)
  );
  assert.deepEqual(found, []);
});

Deno.test("sharedChanges() finds a change of the environment or directory, not one only mentioned", () => {
  // The names are built, so this file never holds a call itself.
  const D = "Deno";
  const call = (what: string) => `  ${what}("X", "1");`;
  // Control: each call is found, the line number counted from 1.
  for (const what of [`${D}.env.set`, `${D}.env.delete`, `${D}.chdir`, "process.chdir"]) {
    assert.deepEqual(sharedChanges(`a\n${call(what)}`), [`2: ${call(what).trim()}`], what);
  }
  assert.deepEqual(sharedChanges(`  ${D}.umask(0o022);`), [`1: ${D}.umask(0o022);`]);
  // Reading is fine, and so is a comment that names a call.
  assert.deepEqual(sharedChanges(`const h = ${D}.env.get("HOME");`), []);
  assert.deepEqual(sharedChanges(`  // never ${D}.env.set(...) here\n * ${D}.chdir(x) moves`), []);
});
