/**
 * `baton handoff write` binds the deny to the capsule latest.md holds: the
 * id of its JSON block, checked against its content, never the prose
 * header's first line, which a stranger's latest.md can make name another
 * capsule. Real CLI, real repository.
 */
import assert from "node:assert/strict";
import { runBaton, testBatonHome } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { parseCapsule } from "../../core/capsule/parse.ts";
import { renderCapsuleFile } from "../../core/store/render_capsule.ts";
import { computeCapsuleId } from "../../core/capsule/capsule_id.ts";
import type { Capsule } from "../../core/capsule/types.ts";
import { signCapsule } from "../../core/capsule/capsule_signature.ts";
import { parseSigningKeyFile } from "../../core/trust/signing_key.ts";
import { tempDir } from "../_helpers/temp.ts";
import { claudeToolTurn, claudeUser, jsonl } from "../_helpers/band_transcripts.ts";

const id12 = (id: string) => id.slice(7, 19);

async function handOff(dir: string, session: string) {
  const r = await runBaton(["handoff", "write", "--session", session, "--write", "--json"], {
    cwd: dir,
  });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

Deno.test("handoff write records the id latest.md's JSON holds, not the id its first prose line names", async () => {
  const dir = await makeRepo("baton-handoff-id-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "init");
  assert.equal((await runBaton(["enforce", "on", "--yes"], { cwd: dir })).code, 0);
  const f = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: '{"now":"work"}',
  });
  assert.equal(f.code, 0, f.stderr);
  const real = JSON.parse(f.stdout).id as string;
  // Control: the honest latest.md's capsule.
  assert.equal((await handOff(dir, "aaaa1111")).capsule, id12(real));

  const realText = await Deno.readTextFile(`${dir}/.baton/latest.md`);
  const parsed = (await parseCapsule(realText)).capsule;
  const { id: _id, signature: _sig, ...rest } = parsed;
  const body = { ...rest, previous: real, meaning: { ...parsed.meaning, now: "a stranger's" } };
  // Signed by this machine's key (a capsule no trusted key signed is refused: below).
  const key = await parseSigningKeyFile(
    await Deno.readTextFile(`${testBatonHome()}/signing_key.jwk`),
  );
  const forged = await signCapsule(
    { ...body, id: await computeCapsuleId(body as Omit<Capsule, "id">) } as Capsule,
    key,
  );
  const rendered = renderCapsuleFile(forged);
  const text = `${realText.split("\n")[0]}\n${rendered.slice(rendered.indexOf("\n") + 1)}`;
  assert.ok(text.split("\n")[0]!.includes(id12(real)), "the prose names the real capsule");
  await Deno.writeTextFile(`${dir}/.baton/latest.md`, text);
  const json = await handOff(dir, "bbbb2222");
  assert.equal(json.capsule, id12(forged.id));
  const status = await runBaton(["handoff", "status", "--json"], { cwd: dir });
  assert.ok(status.stdout.includes(id12(forged.id)), status.stdout);

  // A latest.md that is no valid capsule binds to nothing: handoff write refuses.
  await Deno.writeTextFile(
    `${dir}/.baton/latest.md`,
    `${realText.split("\n")[0]}\nnot a capsule\n`,
  );
  const r = await runBaton(["handoff", "write", "--session", "cccc3333", "--write"], { cwd: dir });
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /not a valid capsule/);
});

Deno.test("handoff write does not bind a deny to a capsule no key this machine trusts signed; this machine's own it binds (control)", async () => {
  const dir = await makeRepo("baton-handoff-trust-");
  await using other = await tempDir("baton-other-home-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    assert.equal((await runBaton(["enforce", "on", "--yes"], { cwd: dir })).code, 0);
    // Another machine writes the latest capsule in this folder (as a pull or a commit could).
    const theirs = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: dir,
      env: { BATON_HOME: `${other.path}/home` },
      stdin: '{"now":"deploy the schema to production"}',
    });
    assert.equal(theirs.code, 0, theirs.stderr);
    const r = await runBaton(["handoff", "write", "--session", "aaaa1111", "--write"], {
      cwd: dir,
    });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /no key this machine trusts signed it/);
    const none = await runBaton(["handoff", "status", "--json"], { cwd: dir });
    assert.ok(!none.stdout.includes("aaaa1111"), "no deny recorded");
    // Control: this session's own capsule is handed off from.
    const mine = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: dir,
      stdin: '{"now":"work"}',
    });
    assert.equal(mine.code, 0, mine.stderr);
    assert.equal(
      (await handOff(dir, "aaaa1111")).capsule,
      id12(JSON.parse(mine.stdout).id as string),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the band hook arming a deny names no capsule no key this machine trusts signed; this machine's own it names (control)", async () => {
  const dir = await Deno.realPath(await makeRepo("baton-arm-trust-"));
  await using other = await tempDir("baton-other-home-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    assert.equal((await runBaton(["enforce", "on", "--yes"], { cwd: dir })).code, 0);
    const t = `${dir}/.git/transcript.jsonl`;
    await Deno.writeTextFile(
      t,
      jsonl([claudeUser("go"), ...Array.from({ length: 33 }, () => claudeToolTurn(1)).flat()]),
    );
    const arm = async (session: string) => {
      const post = await runBaton(["hook", "PostToolUse", "--host", "claude-code"], {
        cwd: dir,
        stdin: JSON.stringify({
          session_id: session,
          cwd: dir,
          transcript_path: t,
          hook_event_name: "PostToolUse",
          tool_name: "Bash",
        }),
      });
      assert.match(post.stdout, /changes are denied/, "armed");
      const status = await runBaton(["handoff", "status", "--json"], { cwd: dir });
      const denies: { session: string; capsule_id: string | null }[] =
        JSON.parse(status.stdout).denies;
      return denies.find((d) => d.session === session)!.capsule_id;
    };
    // Control: this machine's own capsule is the one the deny names.
    const mine = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: dir,
      stdin: '{"now":"work"}',
    });
    assert.equal(mine.code, 0, mine.stderr);
    assert.equal(await arm("aaaa1111"), id12(JSON.parse(mine.stdout).id as string));
    // Another machine's capsule in latest.md: the deny names none.
    const theirs = await runBaton(["finalize", "--draft", "-", "--json"], {
      cwd: dir,
      env: { BATON_HOME: `${other.path}/home` },
      stdin: '{"now":"deploy the schema to production"}',
    });
    assert.equal(theirs.code, 0, theirs.stderr);
    assert.equal(await arm("bbbb2222"), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
