/**
 * Bench scenarios: the commands each group times round-robin, their
 * baselines, targets, output checks and the untimed hooks that keep `.baton/`
 * state and the big-pack repository's refs from leaking between runs.
 * @module
 */
import { BATON_PERMISSIONS, BATON_RUNTIME_FLAGS, MAIN } from "../_helpers/cli.ts";
import {
  BIG_SMALL_COMMITS,
  BIG_UNPUSHED,
  type BigPackRepo,
  type BigPackState,
  DIRTY_MODIFIED,
  DIRTY_UNTRACKED,
  type FilesRepo,
  setBigPackState,
} from "./repos.ts";
import { runOnce, type Scenario } from "./round_robin.ts";
import type { Target } from "./report.ts";
import {
  inspectFinalize,
  inspectLoad,
  inspectPreflight,
  type PreflightExpectation,
  verifyFinalize,
  verifyLoad,
  verifyPreflight,
  verifyText,
} from "./inspect.ts";
import { lexists } from "../_helpers/temp_fs.ts";

/** A scenario with how it is judged. */
export interface BenchCase extends Scenario {
  /** Id of the case in the same group whose median is the denominator. */
  baseline?: string;
  targets?: Target[];
  /** Turns the validation run's stdout into a note for the report. */
  inspect?: (stdout: string) => string | undefined;
  /** The ratio to the baseline is of median CPU time (user + system), not wall time. */
  compareCpu?: boolean;
}

/**
 * `group` with each baton case followed by its twin run from another
 * checkout's main.ts (`--base`), interleaved in the same rounds, each case
 * compared with its twin on median CPU time: the "no slower than before"
 * question asked on a loaded machine. The target allows 5 % for noise.
 */
export function withBaseTwins(group: Group, baseMain: string): Group {
  const cases = group.cases.flatMap((c): BenchCase[] => {
    const at = c.cmd.indexOf(MAIN);
    if (at < 0) return [c];
    const { baseline: _b, targets: _t, ...rest } = c;
    const twin: BenchCase = {
      ...rest,
      id: `${c.id}@base`,
      label: `${c.label} [base]`,
      cmd: c.cmd.with(at, baseMain),
    };
    return [{
      ...c,
      baseline: twin.id,
      compareCpu: true,
      targets: [{ kind: "ratio", max: 1.05 }],
    }, twin];
  });
  return { ...group, name: `${group.name}; each vs --base on CPU time`, cases };
}

/** Scenarios timed together, round-robin. */
export interface Group {
  name: string;
  cases: BenchCase[];
  rounds: number;
  warmup: number;
  teardown?: () => Promise<void>;
}

/** Options of the `build*Group` functions. */
export interface GroupOptions {
  /** Timed rounds. */
  rounds: number;
}

const DENO = Deno.execPath();
const BATON = [
  DENO,
  "run",
  "--quiet",
  "--no-prompt",
  ...BATON_RUNTIME_FLAGS,
  ...BATON_PERMISSIONS,
  MAIN,
];

function batonCase(id: string, label: string, cwd: string, args: string[]): BenchCase {
  return { id, label, cwd, cmd: [...BATON, ...args] };
}

function gitStatusCase(id: string, label: string, cwd: string): BenchCase {
  return { id, label, cwd, cmd: ["git", "status", "--porcelain=v2"] };
}

const CLEAN: PreflightExpectation = { changed: [0, 0], untracked: 0 };
const DIRTY: PreflightExpectation = {
  changed: [DIRTY_MODIFIED, DIRTY_MODIFIED + DIRTY_UNTRACKED],
  untracked: DIRTY_UNTRACKED,
};

function preflightCase(
  id: string,
  label: string,
  cwd: string,
  expected: PreflightExpectation,
): BenchCase {
  return {
    ...batonCase(id, label, cwd, ["preflight", "--json"]),
    inspect: inspectPreflight,
    verify: (stdout) => verifyPreflight(stdout, expected),
  };
}

/** "1k", "10k", "50k". */
export function sizeName(size: number): string {
  return size >= 1000 ? `${size / 1000}k` : String(size);
}

async function removeBaton(repo: string): Promise<void> {
  await Deno.remove(`${repo}/.baton`, { recursive: true }).catch((e) => {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  });
}

/** A claude-code hook payload for the repository at `cwd`. */
function hookPayload(cwd: string, event: "SessionStart" | "PreCompact" | "Stop"): string {
  return JSON.stringify({
    session_id: "bench",
    transcript_path: "/tmp/bench.jsonl",
    cwd,
    hook_event_name: event,
    ...(event === "SessionStart"
      ? { source: "startup" }
      : event === "Stop"
      ? { stop_hook_active: false }
      : { trigger: "auto" }),
  });
}

