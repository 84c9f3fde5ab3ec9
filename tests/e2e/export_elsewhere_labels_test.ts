/**
 * export and paste --resume show a capsule's verified claims as claimed when it was written in
 * another repository, as load does there. A trusted signature says a claim's evidence was
 * checked where the capsule was written; load re-checks it against this work tree (the other
 * project's commit is not here: STALE, capped), but export re-checks nothing and printed this
 * machine's capsule from one project, made current in another, as '[verified] true exits zero'
 * under the warning that it was written elsewhere. The control is the same capsule in its own
 * repository, where both keep [verified].
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { capsuleCopiedElsewhere, verifiedTrueDraft } from "../_helpers/elsewhere_capsule.ts";

const CLAIM = "true exits zero";

/** The label of the line naming the claim, or null when no line does. */
function labelOf(text: string): string | null {
  const line = text.split("\n").find((l) => l.includes(CLAIM));
  return line === undefined ? null : /\[(\w+)\] /.exec(line)?.[1] ?? null;
}

Deno.test("export and paste --resume show another repository's verified claims as claimed; in its own repository they stay verified (control)", async () => {
  const { mine, other } = await capsuleCopiedElsewhere(
    "baton-export-labels-",
    (dir) => verifiedTrueDraft(dir, CLAIM),
  );

  for (const [dir, label] of [[other, "claimed"], [mine, "verified"]] as const) {
    const load = await runBaton(["load"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    assert.equal(labelOf(load.stdout), label, load.stdout);
    const meaning = await runBaton(["export", "--meaning"], { cwd: dir });
    assert.equal(meaning.code, 0, meaning.stderr);
    assert.equal(labelOf(meaning.stdout), label, meaning.stdout);
    assert.equal(
      /1 claim\(s\) labelled verified or observed are shown as claimed: they were checked in the repository it was written in/
        .test(meaning.stdout),
      label === "claimed",
      meaning.stdout,
    );
    const paste = await runBaton(["paste", "--resume"], { cwd: dir });
    assert.equal(paste.code, 0, paste.stderr);
    assert.equal(labelOf(paste.stdout), label, paste.stdout);
  }
});
