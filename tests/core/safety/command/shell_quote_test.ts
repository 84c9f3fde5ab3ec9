/**
 * shellWords: words written back as shell text parse again to the same
 * words (the parser is the oracle), and a plain leading `~` stays the home.
 */
import assert from "node:assert/strict";
import { shellWords } from "../../../../core/safety/command/shell_quote.ts";
import { parseShell } from "../../../../core/safety/command/parse_shell.ts";
import { resolveWord } from "../../../../core/safety/command/resolve_word.ts";

function words(text: string): string[] {
  const cmd = parseShell(text).script.pipelines[0]!.elements[0]!;
  assert.equal(cmd.kind, "simple");
  return cmd.kind === "simple"
    ? cmd.words.flatMap((w) => resolveWord(w, new Map())).map((a) => a.text)
    : [];
}

Deno.test("shellWords: each word parses back as one word, quotes and blanks kept", () => {
  for (
    const list of [
      ["sh", "-c", "rm -rf ~"],
      ["echo", "it's", 'a "b"', "$HOME", "`x`", "a;b", "*", ""],
      ["printf", "%s\\n", "tab\there"],
    ]
  ) {
    const back = words(shellWords(list));
    assert.deepEqual(back, list, shellWords(list));
  }
  // A plain word is written as it is: `~` keeps its meaning; control: a quoted one would not.
  assert.equal(shellWords(["rm", "-rf", "~/x"]), "rm -rf ~/x");
  assert.equal(shellWords(["a b"]), "'a b'");
});
