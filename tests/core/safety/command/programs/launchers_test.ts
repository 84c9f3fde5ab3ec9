/**
 * Programs that start a command given in their arguments or input: the
 * command is judged as one, in both readings Windows allows (joined by
 * blanks, each word whole); a harmless command leaves the launcher at its
 * own verdict. ed's `!` lines are confirmed with the real ed in
 * real_programs_test.ts; Start-Process, wmic and wsl exist only on Windows.
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";

Deno.test("Start-Process: -FilePath or the first operand, with -ArgumentList, is judged", () => {
  for (
    const cmd of [
      "Start-Process powershell -ArgumentList '-c','Remove-Item -Recurse -Force ~'",
      "saps pwsh -ArgumentList '-c Remove-Item -Recurse -Force ~'",
      // bash gets `-c` and `rm -rf ~` as one word when the arguments are passed whole.
      "Start-Process -FilePath bash -ArgumentList '-c','rm -rf ~'",
      "start-process -filepath cmd -argumentlist '/c rd /s /q C:\\'",
    ]
  ) {
    assert.equal(classifyCommand(cmd).class, "dangerous", cmd);
  }
  // Controls: a harmless program, a value that is not the program (-WorkingDirectory).
  assert.equal(classifyCommand("Start-Process notepad").class, "review");
  assert.equal(
    classifyCommand("Start-Process -WorkingDirectory C:\\tmp -FilePath notepad").class,
    "review",
  );
});

Deno.test("wmic process call create and shadowcopy delete; wsl runs its command", () => {
  assert.equal(
    classifyCommand("wmic process call create 'cmd /c rd /s /q C:\\'").class,
    "dangerous",
  );
  assert.deepEqual(classifyCommand("wmic shadowcopy delete").families, ["disk_write"]);
  assert.equal(classifyCommand("wsl rm -rf ~").class, "dangerous");
  assert.equal(classifyCommand("wsl -d Ubuntu -u root -e bash -c 'rm -rf ~'").class, "dangerous");
  assert.equal(classifyCommand("wsl --cd ~ -- rm -rf ~").class, "dangerous");
  // Controls: a listing, a read-only command, options only.
  assert.equal(classifyCommand("wmic process list brief").class, "review");
  assert.equal(classifyCommand("wsl ls -la").class, "read_only");
  assert.notEqual(classifyCommand("wsl --list --verbose").class, "dangerous");
});

Deno.test("ed: a `!` line on stdin, with or without an address and r/w/e, is judged", () => {
  for (
    const cmd of [
      "ed -s README.md <<< '!rm -rf ~'",
      "printf 'w !rm -rf ~\\nq\\n' | ed -s README.md",
      "ed README.md <<EOF\n1,$r !rm -rf ~\nq\nEOF",
    ]
  ) {
    assert.equal(classifyCommand(cmd).class, "dangerous", cmd);
  }
  // Controls: printing and a substitution that holds a `!`.
  assert.equal(classifyCommand("ed -s README.md <<< ',p'").class, "review");
  assert.notEqual(classifyCommand("ed -s README.md <<< 's/a!/b/'").class, "dangerous");
});
