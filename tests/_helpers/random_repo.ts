/**
 * Test helper for the differential hunt: builds a random git repository from
 * a seed, mixing the shapes baton must agree with git on (nested directories,
 * renames, deletes, mode and type changes, symlinks, .gitignore at several
 * levels with negations, text/eol/-text/binary attributes, core.autocrlf,
 * submodules clean/dirty/moved, sparse cone with and without a sparse index,
 * the untracked cache, index versions, staged-then-edited files,
 * intent-to-add, a real conflicting merge, names that are not UTF-8 or hold
 * spaces, newlines, backslashes and quotes). Every step runs git or writes
 * real files; the same seed gives the same steps (the work tree's mtimes
 * differ run to run, which is part of what is tested: git's racy rules).
 *
 * A second stream per seed ({@linkcode moreShapes}, drawn apart so the
 * steps above stay what they were for every seed) adds what that left out:
 * core.trustctime, core.checkStat, core.ignoreCase and
 * status.showUntrackedFiles; `git status` writing the untracked cache and
 * refreshing the index; names differing only in case; gitlinks without a
 * checkout; files turned into directories and back; attributes changed
 * after staging (legacy crlf, text=input, ident and encodings among them);
 * empty files; submodule ignore settings and a removed .gitmodules;
 * core.symlinks false; a file added to a directory whose mtime is put back;
 * and a clock phase that sets every file's mtime
 * and the index's own with `Deno.utime` to seconds of its choosing (entries
 * in the index's second, a second before or after it), rewrites files with
 * the same size and mtime (only a hash tells), and moves mtimes within
 * their second, so git's whole-second racy rule is hit by the seed rather
 * than by the wall clock; some seeds also give baton a small hash cap.
 * A fourth stream (random_conversions.ts) adds filter drivers, `ident`,
 * encodings, macro and info attributes, and config includes; a fifth
 * (random_layouts.ts) non-cone sparse checkouts, core.safecrlf,
 * core.splitIndex and attributes that convert nothing. A sixth, of clones
 * (partial, shallow, sparse, shared, separate git directory, with git's
 * environment variables), has a builder and a test of its own:
 * random_clones.ts and git_random_clones_test.ts. A seventh
 * (random_combos.ts) combines shapes inside the submodule (its own sparse
 * checkout, ignoreCase, config.worktree, includeIf, a nested submodule, a
 * repository git stops on) and in the superproject (core.fsmonitor naming a
 * hook, config.worktree, ignoreCase beside a sparse cone, autocrlf beside
 * an untracked cache).
 * @module
 */
import { git, writeFiles } from "./git.ts";
import { tempDir } from "./temp.ts";
import { conversionShapes } from "./random_conversions.ts";
import { layoutShapes } from "./random_layouts.ts";
import { comboShapes } from "./random_combos.ts";

import { prng } from "./prng.ts";
export { prng };

/** What was built, for the failure message (the seed reproduces it). */
export interface RandomRepo {
  dir: string;
  /** One line per step taken. */
  steps: string[];
  /** The files the base commit was built from. */
  files: string[];
  /** The hash cap baton's facts are collected with (a small one makes files over it). */
  maxHashBytes?: number;
}

const DIRS = ["", "src", "src/deep", "docs", "build", "a b", "lib/x"];
const NAMES = [
  "plain.txt",
  "notes.md",
  "data.bin",
  "raw.raw",
  "win.crlf",
  "unix.lf",
  "x.log",
  "keep.log",
  "a.tmp",
  "with space.txt",
  "q'uote.txt",
  'd"quote.txt',
  "back\\slash.txt",
  "new\nline.txt",
  "tab\tname.txt",
  "é-accent.txt",
  "-dash.txt",
  "#hash.txt",
  "script.sh",
];
const CONTENTS = [
  "one\ntwo\nthree\n",
  "crlf one\r\ncrlf two\r\n",
  "mixed\r\nlines\n",
  "no newline at end",
  "\0binary\x01\x02\r\n",
  "lone\rcarriage\n",
  "",
];
const IGNORES = [
  "*.log\n!keep.log\n",
  "build/\n",
  "*.tmp\n",
  "/plain.txt\n",
  "deep\n",
  "!*.tmp\n",
  "**/x/\n",
];
const ATTRIBUTES = [
  "*.txt text\n",
  "*.crlf text eol=crlf\n",
  "*.lf eol=lf\n",
  "*.bin binary\n",
  "*.raw -text\n",
  "* text=auto\n",
  "*.md text=auto eol=crlf\n",
];

