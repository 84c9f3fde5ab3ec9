/**
 * git's config from the environment, end to end against git: with
 * GIT_CONFIG_COUNT/GIT_CONFIG_KEY_n/GIT_CONFIG_VALUE_n set for both, `baton
 * preflight --json` must list exactly what `git status --porcelain=v2 -z
 * -uall` lists (the entries win over every config file, and git passes them
 * to submodules); GIT_CONFIG, which git status does not read, changes
 * nothing. Where git refuses the environment (a bogus count, a missing value)
 * or baton does not apply it (an include, GIT_CONFIG_PARAMETERS), the work
 * tree is unknown, never compared. GIT_CONFIG_PARAMETERS is taken from git
 * itself (`git -c ... <alias>` hands it to the alias) and read as git reads
 * it: its entries against `git config --list -z --show-scope`.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, git, GIT_ENV, makeRepo, writeFiles } from "../_helpers/git.ts";
import { tempDir } from "../_helpers/temp.ts";
import { escapePathBytes } from "../../core/facts/escape_path.ts";
import { parseConfigKey, parseConfigParameters } from "../../core/facts/git/environment_config.ts";

interface Tree {
  changed: string[];
  changed_xy: string[];
  untracked: string[];
}

interface Preflight {
  dirty: boolean | null;
  tree?: Tree;
  unavailable?: { part: string; reason: string }[];
}

/** git status under `env` (no system config, HOME as given): tracked "XY path" and untracked paths. */
async function gitStatus(
  dir: string,
  env: Record<string, string>,
): Promise<{ code: number; tracked: string[]; untracked: string[] }> {
  const { GIT_CONFIG_GLOBAL: _g, ...base } = GIT_ENV;
  const out = await new Deno.Command("git", {
    args: ["--no-optional-locks", "status", "--porcelain=v2", "-z", "-uall"],
    cwd: dir,
    env: { ...base, ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const tracked: string[] = [];
  const untracked: string[] = [];
  const recs: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; i < out.stdout.length; i++) {
    if (out.stdout[i] === 0) {
      recs.push(out.stdout.subarray(at, i));
      at = i + 1;
    }
  }
  const after = (r: Uint8Array, n: number) => {
    let a = 0;
    for (let k = 0; k < n; k++) a = r.indexOf(32, a) + 1;
    return escapePathBytes(r.subarray(a));
  };
  for (let k = 0; k < recs.length; k++) {
    const r = recs[k]!;
    const xy = String.fromCharCode(r[2]!, r[3]!);
    if (r[0] === 63) untracked.push(escapePathBytes(r.subarray(2)));
    else if (r[0] === 49) tracked.push(`${xy} ${after(r, 8)}`);
    else if (r[0] === 50) {
      tracked.push(`${xy} ${after(r, 9)}`);
      k++;
    } else if (r[0] === 117) tracked.push(`${xy} ${after(r, 10)}`);
  }
  return { code: out.code, tracked: tracked.sort(), untracked: untracked.sort() };
}

async function preflight(dir: string, env: Record<string, string>): Promise<Preflight> {
  const r = await runBaton(["preflight", "--json"], {
    cwd: dir,
    env: { GIT_CONFIG_NOSYSTEM: "1", ...env },
  });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).facts;
}

function batonView(f: Preflight): { tracked: string[]; untracked: string[] } {
  assert.ok(f.tree !== undefined, `baton scanned no tree: ${JSON.stringify(f.unavailable)}`);
  const t = f.tree;
  return {
    tracked: t.changed.map((p, i) => `${t.changed_xy[i]!.slice(0, 2)} ${p}`).sort(),
    untracked: [...t.untracked].sort(),
  };
}

/** Counted config entries as git reads them from the environment. */
function counted(pairs: [string, string][]): Record<string, string> {
  const env: Record<string, string> = { GIT_CONFIG_COUNT: `${pairs.length}` };
  pairs.forEach(([k, v], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = k;
    env[`GIT_CONFIG_VALUE_${i}`] = v;
  });
  return env;
}

async function setup(): Promise<{ dir: string; home: string }> {
  const dir = await makeRepo("baton-envcfg-");
  const home = (await tempDir("baton-envcfg-home-")).path;
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir, "base");
  return { dir, home };
}

