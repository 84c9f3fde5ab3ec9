/**
 * Where git status stops at a populated submodule (core/facts/submodule_stops.ts):
 * its own config file git cannot read as it opens the submodule (any ignore
 * setting), and, where git looks inside, a `git status` there that refuses
 * or cannot read the submodule or stops at one of its own submodules, with
 * its HEAD moved or not. Each shape is built with real git (a submodule
 * holding a submodule of its own) and compared with `git status` through
 * the oracle: where git stops, baton must state no tree; each control is a
 * neighbouring shape where git gives its status and baton agrees.
 * @module
 */
import assert from "node:assert/strict";
import { tempDir } from "../../_helpers/temp.ts";
import { assertAgreesWithGit, runShapeScript, type UserEnv } from "../../_helpers/git_oracle.ts";

/** A superproject `r` with submodule `sub`, which has submodule `inner`; `$T` is their parent. */
const NESTED = [
  "T=$(cd .. && pwd)",
  "mkdir -p $T/lib $T/mid $T/r",
  "cd $T/lib; git init -q -b main; echo l >l.txt; c",
  "cd $T/mid; git init -q -b main; echo m >m.txt",
  "git -c protocol.file.allow=always submodule add -q $T/lib inner; c",
  "cd $T/r; git init -q -b main; echo a >a.txt",
  "git -c protocol.file.allow=always submodule add -q $T/mid sub; c",
  "git -c protocol.file.allow=always submodule update -q --init --recursive",
].join("\n");

/** Spoils the loose object `expr` names in the repository at `repo`. */
const spoil = (repo: string, expr: string) =>
  `t=$(git -C ${repo} rev-parse ${expr}); f=$(git -C ${repo} rev-parse --git-path objects/\${t:0:2}/\${t:2}); chmod u+w $f; echo junk >$f`;
const subPath = (name: string) => `$(git -C sub rev-parse --git-path ${name})`;
const moveHead = "git -C sub commit -q --allow-empty -m moved";
/** A cone sparse checkout with a sparse index in the repository at `repo` (no directory in its cone). */
const sparseIndex = (repo: string) =>
  `git -C ${repo} sparse-checkout set --cone --sparse-index none`;

/**
 * Builds the nested shape, runs `script` in `r`, then `after` (given the
 * superproject's work tree), and compares with git.
 */
async function shape(label: string, script: string, after?: (r: string) => Promise<void>) {
  const root = (await tempDir("baton-substops-")).path;
  await Deno.mkdir(`${root}/x`);
  const env: UserEnv = { home: `${root}/x`, xdg: null };
  await runShapeScript(`${root}/x`, `${NESTED}\n${script}`, env);
  await after?.(`${root}/r`);
  return await assertAgreesWithGit(env, `${root}/r`, { label });
}

/**
 * Appends an index extension with signature `sig` (four bytes of data) to
 * the index file at `path`, its trailing SHA-1 checksum made anew.
 */
async function appendIndexExtension(path: string, sig: string): Promise<void> {
  const old = await Deno.readFile(path);
  const body = old.subarray(0, old.length - 20);
  const ext = new Uint8Array([...new TextEncoder().encode(sig), 0, 0, 0, 4, 1, 2, 3, 4]);
  const out = new Uint8Array(body.length + ext.length);
  out.set(body);
  out.set(ext, body.length);
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-1", out));
  await Deno.writeFile(path, new Uint8Array([...out, ...sum]));
}

const STOPS: [string, string][] = [
  ["the inner submodule's .git names no repository", "rm -rf .git/modules/sub/modules/inner"],
  [
    "the inner submodule's .git names no repository, the outer HEAD moved",
    `${moveHead}; rm -rf .git/modules/sub/modules/inner`,
  ],
  [
    "the inner submodule's status.showUntrackedFiles is refused",
    "git -C sub/inner config status.showUntrackedFiles bogus",
  ],
  [
    "the submodule's own .gitmodules does not parse",
    `printf '[submodule "inner"\\n' >sub/.gitmodules`,
  ],
  // facts106: git status inside collapses the sparse index it reads, then
  // core.splitIndex cannot split it ("cannot use split index with a sparse index").
  [
    "the submodule's core.splitIndex with a sparse index allowed",
    `${sparseIndex("sub")}; git -C sub config core.splitIndex true`,
  ],
  [
    "the inner submodule's core.splitIndex with a sparse index allowed",
    `${sparseIndex("sub/inner")}; git -C sub/inner config core.splitIndex true`,
  ],
  ["the submodule's index is damaged", `printf 'DIRC junk' >${subPath("index")}`],
  [
    "the submodule's index is damaged, its HEAD moved",
    `${moveHead}; printf 'DIRC junk' >${subPath("index")}`,
  ],
  ["the submodule's root tree is corrupt", spoil("sub", "HEAD^{tree}")],
  ["the submodule's HEAD commit is corrupt", spoil("sub", "HEAD")],
  ["the submodule's core.compression is out of range", "git -C sub config core.compression 10"],
  ["the submodule's core.bare is true", "git -C sub config core.bare true"],
  ["the submodule's shallow file is junk", `echo junk >${subPath("shallow")}`],
  [
    "the submodule's info/exclude is a directory, its HEAD moved",
    `${moveHead}; rm -f ${subPath("info/exclude")}; mkdir -p ${subPath("info/exclude")}`,
  ],
  [
    "ignore=all: the submodule's config has a syntax error",
    `git config submodule.sub.ignore all; printf '[core\\n' >>${subPath("config")}`,
  ],
  [
    "ignore=dirty: the submodule's core.bare is no boolean",
    "git config submodule.sub.ignore dirty; git -C sub config core.bare maybe",
  ],
  [
    "ignore=all: the submodule's extensions.worktreeConfig is no boolean",
    "git config submodule.sub.ignore all; git -C sub config extensions.worktreeConfig maybe",
  ],
  [
    "ignore=all: the submodule's extensions.objectFormat is unknown",
    "git config submodule.sub.ignore all; git -C sub config extensions.objectFormat bogus",
  ],
  [
    "ignore=all: the submodule's core.repositoryFormatVersion is no number",
    "git config submodule.sub.ignore all; git -C sub config core.repositoryFormatVersion x",
  ],
];

