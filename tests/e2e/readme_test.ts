import assert from "node:assert/strict";
import { applyBlocks, generatedBlocks, wantedFiles } from "../_tools/gen_docs.ts";
import { loadCommands } from "../../commands/mod.ts";
import { COMMAND_FAMILIES } from "../../core/safety/command/families.ts";
import { HOSTS } from "../../core/hosts/install/hosts.ts";

const COMMANDS = await loadCommands();

const ROOT = new URL("../../", import.meta.url);
const README = new URL("README.md", ROOT);
const read = (path: string) => Deno.readTextFile(new URL(path, ROOT));

Deno.test("README.md and docs/ are current (run deno task gen when this fails)", async () => {
  for (const [path, blocks] of Object.entries(generatedBlocks())) {
    const text = await read(path);
    assert.equal(applyBlocks(text, blocks), text, path);
  }
});

Deno.test("every generated file is current, the skill and the per-host files included", async () => {
  for (const [path, text] of Object.entries(wantedFiles())) {
    const now = await read(path).catch(() => null);
    assert.equal(now, text, path);
  }
});

Deno.test("the staleness check can fail: a changed summary, family or host makes docs/ stale", async () => {
  const blocks = generatedBlocks();
  const commands = await read("docs/commands.md");
  const changedSummary = {
    ...blocks["docs/commands.md"]!,
    commands: blocks["docs/commands.md"]!.commands!.replace(COMMANDS[0]!.summary, "something else"),
  };
  assert.notEqual(applyBlocks(commands, changedSummary), commands);
  const safety = await read("docs/safety.md");
  const families = blocks["docs/safety.md"]!;
  assert.ok(families["command-families"]!.includes(COMMAND_FAMILIES[0]!.title));
  const changedFamily = {
    ...families,
    "command-families": families["command-families"]!.replace(COMMAND_FAMILIES[0]!.title, "x"),
  };
  assert.notEqual(applyBlocks(safety, changedFamily), safety);
  const hooks = await read("docs/hooks.md");
  const hostBlocks = blocks["docs/hooks.md"]!;
  assert.ok(hostBlocks["host-hooks"]!.includes(HOSTS.cursor.hookNote));
  const changedHost = {
    ...hostBlocks,
    "host-hooks": hostBlocks["host-hooks"]!.replace(HOSTS.cursor.hookNote, "x"),
  };
  assert.notEqual(applyBlocks(hooks, changedHost), hooks);
  assert.throws(() => applyBlocks("no markers here", changedSummary), /lacks the markers/);
});

Deno.test("docs/commands.md holds every command's help, grouped by category", async () => {
  const text = await read("docs/commands.md");
  for (const c of COMMANDS.filter((c) => !c.hidden)) {
    assert.ok(text.includes(`### \`baton ${c.name}\``), c.name);
    assert.ok(text.includes(`- [\`baton ${c.name}\`](#baton-${c.name}): ${c.summary}`), c.name);
  }
});

Deno.test("README.md is a front door: at most 200 lines, a quick start, links that resolve", async () => {
  const text = await Deno.readTextFile(README);
  assert.ok(text.split("\n").length <= 200, `${text.split("\n").length} lines`);
  assert.match(text, /## Quick start/);
  assert.match(text, /baton install claude-code/);
  assert.ok(!text.includes("### `baton preflight`"), "the command reference lives in docs/");
  const links = [...text.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
  for (const must of ["docs/commands.md", "ARCHITECTURE.md", "CONTRIBUTING.md"]) {
    assert.ok(links.includes(must), must);
  }
  for (const link of links.filter((l) => !/^[a-z]+:/.test(l))) {
    await Deno.stat(new URL(link, ROOT));
  }
});

Deno.test("README.md states the two set-up commands: the demo and the test suite", async () => {
  const text = await Deno.readTextFile(README);
  assert.match(text, /npm ci --prefix toolchain && toolchain\/node_modules\/\.bin\/deno task demo/);
  assert.match(text, /npm ci --prefix toolchain && toolchain\/node_modules\/\.bin\/deno task test/);
  const ci = await Deno.readTextFile(new URL("../../.ci/run", import.meta.url));
  assert.ok(ci.includes("npm ci --prefix toolchain && toolchain/node_modules/.bin/deno task test"));
});
