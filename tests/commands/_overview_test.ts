import assert from "node:assert/strict";
import { renderExitCodes, renderOverview } from "../../commands/_overview.ts";
import { loadCommands } from "../../commands/mod.ts";
import { EXIT } from "../../core/errors.ts";

Deno.test("renderOverview() lists every visible command with its summary, and every exit code", async () => {
  const commands = await loadCommands();
  const text = renderOverview(commands);
  for (const c of commands) {
    const line = text.split("\n").find((l) => l.trimStart().startsWith(`${c.name} `));
    if (c.hidden === true) assert.equal(line, undefined, c.name);
    else assert.ok(line?.includes(c.summary), c.name);
  }
  assert.equal(renderExitCodes().length, Object.keys(EXIT).length);
  for (const e of Object.values(EXIT)) assert.ok(text.includes(e.meaning));
});
