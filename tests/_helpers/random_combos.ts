/**
 * Test helper for the differential hunt (random_repo.ts): a seventh stream
 * per seed and round combining shapes the others draw apart. Inside the
 * submodule (when the seed made one): a sparse checkout (cone with a sparse
 * index, core.splitIndex on or off; non-cone with a file written back),
 * core.ignoreCase with a name differing only in case, an untracked cache git
 * wrote, `extensions.worktreeConfig` with a `config.worktree`, an
 * `includeIf "gitdir:"` matching the submodule's git directory, a nested
 * submodule holding an untracked file, an index extension appended
 * (required or optional), and a repository git stops on (`core.bare=maybe`,
 * an unknown extension under format version 1, a HEAD naming no commit, a
 * `.git` naming nothing). In the superproject: `core.fsmonitor` naming a
 * hook that fails or is not there, `extensions.worktreeConfig` with the main
 * work tree's `config.worktree`, core.ignoreCase beside a cone sparse
 * checkout, and core.autocrlf beside an untracked cache git wrote. Drawn
 * apart from the other streams, so their steps stay what they were.
 * @module
 */
import { git, writeFiles } from "./git.ts";
import { prng } from "./prng.ts";
import { tempDir } from "./temp.ts";

/** Appends an index extension `sig` (four bytes of data) to the index at `path`, its checksum made anew. */
async function appendIndexExtension(path: string, sig: string): Promise<boolean> {
  const old = await Deno.readFile(path).catch(() => null);
  if (old === null || old.length < 32) return false;
  const body = old.subarray(0, old.length - 20);
  const ext = new Uint8Array([...new TextEncoder().encode(sig), 0, 0, 0, 4, 1, 2, 3, 4]);
  const out = new Uint8Array([...body, ...ext]);
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-1", out));
  await Deno.writeFile(path, new Uint8Array([...out, ...sum]));
  return true;
}

/** A repository in a temp directory with `files` committed (a submodule's origin). */
async function newRepo(prefix: string, files: Record<string, string>): Promise<string> {
  const at = (await tempDir(prefix)).path;
  await git(at, ["init", "-q", "-b", "main"]);
  await writeFiles(at, files);
  await git(at, ["add", "-A"]);
  await git(at, ["commit", "-q", "-m", "origin"]);
  return at;
}

/**
 * Adds this stream's shapes to `dir` (a repository random_repo.ts built),
 * logging each step to `steps`; the same seed and round give the same steps.
 */
