import assert from "node:assert/strict";
import { CATEGORIES, type Command } from "../../../commands/_cli/command.ts";
import { loadCommands } from "../../../commands/mod.ts";
import { renderOverview } from "../../../commands/_cli/overview.ts";
import { EXIT } from "../../../core/errors.ts";
import { textWidth } from "../../../core/text_wrap.ts";

const COMMANDS = await loadCommands();

Deno.test("baton --help fits 80 columns (and 100 when asked), one line per command", () => {
  for (const width of [80, 100]) {
    const text = renderOverview(COMMANDS, width);
    for (const line of text.split("\n")) assert.ok(textWidth(line) <= width, line);
  }
  const lines = renderOverview(COMMANDS).split("\n");
  for (const c of COMMANDS) {
    assert.equal(lines.filter((l) => l.startsWith(`  ${c.name} `)).length, 1, c.name);
  }
  for (const e of Object.values(EXIT)) {
    assert.ok(lines.some((l) => l.endsWith(`  ${e.meaning}`)), `exit ${e.code} on one line`);
  }
});

Deno.test("baton --help groups commands under a heading per category, in category order", () => {
  const lines = renderOverview(COMMANDS).split("\n");
  const headings = CATEGORIES.map((c) => lines.indexOf(`${c.heading}:`));
  assert.ok(headings.every((i) => i >= 0), "every category has commands and a heading");
  assert.deepEqual([...headings].sort((a, b) => a - b), headings);
  for (const c of COMMANDS) {
    const at = lines.findIndex((l) => l.startsWith(`  ${c.name} `));
    const k = CATEGORIES.findIndex((cat) => cat.id === c.category);
    assert.ok(at > headings[k]!, c.name);
    if (k + 1 < headings.length) assert.ok(at < headings[k + 1]!, c.name);
  }
});

Deno.test("a hidden command is left out, and a category with no command has no heading", () => {
  const only: Command[] = [
    { ...COMMANDS[0]!, name: "visible", category: "setup" },
    { ...COMMANDS[0]!, name: "secret", category: "everyday", hidden: true },
  ];
  const text = renderOverview(only);
  assert.ok(text.includes("  visible  ") && text.includes("Setup:"));
  assert.ok(!text.includes("secret") && !text.includes("Everyday:"));
});

Deno.test("a summary too long for the line wraps under itself, not under the names", () => {
  const long: Command[] = [{ ...COMMANDS[0]!, name: "x", summary: "word ".repeat(30).trim() }];
  const lines = renderOverview(long, 40).split("\n").filter((l) => l.includes("word"));
  assert.ok(lines.length > 1);
  for (const l of lines.slice(1)) assert.ok(l.startsWith("     word"), l);
});
