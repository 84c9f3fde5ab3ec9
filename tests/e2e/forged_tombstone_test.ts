/**
 * A rotation tombstone travels with the branch, so anyone can write one. A
 * forged one (digest recomputed, signature dropped) must never make
 * `baton rotate --write` delete a file the chain walk did not recognise by
 * its content, nor delete anything at all unless a trusted key signed it; a
 * routine rotation on a stranger's tombstone must not sign its carried list;
 * and a tombstone standing in for deleted signed capsules must not make a
 * decision disappear silently from `decisions` and `doctor`. Real CLI, real
 * repositories; git is not needed as an oracle here, the files are.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";
import { sha256Id } from "../../core/hash.ts";
import { canonicalJson } from "../../core/json/canonical.ts";
import { buildTombstone, renderTombstone } from "../../core/chain/tombstone.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";

async function finalize(dir: string, draft: unknown, env: Record<string, string> = {}) {
  const r = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify(draft),
    env,
  });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).id as string;
}

const archive = (dir: string) =>
  [...Deno.readDirSync(`${dir}/.baton/capsules`)].map((e) => e.name).sort();

interface Entry {
  id: string;
  previous: string | null;
  created_at: string;
  file: string;
  sha256: string;
}

/** Rewrites the tombstone with `edit`, recomputes its digest and drops its signature. */
async function forge(dir: string, edit: (pruned: Entry[]) => Entry[]): Promise<void> {
  const path = `${dir}/.baton/tombstone.json`;
  const doc = JSON.parse(await Deno.readTextFile(path));
  doc.pruned = edit(doc.pruned);
  doc.digest = await sha256Id(
    canonicalJson({ schema: doc.schema, pruned: doc.pruned, decisions: doc.decisions }),
  );
  delete doc.signature;
  await Deno.writeTextFile(path, JSON.stringify(doc, null, 2) + "\n");
}

