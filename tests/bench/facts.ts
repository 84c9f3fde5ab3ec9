/**
 * The facts bench (`deno task bench --facts`): baton's fact collection
 * against `git status --porcelain=v2 -uall` on the same repository in the
 * same run, with the targets of issue #22:
 *
 * - preflight and load at most 2x git at 50k files, peak RSS at most 60 MB;
 * - the injecting session-start hook at most 3x git at 10k files;
 * - the publication answer (yes/no, not "unknown") within its budget for a
 *   HEAD 1,000 commits ahead of its remote-tracking ref, the commit-graph
 *   written before those commits (as after a fetch);
 * - the session-start hook at 40k files or more re-checking both whole-tree
 *   sets (changed tracked and untracked paths) within its deadline.
 *
 * What users run is the npm package (tests/_tools/pack.ts): its modules are
 * JavaScript without comments or source maps, which Deno loads as they are,
 * while `deno run main.ts` loads Deno's emit of each TypeScript module with
 * its comments and an inline source map (about 2 MiB more peak RSS at 50k
 * files). So each baton case runs twice, from this checkout's main.ts and
 * from the staged package (`[package]`: the Deno command its launcher
 * starts, without the Node launcher in front), and the targets judge the
 * package's row; the main.ts row is shown beside it.
 *
 * `BATON_BENCH_MAIN` points the cases at another checkout's main.ts (no
 * package row then: the package is built from this checkout);
 * `BATON_BENCH_BEFORE` adds, beside each baton case, the same case run from
 * another checkout (its folder or its main.ts: "before") with the flags of that checkout's
 * own `baton` task, interleaved in the same rounds: on a machine whose load
 * moves, a before/after table is only fair when both ran side by side. The
 * before build runs on its own copy of each repository (`-before` beside
 * the cached ones): a build keeps a listing cache in the repository, and a
 * build that refuses the other's format would list every directory again on
 * every run.
 * @module
 */
import { BATON_PERMISSIONS, BATON_RUNTIME_FLAGS, MAIN } from "../_helpers/cli.ts";
import { DIRTY_MODIFIED, DIRTY_UNTRACKED, type FilesRepo } from "./repos.ts";
import { runOnce } from "./round_robin.ts";
import { beforeMain } from "./before.ts";
import type { Target } from "./report.ts";
import type { BenchCase, Group } from "./groups.ts";
import {
  inspectLoad,
  inspectPreflight,
  type PreflightExpectation,
  verifyPreflight,
} from "./inspect.ts";
import { batonTaskFlags } from "../_helpers/task_flags.ts";

/** Commits HEAD has that its remote-tracking ref does not, in the publication repository. */
export const PUB_AHEAD = 1000;
/** Commits both share, in the publication repository. */
const PUB_BASE = 3000;
/** Newer commits origin/main has that HEAD does not (a moving main). */
const PUB_REMOTE_NEWER = 2000;
const PUB_FORMAT = "facts-pub-v2";

const DENO = Deno.execPath();

function batonCmd(main: string = Deno.env.get("BATON_BENCH_MAIN") ?? MAIN): string[] {
  return [
    DENO,
    "run",
    "--quiet",
    "--no-prompt",
    ...BATON_RUNTIME_FLAGS,
    ...BATON_PERMISSIONS,
    main,
  ];
}

/**
 * The Deno command the npm package's launcher starts, on a package staged
 * in `dir` (tests/_tools/pack.ts's stagePackage).
 */
export function packageCmd(dir: string): string[] {
  return [
    DENO,
    "run",
    "--quiet",
    "--no-prompt",
    ...BATON_RUNTIME_FLAGS,
    ...BATON_PERMISSIONS,
    `--config=${dir}/deno.json`,
    `${dir}/main.js`,
  ];
}

/**
 * Each baton case of `cases` followed by its `[package]` twin, which takes
 * the case's targets (what users run is judged); the main.ts row keeps none.
 */
export function withPackageRows(cases: BenchCase[], dir: string): BenchCase[] {
  const main = batonCmd().at(-1)!;
  return cases.flatMap((c) => {
    const at = c.cmd.indexOf(main);
    if (c.cmd[0] !== DENO || at < 0) return [c];
    const { targets, ...source } = c;
    const packaged: BenchCase = {
      ...c,
      id: `${c.id}-pkg`,
      label: `${c.label} [package]`,
      cmd: [...packageCmd(dir), ...c.cmd.slice(at + 1)],
    };
    return [targets === undefined ? source : { ...source, targets: [] }, packaged];
  });
}

function sizeName(size: number): string {
  return `${size / 1000}k`;
}

