/**
 * Test helper for the differential hunt (random_repo.ts): a fourth stream
 * per seed and round adding the conversion and config shapes the others
 * leave out: a clean filter driver baton cannot run (another program, or a
 * driver named `lfs` running one), `ident` with `$Id$` expanded or not,
 * `working-tree-encoding` (UTF-16LE, UTF-16 with its BOM, ISO-8859-1),
 * macro attributes, `$GIT_DIR/info/attributes` and `core.attributesFile`,
 * `core.eol`, a file under auto text that became binary, `core.fileMode
 * false` with a chmod, `index.skipHash`, `feature.manyFiles`, an
 * `includeIf "onbranch:"` / `"gitdir:"` / `"gitdir/i:"` include (globs among them) setting
 * `core.excludesFile`, and `diff.ignoreSubmodules`. Files it converts are
 * moved a fixed 100 seconds past the index so git compares their content.
 * @module
 */
import { git, writeFiles } from "./git.ts";
import { prng } from "./prng.ts";

/** Attribute lines it adds (to info/attributes or the core.attributesFile). */
const LINES = [
  "*.txt filter=up\n",
  "*.bin filter=lfs\n",
  "*.c ident\n",
  "*.u16 working-tree-encoding=UTF-16LE\n",
  "*.bom working-tree-encoding=UTF-16\n",
  "*.l1 working-tree-encoding=ISO-8859-1\n",
  "[attr]crl text eol=crlf\n*.md crl\n",
  "[attr]raw -text -diff\n*.lf raw\n",
  "* text=auto\n",
  "*.crlf -text\n",
];

/** Files it writes: path, then content (a string of code units < 0x100, written byte for byte). */
const FILES: [string, string][] = [
  ["src/id.c", "a $Id$ b\n"],
  ["src/id2.c", "a $Id: 0123456789 $ b\r\n"],
  ["enc.u16", "h\0i\0\n\0"],
  ["enc.bom", "\xff\xfeh\0i\0\n\0"],
  ["enc.l1", "caf\xe9\n"],
  ["docs/m.md", "one\r\ntwo\n"],
  ["data.bin", "bin\ncontent\n"],
  ["plain.txt", "plain text\n"],
  ["lib/x/l.lf", "a\r\nb\r\n"],
];