for (const [label, script] of STOPS) {
  Deno.test(`a submodule where git status stops (${label}): baton states no tree`, async () => {
    const r = await shape(label, script);
    assert.equal(r.git.stopped, true, "control: git stops");
    assert.match(r.facts.unavailable?.[0]?.reason ?? "", /submodule/);
  });
}

// facts106: git refuses an index with a required (lower-case) extension it
// does not know ("index uses abcd extension, which we do not understand"),
// inside a submodule too, where it looks inside; an optional one it skips.
for (
  const [label, where, sig, stops] of [
    ["the submodule's index has a required extension git does not know", "sub", "abcd", true],
    ["the inner submodule's index has one", "sub/modules/inner", "abcd", true],
    ["control: the submodule's index has an optional one", "sub", "ABCD", false],
  ] as const
) {
  Deno.test(`a submodule whose index git refuses (${label}): baton agrees`, async () => {
    const r = await shape(label, "echo e >sub/m.txt", async (top) => {
      await appendIndexExtension(`${top}/.git/modules/${where}/index`, sig);
    });
    assert.equal(r.git.stopped === true, stops, "git stops (or gives its status)");
    if (stops) assert.match(r.facts.unavailable?.[0]?.reason ?? "", /submodule/);
    else assert.equal(r.git.tracked.get("sub"), ".M");
  });
}

Deno.test("control: ignore=dirty, the submodule's index has a required extension git does not know (git does not look inside): baton agrees", async () => {
  const r = await shape("ignore=dirty", "git config submodule.sub.ignore dirty", async (top) => {
    await appendIndexExtension(`${top}/.git/modules/sub/index`, "abcd");
  });
  assert.equal(r.git.stopped, undefined, "git gives its status");
  assert.equal(r.git.tracked.get("sub") ?? null, null);
});

/** [label, script, git's XY of sub or null for clean]: git gives its status, and baton agrees. */
const CONTROLS: [string, string, string | null][] = [
  ["nested, clean", "echo u >u.txt", null],
  ["nested, the inner one edited", "echo e >sub/inner/l.txt", ".M"],
  ["the submodule's HEAD moved", moveHead, ".M"],
  ["the submodule's index gone", `rm ${subPath("index")}`, ".M"],
  [
    "ignore=dirty: the submodule's core.compression out of range (git does not look inside)",
    "git config submodule.sub.ignore dirty; git -C sub config core.compression 10",
    null,
  ],
  [
    "ignore=all: the HEAD moved and core.compression out of range",
    `git config submodule.sub.ignore all; ${moveHead}; git -C sub config core.compression 10`,
    null,
  ],
  [
    "ignore=dirty: the submodule's core.splitIndex with a sparse index allowed (git does not look inside)",
    `git config submodule.sub.ignore dirty; ${
      sparseIndex("sub")
    }; git -C sub config core.splitIndex true`,
    null,
  ],
  [
    "the submodule's sparse index allowed, core.splitIndex false",
    `${sparseIndex("sub")}; git -C sub config core.splitIndex false; echo u >sub/u.txt`,
    ".M",
  ],
  [
    "ignore=dirty: the submodule's index damaged",
    `git config submodule.sub.ignore dirty; printf 'DIRC junk' >${subPath("index")}`,
    null,
  ],
];

for (const [label, script, xy] of CONTROLS) {
  Deno.test(`control: a submodule where git status goes on (${label}): baton agrees`, async () => {
    const r = await shape(label, script);
    assert.equal(r.git.stopped, undefined, "git gives its status");
    assert.equal(r.git.tracked.get("sub") ?? null, xy);
  });
}
