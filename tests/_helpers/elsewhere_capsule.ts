/**
 * A capsule this machine wrote in one project, copied into another project's
 * archive and made current there by `baton revive`: the shape the "written in
 * another repository" tests (export, paste, show, load) share. Both projects
 * are real repositories with one commit each (temp dirs removed after the
 * test file); the other project's commits are not the capsule's.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "./cli.ts";
import { commitAll, makeRepo, writeFiles } from "./git.ts";

/**
 * `mine` holds a capsule finalized from the draft `draft(mine)` returns;
 * `other` holds a copy of its archive, revived as its latest capsule.
 */
export async function capsuleCopiedElsewhere(
  prefix: string,
  draft: (mine: string) => Promise<Record<string, unknown>>,
): Promise<{ mine: string; other: string }> {
  const mine = await makeRepo(prefix);
  await writeFiles(mine, { "a.txt": "a\n" });
  await commitAll(mine, "mine");
  const fin = await runBaton(["finalize", "--draft", "-"], {
    cwd: mine,
    stdin: JSON.stringify(await draft(mine)),
  });
  assert.equal(fin.code, 0, fin.stderr);
  const other = await makeRepo(prefix);
  await writeFiles(other, { "b.txt": "b\n" });
  await commitAll(other, "another project");
  await Deno.mkdir(`${other}/.baton/capsules`, { recursive: true });
  for (const e of Deno.readDirSync(`${mine}/.baton/capsules`)) {
    await Deno.copyFile(`${mine}/.baton/capsules/${e.name}`, `${other}/.baton/capsules/${e.name}`);
  }
  const revive = await runBaton(["revive"], { cwd: other });
  assert.equal(revive.code, 0, revive.stderr);
  return { mine, other };
}

/** A draft whose one verified fact `claim` cites `baton evidence -- true`, run in `dir`. */
export async function verifiedTrueDraft(
  dir: string,
  claim: string,
): Promise<Record<string, unknown>> {
  const ev = await runBaton(["evidence", "--", "true"], { cwd: dir });
  assert.equal(ev.code, 0, ev.stderr);
  return { now: "x", verified_facts: [{ text: claim, evidence: ev.stdout.trim() }] };
}