async function git(cwd: string, args: string[], stdin?: string | Uint8Array): Promise<string> {
  const child = new Deno.Command("git", {
    args,
    cwd,
    stdin: stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: {
      GIT_AUTHOR_NAME: "Bench",
      GIT_AUTHOR_EMAIL: "bench@example.invalid",
      GIT_COMMITTER_NAME: "Bench",
      GIT_COMMITTER_EMAIL: "bench@example.invalid",
    },
  }).spawn();
  if (stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(typeof stdin === "string" ? new TextEncoder().encode(stdin) : stdin);
    await w.close();
  }
  const out = await child.output();
  if (out.code !== 0) {
    throw new Error(`git ${args[0]} failed: ${new TextDecoder().decode(out.stderr)}`);
  }
  return new TextDecoder().decode(out.stdout).trim();
}

function commits(ref: string, from: string | null, count: number, t0: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const msg = `c${i}\n`;
    const body = `${ref} ${i}\n`;
    parts.push(
      `commit ${ref}\ncommitter B <b@e.invalid> ${t0 + i * 60} +0000\ndata ${msg.length}\n${msg}`,
      i === 0 && from !== null ? `from ${from}\n` : "",
      `M 100644 inline f${i % 40}.txt\ndata ${body.length}\n${body}\n`,
    );
  }
  return parts.join("");
}

/**
 * A repository whose HEAD is {@linkcode PUB_AHEAD} loose commits ahead of
 * the fork point with refs/remotes/origin/main, which has
 * {@linkcode PUB_REMOTE_NEWER} newer commits of its own; the commit-graph
 * covers everything but HEAD's new commits. Cached under `cacheDir`.
 */
export async function ensurePublicationRepo(cacheDir: string): Promise<string> {
  const path = `${cacheDir}/facts-publication`;
  try {
    if ((await Deno.readTextFile(`${path}/.git/bench-ready`)).trim() === PUB_FORMAT) return path;
  } catch {
    // Not built yet.
  }
  await Deno.remove(path, { recursive: true }).catch(() => {});
  await Deno.mkdir(path, { recursive: true });
  await git(path, ["init", "-q", "-b", "main"]);
  await git(path, ["config", "gc.auto", "0"]);
  await git(path, ["fast-import", "--quiet"], commits("refs/heads/main", null, PUB_BASE, 1.6e9));
  // origin/main moved on after the fork; a fetch wrote the commit-graph.
  await git(
    path,
    ["fast-import", "--quiet"],
    commits("refs/remotes/origin/main", "refs/heads/main^0", PUB_REMOTE_NEWER, 1.8e9),
  );
  await git(path, ["commit-graph", "write", "--reachable"]);
  // The new commits arrive loose, as local commits do.
  const packDir = `${path}/.git/objects/pack`;
  const before = new Set<string>();
  for await (const e of Deno.readDir(packDir)) before.add(e.name);
  await git(
    path,
    ["fast-import", "--quiet"],
    commits("refs/heads/main", "refs/heads/main^0", PUB_AHEAD, 1.7e9),
  );
  for await (const e of Deno.readDir(packDir)) {
    if (before.has(e.name) || !e.name.endsWith(".pack")) continue;
    const bytes = await Deno.readFile(`${packDir}/${e.name}`);
    for (const ext of [".pack", ".idx", ".rev"]) {
      await Deno.remove(`${packDir}/${e.name.replace(/\.pack$/, ext)}`).catch(() => {});
    }
    await git(path, ["unpack-objects", "-q"], bytes);
  }
  await git(path, ["checkout", "-q", "-f", "main"]);
  await Deno.writeTextFile(`${path}/.git/bench-ready`, `${PUB_FORMAT}\n`);
  return path;
}

function uallCase(id: string, label: string, cwd: string): BenchCase {
  return { id, label, cwd, cmd: ["git", "status", "--porcelain=v2", "-uall"] };
}

function batonCase(id: string, label: string, cwd: string, args: string[]): BenchCase {
  return { id, label, cwd, cmd: [...batonCmd(), ...args] };
}

function hookPayload(cwd: string): string {
  return JSON.stringify({
    session_id: "bench",
    transcript_path: "/tmp/bench.jsonl",
    cwd,
    hook_event_name: "SessionStart",
    source: "startup",
  });
}

/**
 * The baton that writes the bench's capsule: with BATON_BENCH_BEFORE, that
 * older checkout (started with its own task flags), so both sides can read
 * the capsule (a newer baton reads an older capsule; an older one refuses a
 * field it does not know); else this checkout.
 */
function capsuleWriterCmd(): string[] {
  return beforeCmd() ?? batonCmd();
}

