/**
 * Test helper for the differential hunt: a sixth stream, of clones (its
 * own builder, as the other five start from `git init`). From a seed it
 * makes an origin (a few commits, a feature branch, sometimes a submodule
 * with an ignore setting, attributes and ignore rules), clones it in one of
 * the ways real projects do (`--filter=blob:none` or `tree:0`,
 * `--no-checkout` then `git reset`, `--depth` over every branch,
 * `--separate-git-dir`, `--sparse`, `--shared`), then layers what git
 * reads besides the work tree: replace refs and grafts, `GIT_INDEX_FILE`,
 * `GIT_OBJECT_DIRECTORY` and `GIT_ALTERNATE_OBJECT_DIRECTORIES` (returned
 * as the environment both git and baton then see), `extensions.worktreeConfig`
 * with a per-worktree setting, `core.ignoreStat`, an untracked cache made
 * stale under a put-back mtime, fsmonitor-valid bits left with no hook to
 * answer, and the usual edits (touch, CRLF flips, chmod, renames, symlink
 * swaps, submodule edits, staging, a local commit). The promisor remote
 * mostly stays where it is, so git may fetch what a partial clone lacks
 * (the suite asks baton first); some seeds point it at nothing.
 * @module
 */
import { git } from "./git.ts";
import { prng } from "./prng.ts";
import { tempDir } from "./temp.ts";

/** What was built (the seed reproduces it). */
export interface RandomClone {
  /** The clone's work tree. */
  dir: string;
  /** The home directory git and baton are run with (its .gitconfig lets git fetch over file://). */
  home: string;
  /** git's environment variables the shapes set (GIT_INDEX_FILE...), for both git and baton. */
  vars: Record<string, string>;
  /** One line per step. */
  steps: string[];
  /** The promisor remote's real URL, where the seed pointed it at nothing (a test may put it back). */
  promisorGone?: string;
}

const FILES: [string, string][] = [
  ["a.txt", "one\ntwo\n"],
  ["src/b.txt", "crlf\r\nlines\r\n"],
  ["src/deep/c.md", "mixed\r\nends\n"],
  ["docs/d.txt", "docs\n"],
  ["win.crlf", "w\r\n"],
  ["script.sh", "#!/bin/sh\necho\n"],
  ["data.bin", "\0bin\r\n"],
  ["lib/x/e.txt", "e\n"],
  ["with space.txt", "s\n"],
];
const ATTRIBUTES = ["*.txt text\n", "* text=auto\n", "*.crlf text eol=crlf\n", "*.md -text\n"];
const IGNORES = ["*.log\n", "build/\n", "*.tmp\n!keep.tmp\n"];

/**
 * Builds the clone for `seed` in a temp directory (removed with the test
 * file's others). `beforeEdits`, when given, is called with the clone built
 * and not yet edited (a drift test collects its "then" facts there); the
 * seed draws the same clone either way.
 */
