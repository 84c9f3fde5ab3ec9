import assert from "node:assert/strict";
import { ingestCommand } from "../../commands/ingest.ts";
import { runCommand } from "../_helpers/command.ts";
import { withRepo } from "../_helpers/temp_fs.ts";

const ANSWER = 'Sure.\n\n```json\n{"now": "pasted"}\n```\n';

Deno.test("ingest reads an answer from stdin and reports the block it found", async () => {
  await withRepo(async (dir) => {
    const r = await runCommand(ingestCommand, ["--json"], {
      cwd: dir,
      stdin: new TextEncoder().encode(ANSWER),
    });
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.deepEqual([j.trigger, j.facts, j.block.line, j.signed], [
      "paste",
      "unavailable",
      4,
      true,
    ]);
  });
});

Deno.test("ingest FILE --with-facts says the facts were collected at ingest time", async () => {
  await withRepo(async (dir) => {
    await Deno.writeTextFile(`${dir}/answer.md`, ANSWER);
    const r = await runCommand(ingestCommand, ["answer.md", "--with-facts"], { cwd: dir });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^Ingested capsule sha256:[0-9a-f]{64} from the fenced JSON at line 4/);
    assert.match(r.out, /Facts were collected now, at ingest time/);
  });
});
