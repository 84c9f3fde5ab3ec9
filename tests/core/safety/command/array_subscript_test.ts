/**
 * Tests for array_subscript.ts: the elements a subscript or slice picks,
 * checked against the real bash on the same array.
 * @module
 */
import assert from "node:assert/strict";
import { evalSubscript, pickElements } from "../../../../core/safety/command/array_subscript.ts";

const ALL = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"];
const VARS = new Map([["i", "1"], ["o", "010"], ["w", "x y"]]);

/** What bash prints for `"${x<ref>}"` with the same array and variables, one element a line. */
async function bash(ref: string): Promise<string[]> {
  const script = `x=(${ALL.join(" ")}); i=1; o=010; w='x y'; printf '%s\\n' "\${x${ref}}"`;
  const out = await new Deno.Command("bash", { args: ["-c", script], stderr: "null" }).output();
  return new TextDecoder().decode(out.stdout).split("\n").filter((l) => l !== "");
}

Deno.test("pickElements gives the elements bash gives for each known subscript and slice", async () => {
  const subs = ["1", "-1", " 1 ", "1+0", "i", "i+1", "$i - 1", "${i}", "010", "o", "-11", "0"];
  const slices: [string, string | undefined][] = [
    ["1", "2"],
    [" -2", undefined],
    ["i", "i"],
    ["0", undefined],
    ["10", "5"],
  ];
  for (const s of subs) {
    assert.deepEqual(pickElements(s, null, ALL, VARS), await bash(`[${s}]`), `[${s}]`);
  }
  for (const [off, len] of slices) {
    const ref = `[@]:${off}${len === undefined ? "" : `:${len}`}`;
    assert.deepEqual(pickElements(null, [off, len], ALL, VARS), await bash(ref), ref);
  }
});

Deno.test("what is outside the subset is not known", () => {
  // Control: the plain forms are known.
  assert.equal(evalSubscript("2", VARS), 2);
  for (const s of ["i*2", "0x1", "2#1", "w", "u", "", "$(echo 1)", "08", "a[1]"]) {
    assert.equal(evalSubscript(s, VARS), undefined, s);
  }
  // `:-w` is a default value, not a slice; past the end gives nothing.
  assert.equal(pickElements(null, ["-w", undefined], ALL, VARS), undefined);
  assert.equal(pickElements("11", null, ALL, VARS), undefined);
  assert.equal(pickElements("-12", null, ALL, VARS), undefined);
  assert.equal(pickElements(null, ["1", "-1"], ALL, VARS), undefined);
});
