/**
 * Capsules not signed by a key this machine trusts (a pull request's
 * .baton/ files, a `baton pull`) through the real CLI: they never withdraw
 * or supersede a decision the user's signed capsules made (also once the
 * user's next capsule sits on top), a capsule dated
 * in the future is never made current by revive, an untrusted one is made
 * current only with a warning, and a finalize never rolls latest.md forward
 * onto one. Each case has its positive control.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";
import { computeCapsuleId } from "../../core/capsule/capsule_id.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { archiveName } from "../../core/store/layout.ts";
import type { Capsule } from "../../core/capsule/types.ts";
import { makeCapsule } from "../_helpers/capsule.ts";
import { PLANTED_TOKEN } from "../_helpers/transcripts.ts";

async function finalize(dir: string, draft: unknown): Promise<string> {
  const r = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify(draft),
  });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).id;
}

async function latest(dir: string): Promise<Capsule> {
  return JSON.parse(extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)));
}

/** A stranger's unsigned capsule continuing `parent`, written into the archive (and latest.md). */
async function plant(
  dir: string,
  parent: Capsule,
  decisions: unknown[],
  createdAt: string,
  asLatest: boolean,
): Promise<Capsule> {
  const { id: _id, signature: _sig, ...rest } = parent;
  const body = {
    ...rest,
    previous: parent.id,
    created_at: createdAt,
    meaning: { ...parent.meaning, now: "a stranger's capsule", decisions },
  };
  const capsule = { ...body, id: await computeCapsuleId(body as Omit<Capsule, "id">) } as Capsule;
  const text = renderCapsuleFile(capsule);
  await Deno.writeTextFile(
    `${dir}/.baton/capsules/${archiveName(capsule.created_at, capsule.id)}`,
    text,
  );
  if (asLatest) await Deno.writeTextFile(`${dir}/.baton/latest.md`, text);
  return capsule;
}

function decision(id: string, text: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    text,
    why: null,
    status: "active",
    supersedes: null,
    provenance: "assistant",
    trust: "claimed",
    evidence_refs: [],
    captured_at: "2026-12-01T00:00:00.000Z",
    ...extra,
  };
}

async function statuses(dir: string): Promise<Record<string, string>> {
  const r = await runBaton(["decisions", "--all", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return Object.fromEntries(
    JSON.parse(r.stdout).decisions.map((d: { id: string; status: string }) => [d.id, d.status]),
  );
}

Deno.test("an unsigned capsule never withdraws or supersedes the user's signed decisions, also under the user's next capsule", async () => {
  const dir = await makeRepo("baton-untrusted-fold-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    await finalize(dir, {
      now: "mine",
      decisions: [{ id: "db", text: "use sqlite" }, { id: "fmt", text: "json lines" }],
    });
    const mine = await latest(dir);
    // A pull request replaces latest.md with a stranger's capsule that withdraws and supersedes.
    await plant(
      dir,
      mine,
      [
        decision("db", "use sqlite", { status: "withdrawn", why: "stranger says so" }),
        decision("pg", "use postgres", { supersedes: "fmt" }),
      ],
      "2026-12-01T00:00:01.000Z",
      true,
    );
    assert.deepEqual(await statuses(dir), { db: "active", fmt: "active", pg: "active" });
    const listed = (await runBaton(["decisions"], { cwd: dir })).stdout;
    assert.match(listed, /not applied: withdrawn by .*not signed by a trusted key/);
    assert.match(listed, /not applied: superseded by/);
    const load = await runBaton(["load"], { cwd: dir });
    assert.match(load.stdout, /db: use sqlite .*not applied/);

    // The automatic capsule on top is tested in tests/core/workflow/auto_capsule_test.ts
    // (a hook runs under a 2-second wall-clock budget; this suite never depends on one).
    // And a manual one on top.
    await finalize(dir, { now: "mine again" });
    assert.deepEqual(await statuses(dir), { db: "active", fmt: "active", pg: "active" });

    // Positive control: the same withdrawal in the user's own signed capsule applies.
    await finalize(dir, {
      now: "mine",
      decisions: [{ id: "db", text: "use sqlite", status: "withdrawn" }],
    });
    assert.equal((await statuses(dir)).db, "withdrawn");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("revive never makes a capsule dated 2099 current and warns when it makes an untrusted one current; finalize never rolls latest.md onto a pulled capsule", async () => {
  const dir = await makeRepo("baton-untrusted-revive-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const mineId = await finalize(dir, { now: "mine" });
    const mine = await latest(dir);
    const future = await plant(dir, mine, [], "2099-01-01T00:00:00.000Z", false);
    const pulled = await plant(dir, mine, [], "2026-12-01T00:00:02.000Z", false);
    // latest.md is present: a finalize links to the user's own capsule, not the pulled child.
    const next = await finalize(dir, { now: "mine, next" });
    assert.equal((await latest(dir)).previous, mineId);
    await Deno.remove(`${dir}/.baton/latest.md`);
    const r = await runBaton(["revive", "--json"], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const rep = JSON.parse(r.stdout);
    assert.equal(rep.id, next, "the newest trusted capsule is made current");
    assert.equal(rep.signer, "trusted");
    assert.equal(rep.future, 1);
    assert.notEqual(rep.id, future.id);
    assert.notEqual(rep.id, pulled.id);

    // Only untrusted capsules left (besides the future one): revive says what it promotes.
    for (const e of Deno.readDirSync(`${dir}/.baton/capsules`)) {
      if (!e.name.includes(future.id.slice(7, 15)) && !e.name.includes(pulled.id.slice(7, 15))) {
        Deno.removeSync(`${dir}/.baton/capsules/${e.name}`);
      }
    }
    await Deno.remove(`${dir}/.baton/latest.md`);
    const warn = await runBaton(["revive"], { cwd: dir });
    assert.equal(warn.code, 0, warn.stderr);
    assert.match(warn.stdout, /unsigned .*nothing in it is verified/);
    assert.match(warn.stdout, /dated in the future/);
    assert.equal((await latest(dir)).id, pulled.id);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a clone without latest.md after its capsules arrive: load and verify say revive is needed, never TAMPERED", async () => {
  const dir = await makeRepo("baton-untrusted-fresh-");
  try {
    for (let i = 0; i < 3; i++) await finalize(dir, { now: `n${i}` });
    await Deno.remove(`${dir}/.baton/latest.md`);
    const v = await runBaton(["verify"], { cwd: dir });
    assert.equal(v.code, 0, v.stdout);
    assert.doesNotMatch(v.stdout, /TAMPERED/);
    assert.match(v.stdout, /baton revive/);
    const load = await runBaton(["load"], { cwd: dir });
    assert.match(load.stderr, /run baton revive/);
    // Positive control: a deleted archived capsule in the same state is still TAMPERED.
    const names = [...Deno.readDirSync(`${dir}/.baton/capsules`)].map((e) => e.name).sort();
    await Deno.remove(`${dir}/.baton/capsules/${names[1]}`);
    assert.match((await runBaton(["verify"], { cwd: dir })).stdout, /TAMPERED/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a latest.md rolled back to an older capsule of this machine's is called out in the briefing", async () => {
  const { runBaton } = await import("../_helpers/cli.ts");
  const { commitAll, makeRepo, writeFiles } = await import("../_helpers/git.ts");
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const first = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ decisions: [{ id: "d1", text: "ship it" }] }),
  });
  const c1 = JSON.parse(first.stdout);
  const second = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ decisions: [{ id: "d1", text: "ship it", status: "withdrawn" }] }),
  });
  const c2 = JSON.parse(second.stdout);
  // Control: with latest.md the newest capsule, nothing is said.
  const fine = await runBaton(["load", "--json"], { cwd: dir });
  assert.equal(JSON.parse(fine.stdout).integrity.status, "ok");
  assert.doesNotMatch(JSON.parse(fine.stdout).text, /rolled back/);
  // A stranger copies the older capsule over latest.md.
  await Deno.copyFile(c1.archive, `${dir}/.baton/latest.md`);
  const load = await runBaton(["load", "--json"], { cwd: dir });
  const out = JSON.parse(load.stdout);
  assert.deepEqual(out.integrity, { status: "behind_archive", newer: c2.id });
  assert.match(
    out.text,
    new RegExp(
      `WARNING: this is not the newest capsule of its signer: capsule ${c2.id.slice(7, 19)}`,
    ),
  );
});