/**
 * Builds the repository for `seed` in a temp directory (removed with the
 * test file's others).
 */
export async function randomRepo(seed: number): Promise<RandomRepo> {
  const r = prng(seed);
  const steps: string[] = [];
  const dir = (await tempDir("baton-random-")).path;
  const { run, write, pick, chance } = stepsContext(dir, r, steps);
  await run(["init", "-q", "-b", "main"]);
  await run(["config", "gc.auto", "0"]);
  await run(["config", "protocol.file.allow", "always"]);
  await run(["config", "core.autocrlf", pick(["false", "true", "input"])]);
  if (chance(0.3)) await run(["config", "core.untrackedCache", "true"]);
  if (chance(0.2)) await run(["config", "status.renames", "false"]);
  const files: string[] = [];
  // Base tree.
  const count = 6 + Math.floor(r() * 14);
  for (let i = 0; i < count; i++) {
    const d = pick(DIRS);
    const path = `${d === "" ? "" : `${d}/`}${pick(NAMES)}`;
    if (files.includes(path)) continue;
    await write(path, pick(CONTENTS));
    files.push(path);
  }
  for (const d of DIRS) {
    if (chance(0.35)) await write(`${d === "" ? "" : `${d}/`}.gitignore`, pick(IGNORES));
    if (chance(0.25)) await write(`${d === "" ? "" : `${d}/`}.gitattributes`, pick(ATTRIBUTES));
  }
  if (chance(0.4)) {
    await Deno.symlink("plain.txt", `${dir}/link-to-plain`);
    steps.push("symlink link-to-plain");
  }
  if (chance(0.3)) await byteName(dir, "src", steps);
  await run(["add", "-A", "-f"]);
  if (chance(0.3)) await run(["update-index", "--chmod=+x", "--", pick(files)]);
  await run(["commit", "-q", "-m", "base"]);

  if (chance(0.3)) await addSubmodule(dir, run, steps, Math.floor(r() * 4));
  let conflicted = false;
  if (chance(0.25) && files.length > 0) {
    const f = pick(files);
    await run(["switch", "-q", "-c", "other"]);
    await write(f, "theirs\n");
    await run(["commit", "-q", "-am", "theirs"]);
    await run(["switch", "-q", "main"]);
    await write(f, "ours\n");
    await run(["commit", "-q", "-am", "ours"]);
    conflicted = (await run(["merge", "-q", "other"])).code !== 0;
  }
  if (!conflicted && chance(0.25)) {
    await run(["sparse-checkout", "init", "--cone", ...(chance(0.5) ? ["--sparse-index"] : [])]);
    await run(["sparse-checkout", "set", pick(["src", "docs", "lib"])]);
    if (chance(0.5)) await write(pick(files), "written back outside the cone\n");
  }
  if (!conflicted && chance(0.2)) await run(["update-index", "--index-version", "4"]);
  if (!conflicted && chance(0.15)) await run(["update-index", "--split-index"]);

  await randomChanges({ dir, steps, run, write, pick, chance, r }, files);
  const more = moreContext(dir, seed, 0, steps);
  const maxHashBytes = more.chance(0.25) ? more.pick([4, 12, 16]) : undefined;
  await moreShapes(more, files, 0, seed);
  return { dir, steps, files, ...(maxHashBytes === undefined ? {} : { maxHashBytes }) };
}

/** What one round of random changes works with. */
interface Ctx {
  dir: string;
  steps: string[];
  run: (args: string[]) => Promise<{ code: number }>;
  write: (path: string, content: string) => Promise<void>;
  pick: <T>(xs: readonly T[]) => T;
  chance: (p: number) => boolean;
  r: () => number;
}

