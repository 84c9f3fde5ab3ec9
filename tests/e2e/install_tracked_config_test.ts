/**
 * install hides what it writes into a repository with `.git/info/exclude`,
 * which hides untracked files only. A host config or rules file the
 * repository already tracks (a committed `.claude/settings.local.json`,
 * `.codex/hooks.json`, `.grok/GROK.md`) still gets baton's entries merged
 * in, and git status then shows it with this machine's baton path in it:
 * install must say so for each such file, never only that git status will
 * not show what it wrote. Real subprocesses, real repositories, git as the
 * oracle.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;

interface Plan {
  hosts: { host: string; notes: string[] }[];
}

function trackedNotes(stdout: string): string[] {
  const plan = JSON.parse(stdout) as Plan;
  return plan.hosts.flatMap((h) => h.notes).filter((n) => n.includes("is tracked by git"));
}

Deno.test("install names each tracked file it changes, which git status then shows; untracked configs get no such note (control)", async () => {
  await using home = await tempDir("baton-install-tracked-home-");
  const repo = await makeRepo("baton-install-tracked-");
  const env = { HOME: home.path, DENO_DIR };
  await writeFiles(repo, {
    "a.txt": "a\n",
    ".claude/settings.local.json": '{\n  "env": { "A": "1" }\n}\n',
    ".codex/hooks.json": "{}\n",
    ".grok/GROK.md": "# Team rules\n",
  });
  await commitAll(repo, "init");

  // Control: the same hosts with no tracked config (in a fresh clone of nothing): no note.
  const plain = await makeRepo("baton-install-tracked-plain-");
  await writeFiles(plain, { "a.txt": "a\n" });
  await commitAll(plain, "init");
  const clean = await runBaton(["install", "claude-code", "codex", "grok", "--json"], {
    cwd: plain,
    env,
  });
  assert.equal(clean.code, 0, clean.stderr);
  assert.deepEqual(trackedNotes(clean.stdout), []);
  assert.equal((await git(plain, ["status", "--porcelain"])).stdout, "");

  const r = await runBaton(["install", "claude-code", "codex", "grok", "--json"], {
    cwd: repo,
    env,
  });
  assert.equal(r.code, 0, r.stderr);
  const status = (await git(repo, ["status", "--porcelain"])).stdout;
  assert.equal(
    status,
    " M .claude/settings.local.json\n M .codex/hooks.json\n M .grok/GROK.md\n",
    "git shows the tracked files install changed",
  );
  const notes = trackedNotes(r.stdout);
  for (const rel of [".claude/settings.local.json", ".codex/hooks.json", ".grok/GROK.md"]) {
    assert.ok(
      notes.some((n) => n.startsWith(`"${repo}/${rel}" is tracked by git`)),
      `${rel}: ${JSON.stringify(notes)}`,
    );
  }
  assert.equal(notes.length, 3, JSON.stringify(notes));

  // The text report says it too, and a second run (nothing to change) says nothing.
  const again = await runBaton(["install", "claude-code", "codex", "grok"], { cwd: repo, env });
  assert.equal(again.code, 0, again.stderr);
  assert.doesNotMatch(again.stdout, /is tracked by git/);
});