Deno.test("an unsigned tombstone naming the kept capsules' files never makes rotate delete them", async () => {
  const dir = await makeRepo("baton-tomb-");
  for (let i = 0; i < 6; i++) await finalize(dir, { now: `step ${i}` });
  const first = await runBaton(["rotate", "--keep", "2", "--write"], { cwd: dir });
  assert.equal(first.code, 0, first.stderr);
  const kept = archive(dir);
  assert.equal(kept.length, 2);
  // Control: the honest signed tombstone verifies and a further rotate keeps both files.
  assert.equal((await runBaton(["rotate", "--keep", "5", "--write"], { cwd: dir })).code, 0);
  assert.deepEqual(archive(dir), kept);
  // The pruned ids are kept (so the tombstone still joins); their file names are the kept files'.
  await forge(
    dir,
    (pruned) =>
      pruned.map((p, i) =>
        i >= pruned.length - 2 ? { ...p, file: kept[i - pruned.length + 2]! } : p
      ),
  );
  assert.equal((await runBaton(["verify"], { cwd: dir })).code, 0, "it still joins");
  const r = await runBaton(["rotate", "--keep", "5", "--write"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(archive(dir), kept, "the live archive is still there");
  const v = await runBaton(["verify"], { cwd: dir });
  assert.equal(v.code, 0, v.stdout);
});

Deno.test("an unsigned tombstone listing a teammate's forked capsule never has it deleted", async () => {
  const dir = await makeRepo("baton-tomb-");
  await using mate = await tempDir("baton-mate-");
  for (let i = 0; i < 4; i++) await finalize(dir, { now: `step ${i}` });
  // The teammate's copy of the repository forks after step 3.
  await Deno.mkdir(`${mate.path}/repo`);
  for (const e of Deno.readDirSync(dir)) {
    await new Deno.Command("cp", { args: ["-a", `${dir}/${e.name}`, `${mate.path}/repo/`] })
      .output();
  }
  await finalize(`${mate.path}/repo`, { now: "theirs" }, { BATON_HOME: `${mate.path}/home` });
  await finalize(dir, { now: "ours" });
  const theirs = archive(`${mate.path}/repo`).find((n) => !archive(dir).includes(n))!;
  // Rotate honestly first, so a signed tombstone exists to forge from.
  assert.equal((await runBaton(["rotate", "--keep", "3", "--write"], { cwd: dir })).code, 0);
  const text = await Deno.readTextFile(`${mate.path}/repo/.baton/capsules/${theirs}`);
  await Deno.writeTextFile(`${dir}/.baton/capsules/${theirs}`, text);
  const json = JSON.parse(extractCapsuleJson(text));
  // Control: with the fork present and the honest tombstone, the chain is CRITICAL (a fork).
  assert.equal((await runBaton(["verify"], { cwd: dir })).code, 1);
  // The forged list puts the fork among the pruned capsules, recognisable by its content.
  await forge(dir, (pruned) => {
    const fork: Entry = {
      id: json.id,
      previous: pruned[0]!.id,
      created_at: json.created_at,
      file: theirs,
      sha256: "",
    };
    return [pruned[0]!, fork, { ...pruned[1]!, previous: json.id }];
  });
  const path = `${dir}/.baton/tombstone.json`;
  const doc = JSON.parse(await Deno.readTextFile(path));
  doc.pruned[1].sha256 = await sha256Id(text);
  doc.digest = await sha256Id(
    canonicalJson({ schema: doc.schema, pruned: doc.pruned, decisions: doc.decisions }),
  );
  await Deno.writeTextFile(path, JSON.stringify(doc, null, 2) + "\n");
  assert.equal((await runBaton(["verify"], { cwd: dir })).code, 0, "the fork now reads as pruned");
  const r = await runBaton(["rotate", "--keep", "3", "--write", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(archive(dir).includes(theirs), "the teammate's capsule is still there");
});

Deno.test("an interrupted rotation's leftover under this machine's signed tombstone is removed (control)", async () => {
  const dir = await makeRepo("baton-tomb-");
  for (let i = 0; i < 4; i++) await finalize(dir, { now: `step ${i}` });
  const before = new Map(
    archive(dir).map((n) => [n, Deno.readTextFileSync(`${dir}/.baton/capsules/${n}`)]),
  );
  assert.equal((await runBaton(["rotate", "--keep", "2", "--write"], { cwd: dir })).code, 0);
  const gone = [...before.keys()].filter((n) => !archive(dir).includes(n));
  // Put one pruned file back, as a rotation interrupted before its removal leaves it.
  await Deno.writeTextFile(`${dir}/.baton/capsules/${gone[0]}`, before.get(gone[0]!)!);
  assert.match((await runBaton(["verify"], { cwd: dir })).stdout, /still present/);
  const r = await runBaton(["rotate", "--keep", "2", "--write"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(!archive(dir).includes(gone[0]!), "the leftover is removed");
  assert.equal(archive(dir).length, 2);
});

Deno.test("a routine rotate over a stranger's tombstone writes its new one unsigned; --json says signed", async () => {
  const dir = await makeRepo("baton-tomb-");
  for (let i = 0; i < 6; i++) await finalize(dir, { now: `step ${i}` });
  const honest = await runBaton(["rotate", "--keep", "4", "--write", "--json"], { cwd: dir });
  assert.equal(honest.code, 0, honest.stderr);
  assert.equal(JSON.parse(honest.stdout).signed, true, "control: a first rotation signs");
  await forge(dir, (pruned) => pruned);
  const r = await runBaton(["rotate", "--keep", "2", "--write", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).signed, false);
  const doc = JSON.parse(await Deno.readTextFile(`${dir}/.baton/tombstone.json`));
  assert.equal(doc.signature, undefined, "the stranger's carried list is not signed here");
  assert.match((await runBaton(["verify"], { cwd: dir })).stdout, /tombstone unsigned/);
});

Deno.test("a forged tombstone standing in for a deleted signed capsule: decisions and doctor say decisions may be missing", async () => {
  const dir = await makeRepo("baton-tomb-");
  await finalize(dir, {
    now: "a",
    decisions: [{ id: "fridays", text: "never deploy on Fridays" }],
  });
  for (let i = 0; i < 2; i++) await finalize(dir, { now: `n${i}` });
  // Control: all capsules present, the decision is in force and doctor's chain is ok.
  const before = JSON.parse((await runBaton(["decisions", "--json"], { cwd: dir })).stdout);
  assert.deepEqual(before.decisions.map((d: { id: string }) => d.id), ["fridays"]);
  assert.equal(before.complete, true);
  const doc0 = JSON.parse((await runBaton(["doctor", "--json"], { cwd: dir })).stdout);
  assert.equal(doc0.checks.find((c: { name: string }) => c.name === "chain").outcome, "ok");

  const oldest = archive(dir)[0]!;
  const text = await Deno.readTextFile(`${dir}/.baton/capsules/${oldest}`);
  const c = JSON.parse(extractCapsuleJson(text));
  await Deno.remove(`${dir}/.baton/capsules/${oldest}`);
  const tomb = await buildTombstone(
    [{
      id: c.id,
      previous: null,
      created_at: c.created_at,
      file: oldest,
      sha256: await sha256Id(text),
    }],
    [],
    null,
  );
  await Deno.writeTextFile(`${dir}/.baton/tombstone.json`, renderTombstone(tomb));

  const v = await runBaton(["verify"], { cwd: dir });
  assert.equal(v.code, 0, "an unsigned tombstone is still read (older batons wrote them)");
  assert.match(v.stdout, /tombstone unsigned/);
  const d = await runBaton(["decisions"], { cwd: dir });
  assert.equal(d.code, 0);
  assert.match(
    d.stdout + d.stderr,
    /1 older capsule\(s\) stand only in a rotation tombstone no trusted key signed.*decisions they made may be missing here/s,
  );
  const dj = JSON.parse((await runBaton(["decisions", "--json"], { cwd: dir })).stdout);
  assert.equal(dj.complete, false);
  assert.equal(dj.untrusted_pruned, 1);
  const doctor = JSON.parse((await runBaton(["doctor", "--json"], { cwd: dir })).stdout);
  const chain = doctor.checks.find((c: { name: string }) => c.name === "chain");
  assert.equal(chain.outcome, "warn", chain.reason);
  assert.match(chain.reason, /no trusted key signed/);
});