/** The step helpers of one build, all drawing from `r` and logging to `steps`. */
function stepsContext(
  dir: string,
  r: () => number,
  steps: string[],
): Omit<Ctx, "dir" | "steps" | "r"> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const chance = (p: number) => r() < p;
  const run = async (args: string[]) => {
    const out = await git(dir, args, { allowFail: true });
    steps.push(`git ${args.map((a) => JSON.stringify(a)).join(" ")} -> ${out.code}`);
    return out;
  };
  const write = async (path: string, content: string) => {
    // A path an earlier step made a directory (or a symlink's parent) is skipped.
    const ok = await writeFiles(dir, { [path]: content }).then(() => true, () => false);
    steps.push(`write ${JSON.stringify(path)} ${JSON.stringify(content.slice(0, 12))} ${ok}`);
  };
  return { run, write, pick, chance };
}

/**
 * Another round of random changes to a repository {@linkcode randomRepo}
 * built (the "now" after a capsule's "then"), from its own seed.
 */
export async function changeAgain(repo: RandomRepo, seed: number): Promise<void> {
  const r = prng(seed + 1_000_003);
  const ctx = stepsContext(repo.dir, r, repo.steps);
  repo.steps.push("-- changed again --");
  await randomChanges({ dir: repo.dir, steps: repo.steps, r, ...ctx }, repo.files);
  await moreShapes(moreContext(repo.dir, seed, 1, repo.steps), repo.files, 1, seed);
}

/** The changes after the commit. */
async function randomChanges(ctx: Ctx, files: string[]): Promise<void> {
  const { dir, steps, run, write, pick, chance, r } = ctx;
  const changes = 2 + Math.floor(r() * 8);
  for (let i = 0; i < changes && files.length > 0; i++) {
    const f = pick(files);
    const kind = Math.floor(r() * 21);
    if (kind === 0) await write(f, pick(CONTENTS));
    else if (kind === 1) {
      await Deno.remove(`${dir}/${f}`).catch(() => {});
      steps.push(`rm ${JSON.stringify(f)}`);
    } else if (kind === 2) await run(["mv", "-k", f, `${f}.moved`]);
    else if (kind === 3) {
      await Deno.rename(`${dir}/${f}`, `${dir}/${f}.renamed`).catch(() => {});
      steps.push(`mv ${JSON.stringify(f)}`);
    } else if (kind === 4) {
      await Deno.chmod(`${dir}/${f}`, 0o755).catch(() => {});
      steps.push(`chmod +x ${JSON.stringify(f)}`);
    } else if (kind === 5) {
      const text = await Deno.readTextFile(`${dir}/${f}`).catch(() => null);
      if (text !== null && !text.includes("\0")) {
        await Deno.remove(`${dir}/${f}`);
        await Deno.symlink(text.length > 0 && text.length < 200 ? text : "target", `${dir}/${f}`);
        steps.push(`symlink in place of ${JSON.stringify(f)}`);
      }
    } else if (kind === 6) {
      await write(f, "staged\n");
      await run(["add", "-f", "--", f]);
      if (chance(0.5)) await write(f, "staged then edited\n");
    } else if (kind === 7) {
      const n = `${pick(DIRS) || "top"}/ita-${i}.txt`;
      await write(n, "intent\n");
      await run(["add", "-N", "--", n]);
    } else if (kind === 8) {
      // Same text, other line endings: conversions decide whether it changed.
      const text = await Deno.readTextFile(`${dir}/${f}`).catch(() => null);
      if (text !== null) {
        const flipped = text.includes("\r\n")
          ? text.replaceAll("\r\n", "\n")
          : text.replaceAll("\n", "\r\n");
        await write(f, flipped);
      }
    } else if (kind === 9) {
      const t = new Date(Date.now() + 7_000);
      await Deno.utime(`${dir}/${f}`, t, t).catch(() => {});
      steps.push(`touch ${JSON.stringify(f)}`);
    } else if (kind === 10) {
      await write(`${pick(DIRS) || "."}/${pick(NAMES)}.new`, pick(CONTENTS));
    } else if (kind === 11) {
      // Racy: staged, then rewritten at once with other bytes of the same size.
      const text = await Deno.readTextFile(`${dir}/${f}`).catch(() => null);
      if (text !== null && text.length > 0) {
        await run(["add", "-f", "--", f]);
        await write(
          f,
          text.split("").reverse().join("") === text ? `${text}x` : [...text].reverse().join(""),
        );
      }
    } else if (kind === 12) {
      // A tracked file replaced by a directory holding files.
      await Deno.remove(`${dir}/${f}`).catch(() => {});
      await write(`${f}/inner.txt`, "now a directory\n");
    } else if (kind === 13) await run(["rm", "-q", "--cached", "--", f]);
    else if (kind === 14) await run(["update-index", "--assume-unchanged", "--", f]);
    else if (kind === 15) await run(["update-index", "--skip-worktree", "--", f]);
    else if (kind === 16) {
      // Attributes changed after the commit: conversions of checked-in files move.
      await write(`${pick(DIRS) || "."}/.gitattributes`, pick(ATTRIBUTES));
    } else if (kind === 17) {
      await run(["config", "core.autocrlf", pick(["false", "true", "input"])]);
    } else if (kind === 18) await run(["config", "core.fileMode", pick(["false", "true"])]);
    else if (kind === 19) {
      // An ignore rule added after the commit: tracked files stay tracked.
      await write(`${pick(DIRS) || "."}/.gitignore`, pick(IGNORES));
    } else {
      // A path an earlier step made a file or a dangling symlink is skipped.
      await Deno.mkdir(`${dir}/${pick(DIRS) || "."}/empty-dir-${i}`, { recursive: true })
        .catch(() => {});
      steps.push("empty directory");
    }
  }
  if (chance(0.3)) {
    await write(`${pick(DIRS) || "."}/${pick(["x.log", "keep.log", "a.tmp"])}`, "u\n");
  }
  if (chance(0.2)) await byteName(dir, "docs", steps);
}

