/**
 * Arithmetic that evaluates a value baton cannot see, against real bash:
 * with `Y='a[$(touch <marker>)]'` in the environment, each shape below
 * makes bash run the marker command (the oracle), so none may be
 * read_only; the controls (literal arithmetic, values set in the text,
 * `test`/`[` which read integers without evaluating them) run nothing and
 * stay read_only. A property extends it over every arithmetic position.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { tempDir } from "../../../../_helpers/temp.ts";

/** [command, whether bash runs the value's substitution]. */
const SHAPES: readonly [string, boolean][] = [
  ["((X=Y))", true],
  ["[[ $Y -eq 1 ]]", true],
  ["[[ Y -eq 1 ]]", true],
  ['[[ "$Y" -gt 0 ]]', true],
  ["echo ${X[Y]}", true],
  ["echo ${X[$Y]}", true],
  ["X[Y]=1", true],
  ["echo ${!Y}", true],
  ["s=abc; echo ${s:Y}", true],
  ["r='a[Y]'; echo ${!r}", true],
  ["echo $((Y + 1))", true],
  // `$[...]`, the older spelling of `$((...))`, alone, quoted, as a default.
  ["echo $[Y]", true],
  ['echo "$[Y + 1]"', true],
  ["echo ${X:-$[Y]}", true],
  // A test's -v names a variable: through an unseen value, or with a subscript naming one.
  ['test -v "$Y"', true],
  ["[[ -v $Y ]]", true],
  ['[ -v "$Y" ]', true],
  ["[[ -v X[Y] ]]", true],
  ["test -v 'X[Y]'", true],
  // An indirect expansion with an operator after the name reads the named variable first.
  ["echo ${!Y:-d}", true],
  ['echo "${!Y#a}"', true],
  ["echo ${!Y/a/b}", true],
  ["echo ${!Y^^}", true],
  ["echo ${!Y@Q}", true],
  ["echo ${!Y:0:1}", true],
  [`bash -c 'echo \${!1:-d}' _ "$Y"`, true],
  // A positional parameter holds an argument: `bash -c`'s, a function's.
  [`bash -c '[[ $1 -gt 0 ]]' _ "$Y"`, true],
  [`bash -c 'test -v "$1"' _ "$Y"`, true],
  ['f() { echo $(( $1 )); }; f "$Y"', true],
  // Controls: nothing unseen is evaluated.
  ["[[ 1 -eq 1 ]]", false],
  ["((X=1))", false],
  ["echo ${X[1]}", false],
  ["x=2; [[ $x -eq 2 ]]", false],
  ["[[ $? -eq 0 ]]", false],
  ['test "$Y" -eq 1', false],
  ["[ $Y -gt 0 ]", false],
  ["r=Y; echo ${!r}", false],
  ["echo ${X:-default}", false],
  ["[[ -v Y ]]", false],
  ["test -v X", false],
  ["[[ -v X[1] ]]", false],
  ["[[ -v X[@] ]]", false],
  ["x=Y; [[ -v $x ]]", false],
  ["[[ $# -gt 0 ]]", false],
  ["echo ${!Y*} ${!Y@} ${!X[@]}", false],
  ["r=HOME; echo ${!r:-d} ${!r@Q}", false],
  // A loop over integer literals sets its variable to an integer; a count is a number.
  ["for i in 0 1 2; do echo ${X[$i]}; done", false],
  ["for i in {1..3}; do echo ${X[i]}; done", false],
  ["[[ ${#X[@]} -gt 0 ]]", false],
  ['[[ "${#X}" -gt 0 ]]', false],
  // Their positive controls: a loop over an unseen value, a subscript inside a count.
  ['for i in 0 "$Y"; do echo ${X[$i]}; done', true],
  ["X=1; [[ ${#X[Y]} -gt 0 ]]", true],
  // ...and a loop variable written again after the loop, or by eval inside it.
  ["for i in 1 2; do :; done; i=$Y; echo ${X[$i]}", true],
  ['for i in 1; do eval "i=\\$Y"; echo ${X[$i]}; done', true],
];

async function bashRuns(command: string): Promise<boolean> {
  await using dir = await tempDir("baton-arith-");
  const marker = `${dir.path}/ran`;
  await new Deno.Command("bash", {
    args: ["-c", command],
    cwd: dir.path,
    env: { Y: `a[$(touch ${marker})]`, PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin" },
    clearEnv: true,
    stdout: "null",
    stderr: "null",
  }).output();
  return await Deno.lstat(marker).then(() => true, () => false);
}

for (const [command, runs] of SHAPES) {
  Deno.test(`arithmetic on an unseen value: ${command}`, async () => {
    assert.equal(await bashRuns(command), runs, "bash, the oracle");
    const verdict = classifyCommand(command).class;
    if (runs) assert.notEqual(verdict, "read_only", verdict);
    else assert.equal(verdict, "read_only");
  });
}

Deno.test("property: a variable not set in the text, in any position bash evaluates as arithmetic, is never read_only; set to a number first it reads as the number does", () => {
  const positions = [
    (e: string) => `((X=${e}))`,
    (e: string) => `[[ ${e} -eq 1 ]]`,
    (e: string) => `[[ 1 -lt $${e} ]]`,
    (e: string) => `echo \${X[${e}]}`,
    (e: string) => `X[${e}]=1`,
    (e: string) => `echo "\${#X[${e}]}"`,
    (e: string) => `s=abc; echo \${s:${e}:1}`,
    (e: string) => `echo $[${e}]`,
    (e: string) => `[[ -v X[${e}] ]]`,
  ];
  const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/).filter((n) =>
    !["if", "then", "fi", "do", "done", "in", "for", "case", "esac", "while", "until"].includes(n)
  );
  fc.assert(
    fc.property(fc.constantFrom(...positions), name, (at, n) => {
      assert.notEqual(classifyCommand(at(n)).class, "read_only", at(n));
      assert.equal(
        classifyCommand(`${n}=3; ${at(n)}`).class,
        classifyCommand(`${n}=3; ${at("3").replace("$3", "3")}`).class,
        at(n),
      );
    }),
    { numRuns: 300, seed: 19 },
  );
});
