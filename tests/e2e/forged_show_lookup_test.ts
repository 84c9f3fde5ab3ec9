/**
 * `baton show ID` and `baton capsule ID` find the capsule by the id its own
 * JSON block holds, never by a file's name or by the id's text anywhere in
 * a file: a stranger's archive file named after a real capsule's id, dated
 * later so it is listed first, must neither be shown in its place (with
 * "integrity: ok") nor make the real one unshowable. Real CLI, real repository.
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { makeRepo } from "../_helpers/git.ts";

async function finalize(dir: string, now: string): Promise<string> {
  const r = await runBaton(["finalize", "--draft", "-", "--json"], {
    cwd: dir,
    stdin: JSON.stringify({ now }),
  });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).id as string;
}

const fileOf = (dir: string, id: string) =>
  [...Deno.readDirSync(`${dir}/.baton/capsules`)].map((e) => e.name).find((n) =>
    n.endsWith(`-${id.slice(7, 15)}.md`) && !n.startsWith("2099")
  )!;

async function setup(): Promise<{ dir: string; real: string; other: string; planted: string }> {
  const dir = await makeRepo("baton-show-");
  const real = await finalize(dir, "the real capsule");
  const other = await finalize(dir, "another capsule entirely");
  const planted = `${dir}/.baton/capsules/20991231T000000.000Z-${real.slice(7, 15)}.md`;
  return { dir, real, other, planted };
}

Deno.test("a later file named after a real id and quoting it, holding another capsule, is never shown for that id", async () => {
  const { dir, real, other, planted } = await setup();
  const otherText = await Deno.readTextFile(`${dir}/.baton/capsules/${fileOf(dir, other)}`);
  // Control: before the plant, both lookups print the real capsule.
  for (const want of [real, real.slice(7, 15)]) {
    const before = await runBaton(["show", want, "--json"], { cwd: dir });
    assert.equal(before.code, 0, before.stderr);
    assert.equal(JSON.parse(before.stdout).capsule.id, real);
  }
  await Deno.writeTextFile(planted, `<!-- "id":"${real}" -->\n${otherText}`);
  for (const want of [real, real.slice(7, 15), real.slice(7, 19)]) {
    const show = await runBaton(["show", want, "--json"], { cwd: dir });
    assert.equal(show.code, 0, show.stderr);
    assert.equal(JSON.parse(show.stdout).capsule.id, real, `show ${want}`);
    const text = await runBaton(["show", want], { cwd: dir });
    assert.match(text.stdout, /the real capsule/);
    assert.doesNotMatch(text.stdout, /another capsule entirely/);
    const capsule = await runBaton(["capsule", want], { cwd: dir });
    assert.equal(capsule.code, 0, capsule.stderr);
    assert.match(capsule.stdout, /the real capsule/);
  }
  // The other capsule is still found by its own id.
  const o = await runBaton(["show", other, "--json"], { cwd: dir });
  assert.equal(JSON.parse(o.stdout).capsule.id, other);
});

Deno.test("a later file claiming a real id over other content does not make the real capsule unshowable; alone it is refused", async () => {
  const { dir, real, planted } = await setup();
  const realText = await Deno.readTextFile(`${dir}/.baton/capsules/${fileOf(dir, real)}`);
  await Deno.writeTextFile(planted, realText.replaceAll("the real capsule", "the forged capsule"));
  for (const want of [real, real.slice(7, 15)]) {
    const show = await runBaton(["show", want], { cwd: dir });
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /integrity: ok/);
    assert.match(show.stdout, /the real capsule/);
    assert.doesNotMatch(show.stdout, /forged/);
    const capsule = await runBaton(["capsule", want], { cwd: dir });
    assert.equal(capsule.code, 0, capsule.stderr);
    assert.match(capsule.stdout, /the real capsule/);
  }
  // Control: with the real file gone, the altered one is what the id names, and it is refused.
  await Deno.remove(`${dir}/.baton/capsules/${fileOf(dir, real)}`);
  const alone = await runBaton(["show", real], { cwd: dir });
  assert.notEqual(alone.code, 0);
  assert.match(alone.stderr, /does not match its content/);
});