/** An untracked file whose name is not UTF-8 (byte 0xff), made by the shell. */
async function byteName(dir: string, sub: string, steps: string[]): Promise<void> {
  await new Deno.Command("sh", {
    args: ["-c", `mkdir -p "${sub}" && printf 'x\\n' > "${sub}/$(printf 'n\\377.txt')"`],
    cwd: dir,
  }).output();
  steps.push(`non-UTF-8 name in ${sub}`);
}

async function addSubmodule(
  dir: string,
  run: (args: string[]) => Promise<{ code: number }>,
  steps: string[],
  mode: number,
): Promise<void> {
  const inner = (await tempDir("baton-random-sub-")).path;
  await git(inner, ["init", "-q", "-b", "main"]);
  await writeFiles(inner, { "in.txt": "inside\n" });
  await git(inner, ["add", "-A"]);
  await git(inner, ["commit", "-q", "-m", "inner"]);
  await run(["-c", "protocol.file.allow=always", "submodule", "add", "-q", inner, "sub"]);
  await run(["commit", "-q", "-m", "submodule"]);
  if (mode === 1) await writeFiles(dir, { "sub/in.txt": "edited inside\n" });
  if (mode === 2) await writeFiles(dir, { "sub/untracked.txt": "u\n" });
  if (mode === 3) {
    await writeFiles(dir, { "sub/in.txt": "moved\n" });
    await git(`${dir}/sub`, ["commit", "-q", "-am", "moved"]);
  }
  steps.push(`submodule mode ${mode}`);
}

/** Attributes the first stream never writes: legacy crlf, text=input, ident, encodings. */
const MORE_ATTRIBUTES = [
  ...ATTRIBUTES,
  "*.txt text=input\n",
  "*.txt crlf=input\n",
  "*.txt -crlf\n",
  "* -text\n",
  "*.txt text eol=lf\n*.md -text\n",
  "*.txt ident\n",
  "*.md text\n*.md -text\n",
  "*.txt text=auto\n!*.txt\n",
  "*.txt working-tree-encoding=UTF-16\n",
];

/** Contents the first stream never writes: ident keywords, CRs of every kind, a BOM. */
const MORE_CONTENTS = [
  ...CONTENTS,
  "$Id: 0123456789 $\nline\n",
  "$Id$\r\n",
  "\r\n",
  "\r",
  "only\r\nlines\r\n\x1a",
  "\ufeffbom\r\n",
];