/** A capsule in `cwd` every compared baton can read (written by `baton finalize` when there is none that reads). */
export async function ensureCapsule(cwd: string): Promise<void> {
  const writer = capsuleWriterCmd();
  let present = true;
  try {
    await Deno.lstat(`${cwd}/.baton/latest.md`);
  } catch {
    present = false;
  }
  if (present) {
    const read = await runOnce({
      id: "facts-read",
      label: "",
      cwd,
      cmd: [...writer, "load", "--json"],
    });
    if (read.code === 0) return;
  }
  const fin = await runOnce({
    id: "facts-fin",
    label: "",
    cwd,
    cmd: [...writer, "finalize", "--draft", "-"],
    stdin: '{"now":"bench","next_steps":["carry me"]}',
  });
  if (fin.code !== 0) throw new Error(`finalize failed: ${fin.stderr.trim()}`);
}

/** The whole-tree lines of an injected briefing: both re-checked, neither unknown. */
export function verifyWholeTree(stdout: string): string | undefined {
  let text: string;
  try {
    const report = JSON.parse(stdout);
    if (report.action !== "injected") return `hook action ${report.action}, expected injected`;
    text = String(report.output);
  } catch {
    return "hook output is not JSON";
  }
  for (const check of ["tracked changes", "untracked files"]) {
    const m = new RegExp(`${check}: (\\w+)`).exec(text);
    if (m === null) return `no ${check} line`;
    if (m[1] === "unknown") return `${check}: unknown (not re-checked within the deadline)`;
  }
  return undefined;
}

/** A preflight's publication answer was found, not given up on. */
export function verifyPublished(stdout: string): string | undefined {
  try {
    const p = JSON.parse(stdout).facts.published;
    return p.status === "no" || p.status === "yes"
      ? undefined
      : `published ${p.status}: ${p.reason}`;
  } catch {
    return "output is not the expected JSON";
  }
}

const CLEAN: PreflightExpectation = { changed: [0, 0], untracked: 0 };
const DIRTY: PreflightExpectation = {
  changed: [DIRTY_MODIFIED, DIRTY_MODIFIED + DIRTY_UNTRACKED],
  untracked: DIRTY_UNTRACKED,
};

/**
 * The run-time and permission flags of the `baton` task in the deno.json
 * beside `main` (what that checkout runs with, V8 flags included); null
 * when they cannot be read.
 */
export function taskFlags(main: string): string[] | null {
  return batonTaskFlags(main.replace(/[^/]*$/, "deno.json"));
}

/** The before checkout's command (BATON_BENCH_BEFORE), or null when it is not set. */
function beforeCmd(): string[] | null {
  const before = beforeMain();
  if (before === null) return null;
  const flags = taskFlags(before);
  return flags === null ? batonCmd(before) : [DENO, "run", ...flags, before];
}

/**
 * With BATON_BENCH_BEFORE set: each baton case, then the same from that
 * checkout, started with that checkout's own task flags (a change of V8
 * flags is part of what is compared), run as the case of the same id in
 * `twins`: the same cases built on the before build's own copy of the
 * repositories. Both builds keep state in a repository (the listing cache
 * under .git/baton); on one shared copy, a build whose cache format differs
 * refuses the other's cache and lists every directory again on every run.
 */
function withBefore(cases: BenchCase[], twins: BenchCase[] | undefined): BenchCase[] {
  const cmd = beforeCmd();
  if (cmd === null) return cases;
  if (twins === undefined) {
    throw new Error("BATON_BENCH_BEFORE needs the before build's own copy of the repositories");
  }
  const main = batonCmd().at(-1)!;
  const byId = new Map(twins.map((t) => [t.id, t]));
  return cases.flatMap((c) => {
    const twin = byId.get(c.id);
    if (c.cmd[0] !== DENO || !c.cmd.includes(main) || twin === undefined) return [c];
    // The twin is judged as its own row is (its targets), against the same git row.
    const { targets: _own, ...source } = twin;
    return [c, {
      ...source,
      ...(c.targets === undefined ? {} : { targets: c.targets }),
      id: `${c.id}-before`,
      label: `${c.label} [before]`,
      cmd: [...cmd, ...twin.cmd.slice(twin.cmd.indexOf(main) + 1)],
    }];
  });
}

