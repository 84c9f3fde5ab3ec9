import assert from "node:assert/strict";
import { CATEGORIES, type Command } from "../../../commands/_cli/command.ts";
import {
  DEFAULT_HELP_WIDTH,
  helpWidth,
  MAX_HELP_WIDTH,
  renderHelp,
} from "../../../commands/_cli/help.ts";
import { loadCommands } from "../../../commands/mod.ts";
import { textWidth } from "../../../core/text_wrap.ts";

const COMMANDS = await loadCommands();
const widest = (text: string): number => Math.max(...text.split("\n").map(textWidth));

Deno.test("every command's help fits the width it is rendered for", () => {
  for (const c of COMMANDS) {
    for (const width of [40, 60, 80, 100]) {
      assert.ok(widest(renderHelp(c, width)) <= width, `${c.name} at ${width}`);
    }
  }
});

Deno.test("the width is really used: at 100 columns the long descriptions have lines over 80", () => {
  const load = COMMANDS.find((c) => c.name === "load")!;
  assert.ok(widest(renderHelp(load, 100)) > 80);
  assert.ok(widest(renderHelp(load)) <= 80, "the default is 80");
  assert.equal(renderHelp(load), renderHelp(load, DEFAULT_HELP_WIDTH));
});

Deno.test("flag text wraps under a hanging indent beside the flags, or under each flag when narrow", () => {
  const hook = COMMANDS.find((c) => c.name === "hook")!;
  const lines = renderHelp(hook, 60).split("\n");
  const at = lines.findIndex((l) => l.startsWith("      --host HOST  "));
  assert.ok(at >= 0);
  const column = "      --host HOST  ".length;
  assert.ok(lines[at + 1]!.startsWith(" ".repeat(column)) && lines[at + 1]![column] !== " ");
  const narrow = renderHelp(hook, 30).split("\n");
  const flag = narrow.indexOf("      --host HOST");
  assert.ok(flag >= 0, "the flag stands alone on its line");
  assert.ok(narrow[flag + 1]!.startsWith("        The host"));
});

Deno.test("paragraph breaks of a description survive wrapping", () => {
  const c: Command = {
    ...COMMANDS[0]!,
    description: "First paragraph.\n\nSecond paragraph.",
  };
  assert.ok(renderHelp(c).includes("First paragraph.\n\nSecond paragraph.\n"));
});

Deno.test("helpWidth: the terminal's width up to 100, and 80 when not a terminal", () => {
  const sink = (isTerminal: boolean, columns?: number) => ({
    write() {},
    isTerminal,
    ...(columns === undefined ? {} : { columns: () => columns }),
  });
  assert.equal(helpWidth(sink(false, 132)), 80);
  assert.equal(helpWidth(sink(true)), 80, "a terminal that reports no size");
  assert.equal(helpWidth(sink(true, 132)), MAX_HELP_WIDTH);
  assert.equal(helpWidth(sink(true, 64)), 64);
  assert.equal(helpWidth(sink(true, 0)), 80);
});

Deno.test("every command has a category, a summary of at most 60 characters and paragraphs", () => {
  const ids = CATEGORIES.map((c) => c.id);
  for (const c of COMMANDS) {
    assert.ok(ids.includes(c.category), c.name);
    assert.ok(c.summary.length <= 60, `${c.name}: ${c.summary.length}`);
    assert.ok(!c.summary.endsWith("."), c.name);
    assert.ok(!/\n\n\n|^\s|\s$/.test(c.description), c.name);
  }
});