/** The step helpers of {@linkcode moreShapes}: a stream of their own per seed and round. */
function moreContext(dir: string, seed: number, round: number, steps: string[]): Ctx {
  const r = prng((Math.imul(seed, 0x9e3779b1) ^ (0x5eed + round)) >>> 0);
  return { dir, steps, r, ...stepsContext(dir, r, steps) };
}

/** The tracked paths git lists (those whose names read back as UTF-8). */
async function trackedPaths(dir: string): Promise<string[]> {
  const out = await git(dir, ["ls-files", "-z"], { allowFail: true });
  return out.stdout.split("\0").filter((p) => p !== "" && !p.includes("\uFFFD"));
}

/** The shapes the first stream leaves out, then (often) the clock phase. */
async function moreShapes(ctx: Ctx, files: string[], round: number, seed: number): Promise<void> {
  const { dir, steps, run, write, pick, chance, r } = ctx;
  steps.push(`-- more shapes, round ${round} --`);
  if (chance(0.25)) await run(["config", "core.trustctime", "false"]);
  if (chance(0.2)) await run(["config", "core.checkStat", pick(["minimal", "default"])]);
  if (chance(0.2)) await run(["config", "core.ignoreCase", pick(["true", "false"])]);
  if (chance(0.15)) {
    await run(["config", "status.showUntrackedFiles", pick(["no", "normal", "all"])]);
  }
  if (chance(0.2)) await run(["config", "core.untrackedCache", pick(["true", "false"])]);
  const changes = Math.floor(r() * 5);
  for (let i = 0; i < changes && files.length > 0; i++) {
    const f = pick(files);
    const abs = `${dir}/${f}`;
    const kind = Math.floor(r() * 11);
    if (kind === 0) {
      // git status refreshes the index and writes the untracked cache (when enabled).
      await run(["status", "--porcelain", pick(["-uall", "-unormal", "-uno"])]);
    } else if (kind === 1) {
      await run(["update-index", pick(["--untracked-cache", "--no-untracked-cache"])]);
    } else if (kind === 2) {
      // A name that differs from a tracked one only in case.
      const slash = f.lastIndexOf("/");
      const upper = chance(0.5)
        ? `${f.slice(0, slash + 1)}${f.slice(slash + 1).toUpperCase()}`
        : f.toUpperCase();
      if (upper !== f) await write(upper, "case\n");
    } else if (kind === 3) {
      // A gitlink with no checkout: nothing there, an empty directory, a plain directory or a file.
      const head = (await git(dir, ["rev-parse", "HEAD"], { allowFail: true })).stdout.trim();
      const gl = `${pick(DIRS) || "top"}/gl-${round}-${i}`;
      await run(["update-index", "--add", "--cacheinfo", `160000,${head},${gl}`]);
      const there = Math.floor(r() * 4);
      if (there === 1) await Deno.mkdir(`${dir}/${gl}`, { recursive: true }).catch(() => {});
      if (there === 2) await write(`${gl}/inside.txt`, "not a repository\n");
      if (there === 3) await write(gl, "a file\n");
      steps.push(`gitlink ${JSON.stringify(gl)} without checkout (${there})`);
    } else if (kind === 4) {
      // A file turned into a directory, or such a directory turned back into a file.
      const st = await Deno.lstat(abs).catch(() => null);
      await Deno.remove(abs, { recursive: true }).catch(() => {});
      if (st?.isDirectory === true) await write(f, pick(CONTENTS));
      else await write(`${f}/inner.txt`, "now a directory\n");
      if (chance(0.3)) await run(["add", "-A", "-f", "--", f]);
    } else if (kind === 5) {
      // Staged, then the attributes that decide its conversion change.
      await write(f, pick(MORE_CONTENTS));
      await run(["add", "-f", "--", f]);
      const slash = f.lastIndexOf("/");
      await write(
        `${slash < 0 ? "" : f.slice(0, slash + 1)}.gitattributes`,
        pick(MORE_ATTRIBUTES),
      );
    } else if (kind === 6) {
      await write(f, "");
      if (chance(0.5)) await run(["add", "-f", "--", f]);
      if (chance(0.3)) await write(f, pick(MORE_CONTENTS));
    } else if (kind === 7) {
      // Flags that tell git not to look, then a change it is told to ignore.
      await run(["update-index", pick(["--assume-unchanged", "--skip-worktree"]), "--", f]);
      if (chance(0.5)) await write(f, "hidden change\n");
      else {
        await Deno.remove(abs, { recursive: true }).catch(() => {});
        steps.push(`rm ${JSON.stringify(f)}`);
      }
    } else if (kind === 8) await run(["add", "-A", "-f"]);
    else if (kind === 9) {
      await Deno.chmod(abs, pick([0o644, 0o755])).catch(() => {});
      steps.push(`chmod ${JSON.stringify(f)}`);
    } else {
      // A tracked directory replaced by a symlink to another one.
      const d = pick(DIRS.filter((x) => x !== ""));
      await Deno.remove(`${dir}/${d}`, { recursive: true }).catch(() => {});
      await Deno.symlink(pick(["docs", "src", "lib"]), `${dir}/${d}`).catch(() => {});
      steps.push(`symlink in place of directory ${JSON.stringify(d)}`);
    }
  }
  if (chance(0.7)) await clockPhase(ctx, seed, round);
  await lastShapes(dir, seed, round, steps);
  await conversionShapes(dir, seed, round, steps);
  await layoutShapes(dir, seed, round, steps);
  await comboShapes(dir, seed, round, steps);
}