/** Peak memory limit of preflight, load and every hook at 50k files. */
export const RSS_LIMIT_MB = 60;

function hookCase(id: string, label: string, cwd: string, event: string): BenchCase {
  return batonCase(id, label, cwd, ["hook", event, "--host", "claude-code", "--json"]);
}

/** Checks a `baton hook --json` report's action. */
function verifyHookAction(action: string): (stdout: string) => string | undefined {
  return (stdout) => {
    try {
      const got = JSON.parse(stdout).action;
      return got === action ? undefined : `hook action ${got}, expected ${action}`;
    } catch {
      return "hook output is not JSON";
    }
  };
}

/** A claude-code PreToolUse payload running `command` as session `session`. */
function gatePayload(cwd: string, session: string, command: string): string {
  return JSON.stringify({
    session_id: session,
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
  });
}

/** The pre-tool gate's cases: not opted in, a read-only call, a deny, the escape hatch (the resume). */
function gateCases(tiny: string, gated: string, vsHello: Partial<BenchCase>): BenchCase[] {
  const denier = "bench-denier";
  const gate = (id: string, label: string, cwd: string) =>
    batonCase(id, label, cwd, ["hook", "pre-tool", "--host", "claude-code"]);
  // Untimed: the repository opts in and session bench-denier hands off.
  const prepare = async () => {
    if (await lexists(`${gated}/.git/baton/enforce/denies/${denier}.json`)) return;
    for (
      const [args, stdin] of [
        [["enforce", "on", "--yes"], undefined],
        [["finalize", "--draft", "-"], '{"now":"bench"}'],
        [["handoff", "write", "--session", denier, "--write"], undefined],
      ] as [string[], string | undefined][]
    ) {
      const r = await runOnce({
        ...batonCase("gate-prep", "", gated, args),
        ...(stdin === undefined ? {} : { stdin }),
      });
      if (r.code !== 0) throw new Error(`baton ${args[0]} failed: ${r.stderr.trim()}`);
    }
  };
  const silent = verifyText(/^$/);
  return [
    {
      ...gate("gate-off", "baton hook pre-tool (not opted in)", tiny),
      ...vsHello,
      stdin: gatePayload(tiny, denier, "touch x"),
      verify: silent,
    },
    {
      ...gate("gate-read", "baton hook pre-tool (deny on record, git status)", gated),
      ...vsHello,
      stdin: gatePayload(gated, denier, "git status"),
      verify: silent,
      prepare,
    },
    {
      ...gate("gate-deny", "baton hook pre-tool (denies touch)", gated),
      ...vsHello,
      stdin: gatePayload(gated, denier, "touch x"),
      verify: verifyText(/"permissionDecision":"deny"/),
      prepare,
    },
    {
      ...gate("gate-resume", "baton hook pre-tool (printed resume)", gated),
      ...vsHello,
      stdin: gatePayload(
        gated,
        "bench-successor",
        `baton handoff resume --session bench-successor --deny-session ${denier} --write`,
      ),
      verify: silent,
      prepare,
    },
  ];
}

/**
 * Startup: baton's light paths against a Deno hello world in `tmp`; `tiny`
 * is a repo with no capsule, `hooked` one whose capsule was already injected,
 * `gated` one that opted in to enforcement with a deny on record.
 */