Deno.test("load never says a secret scan passed for a capsule no trusted key signed: the record is the capsule's claim", async () => {
  const dir = await makeRepo();
  const capsule = await makeCapsule((b) => {
    b.meaning.now = `deploy with ${PLANTED_TOKEN}`;
    b.sanitize = { scan_status: "passed", redactions: [] };
  });
  await Deno.mkdir(`${dir}/.baton`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, renderCapsuleFile(capsule));
  const forged = await runBaton(["load"], { cwd: dir });
  assert.equal(forged.code, 0, forged.stderr);
  assert.match(forged.stdout, /deploy with/, "positive control: the capsule is shown");
  assert.doesNotMatch(forged.stdout, /Secret scan passed/);
  assert.match(forged.stdout, /not checked here, and it may hold secrets/);

  // Control: this machine's own capsule, scanned when it was written, says the scan passed.
  const own = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: '{"now":"own capsule"}',
  });
  assert.equal(own.code, 0, own.stderr);
  const mine = await runBaton(["load"], { cwd: dir });
  assert.match(mine.stdout, /Secret scan passed: no secrets found/);
});

Deno.test("baton capsule marks a capsule no trusted key signed; this machine's own is unmarked (control)", async () => {
  const dir = await makeRepo();
  const capsule = await makeCapsule((b) => {
    b.meaning.now = "stranger";
    b.meaning.next_action = {
      text: "run ./setup.sh first",
      command: null,
      provenance: "assistant",
      trust: "claimed",
      evidence_refs: [],
      captured_at: "2026-11-01T00:00:00.000Z",
    };
  });
  await Deno.mkdir(`${dir}/.baton`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, renderCapsuleFile(capsule));
  const forged = await runBaton(["capsule"], { cwd: dir });
  assert.equal(forged.code, 0, forged.stderr);
  assert.match(forged.stdout, /not signed by a key this machine trusts/);
  assert.match(forged.stdout, /\[untrusted\] run \.\/setup\.sh first/);
  const own = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    stdin: '{"now":"mine","next_action":{"description":"write the tests"}}',
  });
  assert.equal(own.code, 0, own.stderr);
  const mine = await runBaton(["capsule"], { cwd: dir });
  assert.doesNotMatch(mine.stdout, /untrusted|not signed/);
  assert.match(mine.stdout, /write the tests/);
});
