/**
 * The recorded files' drift lines are the last droppable section the
 * briefing's budget gives up, and it gives up a section's lines from the
 * end. A capsule chooses the order of its recorded files: a stranger's that
 * lists a hundred and fifty files "deleted then, absent now" (each a match)
 * before a real one that changed pushed that file's `different` out of the
 * briefing, leaving a page of matches. A file that changed, went missing or
 * could not be re-checked is now listed before the matches, so the budget
 * drops matches first. Real repository, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { computeCapsuleId } from "../../core/capsule/capsule_id.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";

Deno.test("a file that changed is never dropped from the briefing behind a capsule's padding of matches", async () => {
  const dir = await makeRepo("baton-drift-order-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    await writeFiles(dir, { "a.txt": "as captured\n" });
    const fin = await runBaton(["finalize", "--draft", "-"], { cwd: dir, stdin: '{"now":"x"}' });
    assert.equal(fin.code, 0, fin.stderr);
    const path = `${dir}/.baton/latest.md`;
    const c = JSON.parse(extractCapsuleJson(await Deno.readTextFile(path)));
    const real = c.facts.changed_files.find((f: { path: string }) => f.path === "a.txt");
    const padding = Array.from({ length: 150 }, (_, i) => ({
      ...real,
      path: `gone/file${String(i).padStart(3, "0")}.txt`,
      sha256: null,
      hash_skipped: "deleted",
      status: "deleted",
      xy: ".D",
    }));
    c.facts.changed_files = [...padding, real];
    delete c.signature;
    delete c.id;
    await Deno.writeTextFile(path, renderCapsuleFile({ ...c, id: await computeCapsuleId(c) }));
    await writeFiles(dir, { "a.txt": "changed since\n" });

    const json = await runBaton(["load", "--json"], { cwd: dir });
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout);
    // Controls: the check ran and found the change, and the budget did drop lines.
    const a = parsed.drift.find((d: { check: string }) => d.check === "file a.txt");
    assert.equal(a.status, "different");
    assert.ok(
      parsed.dropped.some((d: { section: string }) => d.section === "drift_files"),
      JSON.stringify(parsed.dropped),
    );
    assert.match(parsed.text, /^- \[re-checked now\] file gone\/file000\.txt: match/m);
    assert.match(parsed.text, /^- \[re-checked now\] file a\.txt: different \(/m);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
