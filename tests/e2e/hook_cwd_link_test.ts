/**
 * A hook payload's `cwd` reached through a symbolic link names the folder
 * the link points to: the host's commands run there, and git finds its
 * repository from there. A committed link `link -> ../other/inner` in
 * repository `repo` and a payload cwd of `repo/link`: the session-start hook
 * briefed `repo`'s capsule with "every check matches" while git (and `baton
 * load` in that folder) worked on `other`. The control is a plain subfolder
 * of `repo`, which still gets `repo`'s capsule. Real git, the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { git, makeRepo } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

async function finalize(dir: string, home: string, now: string): Promise<void> {
  const r = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    env: { BATON_HOME: home },
    stdin: JSON.stringify({ now }),
  });
  assert.equal(r.code, 0, r.stderr);
}

async function sessionStart(cwd: string, home: string): Promise<string> {
  const r = await runBaton(["hook", "session-start", "--host", "claude-code"], {
    cwd,
    env: { BATON_HOME: home },
    stdin: JSON.stringify({
      session_id: "s1",
      transcript_path: "/x.jsonl",
      cwd,
      hook_event_name: "SessionStart",
      source: "startup",
    }),
  });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

Deno.test("a payload cwd through a symbolic link into another repository is briefed as that repository", async () => {
  await using home = await tempDir("baton-hook-link-home-");
  const repo = await makeRepo("baton-hook-link-repo-");
  const other = await makeRepo("baton-hook-link-other-");
  try {
    for (const dir of [repo, other]) await git(dir, ["commit", "-q", "--allow-empty", "-m", "c"]);
    await Deno.mkdir(`${other}/inner`);
    await Deno.writeTextFile(`${other}/inner/f.txt`, "x\n");
    await Deno.mkdir(`${repo}/sub`);
    await Deno.symlink(`${other}/inner`, `${repo}/link`);
    await finalize(repo, home.path, "REPO HANDOFF");
    await finalize(other, home.path, "OTHER HANDOFF");

    const linked = await sessionStart(`${repo}/link`, home.path);
    assert.match(linked, /OTHER HANDOFF/, "the repository git finds from the link's target");
    assert.doesNotMatch(linked, /REPO HANDOFF/);

    // Control: a plain subfolder of repo is repo's.
    const plain = await sessionStart(`${repo}/sub`, home.path);
    assert.match(plain, /REPO HANDOFF/);
  } finally {
    await Deno.remove(repo, { recursive: true });
    await Deno.remove(other, { recursive: true });
  }
});
