import assert from "node:assert/strict";
import { writeAutoCapsule } from "../../../core/workflow/auto_capsule.ts";
import { CapsuleInvalidError } from "../../../core/errors.ts";
import { createDenoIo } from "../../../commands/mod.ts";
import { workflowContext } from "../../../commands/_adapters/context.ts";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { testBatonHome } from "../../_helpers/cli.ts";

Deno.test("writeAutoCapsule() refuses to replace a latest capsule it cannot read, and writes once it is repaired", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n", ".baton/latest.md": "# hand-edited notes\n" });
  await commitAll(dir, "init");
  // The signing key goes to the test's own baton home, never the real one.
  const io = createDenoIo();
  const env = (name: string) => name === "BATON_HOME" ? testBatonHome() : io.env(name);
  const ctx = workflowContext({ ...io, env }, dir);
  await assert.rejects(
    () => writeAutoCapsule(ctx, { trigger: "pre_compact" }),
    (e) => e instanceof CapsuleInvalidError,
  );
  assert.equal(await Deno.readTextFile(`${dir}/.baton/latest.md`), "# hand-edited notes\n");
  await Deno.remove(`${dir}/.baton/latest.md`);
  const r = await writeAutoCapsule(ctx, { trigger: "pre_compact", host: "codex" });
  assert.equal(r.status, "written");
  assert.equal(r.carried_from, null, "nothing to carry: the first capsule");
});

Deno.test("writeAutoCapsule() on top of an unsigned latest carries no stranger's change to a signed decision", async () => {
  const { runBaton } = await import("../../_helpers/cli.ts");
  const { extractCapsuleJson } = await import("../../../core/capsule/parse.ts");
  const { computeCapsuleId } = await import("../../../core/capsule/capsule_id.ts");
  const { renderCapsuleFile } = await import("../../../core/store/render_capsule.ts");
  const { archiveName } = await import("../../../core/store/layout.ts");
  const dir = await makeRepo();
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({ now: "mine", decisions: [{ id: "db", text: "use sqlite" }] }),
    });
    assert.equal(fin.code, 0, fin.stderr);
    const mine = JSON.parse(extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)));
    // A pull request replaces latest.md with a stranger's unsigned capsule withdrawing "db".
    const { id: _id, signature: _sig, ...rest } = mine;
    const withdrawn = { ...mine.meaning.decisions[0], status: "withdrawn", why: "stranger" };
    const body = {
      ...rest,
      previous: mine.id,
      created_at: "2026-12-01T00:00:01.000Z",
      meaning: { ...mine.meaning, decisions: [withdrawn] },
    };
    const theirs = { ...body, id: await computeCapsuleId(body) };
    const text = renderCapsuleFile(theirs);
    await Deno.writeTextFile(
      `${dir}/.baton/capsules/${archiveName(theirs.created_at, theirs.id)}`,
      text,
    );
    await Deno.writeTextFile(`${dir}/.baton/latest.md`, text);
    await writeFiles(dir, { "b.txt": "b\n" }); // new facts, so a capsule is written
    const io = createDenoIo();
    const env = (name: string) => name === "BATON_HOME" ? testBatonHome() : io.env(name);
    const r = await writeAutoCapsule(workflowContext({ ...io, env }, dir), {
      trigger: "pre_compact",
    });
    assert.equal(r.status, "written");
    const auto = JSON.parse(extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)));
    assert.ok(auto.signature !== undefined, "the automatic capsule is signed by this machine");
    // Nothing of the stranger's meaning is restated under this machine's signature: it
    // says instead that the capsule below was not carried, and how to read it.
    assert.match(
      auto.meaning.now,
      /^Automatic capsule written on top of capsule [0-9a-f]{12}, which no key this machine trusts signed: its meaning was not carried forward/,
    );
    assert.deepEqual(auto.meaning.decisions, []);
    assert.equal(auto.meaning.next_action, null);
    assert.deepEqual(auto.meaning.decisions, [], "the stranger's withdrawal is not carried");
    const d = JSON.parse((await runBaton(["decisions", "--all", "--json"], { cwd: dir })).stdout);
    assert.equal(d.decisions.find((x: { id: string }) => x.id === "db").status, "active");
    // Positive control: carried from this machine's own signed capsule, the same withdrawal is kept.
    const own = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({
        now: "mine",
        decisions: [{ id: "db", text: "use sqlite", status: "withdrawn" }],
      }),
    });
    assert.equal(own.code, 0, own.stderr);
    await writeFiles(dir, { "c.txt": "c\n" });
    await writeAutoCapsule(workflowContext({ ...io, env }, dir), { trigger: "pre_compact" });
    const again = JSON.parse(
      extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)),
    );
    assert.equal(again.meaning.decisions[0].status, "withdrawn");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeAutoCapsule() on top of a stranger's latest never restates their decisions under this machine's signature (a reworded trusted decision stays as it was)", async () => {
  const { runBaton } = await import("../../_helpers/cli.ts");
  const { extractCapsuleJson } = await import("../../../core/capsule/parse.ts");
  const dir = await makeRepo();
  const strangerHome = await Deno.makeTempDir({ prefix: "baton-stranger-" });
  try {
    await Deno.chmod(strangerHome, 0o700);
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const draft = (decisions: unknown[]) => JSON.stringify({ now: "n", decisions });
    const mine = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: draft([{ id: "db", text: "use sqlite" }]),
    });
    assert.equal(mine.code, 0, mine.stderr);
    // A stranger's signed capsule rewords "db" and adds a decision of its own.
    const theirs = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: draft([{ id: "db", text: "use mysql" }, { id: "api", text: "drop v1" }]),
      env: { BATON_HOME: strangerHome },
    });
    assert.equal(theirs.code, 0, theirs.stderr);
    const inForce = async () =>
      Object.fromEntries(
        JSON.parse((await runBaton(["decisions", "--json"], { cwd: dir })).stdout).decisions
          .map((d: { id: string; text: string }) => [d.id, d.text]),
      );
    assert.equal(
      (await inForce()).db,
      "use sqlite",
      "control: the stranger's reword is not applied",
    );
    await writeFiles(dir, { "b.txt": "b\n" }); // new facts, so a capsule is written
    const io = createDenoIo();
    const env = (name: string) => name === "BATON_HOME" ? testBatonHome() : io.env(name);
    const r = await writeAutoCapsule(workflowContext({ ...io, env }, dir), {
      trigger: "pre_compact",
    });
    assert.equal(r.status, "written");
    const auto = JSON.parse(extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)));
    assert.ok(auto.signature !== undefined, "the automatic capsule is signed by this machine");
    // Nothing of the stranger's meaning is restated under this machine's signature: it
    // says instead that the capsule below was not carried, and how to read it.
    assert.match(
      auto.meaning.now,
      /^Automatic capsule written on top of capsule [0-9a-f]{12}, which no key this machine trusts signed: its meaning was not carried forward/,
    );
    assert.deepEqual(auto.meaning.decisions, []);
    assert.equal(auto.meaning.next_action, null);
    const after = await inForce();
    assert.equal(after.db, "use sqlite");
    assert.equal(
      after.api,
      "drop v1",
      "the stranger's own decision is still shown, from their capsule",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(strangerHome, { recursive: true });
  }
});

