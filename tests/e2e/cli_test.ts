import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { loadCommands, loadHelp } from "../../commands/mod.ts";
import { VERSION } from "../../core/version.ts";
import { EXIT } from "../../core/errors.ts";
import { tempDir } from "../_helpers/temp.ts";

const COMMANDS = await loadCommands();
const { renderHelp } = await loadHelp();

Deno.test("baton --version prints the version, also as JSON", async () => {
  const plain = await runBaton(["--version"]);
  assert.equal(plain.code, 0);
  assert.equal(plain.stdout, `baton ${VERSION}\n`);
  const json = await runBaton(["--version", "--json"]);
  assert.deepEqual(JSON.parse(json.stdout), { version: VERSION });
});

Deno.test("VERSION matches deno.json", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
  assert.equal(config.version, VERSION);
});

Deno.test("baton --help lists every command and the exit codes", async () => {
  const r = await runBaton(["--help"]);
  assert.equal(r.code, 0);
  for (const c of COMMANDS) assert.ok(r.stdout.includes(`  ${c.name} `), c.name);
  for (const e of Object.values(EXIT)) assert.ok(r.stdout.includes(e.meaning));
});

Deno.test("baton help <command> and <command> --help print the same help", async () => {
  const a = await runBaton(["help", "finalize"]);
  const b = await runBaton(["finalize", "--help"]);
  assert.equal(a.code, 0);
  assert.equal(a.stdout, b.stdout);
  assert.ok(a.stdout.includes("--draft"));
  assert.ok(a.stdout.includes("--json"));
});

Deno.test("an unknown command gives one line with the closest match and exit 2", async () => {
  const r = await runBaton(["fianlize"]);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, "");
  assert.equal(r.stderr.trim().split("\n").length, 1);
  assert.ok(r.stderr.includes('did you mean "finalize"'));
});

Deno.test("an unknown flag gives one line with the closest flag and exit 2, and JSON when asked", async () => {
  const r = await runBaton(["load", "--max-char", "5"]);
  assert.equal(r.code, 2);
  assert.ok(r.stderr.includes("--max-chars"));
  assert.equal(r.stderr.trim().split("\n").length, 1);
  const j = await runBaton(["load", "--bogus", "--json"]);
  assert.equal(j.code, 2);
  assert.equal(JSON.parse(j.stdout).error.code, "usage");
});

Deno.test("every command's help documents --json, a summary, a description and examples", () => {
  for (const c of COMMANDS) {
    const help = renderHelp(c);
    assert.ok(help.includes("--json"), c.name);
    // Help is wrapped: compare the description with the help's whitespace folded.
    const fold = (text: string) => text.replace(/\s+/g, " ");
    assert.ok(help.includes(c.summary) && fold(help).includes(fold(c.description)), c.name);
    assert.ok(c.examples.length > 0 && help.includes(c.examples[0]!), c.name);
  }
});

Deno.test("finalize without --draft is a usage error that writes nothing", async () => {
  const dir = (await tempDir()).path;
  const r = await runBaton(["finalize"], { cwd: dir });
  assert.equal(r.code, 2);
  assert.ok(r.stderr.includes("--draft"));
  assert.equal((await Array.fromAsync(Deno.readDir(dir))).length, 0);
});

Deno.test("baton --help and a command's help fit 80 columns when stdout is not a terminal", async () => {
  const top = await runBaton(["--help"]);
  const load = await runBaton(["load", "--help"]);
  for (const out of [top.stdout, load.stdout]) {
    const widest = Math.max(...out.split("\n").map((l) => [...l].length));
    assert.ok(widest <= 80, `${widest} columns`);
  }
  // The description is long enough that an unwrapped help would not fit: the check can fail.
  const loadCommand = COMMANDS.find((c) => c.name === "load")!;
  assert.ok(loadCommand.description.split("\n").some((l) => l.length > 80));
  assert.ok(top.stdout.includes("\nEveryday:\n  load "));
});
