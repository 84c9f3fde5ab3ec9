/**
 * Test helper for the differential hunt (random_repo.ts): a fifth stream per
 * seed and round adding the checkout and config mixes real projects use that
 * the others leave out: a sparse checkout in non-cone mode (file and
 * directory patterns, negations, files written back outside it and edited),
 * `core.safecrlf`, `core.splitIndex` set in the config (git splits the
 * index when it next writes it), and attributes that convert nothing
 * (`export-ignore`, `linguist-*`, `-diff`, `diff=`, `merge=`) beside ones
 * that do. Drawn apart from the other streams, so their steps stay what
 * they were for every seed.
 * @module
 */
import { git, writeFiles } from "./git.ts";
import { prng } from "./prng.ts";

/** Non-cone pattern sets (git's gitignore-style sparse patterns). */
const SPARSE: string[][] = [
  ["/*", "!/src/"],
  ["/*", "!/src/", "/src/deep/"],
  ["*.txt", "!docs/"],
  ["/*", "!*.md"],
  ["/docs/", "/a b/", "*.sh"],
  ["/*", "!/lib/", "/lib/x/*.txt"],
];

/** Attribute lines that convert nothing, and a few that do. */
const ATTRIBUTES = [
  "*.md linguist-documentation export-ignore\n",
  "docs/** linguist-vendored -diff\n",
  "*.bin diff=hex merge=binary linguist-generated\n",
  "*.sh eol=lf export-subst\n",
  "*.txt text=auto whitespace=trailing-space\n",
  "* -export-ignore\n",
];

/**
 * Adds this stream's shapes to `dir` (a repository random_repo.ts built),
 * logging each step to `steps`; the same seed and round give the same steps.
 */
export async function layoutShapes(
  dir: string,
  seed: number,
  round: number,
  steps: string[],
): Promise<void> {
  const r = prng((Math.imul(seed, 0x27d4eb2f) ^ (0x1a70 + round)) >>> 0);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const chance = (p: number) => r() < p;
  if (!chance(0.5)) return;
  steps.push(`-- layout shapes, round ${round} --`);
  const run = async (args: string[]) => {
    const out = await git(dir, args, { allowFail: true });
    steps.push(`git ${args.map((a) => JSON.stringify(a)).join(" ")} -> ${out.code}`);
    return out;
  };
  if (chance(0.4)) {
    const attrs = pick(ATTRIBUTES) + (chance(0.5) ? pick(ATTRIBUTES) : "");
    const at = pick([".gitattributes", "docs/.gitattributes", "src/.gitattributes"]);
    const ok = await Deno.readTextFile(`${dir}/${at}`).catch(() => "")
      .then((old) => writeFiles(dir, { [at]: old + attrs }))
      .then(() => true, () => false);
    steps.push(`append ${JSON.stringify(attrs)} to ${at} ${ok}`);
    if (chance(0.5)) await run(["add", "-A", "--", at]);
  }
  if (chance(0.3)) await run(["config", "core.safecrlf", pick(["true", "warn", "false"])]);
  if (chance(0.3)) {
    await run(["config", "core.splitIndex", pick(["true", "false"])]);
    // git splits (or unsplits) the index when it next writes it.
    if (chance(0.7)) await run(["update-index", "--refresh", "-q"]);
  }
  if (chance(0.45)) {
    const patterns = pick(SPARSE);
    await run(["sparse-checkout", "set", "--no-cone", ...patterns]);
    // Tracked files outside the checkout written back (as a build or an
    // editor does), one of them edited; git 2.37+ clears their
    // skip-worktree bit only when it next refreshes.
    const listed = await git(dir, ["ls-files", "-t", "-z"], { allowFail: true });
    const outside = listed.stdout.split("\0").filter((e) => e.startsWith("S "))
      .map((e) => e.slice(2));
    for (let k = Math.floor(r() * 3); k > 0 && outside.length > 0; k--) {
      const p = pick(outside);
      const text = chance(0.5) ? "written back\n" : "edited outside\n";
      const ok = await writeFiles(dir, { [p]: text }).then(() => true, () => false);
      steps.push(`write ${JSON.stringify(p)} outside the sparse checkout ${ok}`);
    }
    if (chance(0.3)) await run(["sparse-checkout", "reapply"]);
    if (chance(0.2)) await run(["sparse-checkout", "disable"]);
  }
}
