/**
 * The differential suite for the environment that picks git's config files
 * (GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM, GIT_CONFIG_NOSYSTEM, GIT_CONFIG_COUNT)
 * and the boolean variables git stops on, against `git status --porcelain=v2
 * -z -uall` (tests/_helpers/git_oracle.ts). Each config file sets
 * core.excludesFile to a list naming x.log, so whether git read it shows in
 * its untracked list; where git stops, baton must give no tree and say why.
 * @module
 */
import assert from "node:assert/strict";
import { commitAll, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, type UserEnv } from "../../_helpers/git_oracle.ts";

/** A home holding `ign` (naming x.log) and `hide.cfg`, a config file that points at it. */
async function makeHome(): Promise<{ home: string; cfg: string }> {
  const home = (await tempDir("baton-home-")).path;
  await Deno.writeTextFile(`${home}/ign`, "x.log\n");
  await Deno.writeTextFile(`${home}/hide.cfg`, `[core]\n\texcludesFile = ${home}/ign\n`);
  return { home, cfg: `${home}/hide.cfg` };
}

/** A committed repository with x.log and y.txt untracked and a subdirectory d/. */
async function repo(): Promise<string> {
  const dir = await makeRepo("baton-config-env-");
  await writeFiles(dir, { "a.txt": "alpha\n", "d/b.txt": "beta\n" });
  await commitAll(dir, "base");
  await writeFiles(dir, { "x.log": "x\n", "y.txt": "y\n" });
  return dir;
}

/** Asserts agreement under `vars` and returns git's untracked list (null where git stopped). */
async function agree(
  env: UserEnv,
  cwd: string,
  vars: Record<string, string>,
  label: string,
): Promise<string[] | null> {
  const a = await assertAgreesWithGit({ ...env, vars }, cwd, { label });
  return a.git.stopped === true ? null : a.git.untracked;
}

Deno.test("GIT_CONFIG_GLOBAL set empty names no file: git reads no global config (nor the XDG one), and neither does baton", async () => {
  const dir = await repo();
  const { home, cfg } = await makeHome();
  await Deno.copyFile(cfg, `${home}/.gitconfig`);
  const env: UserEnv = { home, xdg: null };
  // Fails on the old reader: an empty variable was taken as unset, so ~/.gitconfig hid x.log.
  assert.deepEqual(await agree(env, dir, { GIT_CONFIG_GLOBAL: "" }, "empty"), ["x.log", "y.txt"]);
  // Control: unset, git reads ~/.gitconfig.
  assert.deepEqual(await agree(env, dir, {}, "unset"), ["y.txt"]);
  await Deno.remove(`${home}/.gitconfig`);
  await Deno.mkdir(`${home}/.config/git`, { recursive: true });
  await Deno.copyFile(cfg, `${home}/.config/git/config`);
  assert.deepEqual(await agree(env, dir, { GIT_CONFIG_GLOBAL: "" }, "empty, XDG"), [
    "x.log",
    "y.txt",
  ]);
  assert.deepEqual(await agree(env, dir, {}, "unset, XDG"), ["y.txt"]);
});

Deno.test("a relative GIT_CONFIG_GLOBAL or GIT_CONFIG_SYSTEM is opened from the work tree's top, where git has moved, whichever directory it runs in", async () => {
  const dir = await repo();
  const { home, cfg } = await makeHome();
  const env: UserEnv = { home, xdg: null };
  await Deno.copyFile(cfg, `${dir}/top.cfg`);
  await Deno.copyFile(cfg, `${dir}/d/sub.cfg`);
  // top.cfg and sub.cfg are untracked too; git's list is relative to the top.
  const hidden = ["d/sub.cfg", "top.cfg", "y.txt"];
  const shown = ["d/sub.cfg", "top.cfg", "x.log", "y.txt"];
  // Fails on the old reader, which opened the name from its own directory.
  for (const name of ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"]) {
    const vars = name === "GIT_CONFIG_SYSTEM" ? { GIT_CONFIG_NOSYSTEM: "0" } : {};
    assert.deepEqual(
      await agree(env, `${dir}/d`, { ...vars, [name]: "top.cfg" }, `${name} from d/`),
      hidden,
    );
    // A name beside the subdirectory git runs in is not the one git opens.
    assert.deepEqual(
      await agree(env, `${dir}/d`, { ...vars, [name]: "sub.cfg" }, `${name} sub.cfg`),
      shown,
    );
    // Control: from the top both read top.cfg.
    assert.deepEqual(await agree(env, dir, { ...vars, [name]: "top.cfg" }, `${name} top`), hidden);
  }
});

Deno.test("a relative XDG_CONFIG_HOME is opened from the work tree's top, where git has moved: its git/ignore and git/config there, not beside the subdirectory git runs in", async () => {
  const dir = await repo();
  const { home } = await makeHome();
  await Deno.writeTextFile(`${home}/ign`, "y.txt\n");
  await writeFiles(dir, { "x/git/ignore": "x.log\n", "d/x/git/ignore": "y.txt\n" });
  const env: UserEnv = { home, xdg: "x" };
  // Fails on the old reader, which opened x/git/ignore from its own directory.
  const top = ["d/x/git/ignore", "x/git/ignore", "y.txt"];
  assert.deepEqual(await agree(env, `${dir}/d`, {}, "ignore from d/"), top);
  assert.deepEqual(await agree(env, dir, {}, "control: ignore from the top"), top);
  await writeFiles(dir, { "x/git/config": `[core]\n\texcludesFile = ${home}/ign\n` });
  const configured = ["d/x/git/ignore", "x.log", "x/git/config", "x/git/ignore"];
  assert.deepEqual(await agree(env, `${dir}/d`, {}, "config from d/"), configured);
  assert.deepEqual(await agree(env, dir, {}, "control: config from the top"), configured);
});