/** Bytes of a string of code units below 0x100. */
function bytes(s: string): Uint8Array {
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/**
 * Adds this stream's shapes to `dir` (a repository random_repo.ts built),
 * logging each step to `steps`; the same seed and round give the same steps.
 */
export async function conversionShapes(
  dir: string,
  seed: number,
  round: number,
  steps: string[],
): Promise<void> {
  const r = prng((Math.imul(seed, 0xc2b2ae35) ^ (0x79c0 + round)) >>> 0);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const chance = (p: number) => r() < p;
  if (!chance(0.5)) return;
  steps.push(`-- conversion shapes, round ${round} --`);
  const run = async (args: string[]) => {
    const out = await git(dir, args, { allowFail: true });
    steps.push(`git ${args.map((a) => JSON.stringify(a)).join(" ")} -> ${out.code}`);
    return out;
  };
  const write = async (path: string, content: string) => {
    const ok = await Deno.mkdir(`${dir}/${path}`.replace(/\/[^/]*$/, ""), { recursive: true })
      .then(() => Deno.writeFile(`${dir}/${path}`, bytes(content)))
      .then(() => true, () => false);
    steps.push(`write ${JSON.stringify(path)} ${JSON.stringify(content.slice(0, 12))} ${ok}`);
  };
  const written: string[] = [];
  // Files first, some committed (git add may refuse one it cannot convert).
  for (let k = 1 + Math.floor(r() * 4); k > 0; k--) {
    const [path, content] = pick(FILES);
    await write(path, content);
    written.push(path);
  }
  const attrs = [pick(LINES), ...(chance(0.5) ? [pick(LINES)] : [])].join("");
  const where = pick(["info", "attributesFile", "info"]);
  if (where === "info") {
    await writeFiles(dir, { ".git/info/attributes": attrs }).catch(() => {});
    steps.push(`info/attributes ${JSON.stringify(attrs)}`);
  } else {
    await writeFiles(dir, { ".git/more-attributes": attrs }).catch(() => {});
    await run(["config", "core.attributesFile", `${dir}/.git/more-attributes`]);
    steps.push(`core.attributesFile ${JSON.stringify(attrs)}`);
  }
  if (chance(0.6)) await run(["config", "filter.up.clean", pick(["tr a-z A-Z", "cat", ""])]);
  if (chance(0.3)) await run(["config", "filter.lfs.clean", pick(["cat", "tr a-z A-Z"])]);
  if (chance(0.5)) await run(["add", "-f", "--", ...written]);
  if (chance(0.3)) await run(["commit", "-q", "-m", `conversions ${round}`]);
  // Then config that moves what git stores, after the files were added.
  if (chance(0.3)) await run(["config", "core.eol", pick(["lf", "crlf", "native"])]);
  if (chance(0.3)) await run(["config", "core.autocrlf", pick(["false", "true", "input"])]);
  if (chance(0.25) && written.length > 0) {
    // A file auto text read as text now holds a NUL: binary to git.
    const p = pick(written);
    await write(p, "now\0binary\r\n");
  }
  if (chance(0.25)) {
    await run(["config", "core.fileMode", "false"]);
    const p = pick([...written, "plain.txt", "src/id.c"]);
    await Deno.chmod(`${dir}/${p}`, pick([0o755, 0o644])).catch(() => {});
    steps.push(`chmod ${JSON.stringify(p)}`);
  }
  if (chance(0.2)) {
    await run(["config", "index.skipHash", "true"]);
    await run(["update-index", "-q", "--refresh"]);
  }
  if (chance(0.2)) {
    await run(["config", "feature.manyFiles", "true"]);
    await run(["status", "--porcelain"]);
  }
  if (chance(0.3)) {
    // An include (on this branch, or for this git directory) sets core.excludesFile.
    const cond = pick([
      "onbranch:main",
      "onbranch:other",
      `gitdir:${dir}/.git`,
      "gitdir:/nowhere/",
      // git's wildmatch (facts105): glued stars stay within a name, classes, gitdir/i.
      "onbranch:ma**",
      "onbranch:m[[:alpha:]]in",
      `gitdir:${dir.slice(0, dir.lastIndexOf("/"))}/baton-random-**`,
      `gitdir:${dir.slice(0, dir.lastIndexOf("/"))}/**`,
      `gitdir/i:${dir.toUpperCase()}/`,
    ]);
    await writeFiles(dir, {
      ".git/inc-79": `[core]\n\texcludesFile = ${dir}/.git/ex-79\n`,
      ".git/ex-79": pick(["*.txt\n", "*.md\n!docs/m.md\n", "enc.*\n", "src/\n"]),
    }).catch(() => {});
    await run(["config", `includeIf.${cond}.path`, `${dir}/.git/inc-79`]);
    await write(pick(["new-79.txt", "docs/new-79.md", "src/new-79.c", "enc.new"]), "u\n");
  }
  if (chance(0.3) && (await Deno.lstat(`${dir}/sub`).catch(() => null)) !== null) {
    await run(["config", "diff.ignoreSubmodules", pick(["all", "dirty", "untracked", "none"])]);
  }
  // Every file written here a fixed 100 seconds past the index: git compares content.
  const indexTime = (await Deno.lstat(`${dir}/.git/index`).catch(() => null))?.mtime ?? null;
  if (indexTime !== null) {
    const t = new Date(indexTime.getTime() + 100_000);
    for (const p of written) await Deno.utime(`${dir}/${p}`, t, t).catch(() => {});
    steps.push(`written files moved 100 s past the index`);
  }
}