export async function randomClone(
  seed: number,
  beforeEdits?: (clone: RandomClone) => Promise<void>,
): Promise<RandomClone> {
  const r = prng((Math.imul(seed, 0x165667b1) ^ 0xc10e) >>> 0);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const chance = (p: number) => r() < p;
  const root = (await tempDir("baton-random-clone-")).path;
  const home = `${root}/home`;
  const origin = `${root}/origin`;
  const dir = `${root}/cl`;
  const steps: string[] = [];
  const vars: Record<string, string> = {};
  const run = async (cwd: string, args: string[]) => {
    const out = await git(cwd, args, { allowFail: true, env: vars });
    steps.push(`git ${args.map((a) => JSON.stringify(a)).join(" ")} -> ${out.code}`);
    return out;
  };
  const write = async (path: string, content: string) => {
    const full = `${dir}/${path}`;
    const ok = await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true })
      .then(() => Deno.writeTextFile(full, content)).then(() => true, () => false);
    steps.push(`write ${JSON.stringify(path)} ${JSON.stringify(content.slice(0, 12))} ${ok}`);
  };
  await Deno.mkdir(home);
  await Deno.writeTextFile(`${home}/.gitconfig`, '[protocol "file"]\n\tallow = always\n');

  // The origin.
  await Deno.mkdir(origin);
  await run(origin, ["init", "-q", "-b", "main"]);
  for (const k of ["uploadpack.allowFilter", "uploadpack.allowAnySHA1InWant"]) {
    await run(origin, ["config", k, "true"]);
  }
  const files = FILES.filter(() => chance(0.7));
  for (const [p, c] of files) {
    await Deno.mkdir(`${origin}/${p}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${origin}/${p}`, c);
  }
  if (chance(0.4)) await Deno.writeTextFile(`${origin}/.gitattributes`, pick(ATTRIBUTES));
  if (chance(0.3)) await Deno.writeTextFile(`${origin}/.gitignore`, pick(IGNORES));
  if (chance(0.3)) await Deno.symlink("a.txt", `${origin}/link`);
  await run(origin, ["add", "-A"]);
  if (chance(0.3) && files.some(([p]) => p === "script.sh")) {
    await run(origin, ["update-index", "--chmod=+x", "script.sh"]);
  }
  await run(origin, ["commit", "-q", "-m", "c1"]);
  let sub = false;
  if (chance(0.3)) {
    const inner = `${root}/inner`;
    await Deno.mkdir(inner);
    await git(inner, ["init", "-q", "-b", "main"]);
    await Deno.writeTextFile(`${inner}/in.txt`, "inside\n");
    await git(inner, ["add", "-A"]);
    await git(inner, ["commit", "-q", "-m", "inner"]);
    await run(origin, ["-c", "protocol.file.allow=always", "submodule", "add", "-q", inner, "sub"]);
    if (chance(0.5)) {
      const value = pick(["all", "dirty", "untracked", "none"]);
      await run(origin, ["config", "-f", ".gitmodules", "submodule.sub.ignore", value]);
      await run(origin, ["add", ".gitmodules"]);
    }
    await run(origin, ["commit", "-q", "-m", "submodule"]);
    sub = true;
  }
  for (let k = 2; k <= 3 + Math.floor(r() * 2); k++) {
    const [p] = files.length > 0 ? pick(files) : ["a.txt"];
    await Deno.mkdir(`${origin}/${p}`.replace(/\/[^/]*$/, ""), { recursive: true });
    await Deno.writeTextFile(`${origin}/${p}`, `c${k}\n`);
    await run(origin, ["add", "-A"]);
    await run(origin, ["commit", "-q", "-m", `c${k}`]);
  }
  await run(origin, ["branch", "feature", "HEAD~1"]);
  await run(origin, ["switch", "-q", "feature"]);
  await Deno.writeTextFile(`${origin}/feature.txt`, "f\n");
  await run(origin, ["add", "-A"]);
  await run(origin, ["commit", "-q", "-m", "feature"]);
  await run(origin, ["switch", "-q", "main"]);

  // The clone.
  const filter = pick([null, null, "blob:none", "blob:none", "tree:0"]);
  const noCheckout = chance(0.25);
  const depth = filter === null && chance(0.2) ? pick([1, 2]) : null;
  const separate = chance(0.2);
  const sparse = chance(0.2);
  const shared = filter === null && depth === null && chance(0.15);
  const args = ["-c", "protocol.file.allow=always", "clone", "-q"];
  if (filter !== null) args.push(`--filter=${filter}`);
  if (noCheckout) args.push("--no-checkout");
  if (depth !== null) args.push(`--depth=${depth}`, "--no-single-branch");
  if (separate) args.push(`--separate-git-dir=${root}/gitdir`);
  if (sparse) args.push("--sparse");
  if (shared) args.push("--shared");
  await run(root, [...args, `file://${origin}`, dir]);
  await run(dir, ["config", "gc.auto", "0"]);
  if (noCheckout) {
    await run(dir, ["reset", "-q"]);
    if (chance(0.5)) await run(dir, ["checkout", "--", "."]);
  }
  if (sparse && chance(0.6)) {
    await run(dir, ["sparse-checkout", "add", pick(["src", "docs", "lib"])]);
  }
  if (sub && chance(0.6)) {
    await run(dir, ["-c", "protocol.file.allow=always", "submodule", "update", "-q", "--init"]);
  }
  const gitDir = separate ? `${root}/gitdir` : `${dir}/.git`;

  // What git reads besides the work tree.
  if (chance(0.15)) {
    // A replace ref: a tracked blob read as another, or a commit grafted parentless.
    if (chance(0.5) && files.length > 0) {
      const [p] = pick(files);
      const blob = (await run(dir, ["rev-parse", `HEAD:${p}`])).stdout.trim();
      const other = await git(dir, ["hash-object", "-w", "--stdin"], {
        stdin: "replaced\n",
        allowFail: true,
        env: vars,
      });
      await run(dir, ["replace", "-f", blob, other.stdout.trim()]);
    } else await run(dir, ["replace", "--graft", "HEAD~1"]);
    if (chance(0.3)) vars["GIT_NO_REPLACE_OBJECTS"] = "1";
  }
  if (chance(0.12)) {
    const parent = (await run(dir, ["rev-parse", "HEAD~1"])).stdout.trim();
    await Deno.writeTextFile(`${gitDir}/info/grafts`, `${parent}\n`).catch(() => {});
    steps.push("info/grafts: HEAD~1 parentless");
  }
  if (chance(0.15)) await run(dir, ["config", "core.ignoreStat", "true"]);
  if (chance(0.15)) {
    await run(dir, ["config", "core.repositoryformatversion", "1"]);
    await run(dir, ["config", "extensions.worktreeConfig", "true"]);
    const [k, v] = pick(
      [
        ["core.fileMode", "false"],
        ["core.autocrlf", "true"],
        ["core.ignoreStat", "true"],
        ["status.showUntrackedFiles", "no"],
        ["core.sparseCheckout", "false"],
      ] as const,
    );
    await run(dir, ["config", "--worktree", k, v]);
  }
  if (chance(0.2)) {
    // An untracked cache git wrote, then a file added under a put-back mtime.
    await run(dir, ["config", "core.untrackedCache", "true"]);
    await run(dir, ["status", "--porcelain", "-uall"]);
    const d = pick(["", "src", "docs"]);
    const st = await Deno.lstat(`${dir}/${d}`).catch(() => null);
    if (st?.isDirectory === true && st.mtime !== null) {
      await Deno.writeTextFile(`${dir}/${d}/stale-cache.txt`, "s\n");
      await Deno.utime(`${dir}/${d}`, st.mtime, st.mtime);
      steps.push(`untracked cache made stale in ${JSON.stringify(d)}`);
    }
  }
  if (chance(0.15)) {
    // fsmonitor-valid bits from a hook that says nothing changed, then no hook to ask.
    await Deno.writeTextFile(`${root}/fsmonitor.sh`, '#!/bin/sh\nprintf "token\\0"\n');
    await Deno.chmod(`${root}/fsmonitor.sh`, 0o755);
    await run(dir, ["config", "core.fsmonitor", `${root}/fsmonitor.sh`]);
    await run(dir, ["update-index", "--fsmonitor"]);
    await run(dir, ["status", "--porcelain"]);
    const after = pick(["unset", "missing", "true"]);
    if (after === "unset") await run(dir, ["config", "--unset", "core.fsmonitor"]);
    else if (after === "true") await run(dir, ["config", "core.fsmonitor", "true"]);
    else await Deno.remove(`${root}/fsmonitor.sh`);
    steps.push(`fsmonitor hook then ${after}`);
  }
  if (chance(0.15)) {
    // Another index: a copy, or none (git then reads an empty index).
    const other = `${root}/other-index`;
    if (chance(0.7)) await Deno.copyFile(`${gitDir}/index`, other).catch(() => {});
    vars["GIT_INDEX_FILE"] = other;
    steps.push("GIT_INDEX_FILE");
  }
  const objectDirectory = chance(0.12);
  const alternate = !objectDirectory && chance(0.12);
  if (objectDirectory) {
    // The objects moved elsewhere, named by GIT_OBJECT_DIRECTORY (an empty objects/ left).
    await Deno.rename(`${gitDir}/objects`, `${root}/objects`);
    await Deno.mkdir(`${gitDir}/objects`);
    vars["GIT_OBJECT_DIRECTORY"] = `${root}/objects`;
    steps.push("GIT_OBJECT_DIRECTORY");
  } else if (alternate) {
    // The packs moved to a store named by GIT_ALTERNATE_OBJECT_DIRECTORIES.
    await Deno.mkdir(`${root}/alt/pack`, { recursive: true });
    for await (const e of Deno.readDir(`${gitDir}/objects/pack`)) {
      await Deno.rename(`${gitDir}/objects/pack/${e.name}`, `${root}/alt/pack/${e.name}`);
    }
    vars["GIT_ALTERNATE_OBJECT_DIRECTORIES"] = `${root}/alt`;
    steps.push("GIT_ALTERNATE_OBJECT_DIRECTORIES");
  }

  await beforeEdits?.({ dir, home, vars, steps });
  steps.push("-- edits --");
  // The usual edits.
  const tracked = (await run(dir, ["ls-files", "-z"])).stdout.split("\0").filter((p) => p !== "");
  for (let k = 1 + Math.floor(r() * 6); k > 0 && tracked.length > 0; k--) {
    const p = pick(tracked);
    const abs = `${dir}/${p}`;
    const kind = Math.floor(r() * 11);
    if (kind === 0) {
      const t = new Date(Date.now() + 7_000);
      await Deno.utime(abs, t, t).catch(() => {});
      steps.push(`touch ${JSON.stringify(p)}`);
    } else if (kind === 1) {
      const text = await Deno.readTextFile(abs).catch(() => null);
      if (text !== null) {
        await write(
          p,
          text.includes("\r\n") ? text.replaceAll("\r\n", "\n") : text.replaceAll("\n", "\r\n"),
        );
      }
    } else if (kind === 2) {
      await Deno.chmod(abs, pick([0o755, 0o644])).catch(() => {});
      steps.push(`chmod ${JSON.stringify(p)}`);
    } else if (kind === 3) {
      await Deno.rename(abs, `${abs}.renamed`).catch(() => {});
      steps.push(`mv ${JSON.stringify(p)}`);
    } else if (kind === 4) await run(dir, ["mv", "-k", p, `${p}.moved`]);
    else if (kind === 5) {
      // A file swapped for a symlink, or a symlink for a file.
      const st = await Deno.lstat(abs).catch(() => null);
      await Deno.remove(abs).catch(() => {});
      if (st?.isSymlink === true) await write(p, "a.txt");
      else await Deno.symlink(pick(["a.txt", "nowhere"]), abs).catch(() => {});
      steps.push(`symlink swap ${JSON.stringify(p)}`);
    } else if (kind === 6) await write(p, pick(["edited\n", "", "e\r\n"]));
    else if (kind === 7) {
      await write(p, "staged\n");
      await run(dir, ["add", "-f", "--", p]);
      if (chance(0.5)) await write(p, "staged then edited\n");
    } else if (kind === 8) {
      await Deno.remove(abs, { recursive: true }).catch(() => {});
      steps.push(`rm ${JSON.stringify(p)}`);
    } else if (kind === 9) {
      await write(pick(["new.txt", "src/new.tmp", "docs/x.log", "keep.tmp"]), "u\n");
    } else if (sub) {
      // The submodule: an edit, an untracked file, or a commit inside.
      const how = pick(["edit", "untracked", "commit"]);
      if (how === "untracked") await write("sub/u.txt", "u\n");
      else await write("sub/in.txt", "edited inside\n");
      if (how === "commit") await run(`${dir}/sub`, ["commit", "-q", "-am", "moved"]);
    }
  }
  if (chance(0.25)) await run(dir, ["commit", "-q", "--allow-empty", "-m", "local"]);
  if (filter !== null && chance(0.3)) {
    // The promisor remote gone: git can fetch nothing it lacks.
    await run(dir, ["config", "remote.origin.url", `file://${root}/gone`]);
    return { dir, home, vars, steps, promisorGone: `file://${origin}` };
  }
  return { dir, home, vars, steps };
}
