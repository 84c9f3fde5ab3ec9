/**
 * The briefing's decisions come from the chain read back from latest. When
 * that read does not reach the chain's start (a rotation tombstone no
 * trusted key signed stands in for older capsules, an archive file is
 * gone), a decision a trusted capsule made there is not in the view: the
 * briefing must say so even when nothing else is left to show, or a
 * stranger who deletes a signed capsule and commits a tombstone in its
 * place makes a decision in force vanish from the session-start briefing
 * without a word (`baton decisions` and `doctor` already say it). Real CLI,
 * real repositories, real files; the control is the briefing before the
 * forgery, which shows the decision.
 * @module
 */
import assert from "node:assert/strict";
import { finalizeDraft as finalize, runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";
import { sha256Id } from "../../core/hash.ts";
import { buildTombstone, renderTombstone } from "../../core/chain/tombstone.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";

const archive = (dir: string) =>
  [...Deno.readDirSync(`${dir}/.baton/capsules`)].map((e) => e.name).sort();

async function load(dir: string): Promise<string> {
  const r = await runBaton(["load"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

/** A chain of three signed capsules, the oldest deciding "fridays". */
async function chain(): Promise<{ dir: string; oldest: string; text: string }> {
  const dir = await makeRepo("baton-briefdec-");
  await finalize(dir, {
    now: "a",
    decisions: [{ id: "fridays", text: "never deploy on Fridays" }],
  });
  for (let i = 0; i < 2; i++) await finalize(dir, { now: `n${i}` });
  const oldest = archive(dir)[0]!;
  return { dir, oldest, text: await Deno.readTextFile(`${dir}/.baton/capsules/${oldest}`) };
}

Deno.test("the briefing shows the decision when the whole chain is read (control)", async () => {
  const { dir } = await chain();
  const out = await load(dir);
  assert.match(out, /never deploy on Fridays/);
  assert.doesNotMatch(out, /may be missing|not read/);
});

Deno.test("a stranger's tombstone standing in for a deleted signed capsule: the briefing says decisions may be missing", async () => {
  const { dir, oldest, text } = await chain();
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
  const out = await load(dir);
  assert.doesNotMatch(out, /never deploy on Fridays/);
  assert.match(
    out,
    /1 older capsule\(s\) stand only in a rotation tombstone no trusted key signed: decisions they made may be missing here/,
  );
});

Deno.test("an archive file gone from the chain: the briefing says the chain breaks and decisions may be missing", async () => {
  const { dir, oldest } = await chain();
  await Deno.remove(`${dir}/.baton/capsules/${oldest}`);
  const out = await load(dir);
  assert.doesNotMatch(out, /never deploy on Fridays/);
  assert.match(
    out,
    /The chain breaks after the 2 most recent capsule\(s\): .*decisions older capsules made may be missing/,
  );
});
