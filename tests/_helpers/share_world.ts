/**
 * The world the sharing tests run in: a real bare remote and two clones of
 * it (A writes and pushes capsules, B pulls), each clone with its own baton
 * home, and the git identity every commit in it uses. Removed by
 * {@linkcode withShareWorld} whatever the test does.
 * @module
 */
import assert from "node:assert/strict";
import { type CliRun, runBaton } from "./cli.ts";
import { git, GIT_ENV } from "./git.ts";

/** One clone and the baton home its commands run with. */
export interface Machine {
  dir: string;
  home: string;
}

/** The temp root, the bare remote and the two clones. */
export interface ShareWorld {
  root: string;
  remote: string;
  a: Machine;
  b: Machine;
}

/** The environment of every git and baton process in a share world. */
export const SHARE_ENV = GIT_ENV;

/** A bare remote whose main has one commit, clone A of it and clone B. */
export async function makeShareWorld(prefix: string): Promise<ShareWorld> {
  const root = (await Deno.realPath(await Deno.makeTempDir({ prefix })))
    .replaceAll("\\", "/");
  const remote = `${root}/remote.git`;
  await git(root, ["init", "-q", "--bare", "-b", "main", remote]);
  await git(root, ["clone", "-q", remote, `${root}/a`]);
  await git(`${root}/a`, ["checkout", "-q", "-b", "main"]);
  await Deno.writeTextFile(`${root}/a/README.md`, "hello\n");
  await git(`${root}/a`, ["add", "README.md"]);
  await git(`${root}/a`, ["commit", "-q", "-m", "init"]);
  await git(`${root}/a`, ["push", "-q", "origin", "main"]);
  await git(root, ["clone", "-q", remote, `${root}/b`]);
  return {
    root,
    remote,
    a: { dir: `${root}/a`, home: `${root}/home-a` },
    b: { dir: `${root}/b`, home: `${root}/home-b` },
  };
}

/** Runs `body` in a fresh share world and removes it afterwards. */
export async function withShareWorld(
  prefix: string,
  body: (w: ShareWorld) => Promise<void>,
): Promise<void> {
  const w = await makeShareWorld(prefix);
  try {
    await body(w);
  } finally {
    await Deno.remove(w.root, { recursive: true });
  }
}

/** Runs the baton CLI in machine `m`'s clone with its own baton home. */
export async function batonOn(m: Machine, args: string[], stdin = ""): Promise<CliRun> {
  return await runBaton(args, { cwd: m.dir, env: { ...SHARE_ENV, BATON_HOME: m.home }, stdin });
}

/** Finalizes a capsule whose meaning's `now` is `now` in `m`: its id and archive file name. */
export async function finalizeOn(m: Machine, now: string): Promise<{ id: string; name: string }> {
  const r = await batonOn(m, ["finalize", "--draft", "-", "--json"], JSON.stringify({ now }));
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  return { id: out.id, name: out.archive.slice(out.archive.lastIndexOf("/") + 1) };
}

/** The previous link of `m`'s latest.md, and what its meaning's `now` says (`baton show --json`). */
export async function currentOn(m: Machine): Promise<{ previous: string | null; now: string }> {
  const r = await batonOn(m, ["show", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const c = JSON.parse(r.stdout).capsule;
  return { previous: c.previous, now: c.meaning.now };
}

/** Makes machine `to` trust machine `from`'s signing key under `name`. */
export async function trustOn(from: Machine, to: Machine, name: string): Promise<void> {
  const key = (await batonOn(from, ["trust", "show-key"])).stdout.trim();
  assert.equal((await batonOn(to, ["trust", "add", key, "--name", name])).code, 0);
}