async function agrees(dir: string, env: Record<string, string>, label: string) {
  const g = await gitStatus(dir, env);
  assert.equal(g.code, 0, `${label}: git runs`);
  const b = batonView(await preflight(dir, env));
  assert.deepEqual(b, { tracked: g.tracked, untracked: g.untracked }, label);
  return g;
}

Deno.test("GIT_CONFIG_COUNT entries are applied as git applies them, above every config file", async () => {
  const { dir, home } = await setup();
  await Deno.writeTextFile(`${home}/env-ignore`, "*.zz\n");
  await Deno.writeTextFile(`${home}/repo-ignore`, "*.yy\n");
  await git(dir, ["config", "core.excludesFile", `${home}/repo-ignore`]);
  await writeFiles(dir, { "u.zz": "u\n", "v.yy": "v\n", "w.txt": "w\n" });
  const env = { HOME: home, ...counted([["core.excludesFile", `${home}/env-ignore`]]) };
  const g = await agrees(dir, env, "excludesFile from the environment");
  // Control: git itself applies the environment's file, not the repository's.
  assert.deepEqual(g.untracked, ["v.yy", "w.txt"]);
  const plain = await agrees(dir, { HOME: home }, "without the environment");
  assert.deepEqual(plain.untracked, ["u.zz", "w.txt"]);
});

Deno.test("GIT_CONFIG_COUNT core.fileMode=false: a chmod is no change, as git says", async () => {
  const { dir, home } = await setup();
  await Deno.chmod(`${dir}/a.txt`, 0o755);
  const env = { HOME: home, ...counted([["Core.FileMode", "false"]]) };
  const g = await agrees(dir, env, "fileMode from the environment");
  assert.deepEqual(g.tracked, [], "control: git calls it clean");
  const plain = await agrees(dir, { HOME: home }, "without it");
  assert.deepEqual(plain.tracked, [".M a.txt"], "control: without it git shows the change");
});

Deno.test("GIT_CONFIG_COUNT reaches submodules as git passes it on", async () => {
  const { dir, home } = await setup();
  const sub = await makeRepo("baton-envcfg-sub-");
  await writeFiles(sub, { "s.txt": "s\n" });
  await commitAll(sub, "s");
  await git(dir, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "sm"]);
  await commitAll(dir, "sm");
  await Deno.writeTextFile(`${home}/env-ignore`, "*.zz\n");
  await writeFiles(dir, { "sm/u.zz": "u\n" });
  const env = { HOME: home, ...counted([["core.excludesFile", `${home}/env-ignore`]]) };
  const g = await agrees(dir, env, "submodule with the environment's excludes");
  assert.deepEqual(g.tracked, [], "control: git ignores the file inside the submodule");
  const plain = await agrees(dir, { HOME: home }, "submodule without it");
  assert.deepEqual(plain.tracked, [".M sm"]);
});

Deno.test("GIT_CONFIG (read by git config alone) changes nothing", async () => {
  const { dir, home } = await setup();
  await Deno.writeTextFile(`${home}/ign`, "*.zz\n");
  await Deno.writeTextFile(`${home}/cfg`, `[core]\n\texcludesFile = ${home}/ign\n`);
  await writeFiles(dir, { "u.zz": "u\n" });
  const g = await agrees(dir, { HOME: home, GIT_CONFIG: `${home}/cfg` }, "GIT_CONFIG set");
  assert.deepEqual(g.untracked, ["u.zz"], "control: git status does not read GIT_CONFIG");
});