export function buildStartupGroup(
  dirs: { tmp: string; tiny: string; hooked: string; stopped: string; gated: string },
  options: GroupOptions,
): Group {
  const { tmp, tiny, hooked, stopped, gated } = dirs;
  const { rounds } = options;
  const hello: BenchCase = {
    id: "hello",
    label: "deno run hello.ts (baseline)",
    cwd: tmp,
    cmd: [DENO, "run", `${tmp}/hello.ts`],
    verify: verifyText(/^hello$/m),
  };
  const vsHello = { baseline: "hello", targets: [{ kind: "ratio", max: 1.3 }] as Target[] };
  return {
    name: "startup: vs deno hello world",
    rounds: rounds * 2,
    warmup: 2,
    cases: [
      hello,
      {
        ...batonCase("version", "baton --version", tiny, ["--version"]),
        ...vsHello,
        verify: verifyText(/^baton \d/),
      },
      {
        ...batonCase("help", "baton help", tiny, ["help"]),
        ...vsHello,
        verify: verifyText(/preflight/),
      },
      {
        ...batonCase("load-none", "baton load (no capsule)", tiny, ["load"]),
        ...vsHello,
        verify: verifyText(/^$/),
      },
      {
        ...hookCase(
          "hook-start-none",
          "baton hook session-start (no capsule)",
          tiny,
          "session-start",
        ),
        ...vsHello,
        stdin: hookPayload(tiny, "SessionStart"),
        verify: verifyHookAction("no_capsule"),
      },
      {
        ...hookCase(
          "hook-stop-recent",
          "baton hook stop (automatic capsule < 5 min old)",
          stopped,
          "stop",
        ),
        ...vsHello,
        stdin: hookPayload(stopped, "Stop"),
        verify: verifyHookAction("recent"),
        // Untimed: an automatic capsule young enough for the stop hook's rate limit.
        prepare: async () => {
          const marker = `${stopped}/.baton/bench-primed`;
          const primed = await Deno.lstat(marker).then((s) => s.mtime?.getTime() ?? 0, () => 0);
          if (Date.now() - primed < 3 * 60_000) return;
          await removeBaton(stopped);
          // In-process, with no time budget: the priming capsule must exist
          // even when a loaded machine would make the hook time out.
          const { runHookJob } = await import("../../commands/_adapters/hook_job.ts");
          const pc = await runHookJob({
            kind: "capture",
            cwd: stopped,
            trigger: "pre_compact",
            host: "claude-code",
            session: "bench",
            minIntervalMs: 0,
          });
          if (!pc.ok || pc.kind !== "capture" || pc.capture.status !== "written") {
            throw new Error(`the automatic capsule was not written: ${JSON.stringify(pc)}`);
          }
          await Deno.writeTextFile(marker, "");
        },
      },
      {
        ...batonCase("hook-start", "baton hook session-start (nothing new, repeat off)", hooked, [
          "hook",
          "session-start",
          "--host",
          "claude-code",
          "--json",
        ]),
        ...vsHello,
        // A new session re-sends an unchanged briefing in short form by default; with
        // BATON_BRIEFING_REPEAT=off it sends nothing, the path this case times.
        env: { BATON_BRIEFING_REPEAT: "off" },
        stdin: hookPayload(hooked, "SessionStart"),
        verify: verifyHookAction("nothing_new"),
        // Untimed: a capsule that was already injected once.
        prepare: async () => {
          if (await lexists(`${hooked}/.git/baton/injected.json`)) return;
          const fin = await runOnce({
            ...batonCase("hook-fin", "", hooked, ["finalize", "--draft", "-"]),
            stdin: '{"now":"bench"}',
          });
          if (fin.code !== 0) throw new Error(`finalize failed: ${fin.stderr.trim()}`);
          const inject = await runOnce({
            ...batonCase("hook-inject", "", hooked, [
              "hook",
              "session-start",
              "--host",
              "claude-code",
            ]),
            stdin: hookPayload(hooked, "SessionStart"),
          });
          if (!inject.stdout.includes("additionalContext")) {
            throw new Error(`session-start did not inject: ${inject.stderr.trim()}`);
          }
        },
      },
      ...gateCases(tiny, gated, vsHello),
    ],
  };
}

