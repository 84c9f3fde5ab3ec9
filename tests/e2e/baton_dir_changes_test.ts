/**
 * What baton writes into `.baton/` (capsules, the archive, the progress log,
 * the tombstone, its ignore file, the lock) never makes a clean tree dirty,
 * but anything else there is the repository's own content, which git
 * reports like any other path: a script a commit or the session put in
 * `.baton/`, or the person's `.baton/config.yaml` (baton never writes it;
 * its `done` gates are commands `baton done` runs). Before, every path under
 * `.baton/` was left out of the facts, so preflight said "0 changed" where
 * git said ` M .baton/check.sh`, and command evidence that ran that script
 * stayed verified after it was edited. git is the oracle; real repositories,
 * the real CLI.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, git, makeRepo, writeFiles } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";

interface Listed {
  changed: string[];
  untracked: string[];
}

/** git's view: tracked changes and untracked files (every file, as baton lists them). */
async function gitSees(dir: string): Promise<Listed> {
  const out = (await git(dir, ["status", "--porcelain=v1", "-z", "-uall"])).stdout;
  const changed: string[] = [];
  const untracked: string[] = [];
  for (const entry of out.split("\0").filter((e) => e !== "")) {
    (entry.startsWith("??") ? untracked : changed).push(entry.slice(3));
  }
  return { changed: changed.sort(), untracked: untracked.sort() };
}

