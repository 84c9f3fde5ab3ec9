/**
 * `baton show` of a capsule written in another repository says so in its labels too. A trusted
 * signature says a claim was checked where the capsule was written; show printed this machine's
 * capsule from one project, copied into another, with its place line and then
 * '- [verified] true exits zero', '- facts: collected (HEAD ...)' and '- secret scan: passed' in
 * the words of a check made here, where export, paste and load show the claim as claimed. Now its
 * verified label reads claimed and its fact lines say they were recorded in another repository;
 * --json keeps the stored data. The control is the same capsule in its own repository.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { capsuleCopiedElsewhere, verifiedTrueDraft } from "../_helpers/elsewhere_capsule.ts";

const CLAIM = "true exits zero";

/** The label of the line naming the claim, or null when no line does. */
function labelOf(text: string): string | null {
  const line = text.split("\n").find((l) => l.startsWith("- [") && l.includes(CLAIM));
  return line === undefined ? null : /\[(\w+)\] /.exec(line)?.[1] ?? null;
}

Deno.test("baton show labels another repository's verified claims as claimed and its facts as recorded there; in its own repository they stay plain (control)", async () => {
  const { mine, other } = await capsuleCopiedElsewhere(
    "baton-show-elsewhere-",
    (dir) => verifiedTrueDraft(dir, CLAIM),
  );

  for (const [dir, here] of [[other, false], [mine, true]] as const) {
    const shown = await runBaton(["show", "latest"], { cwd: dir });
    assert.equal(shown.code, 0, shown.stderr);
    const out = shown.stdout;
    assert.match(out, /^authorship: trusted/m, out);
    assert.equal(/^place: written in another repository/m.test(out), !here, out);
    assert.equal(labelOf(out), here ? "verified" : "claimed", out);
    assert.equal(
      /^1 claim\(s\) labelled verified or observed are shown as claimed: they were checked in the repository it was written in/m
        .test(out),
      !here,
      out,
    );
    if (here) {
      assert.match(out, /^- facts: collected /m, out);
      assert.match(out, /^- secret scan: passed \(0 redacted\)$/m, out);
    } else {
      assert.doesNotMatch(out, /^- facts: /m, out);
      assert.doesNotMatch(out, /^- secret scan: /m, out);
      assert.match(
        out,
        /^- facts \(recorded in another repository, not checked here\): collected /m,
      );
      assert.match(
        out,
        /^- secret scan \(recorded in another repository, not checked here\): passed \(0 redacted\)$/m,
      );
    }
    // --json is the stored data: the claim keeps its stored label.
    const json = await runBaton(["show", "latest", "--json"], { cwd: dir });
    assert.equal(json.code, 0, json.stderr);
    const data = JSON.parse(json.stdout);
    assert.equal(data.capsule.meaning.verified_facts[0].trust, "verified");
    assert.equal(data.written_elsewhere, !here);
  }
});
