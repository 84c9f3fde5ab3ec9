import assert from "node:assert/strict";
import { applyBlocks, generatedBlocks } from "../_tools/gen_docs.ts";
import { loadCommands } from "../../commands/mod.ts";

const COMMANDS = await loadCommands();

const README = new URL("../../README.md", import.meta.url);

Deno.test("README.md command reference and exit codes are current (run deno task gen when this fails)", async () => {
  const text = await Deno.readTextFile(README);
  assert.equal(applyBlocks(text, generatedBlocks()), text);
});

Deno.test("the staleness check can fail: a changed summary makes the README stale", async () => {
  const text = await Deno.readTextFile(README);
  const blocks = generatedBlocks();
  blocks.commands = blocks.commands!.replace(COMMANDS[0]!.summary, "something else");
  assert.notEqual(applyBlocks(text, blocks), text);
});

Deno.test("README.md states the two set-up commands: the demo and the test suite", async () => {
  const text = await Deno.readTextFile(README);
  assert.match(text, /npm ci --prefix toolchain && toolchain\/node_modules\/\.bin\/deno task demo/);
  assert.match(text, /npm ci --prefix toolchain && toolchain\/node_modules\/\.bin\/deno task test/);
  const ci = await Deno.readTextFile(new URL("../../.ci/run", import.meta.url));
  assert.ok(ci.includes("npm ci --prefix toolchain && toolchain/node_modules/.bin/deno task test"));
});