Deno.test("environment config git refuses or baton does not apply leaves the work tree unknown", async () => {
  const { dir, home } = await setup();
  await writeFiles(dir, { "a.txt": "changed\n" });
  const cases: [string, Record<string, string>, boolean][] = [
    ["a bogus count", { GIT_CONFIG_COUNT: "one" }, false],
    ["a missing value", { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "core.autocrlf" }, false],
    ["an invalid key", counted([["core", "x"]]), false],
    ["an include", counted([["include.path", `${home}/x`]]), true],
    ["GIT_CONFIG_PARAMETERS not quoted", { GIT_CONFIG_PARAMETERS: "core.autocrlf=true" }, false],
    ["GIT_CONFIG_PARAMETERS with an include", {
      GIT_CONFIG_PARAMETERS: `'include.path'='${home}/x'`,
    }, true],
  ];
  for (const [label, env, gitRuns] of cases) {
    const g = await gitStatus(dir, { HOME: home, ...env });
    assert.equal(g.code === 0, gitRuns, `${label}: control: git ${gitRuns ? "runs" : "refuses"}`);
    const f = await preflight(dir, { HOME: home, ...env });
    assert.equal(f.tree, undefined, `${label}: no tree compared`);
    assert.ok(f.unavailable?.some((u) => u.part === "worktree"), `${label}: worktree unavailable`);
    assert.equal(f.dirty, null, `${label}: dirty unknown`);
  }
  // Control: an empty count is no entry at all, for git and baton.
  await agrees(dir, { HOME: home, GIT_CONFIG_COUNT: "0" }, "a zero count");
});

/** GIT_CONFIG_PARAMETERS exactly as git hands it to a program it runs for `git -c ARGS`. */
async function parametersFromGit(args: string[]): Promise<string> {
  const c = args.flatMap((a) => ["-c", a]);
  const r = await git(Deno.cwd(), [
    "-c",
    "alias.penv=!printenv GIT_CONFIG_PARAMETERS",
    ...c,
    "penv",
  ]);
  return r.stdout.replace(/\n$/, "");
}

/** git's command-scope entries under GIT_CONFIG_PARAMETERS, or null when git refuses it. */
async function gitCommandScope(parameters: string): Promise<[string, string | null][] | null> {
  const { GIT_CONFIG_GLOBAL: _g, ...base } = GIT_ENV;
  const out = await new Deno.Command("git", {
    args: ["config", "--list", "-z", "--show-scope"],
    env: { ...base, HOME: "/nonexistent", GIT_CONFIG_PARAMETERS: parameters },
    cwd: "/",
    stdout: "piped",
    stderr: "null",
  }).output();
  if (out.code !== 0) return null;
  const parts = new TextDecoder().decode(out.stdout).split("\0");
  const entries: [string, string | null][] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    if (parts[i] !== "command") continue;
    const kv = parts[i + 1]!;
    const nl = kv.indexOf("\n");
    entries.push(nl < 0 ? [kv, null] : [kv.slice(0, nl), kv.slice(nl + 1)]);
  }
  return entries;
}

/** baton's reading, keys in git's canonical form (section and key lower-cased). */
function batonCommandScope(parameters: string): [string, string | null][] | null {
  const pairs = parseConfigParameters(parameters);
  if (pairs === null) return null;
  const out: [string, string | null][] = [];
  for (const [k, v] of pairs) {
    const key = parseConfigKey(k);
    if (key === null) return null;
    const name = key.subsection === null
      ? `${key.section}.${key.key}`
      : `${key.section}.${key.subsection}.${key.key}`;
    out.push([name, v]);
  }
  return out;
}

Deno.test("GIT_CONFIG_PARAMETERS is read entry for entry as git reads it", async () => {
  const fromGit = [
    ["core.autocrlf=true"],
    ["a.b=it's !bang", "x.y", "u.Sub.Sec=x.key=v=w", "e.f="],
    ["Remote.Up Stream.URL=https://example.invalid/r.git", "q.r=multi\nline", "s.t=  spaced  "],
    ["core.excludesFile=/tmp/a b/'c'"],
  ];
  const texts = [
    ...await Promise.all(fromGit.map(parametersFromGit)),
    // The older form, written by hand (git before 2.31 wrote it this way).
    "'core.autocrlf=true'",
    "'  a.b = c'  'x.y'",
    "'a.b=c=d'\t'e.f'",
  ];
  for (const text of texts) {
    const theirs = await gitCommandScope(text);
    assert.ok(theirs !== null && theirs.length > 0, `control: git reads ${JSON.stringify(text)}`);
    assert.deepEqual(batonCommandScope(text), theirs, JSON.stringify(text));
  }
  // Texts git calls bogus are refused by both.
  for (const bogus of ["core.autocrlf=true", "'a.b'x", "'a.b'='c'd", "'a.b", "'=x'", "''='v'"]) {
    assert.equal(await gitCommandScope(bogus), null, `control: git refuses ${bogus}`);
    assert.equal(batonCommandScope(bogus), null, bogus);
  }
});