/**
 * Shapes added after the clock phase, from a third stream (so the second
 * stream's steps stay as they were): submodule ignore settings in
 * .gitmodules or the config, a .gitmodules removed, core.symlinks false.
 */
async function lastShapes(dir: string, seed: number, round: number, steps: string[]) {
  const r = prng((Math.imul(seed, 0x85ebca6b) ^ (0x1a57 + round)) >>> 0);
  const { run, pick, chance } = stepsContext(dir, r, steps);
  if (!chance(0.35)) return;
  steps.push(`-- last shapes, round ${round} --`);
  const hasSub = (await Deno.lstat(`${dir}/sub`).catch(() => null)) !== null;
  if (hasSub && chance(0.6)) {
    const value = pick(["all", "dirty", "untracked", "none"]);
    if (chance(0.5)) {
      await run(["config", "-f", ".gitmodules", "submodule.sub.ignore", value]);
      if (chance(0.5)) await run(["add", "-f", "--", ".gitmodules"]);
    } else await run(["config", "submodule.sub.ignore", value]);
    if (chance(0.3)) {
      await Deno.remove(`${dir}/.gitmodules`).catch(() => {});
      steps.push("rm .gitmodules");
    }
  }
  if (chance(0.2)) await run(["config", "core.symlinks", "false"]);
  if (chance(0.4)) {
    // A file added to a directory whose mtime is then put back (git's
    // untracked cache trusts a directory by its stat data).
    const d = `${dir}/${pick(DIRS) || "."}`;
    const st = await Deno.lstat(d).catch(() => null);
    if (st?.isDirectory === true && st.mtime !== null) {
      await Deno.writeTextFile(`${d}/added-${round}.txt`, "added\n").catch(() => {});
      await Deno.utime(d, st.mtime, st.mtime).catch(() => {});
      steps.push(`file added to ${JSON.stringify(d.slice(dir.length + 1))}, its mtime put back`);
    }
  }
}

/** Whole seconds the clock phase works in: fixed, in the past, apart per seed and round. */
function baseSecond(seed: number, round: number): number {
  return 1_600_000_000 + (seed % 10_000) * 100 + round * 10;
}

/**
 * Sets mtimes explicitly: every tracked file to a second B (or B - 1), at
 * sub-second points; then maybe refreshes the index (git records those
 * mtimes for files it finds unchanged); then rewrites some files with
 * other bytes of the same size and puts their mtime back (only a hash
 * tells), moves others within their second, and changes conversions; last,
 * the index file's own mtime goes to B's second, a second before or after,
 * or stays. Deterministic from the seed: the racy rule sees the same seconds
 * on every run (ctime is the wall clock's, which seeds with core.trustctime
 * false or core.checkStat minimal take out).
 */
