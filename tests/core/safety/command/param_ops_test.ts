/**
 * knownOperation held to bash: each form it works out gives what bash
 * prints for the same value; forms it does not know (globs, defaults,
 * arithmetic offsets) give undefined.
 */
import assert from "node:assert/strict";
import { knownOperation } from "../../../../core/safety/command/param_ops.ts";
import { programRuns } from "../../../_helpers/program_runs.ts";
import { tempDir } from "../../../_helpers/temp.ts";

const VALUE = "Ab.cd.ab";
const FORMS = [
  "${x:1}",
  "${x:1:3}",
  "${x: -2}",
  "${x:0:0}",
  "${x^^}",
  "${x,,}",
  "${x^}",
  "${x,}",
  "${x#Ab}",
  "${x##Ab.}",
  "${x%ab}",
  "${x%%.ab}",
  "${x/b/X}",
  "${x//b/X}",
  "${x/b}",
  "${x#zz}",
];

Deno.test("knownOperation: forms it does not work out are unknown", () => {
  const vars = new Map([["x", VALUE]]);
  for (const raw of ["${x:-d}", "${x:i}", "${x/*/X}", "${x#*.}", "${y:1}", "${x@Q}", "$x"]) {
    assert.equal(knownOperation(raw, vars), undefined, raw);
  }
});

Deno.test({
  name: "knownOperation: every form gives what bash prints",
  ignore: !programRuns("bash", ["--version"]),
  fn: async () => {
    await using dir = await tempDir();
    const script = FORMS.map((f) => `printf '%s\\n' "${f}"`).join("; ");
    const out = await new Deno.Command("bash", {
      args: ["-c", `x='${VALUE}'; ${script}`],
      cwd: dir.path,
      env: { HOME: dir.path },
      stdout: "piped",
    }).output();
    const lines = new TextDecoder().decode(out.stdout).split("\n");
    const vars = new Map([["x", VALUE]]);
    FORMS.forEach((f, i) => assert.equal(knownOperation(f, vars), lines[i], f));
  },
});
