/**
 * A capsule this machine signed but wrote for another repository (its commit
 * is not here: a copied archive, a re-served shared ref) decides nothing
 * here, whoever signed it. `baton rotate` moves a pruned capsule's decisions
 * into the tombstone with the key that signed it, and the fold trusts a
 * signed tombstone's record of a trusted signer: without the check, a
 * rotation would turn such a capsule's decisions into trusted ones of this
 * project, since the tombstone keeps no commit to judge later. Real CLI,
 * real repositories (git's objects are what say the commit is absent); the
 * control is the same rotation in the repository the capsules were written
 * in, where the pruned decision stays trusted.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft as finalize, runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

interface Place {
  trusted: boolean;
  via: string;
  elsewhere?: boolean;
}

async function decisions(dir: string): Promise<{ id: string; trust: string; made: Place }[]> {
  const r = await runBaton(["decisions", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).decisions;
}

async function rotate(dir: string): Promise<void> {
  const r = await runBaton(["rotate", "--keep", "1", "--write"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
}

/** A repository holding two capsules this machine signed there, the first deciding "db". */
async function writtenHere(): Promise<string> {
  const dir = await makeRepo("baton-rot-own-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "mine");
  await finalize(dir, {
    now: "migrating the billing schema",
    decisions: [{ id: "db", text: "use postgres in production", why: "scale", trust: "verified" }],
  });
  await finalize(dir, { now: "next step" });
  return dir;
}

Deno.test("rotate in its own repository keeps a pruned capsule's decision trusted (control)", async () => {
  const dir = await writtenHere();
  await rotate(dir);
  const [db] = (await decisions(dir)).filter((d) => d.id === "db");
  assert.equal(db?.made.via, "tombstone");
  assert.equal(db?.made.trusted, true);
});

Deno.test("rotate does not turn a capsule written for another repository into a trusted decision here", async () => {
  const mine = await writtenHere();
  const other = await makeRepo("baton-rot-other-");
  await writeFiles(other, { "b.txt": "b\n" });
  await commitAll(other, "another project");
  await Deno.mkdir(`${other}/.baton/capsules`, { recursive: true });
  for (const e of Deno.readDirSync(`${mine}/.baton/capsules`)) {
    await Deno.copyFile(`${mine}/.baton/capsules/${e.name}`, `${other}/.baton/capsules/${e.name}`);
  }
  await Deno.copyFile(`${mine}/.baton/latest.md`, `${other}/.baton/latest.md`);
  const before = (await decisions(other)).filter((d) => d.id === "db");
  assert.equal(before[0]?.made.trusted, false, "before the rotation: written elsewhere");
  await rotate(other);
  const after = (await decisions(other)).filter((d) => d.id === "db");
  assert.equal(after.length, 1);
  assert.equal(after[0]!.made.via, "tombstone");
  assert.equal(after[0]!.made.trusted, false, "a rotation launders no other repository's decision");
  assert.notEqual(after[0]!.trust, "verified");
  // This machine signed it: the line does not say otherwise.
  const text = await runBaton(["decisions"], { cwd: other });
  const line = text.stdout.split("\n").find((l) => l.includes("use postgres in production"));
  assert.match(line ?? "", /written in another repository/);
  assert.doesNotMatch(line ?? "", /not signed by a trusted key/);
});

Deno.test("this machine's signed tombstone copied with its chain into another repository credits no trusted capsule there", async () => {
  const mine = await writtenHere();
  await rotate(mine);
  const own = (await decisions(mine)).filter((d) => d.id === "db");
  assert.equal(own[0]?.made.trusted, true, "control: trusted in its own repository");
  const other = await makeRepo("baton-rot-other-");
  await writeFiles(other, { "b.txt": "b\n" });
  await commitAll(other, "another project");
  await Deno.mkdir(`${other}/.baton/capsules`, { recursive: true });
  for (const e of Deno.readDirSync(`${mine}/.baton/capsules`)) {
    await Deno.copyFile(`${mine}/.baton/capsules/${e.name}`, `${other}/.baton/capsules/${e.name}`);
  }
  for (const f of ["latest.md", "tombstone.json"]) {
    await Deno.copyFile(`${mine}/.baton/${f}`, `${other}/.baton/${f}`);
  }
  const there = (await decisions(other)).filter((d) => d.id === "db");
  assert.equal(there.length, 1);
  assert.equal(there[0]!.made.via, "tombstone");
  assert.equal(there[0]!.made.trusted, false, "its decisions are another repository's");
  assert.equal(there[0]!.made.elsewhere, true);
  const load = await runBaton(["load"], { cwd: other });
  assert.equal(load.code, 0, load.stderr);
  const line = load.stdout.split("\n").find((l) => l.includes("use postgres in production"));
  assert.match(line ?? "", /written in another repository/);

  // A capsule written here on top, then a rotation that prunes the copied capsules: the
  // new tombstone joins this repository's capsule, and the records it carries from the
  // copied one must not come out credited to a trusted capsule.
  await finalize(other, { now: "work here" });
  await rotate(other);
  const rotated = (await decisions(other)).filter((d) => d.id === "db");
  assert.equal(rotated.length, 1);
  assert.equal(rotated[0]!.made.via, "tombstone");
  assert.equal(rotated[0]!.made.trusted, false, "a second rotation launders nothing either");
  // The record names no signer now, and this machine signed the capsule: the line says what
  // the tombstone does, not that no trusted key signed it.
  const listed = await runBaton(["decisions"], { cwd: other });
  const row = listed.stdout.split("\n").find((l) => l.includes("use postgres in production"));
  assert.match(row ?? "", /the tombstone credits to no trusted key/);
  assert.doesNotMatch(row ?? "", /not signed by a trusted key/);
});