Deno.test("GIT_CONFIG_PARAMETERS from git -c is applied to the work tree as git applies it", async () => {
  const { dir, home } = await setup();
  await Deno.writeTextFile(`${home}/env-ignore`, "*.zz\n");
  await writeFiles(dir, { "u.zz": "u\n", "w.txt": "w\n" });
  await Deno.chmod(`${dir}/a.txt`, 0o755);
  const parameters = await parametersFromGit([
    `core.excludesFile=${home}/env-ignore`,
    "core.fileMode=false",
  ]);
  const g = await agrees(dir, { HOME: home, GIT_CONFIG_PARAMETERS: parameters }, "git -c");
  assert.deepEqual(g, { code: 0, tracked: [], untracked: ["w.txt"] }, "control: git applies both");
  // GIT_CONFIG_PARAMETERS comes after GIT_CONFIG_COUNT: it wins.
  const both = {
    HOME: home,
    GIT_CONFIG_PARAMETERS: parameters,
    ...counted([["core.fileMode", "true"], ["core.excludesFile", ""]]),
  };
  assert.deepEqual((await agrees(dir, both, "both")).tracked, []);
});

Deno.test("under a GIT_CEILING_DIRECTORIES that stops git below the repository, finalize, show and load use the folder's own store, never the outer repository's", async () => {
  const dir = await Deno.realPath(await makeRepo("baton-ceiling-store-"));
  try {
    await writeFiles(dir, { "a.txt": "a\n", "sub/b.txt": "b\n" });
    await commitAll(dir, "init");
    const sub = `${dir}/sub`;
    const env = { GIT_CEILING_DIRECTORIES: dir };
    const oracle = await git(sub, ["rev-parse", "--show-toplevel"], { env, allowFail: true });
    assert.notEqual(oracle.code, 0, "git finds no repository from sub");
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: sub,
      env,
      stdin: '{"now":"under the ceiling"}',
    });
    assert.equal(fin.code, 0, fin.stderr);
    assert.equal(await exists(`${sub}/.baton/latest.md`), true, "the folder's own store");
    assert.equal(await exists(`${dir}/.baton`), false, "not the outer repository's");
    const shown = await runBaton(["show", "--json"], { cwd: sub, env });
    assert.equal(shown.code, 0, shown.stderr);
    assert.equal(JSON.parse(shown.stdout).capsule.meaning.now, "under the ceiling");
    const load = await runBaton(["load"], { cwd: sub, env });
    assert.equal(load.code, 0, load.stderr);
    assert.match(load.stdout, /under the ceiling/);
    // Control: without the ceiling, git and baton find the repository; its store is the root's.
    assert.equal((await git(sub, ["rev-parse", "--show-toplevel"])).stdout.trim(), dir);
    const outer = await runBaton(["finalize", "--draft", "-"], {
      cwd: sub,
      stdin: '{"now":"in the repository"}',
    });
    assert.equal(outer.code, 0, outer.stderr);
    assert.equal(await exists(`${dir}/.baton/latest.md`), true);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

Deno.test('$PWD through a link to the work tree: an includeIf "gitdir:" on the link applies as it does for git run from that shell', async () => {
  const { dir, home } = await setup();
  const links = (await tempDir("baton-envcfg-link-")).path;
  await Deno.symlink(dir, `${links}/work`);
  await writeFiles(home, {
    ".gitconfig": `[includeIf "gitdir:${links}/work/"]\n\tpath = inc\n`,
    "inc": "[core]\n\texcludesFile = ~/ign\n",
    "ign": "*.zz\n",
  });
  await writeFiles(dir, { "u.zz": "u\n", "w.txt": "w\n" });
  // baton's working directory is the physical one (the process's cwd always is).
  const g = await agrees(dir, { HOME: home, PWD: `${links}/work` }, "$PWD through the link");
  assert.deepEqual(g.untracked, ["w.txt"], "control: git follows the include");
  const other = await agrees(dir, { HOME: home, PWD: links }, "$PWD elsewhere");
  assert.deepEqual(other.untracked, ["u.zz", "w.txt"], "control: git passes over it");
});