async function clockPhase(ctx: Ctx, seed: number, round: number): Promise<void> {
  const { dir, steps, run, write, pick, chance } = ctx;
  const b = baseSecond(seed, round);
  const tracked = await trackedPaths(dir);
  const regular: string[] = [];
  for (const p of tracked) {
    const st = await Deno.lstat(`${dir}/${p}`).catch(() => null);
    if (st === null || !st.isFile) continue;
    regular.push(p);
    const t = (chance(0.2) ? b - 1 : b) + pick([0, 0.1, 0.5, 0.9]);
    await Deno.utime(`${dir}/${p}`, t, t);
  }
  steps.push(`clock: ${regular.length} file(s) set to second ${b} or ${b - 1}`);
  const refresh = Math.floor(ctx.r() * 3);
  if (refresh === 1) await run(["update-index", "-q", "--refresh"]);
  if (refresh === 2) await run(["status", "--porcelain", "-uall"]);
  for (let k = Math.floor(ctx.r() * 4); k > 0 && regular.length > 0; k--) {
    const p = pick(regular);
    const abs = `${dir}/${p}`;
    const st = await Deno.lstat(abs).catch(() => null);
    const bytes = await Deno.readFile(abs).catch(() => null);
    if (st === null || bytes === null || st.mtime === null) continue;
    const how = Math.floor(ctx.r() * 3);
    if (how === 0 && bytes.length > 0) {
      // Other bytes, same size, same mtime: only a hash tells.
      await Deno.writeFile(abs, bytes.map((x) => x === 0x7a ? 0x79 : x + 1));
      await Deno.utime(abs, st.mtime, st.mtime);
      steps.push(`clock: same size and mtime, other bytes ${JSON.stringify(p)}`);
    } else if (how === 1) {
      // The mtime moved within its second (or to the next), the content kept.
      const s = Math.floor(st.mtime.getTime() / 1000);
      const t = s + pick([0.05, 0.3, 0.7, 1.2]);
      if (chance(0.5) && bytes.length > 0) {
        await Deno.writeFile(abs, bytes.map((x) => x === 0x7a ? 0x79 : x + 1));
      }
      await Deno.utime(abs, t, t);
      steps.push(`clock: mtime of ${JSON.stringify(p)} moved to ${t}`);
    } else {
      // A conversion change: the bytes stay, what git would store moves.
      if (chance(0.5)) await run(["config", "core.autocrlf", pick(["false", "true", "input"])]);
      else {
        const slash = p.lastIndexOf("/");
        await write(
          `${slash < 0 ? "" : p.slice(0, slash + 1)}.gitattributes`,
          pick(MORE_ATTRIBUTES),
        );
      }
    }
  }
  const at = pick([b + 0.5, b + 0.95, b + 1.5, b - 0.5, null]);
  if (at !== null) await Deno.utime(`${dir}/.git/index`, at, at).catch(() => {});
  steps.push(`clock: index mtime ${at ?? "left"}`);
}

/**
 * Changes aimed at a directory-listing cache a first collection wrote (a
 * stream of its own): files added to or removed from a directory whose
 * mtime is then put back (in the same second as the listing or not), a
 * directory replaced by another of the same name and mtime, a file turned
 * into a directory, and changes that move what is untracked without
 * touching any directory: .gitignore and info/exclude edits, a
 * core.excludesFile set, status.showUntrackedFiles, files added to or taken
 * out of the index.
 */
