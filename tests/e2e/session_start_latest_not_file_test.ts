/**
 * A commit can put a folder where `.baton/latest.md` belongs (a file inside
 * it is enough), and a FIFO or socket can stand there locally. The
 * session-start hook took any latest.md that is not a regular file for "no
 * capsule": exit 0, nothing on stdout or stderr, while the archive held this
 * user's capsules and `baton load` failed on it (the hook went dark). Now it
 * says, in the host's injection, that no briefing is shown and why, records
 * nothing, and never opens what stands there. The same for a latest.md that
 * is missing while the archive holds capsules (a fresh clone, a pull, or a
 * commit that deleted it): load says revive is needed, the hook said
 * nothing; now it names revive. Controls: a regular latest.md is injected; a
 * project with no latest.md and no archive stays silent. Real repos and the
 * real hook.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

async function sessionStart(repo: string, env: Record<string, string>) {
  return await runBaton(["hook", "session-start", "--host", "claude-code", "--json"], {
    cwd: repo,
    env,
    stdin: JSON.stringify({
      session_id: "s-new",
      cwd: repo,
      hook_event_name: "SessionStart",
      source: "startup",
    }),
  });
}

/** The text the hook hands the host (the JSON report's output), or "" for none. */
function injected(stdout: string): string {
  return (JSON.parse(stdout) as { output: string }).output;
}

Deno.test("session start says why no briefing is shown when latest.md is a folder or a FIFO; a capsule is injected and no latest.md stays silent (controls)", async () => {
  const repo = await makeRepo();
  await using home = await tempDir("baton-home-");
  const env = { HOME: home.path, BATON_HOME: `${home.path}/baton` };
  await writeFiles(repo, { "a.txt": "a\n" });
  await commitAll(repo, "init");
  const fin = await runBaton(["finalize", "--draft", "-"], {
    cwd: repo,
    env,
    stdin: JSON.stringify({ now: "working on the parser" }),
  });
  assert.equal(fin.code, 0, fin.stderr);
  const latest = `${repo}/.baton/latest.md`;
  const capsule = await Deno.readTextFile(latest);

  // Control: a regular latest.md is injected.
  const shown = await sessionStart(repo, env);
  assert.equal(shown.code, 0, shown.stderr);
  assert.match(injected(shown.stdout), /working on the parser/);

  // A folder, as a commit can carry it.
  await Deno.remove(latest);
  await Deno.mkdir(latest);
  await Deno.writeTextFile(`${latest}/x`, "x\n");
  const folder = await sessionStart(repo, env);
  assert.equal(folder.code, 0, folder.stderr);
  assert.match(
    injected(folder.stdout),
    /no briefing is shown here: \.baton\/latest\.md is not a regular file/,
  );
  assert.match(injected(folder.stdout), / load` before you continue/);
  assert.match(folder.stderr, /briefing not injected/);
  assert.equal(JSON.parse(folder.stdout).action, "failed");

  // A FIFO: said the same way, and never opened (an open would block for good).
  if (Deno.build.os !== "windows") {
    await Deno.remove(latest, { recursive: true });
    const mk = await new Deno.Command("mkfifo", { args: [latest] }).output();
    assert.equal(mk.code, 0);
    const fifo = await sessionStart(repo, env);
    assert.equal(fifo.code, 0, fifo.stderr);
    assert.match(injected(fifo.stdout), /\.baton\/latest\.md is not a regular file/);
  }

  // No latest.md while the archive holds capsules (a fresh clone, a pull, a commit deleting it):
  // said with the revive command, as load says it; nothing recorded.
  await Deno.remove(latest, { recursive: true });
  const archived = await sessionStart(repo, env);
  assert.equal(archived.code, 0, archived.stderr);
  assert.match(
    injected(archived.stdout),
    /latest\.md is missing beside a \.baton\/capsules folder that may hold archived capsules, none read here/,
  );
  assert.match(injected(archived.stdout), / revive` \(it says who signed/);

  // Only an empty file under a capsule's name (a commit can put one there): the line claims no
  // capsule, since none was read; revive then finds nothing to make current.
  const names = [...Deno.readDirSync(`${repo}/.baton/capsules`)].map((e) => e.name);
  for (const name of names) await Deno.writeTextFile(`${repo}/.baton/capsules/${name}`, "");
  const junk = injected((await sessionStart(repo, env)).stdout);
  assert.match(junk, /may hold archived capsules, none read here/);
  assert.doesNotMatch(junk, /holds archived capsules|holds (a |\d+ )?capsule/);
  const revive = await runBaton(["revive", "--json"], { cwd: repo, env });
  assert.equal(JSON.parse(revive.stdout).action, "nothing", revive.stderr);

  // More entries than the hook looks at (20,000 files a commit can put there, listed before a
  // capsule's name in the folder's order): not taken for an archive without capsules, which was
  // silence. Here none has a capsule's name, so the old check was silent every time.
  for (const name of names) await Deno.remove(`${repo}/.baton/capsules/${name}`);
  for (let i = 0; i < 20_000; i++) {
    Deno.writeFileSync(`${repo}/.baton/capsules/x${i}`, new Uint8Array());
  }
  const crowded = injected((await sessionStart(repo, env)).stdout);
  assert.match(crowded, /may hold archived capsules, none read here/);

  // Control: no latest.md and no archive (no capsule yet) stays silent.
  await Deno.remove(`${repo}/.baton/capsules`, { recursive: true });
  const none = await sessionStart(repo, env);
  assert.equal(none.code, 0, none.stderr);
  assert.equal(injected(none.stdout), "");
  assert.equal(JSON.parse(none.stdout).action, "no_capsule");

  // Control: put back, it is injected again.
  await Deno.writeTextFile(latest, capsule);
  assert.match(injected((await sessionStart(repo, env)).stdout), /working on the parser/);
  await Deno.remove(repo, { recursive: true });
});