export async function comboShapes(
  dir: string,
  seed: number,
  round: number,
  steps: string[],
): Promise<void> {
  const r = prng((Math.imul(seed, 0x2545f491) ^ (0xc0b0 + round)) >>> 0);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const chance = (p: number) => r() < p;
  if (!chance(0.5)) return;
  steps.push(`-- combination shapes, round ${round} --`);
  const run = async (args: string[], cwd = dir) => {
    const out = await git(cwd, args, { allowFail: true });
    const where = cwd === dir ? "" : ` (in ${cwd.slice(dir.length + 1)})`;
    steps.push(`git ${args.map((a) => JSON.stringify(a)).join(" ")}${where} -> ${out.code}`);
    return out;
  };
  const write = async (path: string, content: string) => {
    const ok = await writeFiles(dir, { [path]: content }).then(() => true, () => false);
    steps.push(`write ${JSON.stringify(path)} ${JSON.stringify(content.slice(0, 12))} ${ok}`);
  };
  const sub = `${dir}/sub`;
  // A submodule checked out at `sub` (its `.git` there), the git directory it names;
  // where the seed made none, often one added here.
  let populated = (await Deno.lstat(`${sub}/.git`).catch(() => null)) !== null;
  if (!populated && (await Deno.lstat(sub).catch(() => null)) === null && chance(0.6)) {
    const origin = await newRepo("baton-random-combo-sub-", { "in.txt": "inside\n" });
    await run(["-c", "protocol.file.allow=always", "submodule", "add", "-q", origin, "sub"]);
    await run(["commit", "-q", "-m", "submodule"]);
    populated = (await Deno.lstat(`${sub}/.git`).catch(() => null)) !== null;
  }
  const subGit = populated
    ? await git(sub, ["rev-parse", "--absolute-git-dir"], { allowFail: true })
    : null;
  if (subGit?.code === 0 && chance(0.7)) await subShape(subGit.stdout.trim());
  if (chance(0.2)) {
    // git runs the hook (a failing one: every path is looked at); baton runs nothing.
    const hook = `${dir}/.git/fsmonitor-hook`;
    if (chance(0.5)) {
      await Deno.writeTextFile(hook, "#!/bin/sh\nexit 1\n");
      await Deno.chmod(hook, 0o755);
    }
    await run(["config", "core.fsmonitor", hook]);
    if (chance(0.5)) await run(["status", "--porcelain"]);
  }
  if (chance(0.25)) {
    await run(["config", "extensions.worktreeConfig", "true"]);
    const setting = pick([
      "[core]\n\tautocrlf = true\n",
      "[core]\n\tautocrlf = input\n",
      `[core]\n\texcludesFile = ${dir}/.git/wt-excludes\n`,
      "[status]\n\tshowUntrackedFiles = no\n",
    ]);
    await writeFiles(dir, {
      ".git/config.worktree": setting,
      ".git/wt-excludes": pick(["*.txt\n", "*.md\n", "src/\n"]),
    });
    steps.push(`config.worktree ${JSON.stringify(setting)}`);
    await write(pick(["wt-new.txt", "src/wt-new.md", "docs/wt.txt"]), "crlf\r\nlines\r\n");
  }
  if (chance(0.2)) {
    await run(["config", "core.ignoreCase", "true"]);
    await run(["sparse-checkout", "set", "--cone", pick(["src", "SRC", "docs"])]);
    await write(pick(["SRC/case.txt", "Docs/case.md", "LIB/x/case.txt"]), "case\n");
  }
  if (chance(0.2)) {
    await run(["config", "core.autocrlf", pick(["true", "input"])]);
    await run(["config", "core.untrackedCache", "true"]);
    await run(["status", "--porcelain", "-uall"]);
    await write(pick(["src/crlf-new.txt", "docs/crlf-new.md", "crlf-new.txt"]), "a\r\nb\r\n");
  }

  /** One shape inside the submodule whose git directory is `gd`. */
  async function subShape(gd: string): Promise<void> {
    const kind = Math.floor(r() * 11);
    if (kind === 0) {
      await run(["sparse-checkout", "set", "--cone", "--sparse-index", "none"], sub);
      if (chance(0.6)) await run(["config", "core.splitIndex", pick(["true", "false"])], sub);
    } else if (kind === 1) {
      await run(["sparse-checkout", "set", "--no-cone", "/nothing"], sub);
      if (chance(0.6)) await write("sub/in.txt", pick(["inside\n", "written back\n"]));
    } else if (kind === 2) {
      await run(["config", "core.ignoreCase", "true"], sub);
      await write(pick(["sub/IN.TXT", "sub/In.txt", "sub/other.txt"]), "case\n");
    } else if (kind === 3) {
      await run(["config", "core.untrackedCache", "true"], sub);
      await run(["status", "--porcelain"], sub);
      if (chance(0.6)) await write("sub/u.txt", "u\n");
    } else if (kind === 4) {
      await run(["config", "extensions.worktreeConfig", "true"], sub);
      const setting = pick([
        "[status]\n\tshowUntrackedFiles = no\n",
        `[core]\n\texcludesFile = ${gd}/wt-excludes\n`,
        "[core]\n\tautocrlf = true\n",
      ]);
      await Deno.writeTextFile(`${gd}/config.worktree`, setting);
      await Deno.writeTextFile(`${gd}/wt-excludes`, "u*\n");
      steps.push(`the submodule's config.worktree ${JSON.stringify(setting)}`);
      await write(pick(["sub/u.txt", "sub/in.txt"]), "u\r\n");
    } else if (kind === 5) {
      await Deno.writeTextFile(`${gd}/inc`, "[status]\n\tshowUntrackedFiles = no\n");
      const cond = pick(["gitdir:**/modules/sub", `gitdir:${dir}/.git/`, "gitdir:/nowhere/"]);
      await run(["config", `includeIf.${cond}.path`, `${gd}/inc`], sub);
      await write("sub/u.txt", "u\n");
    } else if (kind === 6) {
      const inner = await newRepo("baton-random-inner-", { "deep.txt": "deep\n" });
      await run(
        ["-c", "protocol.file.allow=always", "submodule", "add", "-q", inner, "inner"],
        sub,
      );
      await run(["commit", "-q", "-m", "inner"], sub);
      if (chance(0.5)) await run(["add", "sub"]);
      if (chance(0.7)) await write(pick(["sub/inner/u.txt", "sub/inner/deep.txt"]), "x\n");
    } else if (kind === 7) {
      const sig = pick(["abcd", "ABCD"]);
      const ok = await appendIndexExtension(`${gd}/index`, sig);
      steps.push(`the submodule's index extension ${sig} appended ${ok}`);
    } else if (kind === 8) {
      const bad = pick([
        ["core.bare", "maybe"],
        ["extensions.frobnicate", "true"],
      ]);
      if (bad[0] !== "core.bare") await run(["config", "core.repositoryFormatVersion", "1"], sub);
      await run(["config", bad[0]!, bad[1]!], sub);
    } else if (kind === 9) {
      const ref = (await git(sub, ["symbolic-ref", "-q", "HEAD"], { allowFail: true })).stdout
        .trim();
      const at = ref === "" ? `${gd}/HEAD` : `${gd}/${ref}`;
      await Deno.writeTextFile(at, `${"1".repeat(40)}\n`);
      steps.push(`the submodule's HEAD names a missing commit`);
    } else {
      await Deno.writeTextFile(`${sub}/.git`, "gitdir: /nowhere/at/all\n").catch(() => {});
      steps.push(`the submodule's .git names nothing`);
    }
    if (chance(0.3)) {
      await run(["config", `submodule.sub.ignore`, pick(["all", "dirty", "untracked", "none"])]);
    }
  }
}