export async function cacheShapes(repo: RandomRepo, seed: number): Promise<void> {
  const dir = repo.dir;
  const steps = repo.steps;
  const r = prng((Math.imul(seed, 0xc2b2ae35) ^ 0xcace) >>> 0);
  const { run, write, pick, chance } = stepsContext(dir, r, steps);
  steps.push("-- cache shapes --");
  const restored = async (sub: string, what: string, change: () => Promise<unknown>) => {
    const d = `${dir}/${sub || "."}`;
    const st = await Deno.lstat(d).catch(() => null);
    if (st?.isDirectory !== true || st.mtime === null) return;
    await change().catch(() => {});
    await Deno.utime(d, st.mtime, st.mtime).catch(() => {});
    steps.push(`${what} in ${JSON.stringify(sub)}, its mtime put back`);
  };
  const listed = async (sub: string): Promise<string[]> => {
    const out: string[] = [];
    for await (const e of Deno.readDir(`${dir}/${sub || "."}`)) {
      if (e.name !== ".git") out.push(e.name);
    }
    return out.sort();
  };
  for (let k = 1 + Math.floor(r() * 6); k > 0; k--) {
    const sub = pick(DIRS);
    const kind = Math.floor(r() * 11);
    if (kind === 0) {
      await restored(
        sub,
        "file added",
        () => Deno.writeTextFile(`${dir}/${sub || "."}/cached-${k}.txt`, "c\n"),
      );
    } else if (kind === 1) {
      const names = await listed(sub).catch(() => []);
      if (names.length === 0) continue;
      const victim = pick(names);
      await restored(
        sub,
        `${JSON.stringify(victim)} removed`,
        () => Deno.remove(`${dir}/${sub || "."}/${victim}`, { recursive: true }),
      );
    } else if (kind === 2 && sub !== "") {
      // The same name, another directory (the inode may come back), the old mtime.
      const abs = `${dir}/${sub}`;
      const st = await Deno.lstat(abs).catch(() => null);
      if (st?.isDirectory !== true || st.mtime === null) continue;
      const names = await listed(sub);
      await Deno.remove(abs, { recursive: true });
      await Deno.mkdir(abs);
      for (const n of names.slice(0, Math.floor(names.length / 2))) {
        await Deno.writeTextFile(`${abs}/${n}`, "replaced\n").catch(() => {});
      }
      await Deno.writeTextFile(`${abs}/fresh-${k}.txt`, "fresh\n");
      await Deno.utime(abs, st.mtime, st.mtime);
      steps.push(`directory ${JSON.stringify(sub)} replaced, its mtime put back`);
    } else if (kind === 3) {
      const names = await listed(sub).catch(() => []);
      const files: string[] = [];
      for (const n of names) {
        // A name that is not UTF-8 cannot be opened by its listed name.
        const st = await Deno.lstat(`${dir}/${sub || "."}/${n}`).catch(() => null);
        if (st?.isFile === true) files.push(n);
      }
      if (files.length === 0) continue;
      const f = pick(files);
      await restored(sub, `${JSON.stringify(f)} turned into a directory`, async () => {
        await Deno.remove(`${dir}/${sub || "."}/${f}`);
        await writeFiles(dir, { [`${sub ? `${sub}/` : ""}${f}/inner.txt`]: "inner\n" });
      });
    } else if (kind === 4) await write(`${sub || "."}/.gitignore`, pick(IGNORES));
    else if (kind === 5) {
      await write(
        ".git/info/exclude",
        pick(["*.txt\n", "*.new\n!keep*\n", "cached-*\n", "src/\n", ""]),
      );
    } else if (kind === 6) {
      await write(".git/more-excludes", pick(["*.md\n", "fresh-*\n", "*.log\n", "inner.txt\n"]));
      await run(["config", "core.excludesFile", `${dir}/.git/more-excludes`]);
    } else if (kind === 7) {
      await run(["config", "status.showUntrackedFiles", pick(["no", "normal", "all"])]);
    } else if (kind === 8) {
      await run(["add", "-f", "--", sub || "."]);
    } else if (kind === 9) {
      const names = await listed(sub).catch(() => []);
      if (names.length > 0) {
        await run(["rm", "-r", "-q", "--cached", "--", `${sub ? `${sub}/` : ""}${pick(names)}`]);
      }
    } else {
      // A nested repository appears where the walk listed a plain directory.
      await restored(
        sub,
        "nested repository",
        () => git(`${dir}/${sub || "."}`, ["init", "-q", "nested"]),
      );
    }
  }
  if (chance(0.5)) await run(["status", "--porcelain", "-uall"]);
}
