/**
 * A git config file this user may not read, against git 2.39: git passes
 * over a global (or XDG) file its permissions refuse, but stops on the
 * system file ("fatal: unable to access") and on any file an include names,
 * and then gives no status and no HEAD. baton left every refused file out
 * (a note) and compared the tree, so `preflight --json` gave a status git
 * never gives and `load --json` said "tracked changes: match". Now the tree
 * is unknown with the reason where git stops; a refused global file is
 * still passed over, as git does (the control).
 *
 * The tests run as root, whom no mode refuses: git and baton are both run
 * through `setpriv` with root's permission override (CAP_DAC_OVERRIDE,
 * CAP_DAC_READ_SEARCH) dropped, on files made mode 000. Each case first
 * checks that git is refused that way (the control that the shape holds).
 * @module
 */
import assert from "node:assert/strict";
import { batonRunPrefix, MAIN, runBaton, testBatonHome } from "../_helpers/cli.ts";
import { commitAll, GIT_ENV, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";

const CAPS = "-dac_override,-dac_read_search";
const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;

/** Runs `argv` without root's permission override. */
async function unprivileged(
  argv: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command("setpriv", {
    args: [`--inh-caps=${CAPS}`, `--bounding-set=${CAPS}`, ...argv],
    cwd,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

/** The environment git and baton share: the shape's home, the system config named. */
function shapeEnv(home: string, system: string | null): Record<string, string> {
  const { GIT_CONFIG_GLOBAL: _global, GIT_CONFIG_NOSYSTEM: _nosystem, ...base } = GIT_ENV;
  return {
    ...base,
    HOME: home,
    XDG_CONFIG_HOME: "",
    DENO_DIR,
    NO_COLOR: "1",
    BATON_HOME: testBatonHome(),
    ...(system === null ? { GIT_CONFIG_NOSYSTEM: "1" } : { GIT_CONFIG_SYSTEM: system }),
  };
}

/** git status's tracked and untracked entries ("XY path", "?? path"), or null where git stops. */
async function gitStatus(dir: string, env: Record<string, string>): Promise<string[] | null> {
  const r = await unprivileged(["git", "status", "--porcelain=v2", "-uall"], dir, env);
  if (r.code !== 0) return null;
  return r.stdout.split("\n").filter((l) => l !== "").map((l) =>
    l.startsWith("? ") ? `?? ${l.slice(2)}` : `${l.split(" ")[1]} ${l.split(" ").at(-1)}`
  ).sort();
}

interface PreflightFacts {
  head: string | null;
  branch: string | null;
  dirty: boolean | null;
  tree?: unknown;
  changed_files: { path: string; xy: string }[];
  unavailable?: { part: string; reason: string }[];
  notes: string[];
}

/** `baton preflight --json` without root's override: its facts. */
async function batonFacts(dir: string, env: Record<string, string>): Promise<PreflightFacts> {
  const r = await unprivileged([...batonRunPrefix(), MAIN, "preflight", "--json"], dir, env);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).facts;
}

/** `baton load --json` without root's override: its "tracked changes" drift check. */
async function trackedDrift(dir: string, env: Record<string, string>): Promise<string> {
  const r = await unprivileged([...batonRunPrefix(), MAIN, "load", "--json"], dir, env);
  assert.equal(r.code, 0, r.stderr);
  const drift = JSON.parse(r.stdout).drift as { check: string; status: string }[];
  return drift.find((d) => d.check === "tracked changes")!.status;
}

/** A repository with one edit and one untracked file, and a home beside it. */
async function shape(): Promise<{ dir: string; home: string; outside: string }> {
  const dir = await makeRepo("baton-unread-config-");
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  await writeFiles(dir, { "a.txt": "edited\n", "u.txt": "u\n" });
  const home = (await tempDir("baton-unread-config-home-")).path;
  const outside = (await tempDir("baton-unread-config-files-")).path;
  return { dir, home, outside };
}

/** git's HEAD (`git rev-parse HEAD`), or null where git dies. */
async function gitHead(dir: string, env: Record<string, string>): Promise<string | null> {
  const r = await unprivileged(["git", "rev-parse", "HEAD"], dir, env);
  return r.code === 0 ? r.stdout.trim() : null;
}

/** `baton load --json` without root's override: each drift check's status by name. */
async function driftStatuses(
  dir: string,
  env: Record<string, string>,
): Promise<Record<string, string>> {
  const r = await unprivileged([...batonRunPrefix(), MAIN, "load", "--json"], dir, env);
  assert.equal(r.code, 0, r.stderr);
  const drift = JSON.parse(r.stdout).drift as { check: string; status: string }[];
  return Object.fromEntries(drift.map((d) => [d.check, d.status]));
}

/** Asserts git stops and baton compares no tree and reports no HEAD, saying why. */
async function assertBothStop(
  dir: string,
  env: Record<string, string>,
  which: RegExp,
  saysGitStops = true,
) {
  assert.equal(await gitStatus(dir, env), null, "control: git stops");
  assert.equal(await gitHead(dir, env), null, "control: git gives no HEAD");
  const facts = await batonFacts(dir, env);
  assert.equal(facts.tree, undefined, "no tree where git gives no status");
  assert.equal(facts.dirty, null);
  assert.deepEqual(facts.changed_files, []);
  assert.equal(facts.head, null, "no HEAD where git gives none");
  assert.equal(facts.branch, null, "no branch where git gives no HEAD");
  assert.match(facts.unavailable?.find((u) => u.part === "head")?.reason ?? "", /config/);
  const config = facts.unavailable?.find((u) => u.part === "config")?.reason ?? "";
  assert.match(config, which);
  if (saysGitStops) assert.match(config, /git stops/);
}

Deno.test("an unreadable system config stops git: baton compares no tree (it did), and a capsule's tracked changes are not 'match'", async () => {
  const { dir, home, outside } = await shape();
  const system = `${outside}/gitconfig`;
  await Deno.writeTextFile(system, "[core]\n\tfileMode = true\n");
  const env = shapeEnv(home, system);
  // Control: readable, git and baton agree on the same tree.
  const readable = await batonFacts(dir, env);
  assert.deepEqual(await gitStatus(dir, env), [".M a.txt", "?? u.txt"]);
  assert.deepEqual(readable.changed_files.map((f) => `${f.xy} ${f.path}`).sort(), [
    ".M a.txt",
    "?? u.txt",
  ]);
  // A capsule finalized while it was readable, then the file made unreadable.
  const fin = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    env,
    stdin: '{"now":"x"}',
  });
  assert.equal(fin.code, 0, fin.stderr);
  assert.equal(await trackedDrift(dir, env), "match", "control: nothing changed yet");
  await Deno.chmod(system, 0o000);
  try {
    assert.equal(await trackedDrift(dir, env), "unknown", "git gives no status to match");
    await assertBothStop(dir, env, /the system config file/);
  } finally {
    await Deno.chmod(system, 0o644);
  }
});

Deno.test("a config file an include names that cannot be read stops git, from the global or the repository's config: no tree", async () => {
  const { dir, home, outside } = await shape();
  const included = `${outside}/inc`;
  await Deno.writeTextFile(included, "[user]\n\tname = q\n");
  await Deno.chmod(included, 0o000);
  try {
    // From the global file: baton left the whole global file out and compared the tree.
    await Deno.writeTextFile(`${home}/.gitconfig`, `[include]\n\tpath = ${included}\n`);
    await assertBothStop(dir, shapeEnv(home, null), /a file an include names/);
    // From the system file.
    await Deno.remove(`${home}/.gitconfig`);
    const system = `${outside}/gitconfig`;
    await Deno.writeTextFile(system, `[include]\n\tpath = ${included}\n`);
    await assertBothStop(dir, shapeEnv(home, system), /a file an include names/);
    // From the repository's own config (already no tree, now with git's reason).
    await Deno.writeTextFile(`${dir}/.git/config`, `[include]\n\tpath = ${included}\n`, {
      append: true,
    });
    await assertBothStop(dir, shapeEnv(home, null), /a file an include names/);
  } finally {
    await Deno.chmod(included, 0o644);
  }
});

Deno.test("control: a global or XDG config git may not read is passed over by git, and by baton, which compares the tree as git does", async () => {
  const { dir, home } = await shape();
  // Read, it would ignore u.txt: passed over, u.txt is untracked to both.
  await writeFiles(home, {
    ".gitconfig": "[core]\n\texcludesFile = ~/ignore\n",
    ".config/git/config": "[core]\n\texcludesFile = ~/ignore\n",
    "ignore": "u.txt\n",
  });
  await Deno.chmod(`${home}/.gitconfig`, 0o000);
  await Deno.chmod(`${home}/.config/git/config`, 0o000);
  try {
    const env = shapeEnv(home, null);
    const git = await gitStatus(dir, env);
    assert.deepEqual(git, [".M a.txt", "?? u.txt"], "control: git passes over both");
    const facts = await batonFacts(dir, env);
    assert.deepEqual(facts.changed_files.map((f) => `${f.xy} ${f.path}`).sort(), git);
    assert.ok(facts.notes.some((n) => /2 system or global git config file/.test(n)));
  } finally {
    await Deno.chmod(`${home}/.gitconfig`, 0o644);
    await Deno.chmod(`${home}/.config/git/config`, 0o644);
  }
});

Deno.test("the repository's own config unreadable or malformed: git gives no HEAD, nor does baton (it did), and a capsule's HEAD and branch are not 'match'", async () => {
  const { dir, home } = await shape();
  const env = shapeEnv(home, null);
  const config = `${dir}/.git/config`;
  // Control: readable, git and baton report the same HEAD and every check matches.
  const head = await gitHead(dir, env);
  assert.match(head ?? "", /^[0-9a-f]{40}$/);
  assert.equal((await batonFacts(dir, env)).head, head);
  const fin = await runBaton(["finalize", "--draft", "-"], {
    cwd: dir,
    env,
    stdin: '{"now":"x"}',
  });
  assert.equal(fin.code, 0, fin.stderr);
  const before = await driftStatuses(dir, env);
  assert.equal(before["HEAD"], "match", "control: nothing changed yet");
  assert.equal(before["branch"], "match", "control: nothing changed yet");
  const text = await Deno.readTextFile(config);
  // Unreadable: git dies ("unable to access"), baton reported HEAD and branch.
  await Deno.chmod(config, 0o000);
  try {
    await assertBothStop(dir, env, /permission denied/, false);
    const now = await driftStatuses(dir, env);
    assert.equal(now["HEAD"], "unknown");
    assert.equal(now["branch"], "unknown");
  } finally {
    await Deno.chmod(config, 0o644);
  }
  // Malformed: git dies ("bad config line"), baton reported HEAD and branch.
  await Deno.writeTextFile(config, `${text}[core\n`);
  await assertBothStop(dir, env, /Cannot parse git config/, false);
  const now = await driftStatuses(dir, env);
  assert.equal(now["HEAD"], "unknown");
  assert.equal(now["branch"], "unknown");
  // Control: mended, HEAD is git's again and matches.
  await Deno.writeTextFile(config, text);
  assert.equal((await batonFacts(dir, env)).head, await gitHead(dir, env));
  assert.equal((await driftStatuses(dir, env))["HEAD"], "match");
});
