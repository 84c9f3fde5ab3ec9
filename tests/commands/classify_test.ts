import assert from "node:assert/strict";
import { classifyCommand, MAX_CLASSIFY_INPUT } from "../../commands/classify.ts";
import { InputError, UsageError } from "../../core/errors.ts";
import { runCommand } from "../_helpers/command.ts";

const enc = new TextEncoder();

Deno.test("classify prints one class for the words after --, and --json its families and reasons", async () => {
  const read = await runCommand(classifyCommand, ["--", "git", "status"], { cwd: "/" });
  assert.deepEqual([read.code, read.out], [0, "read_only\n"]);
  const danger = await runCommand(classifyCommand, ["--json", "--", "rm -rf /"], { cwd: "/" });
  assert.equal(danger.code, 0, "exit 0 whatever the class");
  const j = JSON.parse(danger.out);
  assert.equal(j.class, "dangerous");
  assert.ok(j.families.length > 0);
});

Deno.test("classify reads all of stdin when no words are given, newlines included", async () => {
  const r = await runCommand(classifyCommand, [], {
    cwd: "/",
    stdin: enc.encode("ls\nrm -rf ~\n"),
  });
  assert.equal(r.out, "dangerous\n");
});

Deno.test("classify refuses stdin that is not UTF-8 (exit 2)", async () => {
  await assert.rejects(
    runCommand(classifyCommand, [], { cwd: "/", stdin: new Uint8Array([0x6c, 0xff]) }),
    (e: unknown) => e instanceof InputError && e.code === "invalid_utf8" && e.exitCode === 2,
  );
  assert.ok(MAX_CLASSIFY_INPUT >= 1024);
});

Deno.test("classify takes the command as one quoted argument, and refuses it given twice", async () => {
  const r = await runCommand(classifyCommand, ["rm -rf /"], { cwd: "/" });
  assert.deepEqual([r.code, r.out], [0, "dangerous\n"]);
  const read = await runCommand(classifyCommand, ["git status"], { cwd: "/" });
  assert.equal(read.out, "read_only\n", "control: the argument is what is classified");
  await assert.rejects(
    runCommand(classifyCommand, ["ls", "--", "ls"], { cwd: "/" }),
    (e: unknown) => e instanceof UsageError,
  );
});
