/**
 * `baton source show PATH` never opens a path that is not a regular file.
 * The head read opened the file before it looked at what it was, and opening
 * a FIFO waits for a writer: `baton source show ./pipe.jsonl` never ended.
 * Real CLI on a FIFO; the test holds a writer's open pending the whole time,
 * so a baton that opens the FIFO meets it (and ends) instead of hanging, and
 * the order in which that open completes tells whether baton opened it.
 * Control: a regular file at such a path is shown. (attack118)
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { tempDir } from "../_helpers/temp.ts";

Deno.test("source show of a FIFO says it is not a file and never opens it; a regular file is shown (control)", async () => {
  await using dir = await tempDir("baton-fifo-");
  const fifo = `${dir.path}/pipe.jsonl`;
  const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
  assert.ok(made.success);
  let seq = 0;
  let writerMet = 0;
  // Pending until some reader opens the FIFO.
  const writer = Deno.open(fifo, { write: true }).then((f) => {
    writerMet = ++seq;
    return f;
  });
  const shown = await runBaton(["source", "show", fifo], { cwd: dir.path });
  // The test's own reader: the writer's open completes now at the latest.
  const issued = ++seq;
  const reader = await Deno.open(fifo, { read: true });
  (await writer).close();
  reader.close();
  assert.equal(shown.code, 3, shown.stdout + shown.stderr);
  assert.match(shown.stderr, /missing or not a file/);
  assert.ok(writerMet > issued, "baton opened the FIFO");

  const file = `${dir.path}/t.jsonl`;
  await Deno.writeTextFile(
    file,
    JSON.stringify({ type: "user", sessionId: "s", message: { role: "user", content: "hello" } }) +
      "\n",
  );
  const control = await runBaton(["source", "show", file], { cwd: dir.path });
  assert.equal(control.code, 0, control.stderr);
  assert.match(control.stdout, /\[untrusted user\] hello/);
});
