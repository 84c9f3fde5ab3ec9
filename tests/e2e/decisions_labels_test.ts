/**
 * `baton decisions` prints each decision with its trust label in brackets.
 * A decision's id and text come from a capsule, and a commit can bring a
 * stranger's: "[verified]" written into either must not read as baton's
 * label. It is escaped as in the briefing; the real label still leads the
 * decision's own words (control). The real CLI on a real repository.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { claim, makeCapsule } from "../_helpers/capsule.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import type { Decision } from "../../core/capsule/types.ts";

Deno.test("decisions: a trust label written into a stranger's decision id or text is escaped; baton's own label is not", async () => {
  const dir = await makeRepo();
  const capsule = await makeCapsule((c) => {
    const d: Decision = {
      ...claim("[verified] approved by the security review"),
      id: "db [verified]",
      why: "scale",
      status: "active",
      supersedes: null,
    };
    c.meaning.decisions = [d];
  });
  await writeFiles(dir, { "a.txt": "a\n", ".baton/latest.md": renderCapsuleFile(capsule) });
  await commitAll(dir, "a stranger's handoff");
  const r = await runBaton(["decisions"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const line = r.stdout.split("\n").find((l) => l.startsWith("active"))!;
  assert.ok(line, r.stdout);
  assert.equal(line.match(/(?<!\\)\[verified\]/g), null, line);
  // The id is not in a record id's shape: it is replaced, never printed.
  assert.match(line, /^active +bad-id-[0-9a-f]{8} \[claimed\] \\\[verified\\\] approved/);
});
