/** normalizeProgram(): base names, extensions, case, and look-alike letters mapped to ASCII. */
import assert from "node:assert/strict";
import { normalizeProgram } from "../../../../core/safety/command/program_name.ts";

Deno.test("normalizeProgram() strips directories, Windows extensions and case", () => {
  assert.deepEqual(normalizeProgram("/usr/local/bin/Git"), {
    name: "git",
    nonAscii: false,
    skeleton: null,
  });
  assert.equal(
    normalizeProgram("C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.EXE").name,
    "powershell",
  );
  assert.equal(normalizeProgram("./rm").name, "rm");
  assert.equal(normalizeProgram("python3.12").name, "python3.12");
});

Deno.test("normalizeProgram() flags look-alike letters and maps them to the ASCII name", () => {
  for (
    const [spoof, ascii] of [
      ["r\u043c", "rm"], // Cyrillic em
      ["\u0441url", "curl"], // Cyrillic es
      ["\u0455udo", "sudo"], // Cyrillic dze
      ["g\u0456t", "git"], // Cyrillic i
      ["ｒｍ", "rm"], // fullwidth
      ["r\u200bm", "rm"], // zero-width space
      ["\u{1d42b}\u{1d426}", "rm"], // mathematical bold
    ]
  ) {
    const n = normalizeProgram(spoof!);
    assert.equal(n.nonAscii, true, spoof);
    assert.equal(n.skeleton, ascii, spoof);
  }
  const plain = normalizeProgram("ls");
  assert.equal(plain.nonAscii, false, "control");
  const other = normalizeProgram("café");
  assert.equal(other.nonAscii, true);
  assert.equal(
    other.skeleton,
    null,
    "a non-ASCII name with no look-alike mapping keeps its own name",
  );
});