/** baton's view, from preflight's facts. */
async function batonSees(dir: string): Promise<Listed & { dirty: boolean }> {
  const r = await runBaton(["preflight", "--json"], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const facts = JSON.parse(r.stdout).facts;
  return {
    dirty: facts.dirty,
    changed: [...facts.tree.changed].sort(),
    untracked: [...facts.tree.untracked].sort(),
  };
}

/** The paths baton wrote itself, which git lists and baton does not count. */
function notBatons(paths: string[]): string[] {
  return paths.filter((p) =>
    !/^\.baton\/(latest\.md|progress\.md|tombstone\.json|\.gitignore|capsules\/[^/]+)$/.test(p)
  );
}

Deno.test("a path baton did not write under .baton/ is a change, as git says; baton's own writes are not", async () => {
  const dir = await makeRepo("baton-dir-changes-");
  try {
    await writeFiles(dir, {
      "a.txt": "a\n",
      ".baton/check.sh": "echo ok\n",
      ".baton/config.yaml": "bands: {}\n",
    });
    await commitAll(dir, "init");
    // Positive control: a capsule written by baton (latest.md, the archive, .gitignore)
    // and a progress entry leave a clean tree clean, though git lists them as untracked.
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({ now: "checking .baton/" }),
    });
    assert.equal(fin.code, 0, fin.stderr);
    assert.equal((await runBaton(["progress", "add", "one step"], { cwd: dir })).code, 0);
    const gitClean = await gitSees(dir);
    assert.ok(gitClean.untracked.includes(".baton/latest.md"), "git lists baton's own files");
    assert.deepEqual(notBatons(gitClean.untracked), []);
    assert.deepEqual(await batonSees(dir), { dirty: false, changed: [], untracked: [] });

    // A script under .baton/ edited, a new file beside it, the config's gates changed.
    await writeFiles(dir, {
      ".baton/check.sh": "echo pwned\n",
      ".baton/new.js": "x\n",
      ".baton/config.yaml": 'done:\n  gates: ["true"]\n',
    });
    const seen = await gitSees(dir);
    assert.deepEqual(seen.changed, [".baton/check.sh", ".baton/config.yaml"]);
    const baton = await batonSees(dir);
    assert.equal(baton.dirty, true);
    assert.deepEqual(baton.changed, seen.changed);
    assert.deepEqual(baton.untracked, notBatons(seen.untracked));
    assert.deepEqual(baton.untracked, [".baton/new.js"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("command evidence that ran a script under .baton/ goes STALE when the script is edited", async () => {
  const dir = await makeRepo("baton-dir-evidence-");
  try {
    await writeFiles(dir, { ".baton/check.sh": "exit 0\n", "a.txt": "a\n" });
    await commitAll(dir, "init");
    const ev = await runBaton(["evidence", "--json", "--", "sh", ".baton/check.sh"], { cwd: dir });
    assert.equal(ev.code, 0, ev.stderr);
    const id = JSON.parse(ev.stdout).id;
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({
        now: "checking",
        verified_facts: [{ text: "the check.sh script passes", evidence: id }],
      }),
    });
    assert.equal(fin.code, 0, fin.stderr);
    // Positive control: the tree it ran on, so the fact stands verified.
    assert.match(
      (await runBaton(["load"], { cwd: dir })).stdout,
      /- \[verified\] the check\.sh script passes/,
    );
    // The script it ran is edited at the same HEAD: the evidence no longer vouches for it.
    await Deno.writeTextFile(`${dir}/.baton/check.sh`, "exit 1\n");
    const later = (await runBaton(["load"], { cwd: dir })).stdout;
    assert.doesNotMatch(later, /\[verified\] the check\.sh script passes/);
    assert.match(
      later,
      /- \[claimed\] the check\.sh script passes \(evidence [^)]*STALE: the work tree changed/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a script in .baton/done/ or .baton/state/ (baton writes only its own names there) or named like a set-aside lock is content, as git says", async () => {
  const dir = await makeRepo("baton-dir-lookalike-");
  try {
    await writeFiles(dir, {
      "a.txt": "a\n",
      ".baton/done/check.sh": "exit 0\n",
      ".baton/state/check.sh": "exit 0\n",
    });
    await commitAll(dir, "init");
    const ev = await runBaton(["evidence", "--json", "--", "sh", ".baton/done/check.sh"], {
      cwd: dir,
    });
    assert.equal(ev.code, 0, ev.stderr);
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({
        now: "checking",
        verified_facts: [{ text: "the done gate passes", evidence: JSON.parse(ev.stdout).id }],
      }),
    });
    assert.equal(fin.code, 0, fin.stderr);
    // Positive control: nothing changed, the fact stands verified and the tree is clean.
    assert.match((await runBaton(["load"], { cwd: dir })).stdout, /- \[verified\] the done gate/);
    assert.deepEqual(await batonSees(dir), { dirty: false, changed: [], untracked: [] });

    // The script is edited and a folder named like a lock baton set aside appears.
    await writeFiles(dir, {
      ".baton/done/check.sh": "exit 1\n",
      ".baton/state/check.sh": "exit 1\n",
      ".baton/lock.stale-x/run.sh": "x\n",
    });
    const seen = await gitSees(dir);
    // state/ is ignored by baton's .gitignore, but a committed file there is tracked.
    assert.deepEqual(seen.changed, [".baton/done/check.sh", ".baton/state/check.sh"]);
    assert.ok(seen.untracked.includes(".baton/lock.stale-x/run.sh"));
    const baton = await batonSees(dir);
    assert.deepEqual(baton.changed, seen.changed);
    assert.deepEqual(baton.untracked, notBatons(seen.untracked));
    assert.doesNotMatch(
      (await runBaton(["load"], { cwd: dir })).stdout,
      /\[verified\] the done gate passes/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a committed file where baton keeps its lock or state/ (its ignore file keeps those out of 'git add -A') shows its edit as git does", async () => {
  const dir = await makeRepo("baton-dir-committed-lock-");
  const setAside = `.baton/lock.stale-${"0f".repeat(16)}-1/run.sh`;
  try {
    await writeFiles(dir, {
      "a.txt": "a\n",
      ".baton/state/lock.guard": "guard\n",
      [setAside]: "exit 0\n",
    });
    await commitAll(dir, "init");
    // Positive control: committed and untouched, the tree is clean to both.
    assert.deepEqual((await gitSees(dir)).changed, []);
    assert.deepEqual(await batonSees(dir), { dirty: false, changed: [], untracked: [] });

    await writeFiles(dir, { ".baton/state/lock.guard": "edited\n", [setAside]: "exit 1\n" });
    const seen = await gitSees(dir);
    assert.deepEqual(seen.changed, [setAside, ".baton/state/lock.guard"].sort());
    const baton = await batonSees(dir);
    assert.deepEqual(baton.changed, seen.changed);
    assert.equal(baton.dirty, true);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a file named .baton (baton's folder is always a directory) is content: its edit shows as git shows it", async () => {
  const dir = await makeRepo("baton-dir-file-");
  try {
    await writeFiles(dir, { "a.txt": "a\n", ".baton": "tool: other\n" });
    await commitAll(dir, "init");
    // Positive control: unchanged, clean for both.
    assert.deepEqual(await gitSees(dir), { changed: [], untracked: [] });
    assert.deepEqual(await batonSees(dir), { dirty: false, changed: [], untracked: [] });
    await Deno.writeTextFile(`${dir}/.baton`, "tool: changed\n");
    const seen = await gitSees(dir);
    assert.deepEqual(seen.changed, [".baton"]);
    assert.deepEqual(await batonSees(dir), { dirty: true, changed: [".baton"], untracked: [] });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a tracked file baton never changes (development versions' state, the ignore file it writes only when absent) shows its edit as git does, and an untracked leftover of those versions is listed as git lists it", async () => {
  const dir = await makeRepo("baton-dir-tracked-legacy-");
  try {
    await writeFiles(dir, {
      "a.txt": "a\n",
      ".baton/enforce/check.sh": "exit 0\n",
      ".baton/index.json": "{}\n",
      ".baton/.gitignore": "lock/\nstate/\n*.tmp\n",
    });
    await commitAll(dir, "init");
    // Positive control: a capsule written, nothing edited: clean for both; then a
    // development version's untracked leftover, which git lists, is listed.
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({ now: "checking" }),
    });
    assert.equal(fin.code, 0, fin.stderr);
    assert.deepEqual(await batonSees(dir), { dirty: false, changed: [], untracked: [] });
    await writeFiles(dir, { ".baton/enforce/opt-in": "on\n" });
    assert.ok((await gitSees(dir)).untracked.includes(".baton/enforce/opt-in"));
    assert.deepEqual(await batonSees(dir), {
      dirty: true,
      changed: [],
      untracked: [".baton/enforce/opt-in"],
    });

    await writeFiles(dir, {
      ".baton/enforce/check.sh": "exit 1\n",
      ".baton/index.json": '{"x":1}\n',
      ".baton/.gitignore": "lock/\nstate/\n*.tmp\n*.sh\n",
    });
    const seen = await gitSees(dir);
    assert.deepEqual(seen.changed, [
      ".baton/.gitignore",
      ".baton/enforce/check.sh",
      ".baton/index.json",
    ]);
    const baton = await batonSees(dir);
    assert.equal(baton.dirty, true);
    assert.deepEqual(baton.changed, seen.changed);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("baton's files staged by 'git add -A' (its ignore file among them) leave the tree clean to baton", async () => {
  const dir = await makeRepo("baton-dir-staged-");
  try {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir, "init");
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({ now: "checking" }),
    });
    assert.equal(fin.code, 0, fin.stderr);
    await git(dir, ["add", "-A"]);
    const seen = await gitSees(dir);
    assert.ok(
      seen.changed.includes(".baton/.gitignore") && seen.changed.includes(".baton/latest.md"),
    );
    assert.deepEqual(notBatons(seen.changed), []);
    assert.deepEqual(await batonSees(dir), { dirty: false, changed: [], untracked: [] });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