/**
 * A host that runs two capture hooks at once (pi's session end and its compaction) lets
 * one hook read latest.md just before the other's capsule becomes current: that capsule
 * stands in the archive as a newer one of the same signer. Simulated by a file system
 * that finishes the other writer's move of latest.md when the archive is first listed.
 */
async function racedCapture(finishOtherWriter: boolean) {
  const { runBaton } = await import("../../_helpers/cli.ts");
  const dir = await makeRepo();
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const first = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({ now: "phase one" }),
    });
    assert.equal(first.code, 0, first.stderr);
    const older = await Deno.readTextFile(`${dir}/.baton/latest.md`);
    const second = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({ now: "phase two" }),
    });
    assert.equal(second.code, 0, second.stderr);
    const newer = await Deno.readTextFile(`${dir}/.baton/latest.md`);
    await Deno.writeTextFile(`${dir}/.baton/latest.md`, older);
    await writeFiles(dir, { "a.txt": "a2\n" });
    const io = createDenoIo();
    const env = (name: string) => name === "BATON_HOME" ? testBatonHome() : io.env(name);
    const ctx = workflowContext({ ...io, env }, dir);
    let moved = false;
    const fs = new Proxy(ctx.fs, {
      get(target, key, receiver) {
        if (key !== "readDir") {
          const value = Reflect.get(target, key, receiver);
          return typeof value === "function" ? value.bind(target) : value;
        }
        return async (path: string, limit?: number) => {
          if (finishOtherWriter && !moved && path.endsWith("/.baton/capsules")) {
            moved = true;
            await Deno.writeTextFile(`${dir}/.baton/latest.md`, newer);
          }
          return await target.readDir(path, limit);
        };
      },
    });
    const r = await writeAutoCapsule({ ...ctx, fs }, { trigger: "pre_compact", host: "pi" });
    return { r, moved, latest: await Deno.readTextFile(`${dir}/.baton/latest.md`) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("writeAutoCapsule() reads latest.md again when another hook's capsule became current meanwhile, and writes on top of it", async () => {
  const { r, moved, latest } = await racedCapture(true);
  assert.ok(moved, "the race was staged");
  assert.equal(r.status, "written");
  assert.match(latest, /phase two/, "the meaning carried is the newest capsule's");
});

Deno.test("writeAutoCapsule() still writes nothing on a latest.md really rolled back (control)", async () => {
  const { r, latest } = await racedCapture(false);
  assert.equal(r.status, "rolled_back");
  assert.match(latest, /phase one/);
});
