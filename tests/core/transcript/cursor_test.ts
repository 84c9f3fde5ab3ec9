import assert from "node:assert/strict";
import { runBaton } from "../../_helpers/cli.ts";
import { PLANTED_TOKEN, REQUEST, writeCursorDb } from "../../_helpers/transcripts.ts";

Deno.test("the Cursor reader recovers the scenario from a state.vscdb built as documented, via baton source", async () => {
  const home = await Deno.makeTempDir({ prefix: "baton-cursor-" });
  try {
    const dir = Deno.build.os === "darwin"
      ? `${home}/Library/Application Support/Cursor/User/globalStorage`
      : `${home}/.config/Cursor/User/globalStorage`;
    await Deno.mkdir(dir, { recursive: true });
    await writeCursorDb(`${dir}/state.vscdb`, "cmp-1");
    const env = { HOME: home, XDG_CONFIG_HOME: `${home}/.config` };
    const list = JSON.parse(
      (await runBaton(["source", "list", "--host", "cursor", "--all-projects", "--json"], {
        cwd: home,
        env,
      })).stdout,
    );
    assert.deepEqual(list.sessions.map((s: { id: string }) => s.id).sort(), [
      "cursor:cmp-1",
      "cursor:legacy",
    ]);
    const r = await runBaton(["source", "show", "cursor:cmp-1", "--tail", "50", "--json"], {
      cwd: home,
      env,
    });
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    const kinds = out.turns.map((t: { kind: string }) => t.kind);
    assert.equal(out.turns[0].text, REQUEST);
    assert.equal(kinds.filter((k: string) => k === "tool_call").length, 5);
    const exits = out.turns.filter((t: { kind: string }) => t.kind === "tool_result").map((
      t: { exit_code: number | null },
    ) => t.exit_code);
    // Cursor records no exit status: "Exit code: N" in a result is the command's text, not a status.
    assert.deepEqual(exits, [null, null, null, null, null]);
    assert.equal(
      out.read.invalid,
      1,
      "the bubble the composer names but the store lacks is counted",
    );
    assert.ok(!r.stdout.includes(PLANTED_TOKEN));
    const legacy = JSON.parse(
      (await runBaton(["source", "show", "cursor:legacy", "--json"], { cwd: home, env })).stdout,
    );
    assert.deepEqual(legacy.turns.map((t: { text: string }) => t.text), ["old", "reply"]);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
