import assert from "node:assert/strict";
import fc from "fast-check";
import {
  quoteShellWord,
  renderShellCommand,
  splitShellCommand,
} from "../../../core/hosts/shell_quote.ts";

Deno.test("splitShellCommand() inverts renderShellCommand() for any words", () => {
  fc.assert(
    fc.property(
      fc.array(fc.string({ minLength: 0, maxLength: 12 }), { minLength: 1, maxLength: 6 }),
      (words) => {
        assert.deepEqual(splitShellCommand(renderShellCommand(words)), words);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("quoteShellWord() output is one word to a real POSIX shell", async () => {
  const words = ["/Users/Jo Ann/baton", "it's", "$HOME", "a;b", "`x`", "", "--allow-sys=hostname"];
  const out = await new Deno.Command("sh", {
    args: ["-c", `printf '%s\\n' ${words.map(quoteShellWord).join(" ")}`],
    stdout: "piped",
  }).output();
  assert.deepEqual(new TextDecoder().decode(out.stdout).split("\n").slice(0, -1), words);
});

Deno.test("splitShellCommand() refuses expansions and operators it cannot reproduce", () => {
  for (
    const line of ["baton $X", "baton `id`", "a | b", "a && b", 'baton "$HOME"', "baton 'open"]
  ) {
    assert.equal(splitShellCommand(line), null, line);
  }
  assert.deepEqual(splitShellCommand('"a b" c\\ d'), ["a b", "c d"], "positive control");
});