/** The cases of {@linkcode buildFactsGroup} on `repo`, from this checkout's main.ts. */
function factsCases(repo: FilesRepo, rssLimitMb: number): BenchCase[] {
  const n = sizeName(repo.size);
  const big = repo.size >= 50_000;
  const twice: Target[] = big
    ? [{ kind: "ratio", max: 2 }, { kind: "rssMb", max: rssLimitMb }]
    : [];
  const cases: BenchCase[] = [
    uallCase(`fx-git-clean-${n}`, `git status --porcelain=v2 -uall, ${n} clean`, repo.clean),
    uallCase(`fx-git-dirty-${n}`, `git status --porcelain=v2 -uall, ${n} dirty`, repo.dirty),
    {
      ...batonCase(`fx-pf-clean-${n}`, `preflight --json, ${n} clean`, repo.clean, [
        "preflight",
        "--json",
      ]),
      baseline: `fx-git-clean-${n}`,
      targets: twice,
      inspect: inspectPreflight,
      verify: (out) => verifyPreflight(out, CLEAN),
    },
    {
      ...batonCase(`fx-pf-dirty-${n}`, `preflight --json, ${n} dirty`, repo.dirty, [
        "preflight",
        "--json",
      ]),
      baseline: `fx-git-dirty-${n}`,
      targets: twice,
      inspect: inspectPreflight,
      verify: (out) => verifyPreflight(out, DIRTY),
    },
    {
      ...batonCase(`fx-load-${n}`, `load --json, ${n} clean`, repo.clean, ["load", "--json"]),
      baseline: `fx-git-clean-${n}`,
      targets: twice,
      inspect: inspectLoad,
      prepare: () => ensureCapsule(repo.clean),
    },
    {
      ...batonCase(`fx-inject-${n}`, `hook session-start, injects, ${n} clean`, repo.clean, [
        "hook",
        "session-start",
        "--host",
        "claude-code",
        "--json",
      ]),
      stdin: hookPayload(repo.clean),
      baseline: `fx-git-clean-${n}`,
      targets: repo.size >= 10_000 && !big ? [{ kind: "ratio", max: 3 }] : [],
      // At 40k files and more the deadline must still cover both whole-tree sets.
      verify: repo.size >= 40_000 ? verifyWholeTree : undefined,
      inspect: (out) => verifyWholeTree(out) ?? "both whole-tree sets re-checked",
      prepare: async () => {
        await ensureCapsule(repo.clean);
        // The per-clone record of what was injected: without it every run injects afresh.
        await Deno.remove(`${repo.clean}/.git/baton/injected.json`).catch(() => {});
      },
    } as BenchCase,
  ];
  return cases;
}

/**
 * Preflight, load and the injecting session-start hook against git -uall on
 * one repository; with `packaged` (a staged npm package), each baton case
 * also from the package, which the targets then judge. With
 * BATON_BENCH_BEFORE, `before` is the before build's own copy of `repo`
 * (required then; tests/bench/repos.ts ensureFilesRepoCopy).
 */
export function buildFactsGroup(
  repo: FilesRepo,
  rounds: number,
  rssLimitMb: number,
  packaged?: string,
  before?: FilesRepo,
): Group {
  const cases = factsCases(repo, rssLimitMb);
  const twins = before === undefined ? undefined : factsCases(before, rssLimitMb);
  return {
    name: `facts, ${sizeName(repo.size)} files: baton vs git status -uall`,
    rounds,
    warmup: 1,
    teardown: async () => {
      for (const r of before === undefined ? [repo] : [repo, before]) {
        await Deno.remove(`${r.clean}/.baton`, { recursive: true }).catch(() => {});
      }
    },
    cases: withBefore(packaged === undefined ? cases : withPackageRows(cases, packaged), twins),
  };
}

/** The cases of {@linkcode buildPublicationGroup} on the repository at `path`. */
function publicationCases(path: string): BenchCase[] {
  return [
    uallCase("fx-git-pub", "git status --porcelain=v2 -uall, publication repo", path),
    {
      ...batonCase("fx-pf-pub", `preflight --json, HEAD ${PUB_AHEAD} ahead`, path, [
        "preflight",
        "--json",
      ]),
      baseline: "fx-git-pub",
      inspect: inspectPreflight,
      verify: verifyPublished,
    },
  ];
}

/**
 * Preflight's publication answer with HEAD {@linkcode PUB_AHEAD} commits
 * ahead; with BATON_BENCH_BEFORE, `before` is the before build's own copy
 * of the repository (required then).
 */
export function buildPublicationGroup(path: string, rounds: number, before?: string): Group {
  return {
    name:
      `publication: HEAD ${PUB_AHEAD} loose commits ahead, origin/main ${PUB_REMOTE_NEWER} newer`,
    rounds,
    warmup: 1,
    cases: withBefore(
      publicationCases(path),
      before === undefined ? undefined : publicationCases(before),
    ),
  };
}