async function copyDir(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyDir(`${from}/${e.name}`, `${to}/${e.name}`);
    else if (e.isFile) await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

/**
 * `baton hook pre-compact` on the dirty copy of each repository against a
 * Deno hello world. Before every run `.baton/` is reset to a capsule written
 * while one more file was untracked, so every timed run carries its meaning
 * forward and writes a new capsule (never the "unchanged" shortcut), within
 * the hook's 2-second budget.
 */
export function buildHookGroup(
  repos: FilesRepo[],
  options: GroupOptions & { tmp: string },
): Group {
  const { rounds, tmp } = options;
  const cases: BenchCase[] = [{
    id: "hook-hello",
    label: "deno run hello.ts (baseline)",
    cwd: tmp,
    cmd: [DENO, "run", `${tmp}/hello.ts`],
    verify: verifyText(/^hello$/m),
  }];
  for (const repo of repos) {
    const n = sizeName(repo.size);
    const cwd = repo.dirty;
    const snapshot = `${tmp}/hook-snapshot-${n}`;
    let made: Promise<void> | null = null;
    const makeSnapshot = async (): Promise<void> => {
      await removeBaton(cwd);
      const extra = `${cwd}/bench-extra-untracked.txt`;
      await Deno.writeTextFile(extra, "x\n");
      try {
        const fin = await runOnce({
          ...batonCase(`hook-fin-${n}`, "", cwd, ["finalize", "--draft", "-"]),
          stdin: '{"now":"bench","next_steps":["carry me"]}',
        });
        if (fin.code !== 0) throw new Error(`finalize failed: ${fin.stderr.trim()}`);
      } finally {
        await Deno.remove(extra);
      }
      await copyDir(`${cwd}/.baton`, snapshot);
    };
    cases.push({
      ...batonCase(`hook-pc-${n}`, `hook pre-compact, ${n} dirty`, cwd, [
        "hook",
        "pre-compact",
        "--host",
        "claude-code",
        "--json",
      ]),
      stdin: hookPayload(cwd, "PreCompact"),
      baseline: "hook-hello",
      targets: repo.size >= 50_000
        ? [{ kind: "ms", max: 1000 }, { kind: "rssMb", max: RSS_LIMIT_MB }]
        : [{ kind: "ms", max: 2000 }],
      verify: verifyHookAction("written"),
      prepare: async () => {
        made ??= makeSnapshot();
        await made;
        await removeBaton(cwd);
        await copyDir(snapshot, `${cwd}/.baton`);
      },
    });
  }
  return {
    name: "hook pre-compact vs deno hello world",
    rounds,
    warmup: 1,
    teardown: async () => {
      for (const repo of repos) await removeBaton(repo.dirty);
    },
    cases,
  };
}

/** Preflight against `git status` on the same repository, clean and dirty. */
export function buildFilesGroup(repo: FilesRepo, options: GroupOptions): Group {
  const { rounds } = options;
  const n = sizeName(repo.size);
  const targets: Target[] = repo.size >= 50_000
    ? [{ kind: "ratio", max: 2.5 }, { kind: "rssMb", max: RSS_LIMIT_MB }]
    : [];
  return {
    name: `${n} files: preflight vs git status`,
    rounds,
    warmup: 1,
    cases: [
      {
        ...preflightCase(`pf-clean-${n}`, `preflight --json, ${n} clean`, repo.clean, CLEAN),
        baseline: `git-clean-${n}`,
        targets,
      },
      gitStatusCase(`git-clean-${n}`, `git status --porcelain=v2, ${n} clean`, repo.clean),
      {
        ...preflightCase(`pf-dirty-${n}`, `preflight --json, ${n} dirty`, repo.dirty, DIRTY),
        baseline: `git-dirty-${n}`,
        targets,
      },
      gitStatusCase(`git-dirty-${n}`, `git status --porcelain=v2, ${n} dirty`, repo.dirty),
    ],
  };
}

/** Options of {@linkcode buildBigPackGroup}. */
export interface BigPackGroupOptions extends GroupOptions {
  /** The small repository whose clean preflight is the baseline. */
  small: FilesRepo;
}

/** Preflight on the big-pack repository in four ref states against preflight on a small one. */
export function buildBigPackGroup(big: BigPackRepo, options: BigPackGroupOptions): Group {
  const { rounds, small } = options;
  const targets: Target[] = [{ kind: "ratio", max: 2 }, { kind: "rssMb", max: 200 }];
  const asBuilt = (): Promise<void> =>
    setBigPackState(big, { commitGraph: true, remote: "behind" });
  function variant(id: string, label: string, state: BigPackState): BenchCase {
    return {
      ...preflightCase(id, `preflight --json, big pack, ${label}`, big.path, CLEAN),
      baseline: "pf-1k-ref",
      targets,
      prepare: () => setBigPackState(big, state),
    };
  }
  return {
    name: `big pack (${(big.packBytes / 1e6).toFixed(0)} MB, ${big.commits} commits on HEAD): ` +
      "preflight vs preflight on 1k",
    rounds,
    warmup: 1,
    teardown: asBuilt,
    cases: [
      preflightCase("pf-1k-ref", "preflight --json, 1k clean (baseline)", small.clean, CLEAN),
      variant("pf-big", `origin/main = HEAD~${BIG_UNPUSHED}`, {
        commitGraph: true,
        remote: "behind",
      }),
      // Clones often have no commit-graph: the publication check must read commits.
      variant("pf-big-nograph", `origin/main = HEAD~${BIG_UNPUSHED}, no commit-graph`, {
        commitGraph: false,
        remote: "behind",
      }),
      // The common "feature branch behind a moving main": origin/main has newer
      // commits and never contains HEAD, so proving "unpushed" means walking them.
      variant("pf-big-diverged", `origin/main diverged (${BIG_SMALL_COMMITS} newer commits)`, {
        commitGraph: true,
        remote: "diverged",
      }),
      variant(
        "pf-big-diverged-nograph",
        `origin/main diverged, no commit-graph`,
        { commitGraph: false, remote: "diverged" },
      ),
      {
        ...gitStatusCase("git-big", "git status --porcelain=v2, big pack", big.path),
        prepare: asBuilt,
      },
    ],
  };
}

/** Finalize and load on the clean copy of `repo`, with preflight as the reference. */
export function buildCapsuleGroup(repo: FilesRepo, options: GroupOptions): Group {
  const { rounds } = options;
  const n = sizeName(repo.size);
  const cwd = repo.clean;
  const finalize: BenchCase = {
    ...batonCase(`finalize-${n}`, `finalize --draft - --json, ${n} clean`, cwd, [
      "finalize",
      "--draft",
      "-",
      "--json",
    ]),
    stdin: '{"now":"bench"}',
    baseline: `pf-ref-${n}`,
    targets: [{ kind: "rssMb", max: RSS_LIMIT_MB }],
    inspect: inspectFinalize,
    verify: verifyFinalize,
    // Every run writes the first capsule of an empty .baton/.
    prepare: () => removeBaton(cwd),
  };
  return {
    name: `${n} files: finalize and load`,
    rounds,
    warmup: 1,
    teardown: () => removeBaton(cwd),
    cases: [
      {
        ...preflightCase(`pf-ref-${n}`, `preflight --json, ${n} clean (baseline)`, cwd, CLEAN),
        // Keep .baton/ (untracked) out of the reference preflight.
        prepare: () => removeBaton(cwd),
      },
      finalize,
      {
        ...gitStatusCase(`git-ref-${n}`, `git status --porcelain=v2, ${n} clean`, cwd),
        prepare: () => removeBaton(cwd),
      },
      {
        ...batonCase(`load-${n}`, `load --json, ${n} clean, capsule present`, cwd, [
          "load",
          "--json",
        ]),
        baseline: `git-ref-${n}`,
        targets: [{ kind: "ratio", max: 2.5 }, { kind: "rssMb", max: RSS_LIMIT_MB }],
        inspect: inspectLoad,
        verify: verifyLoad,
        prepare: async () => {
          if (await lexists(`${cwd}/.baton/latest.md`)) return;
          const res = await runOnce(finalize);
          if (res.code !== 0) throw new Error(`finalize failed before load: ${res.stderr.trim()}`);
        },
      },
    ],
  };
}

/**
 * `baton hook session-start` that injects, on the clean copy of each
 * repository, against `git status` on the same repository. Before every run
 * the host's injection record is removed, so every timed run renders and
 * prints the briefing (the capsule is written once, untimed).
 */
export function buildInjectGroup(repos: FilesRepo[], options: GroupOptions): Group {
  const { rounds } = options;
  const cases: BenchCase[] = [];
  for (const repo of repos) {
    const n = sizeName(repo.size);
    const cwd = repo.clean;
    const targets: Target[] = repo.size >= 50_000
      ? [{ kind: "ratio", max: 2 }, { kind: "rssMb", max: RSS_LIMIT_MB }]
      : repo.size >= 10_000
      ? [{ kind: "ratio", max: 3 }]
      : [];
    cases.push(
      {
        ...hookCase(`inject-${n}`, `hook session-start, injects, ${n} clean`, cwd, "session-start"),
        stdin: hookPayload(cwd, "SessionStart"),
        baseline: `git-inject-${n}`,
        targets,
        verify: verifyHookAction("injected"),
        prepare: async () => {
          if (!await lexists(`${cwd}/.baton/latest.md`)) {
            const fin = await runOnce({
              ...batonCase(`inject-fin-${n}`, "", cwd, ["finalize", "--draft", "-"]),
              stdin: '{"now":"bench","next_steps":["carry me"]}',
            });
            if (fin.code !== 0) throw new Error(`finalize failed: ${fin.stderr.trim()}`);
          }
          await Deno.remove(`${cwd}/.git/baton/injected.json`).catch(() => {});
        },
      },
      gitStatusCase(`git-inject-${n}`, `git status --porcelain=v2, ${n} clean`, cwd),
    );
  }
  return {
    name: "hook session-start (injecting) vs git status",
    rounds,
    warmup: 1,
    teardown: async () => {
      for (const repo of repos) await removeBaton(repo.clean);
    },
    cases,
  };
}