Deno.test("GIT_CONFIG_NOSYSTEM, GIT_ATTR_NOSYSTEM and GIT_DISCOVERY_ACROSS_FILESYSTEM are read as git reads a boolean: a number 0 is false, and a value that is no boolean stops git", async () => {
  const dir = await repo();
  await writeFiles(dir, { "a.txt": "changed\n" });
  const { home, cfg } = await makeHome();
  const env: UserEnv = { home, xdg: null };
  // The harness gives git GIT_CONFIG_NOSYSTEM=1 unless a test sets it.
  const system = { GIT_CONFIG_SYSTEM: cfg, GIT_CONFIG_NOSYSTEM: "0" };
  // Fails on the old reader, which took any value but 0, false, no or off as true.
  for (const off of ["00", "0k", "0x0", " 0"]) {
    assert.deepEqual(
      await agree(env, dir, { ...system, GIT_CONFIG_NOSYSTEM: off }, `NOSYSTEM=${off}`),
      ["y.txt"],
      `NOSYSTEM=${off}: the system file is read`,
    );
  }
  for (
    const name of ["GIT_CONFIG_NOSYSTEM", "GIT_ATTR_NOSYSTEM", "GIT_DISCOVERY_ACROSS_FILESYSTEM"]
  ) {
    assert.equal(await agree(env, dir, { ...system, [name]: "junk" }, `${name}=junk`), null);
  }
  // Controls: true values skip the system file, false ones read it.
  for (const on of ["1", "yes", "2k"]) {
    assert.deepEqual(
      await agree(env, dir, { ...system, GIT_CONFIG_NOSYSTEM: on }, `NOSYSTEM=${on}`),
      ["x.log", "y.txt"],
    );
  }
  assert.deepEqual(
    await agree(env, dir, { ...system, GIT_ATTR_NOSYSTEM: "off" }, "ATTR=off"),
    ["y.txt"],
  );
});

Deno.test("a system or global config file that is a directory stops git ('unknown error occurred while reading the configuration files'): baton gives no tree; a missing one is passed over by both", async () => {
  const dir = await repo();
  const { home, cfg } = await makeHome();
  const env: UserEnv = { home, xdg: null };
  const folder = (await tempDir("baton-config-dir-")).path;
  // Fails on the old reader, which left such a file out and compared the tree.
  assert.equal(await agree(env, dir, { GIT_CONFIG_GLOBAL: folder }, "GLOBAL dir"), null);
  assert.equal(
    await agree(env, dir, { GIT_CONFIG_SYSTEM: folder, GIT_CONFIG_NOSYSTEM: "0" }, "SYSTEM dir"),
    null,
  );
  await Deno.mkdir(`${home}/.gitconfig`);
  assert.equal(await agree(env, dir, {}, "~/.gitconfig dir"), null);
  await Deno.remove(`${home}/.gitconfig`);
  await Deno.mkdir(`${home}/.config/git/config`, { recursive: true });
  assert.equal(await agree(env, dir, {}, "XDG config dir"), null);
  await Deno.remove(`${home}/.config/git/config`);
  // Controls: a system file skipped by NOSYSTEM is not read at all; a missing file is none.
  assert.deepEqual(
    await agree(env, dir, { GIT_CONFIG_SYSTEM: folder, GIT_CONFIG_NOSYSTEM: "1" }, "skipped"),
    ["x.log", "y.txt"],
  );
  assert.deepEqual(
    await agree(env, dir, { GIT_CONFIG_GLOBAL: `${folder}/none` }, "missing"),
    ["x.log", "y.txt"],
  );
  assert.deepEqual(await agree(env, dir, { GIT_CONFIG_GLOBAL: cfg }, "a file"), ["y.txt"]);
});

Deno.test("GIT_CONFIG_COUNT is read as git's strtoul reads it: leading blanks and a sign are a count; a negative one or junk stops git", async () => {
  const dir = await repo();
  const { home } = await makeHome();
  const env: UserEnv = { home, xdg: null };
  const entry = { GIT_CONFIG_KEY_0: "core.excludesFile", GIT_CONFIG_VALUE_0: `${home}/ign` };
  // Fails on the old reader, which gave no tree for these.
  for (const count of [" 1", "+1", "\t+01"]) {
    assert.deepEqual(
      await agree(
        env,
        dir,
        { ...entry, GIT_CONFIG_COUNT: count },
        `COUNT=${JSON.stringify(count)}`,
      ),
      ["y.txt"],
    );
  }
  // Controls: git stops on these, and an empty count or -0 is none.
  for (const count of ["-1", "1x", " ", "+"]) {
    assert.equal(
      await agree(env, dir, { ...entry, GIT_CONFIG_COUNT: count }, `COUNT=${count}`),
      null,
    );
  }
  for (const count of ["-0", "0"]) {
    assert.deepEqual(
      await agree(env, dir, { ...entry, GIT_CONFIG_COUNT: count }, `COUNT=${count}`),
      [
        "x.log",
        "y.txt",
      ],
    );
  }
});
