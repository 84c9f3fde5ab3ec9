/**
 * `deno task bench`: times baton's entry point as real subprocesses against
 * baselines measured in the same run (a Deno hello world, `git status` on the
 * same repository, preflight on a small repository), round-robin interleaved
 * with warm-up rounds, and prints median, p25-p75, peak RSS, the ratio to the
 * baseline and PASS/MISS against the targets. It reports and never asserts:
 * the exit status is 0 whatever the numbers (1 only when the bench itself
 * cannot run). Progress goes to stderr; the table (or --json) to stdout.
 * @module
 */
import { parseArgs } from "node:util";
import { MAIN } from "../_helpers/cli.ts";
import {
  BIG_BLOBS,
  BIG_SMALL_COMMITS,
  BIG_UNPUSHED,
  createTinyRepo,
  DEFAULT_CACHE_DIR,
  DIRTY_MODIFIED,
  DIRTY_UNTRACKED,
  ensureBigPackRepo,
  ensureCopy,
  ensureFilesRepo,
  ensureFilesRepoCopy,
  type FilesRepo,
} from "./repos.ts";
import { hasGnuTime, runOnce, runRoundRobin } from "./round_robin.ts";
import { checkTargets, renderTable, type ResultRow, verdictOf } from "./report.ts";
import { pairedDifference, summarize } from "./stats.ts";
import { readHostTimings, renderHostTimings } from "./host_timings.ts";
import { renderTranscriptTable, runTranscriptBench, type TranscriptBench } from "./transcripts.ts";
import { buildBandsGroup } from "./bands.ts";
import { renderTokenTable, runTokenBench } from "./tokens.ts";
import {
  buildFactsGroup,
  buildPublicationGroup,
  ensureCapsule,
  ensurePublicationRepo,
} from "./facts.ts";
import { type PhaseTable, renderPhaseTable, runFactsPhases } from "./facts_phases.ts";

/** Where the real-host suite's hook timing log is looked for by default. */
const DEFAULT_HOST_TIMINGS = `${DEFAULT_CACHE_DIR}/host-hook-timings.jsonl`;
import {
  type BenchCase,
  buildBigPackGroup,
  buildCapsuleGroup,
  buildFilesGroup,
  buildHookGroup,
  buildInjectGroup,
  buildStartupGroup,
  type Group,
  RSS_LIMIT_MB,
  withBaseTwins,
} from "./groups.ts";
import {
  buildSecretsCorpus,
  renderHostileTable,
  renderKeywordPassTable,
  renderScanPhaseTable,
  renderSecretsTable,
  runHostileBench,
  runKeywordPassBench,
  runScanPhaseBench,
  runSecretsBench,
} from "./secrets.ts";
import { renderSearchTable, runSearchBench, type SearchBench } from "./search.ts";
import { measureProxies, type Proxies, renderProxies } from "./proxies.ts";
import { stagePackage } from "../_tools/pack.ts";

const USAGE =
  `Usage: deno task bench [--quick] [--rounds N] [--secrets] [--search] [--transcripts] [--bands] [--tokens] [--startup|--bands [--base DIR] [--proxies]] [--host-timings FILE] [--json]

  --quick      5 rounds; only the 1k and 10k repositories (capsule scenarios on 10k);
               skips 50k and the big pack
  --rounds N   timed rounds per group (default 15, or 5 with --quick); the cheap
               startup group runs 2N
  --secrets    only the secret-scanning benchmark (50 MB Claude Code transcript, end to end:
               baton redact FILE > out, the scanner before every-copy (git archive of its
               commit) and secretlint as whole processes, 5 interleaved timed rounds, 3 with
               --quick, CPU-time ratios; recall and false positives on the transcript and
               labelled cases)
  --search     only the search-index benchmark (5,000 synthetic capsules in process: first
               build, search with nothing new, update after one capsule; 64 MB of synthetic
               transcript documents, 16 MB with --quick)
  --transcripts
               only the transcript benchmark: source show --tail 20 on 1 MB vs a sparse 1 GiB
               transcript, source list over 500 sessions, pre-compact with a 50 MB transcript
               (5 rounds, 3 with --quick)
  --bands      only the context-bands benchmark (baton bands on 200 MB vs 1 MB Claude Code
               transcripts, and the per-prompt band hook on 200 MB vs a Deno hello world;
               the transcripts are generated in the temp directory and deleted)
  --tokens     only the token table: the skill, preflight, a typical draft round trip, the
               briefing and the band advisory, counted with an offline tokenizer (o200k_base)
               against their targets
  --facts      only the facts group (issue #22): preflight, load and the injecting
               session-start hook against git status --porcelain=v2 -uall at 10k, 40k and
               50k files (10k with --quick), the publication answer with HEAD 1,000 loose
               commits ahead, and whether session-start at 40k+ re-checks both whole-tree
               sets; then where preflight's and load's time and memory go, phase by phase,
               at the largest size, and the injecting session-start hook's at 10k (its
               job's steps as the Worker tells them). Each baton case runs from main.ts and
               from the npm package's form (staged; modules as JavaScript without comments
               or source maps), and the targets judge the package's row, what users run.
               BATON_BENCH_MAIN=<main.ts>
               times another checkout (before/after; no package row)
  --startup    only the startup group: --version, help, load and the light hooks, the pre-tool
               gate (not opted in, a read-only call, a deny, the escape hatch), against a Deno
               hello world
  --base DIR   with --startup or --bands: each baton case also runs from the checkout at DIR
               (e.g. an exported older commit), right after it in every round, and is compared
               with it on median CPU time (user + system, from GNU time), which a loaded machine
               disturbs far less than wall time
  --proxies    with --startup or --bands: instead of timing, each baton case (and its --base
               twin) once under strace: modules loaded, KiB of emitted JavaScript read,
               system calls (median of 3); deterministic, so they show a saving on a busy machine
  --host-timings FILE
               JSON Lines of real-host hook runs ({"host","event","action","ms"} a line) that
               deno task test:hosts leaves when BATON_TEST_HOOK_LOG names the file; summarized
               per host and event (default ${DEFAULT_HOST_TIMINGS})
  --json       print machine-readable results on stdout instead of the table

Repositories are cached under ${DEFAULT_CACHE_DIR}/ (delete it to rebuild).
`;

/** What the facts bench's `[package]` rows are, and why the targets judge them. */
const PACKAGE_NOTE =
  "[package] rows run the npm package's form (deno task pack, staged from this checkout): the Deno command its launcher starts, without the Node launcher, on modules shipped as JavaScript without comments or source maps. That is what users run, so the targets judge those rows; the main.ts rows beside them (deno run main.ts, Deno's emit of each TypeScript module with its comments and an inline source map) are shown without a verdict.";

const CPU_NOTE =
  "Wall ms is measured by the same python3 parent from just before its fork to the child's exit, so the parent's own start-up is left out (seen at 270 ms through a pyenv shim). " +
  "CPU ms is user + system time of the process (its rusage, read by a python3 parent in microseconds; GNU time in 10 ms steps without python3), median over runs; the CPU ratio " +
  "is medians over the baseline's, from the same rounds: other processes on the machine move it far " +
  "less than wall time (a parallel program such as git can use more CPU than wall). Against --base, " +
  "the CPU ratio is followed by the median of the round-by-round CPU difference (baton minus base) " +
  "and its 95 % bootstrap interval; odd rounds run the cases in reverse order.";

const encoder = new TextEncoder();

function writeAll(stream: { writeSync(p: Uint8Array): number }, text: string): void {
  const data = encoder.encode(text);
  let off = 0;
  while (off < data.length) off += stream.writeSync(data.subarray(off));
}

function progress(message: string): void {
  writeAll(Deno.stderr, `bench: ${message}\n`);
}

interface GroupResult {
  rows: ResultRow[];
  notes: string[];
}

async function runGroup(group: Group, scratchDir: string | undefined): Promise<GroupResult> {
  const rows: ResultRow[] = [];
  const notes: string[] = [];
  const valid: BenchCase[] = [];
  const errors = new Map<string, string>();
  try {
    progress(`[${group.name}] validation run`);
    for (const c of group.cases) {
      try {
        await c.prepare?.();
      } catch (e) {
        errors.set(c.id, `prepare failed: ${e instanceof Error ? e.message : String(e)}`);
        continue;
      }
      // Untimed, so baton may print its stack trace when it fails.
      const res = await runOnce(c, { env: { BATON_DEBUG: "1" } });
      if (res.code !== 0) {
        errors.set(
          c.id,
          `exit ${res.code}: ${res.stderr.trim()}${
            res.stdout.trim() === "" ? "" : `\n${res.stdout.trim()}`
          }`,
        );
        continue;
      }
      valid.push(c);
      const note = c.inspect?.(res.stdout);
      if (note !== undefined) notes.push(`${c.label}: ${note}`);
      const problem = c.verify?.(res.stdout);
      if (problem !== undefined) {
        notes.push(`${c.label}: WRONG OUTPUT in validation run: ${problem}`);
      }
    }
    const samples = await runRoundRobin(valid, {
      rounds: group.rounds,
      warmup: group.warmup,
      ...(scratchDir === undefined ? {} : { scratchDir }),
      onProgress: (m) => progress(`[${group.name}] ${m}`),
    });
    const summaries = new Map(
      [...samples].map(([id, s]) => [id, s.ms.length === 0 ? null : summarize(s.ms)]),
    );
    for (const c of group.cases) {
      const error = errors.get(c.id);
      const s = samples.get(c.id);
      const summary = summaries.get(c.id) ?? null;
      const rss = s === undefined || s.rssKb.length === 0 ? null : summarize(s.rssKb);
      const base = c.baseline === undefined ? null : summaries.get(c.baseline) ?? null;
      const baseLabel = group.cases.find((b) => b.id === c.baseline)?.label ?? "";
      const cpu = s === undefined || s.cpuMs.length === 0 ? null : summarize(s.cpuMs).median;
      const baseSamples = c.baseline === undefined ? undefined : samples.get(c.baseline);
      const baseCpu = baseSamples === undefined || baseSamples.cpuMs.length === 0
        ? null
        : summarize(baseSamples.cpuMs).median;
      // A baseline under 1 ms of CPU has no meaningful ratio (GNU time counts in 10 ms steps).
      const cpuRatio = cpu === null || baseCpu === null || baseCpu < 1 ? null : cpu / baseCpu;
      const wallRatio = summary === null || base === null ? null : summary.median / base.median;
      const ratio = c.compareCpu === true ? cpuRatio : wallRatio;
      // Against a --base twin: the CPU difference round by round, with its 95 % interval.
      const cpuDiff = c.compareCpu !== true || s === undefined || baseSamples === undefined
        ? null
        : pairedDifference(s.cpuMs, s.cpuRounds, baseSamples.cpuMs, baseSamples.cpuRounds);
      const rssMaxMb = rss === null ? null : rss.max / 1024;
      const checks = summary === null
        ? []
        : checkTargets(c.targets ?? [], { medianMs: summary.median, ratio, rssMaxMb });
      if (s !== undefined && s.firstFailure !== undefined) {
        notes.push(`${c.label}: ${s.failures} timed runs failed; first: ${s.firstFailure}`);
      }
      if (s !== undefined && s.firstWrong !== undefined) {
        notes.push(`${c.label}: ${s.wrong} timed runs gave wrong output; first: ${s.firstWrong}`);
      }
      rows.push({
        group: group.name,
        id: c.id,
        label: c.label,
        summary,
        rssMb: rss === null ? null : rss.median / 1024,
        rssMaxMb,
        cpuMs: cpu,
        baseline: ratio === null ? null : {
          id: c.baseline!,
          label: `${c.compareCpu === true ? "CPU vs " : ""}${shortLabel(baseLabel)}`,
          ratio,
          cpuRatio,
          cpuDiff,
        },
        checks,
        verdict: error !== undefined || summary === null
          ? "ERROR"
          : (s?.wrong ?? 0) > 0
          ? "WRONG"
          : verdictOf(checks),
        failures: s?.failures ?? 0,
        wrong: s?.wrong ?? 0,
        ...(error === undefined ? {} : { error }),
      });
      if (error !== undefined) notes.push(`${c.label}: ERROR ${error}`);
    }
  } finally {
    await group.teardown?.();
  }
  return { rows, notes };
}

/** The 1-, 5- and 15-minute load averages (Linux), or null elsewhere. */
function loadAverage(): string | null {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return null;
  }
}

/** Load averages and cores, so a reader can tell a busy machine's figures from an idle one's. */
function loadLine(atStart: string | null): string {
  const end = loadAverage();
  if (atStart === null || end === null) return "machine load: not available";
  return `machine load (1/5/15 min): ${atStart} at start, ${end} at end; ${navigator.hardwareConcurrency} cores`;
}

function shortLabel(label: string): string {
  if (label.startsWith("deno run hello")) return "hello";
  if (label.startsWith("git status")) return "git status";
  if (label.startsWith("preflight")) {
    return `preflight ${label.split(", ")[1] ?? ""}`.trim()
      .replace(" (baseline)", "");
  }
  return label;
}

async function gitOutput(args: string[], cwd?: string): Promise<string> {
  const out = await new Deno.Command("git", {
    args,
    stdout: "piped",
    stderr: "null",
    ...(cwd === undefined ? {} : { cwd }),
  }).output();
  return new TextDecoder().decode(out.stdout).trim();
}

/** Which baton was measured: commit plus uncommitted changes under its source folders. */
async function batonRevision(): Promise<string> {
  const root = MAIN.slice(0, MAIN.lastIndexOf("/"));
  const head = await gitOutput(["rev-parse", "--short", "HEAD"], root);
  const changed =
    (await gitOutput(["status", "--porcelain", "--", "main.ts", "commands", "core", "wasm"], root))
      .split("\n").filter((l) => l !== "").length;
  return changed === 0 ? head : `${head} + ${changed} uncommitted source files`;
}

/** The main.ts of the checkout `--base` names. */
function baseMain(dir: string): string {
  return `${dir.replace(/\/+$/, "")}/main.ts`;
}

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        quick: { type: "boolean", default: false },
        rounds: { type: "string" },
        json: { type: "boolean", default: false },
        secrets: { type: "boolean", default: false },
        search: { type: "boolean", default: false },
        transcripts: { type: "boolean", default: false },
        bands: { type: "boolean", default: false },
        startup: { type: "boolean", default: false },
        tokens: { type: "boolean", default: false },
        facts: { type: "boolean", default: false },
        base: { type: "string" },
        proxies: { type: "boolean", default: false },
        "host-timings": { type: "string", default: DEFAULT_HOST_TIMINGS },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (e) {
    writeAll(Deno.stderr, `bench: ${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    writeAll(Deno.stdout, USAGE);
    return 0;
  }
  const quick = values.quick;
  const rounds = values.rounds === undefined ? (quick ? 5 : 15) : Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) {
    writeAll(Deno.stderr, `bench: --rounds expects a positive integer\n${USAGE}`);
    return 2;
  }
  const sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 50_000];
  const started = new Date();
  const loadAtStart = loadAverage();
  const tmp = await Deno.makeTempDir({ prefix: "baton-bench-" });
  try {
    await Deno.writeTextFile(`${tmp}/hello.ts`, 'console.log("hello");\n');
    const scratch = hasGnuTime() ? `${tmp}/rss` : undefined;
    if (scratch === undefined) progress("/usr/bin/time not found: no RSS figures");
    else await Deno.mkdir(scratch);

    const onlySecrets = values.secrets;
    const onlySearch = values.search;
    const onlyTranscripts = values.transcripts;
    const onlyBands = values.bands;
    const onlyStartup = values.startup;
    if (values.tokens) {
      progress("[tokens] running preflight, finalize and load in a small repository");
      const tokens = await runTokenBench(tmp);
      writeAll(
        Deno.stdout,
        values.json ? JSON.stringify({ tokens }, null, 2) + "\n" : renderTokenTable(tokens) + "\n",
      );
      return 0;
    }
    const onlyFacts = values.facts;
    const groups: Group[] = [];
    let big: Awaited<ReturnType<typeof ensureBigPackRepo>> | null = null;
    let phasesRepo: string | null = null;
    /** Where the injecting hook's phases are measured: its target's size, 10k files. */
    let hookPhasesRepo: string | null = null;
    if (onlyBands) {
      progress("[bands] generating 1 MB and 200 MB transcripts");
      const group = await buildBandsGroup(tmp, { rounds });
      groups.push(values.base === undefined ? group : withBaseTwins(group, baseMain(values.base)));
    } else if (onlyFacts) {
      progress("preparing repositories (cached under " + DEFAULT_CACHE_DIR + ")");
      // What users run: the npm package's form, staged from this checkout (not for BATON_BENCH_MAIN's).
      let packaged: string | undefined;
      if (Deno.env.get("BATON_BENCH_MAIN") === undefined) {
        packaged = `${tmp}/package`;
        await Deno.mkdir(packaged);
        progress("[facts] staging the npm package's form");
        await stagePackage(packaged);
      }
      // The before build runs on its own copies: its listing cache may have another format.
      const withBefore = Deno.env.get("BATON_BENCH_BEFORE") !== undefined;
      for (const size of quick ? [10_000] : [10_000, 40_000, 50_000]) {
        const repo = await ensureFilesRepo(size, { log: progress });
        const before = withBefore
          ? await ensureFilesRepoCopy(repo, "before", { log: progress })
          : undefined;
        groups.push(buildFactsGroup(repo, rounds, RSS_LIMIT_MB, packaged, before));
        phasesRepo = repo.clean;
        if (size === 10_000) hookPhasesRepo = repo.clean;
      }
      const pub = await ensurePublicationRepo(DEFAULT_CACHE_DIR);
      const pubBefore = withBefore
        ? await ensureCopy(pub, `${pub}-before`, 0, progress)
        : undefined;
      groups.push(buildPublicationGroup(pub, rounds, pubBefore));
    } else if (onlyStartup) {
      const dirs = { tmp, tiny: await createTinyRepo(tmp) };
      const named: Record<string, string> = {};
      for (const d of ["hooked", "stopped", "gated"]) {
        await Deno.mkdir(`${tmp}/${d}`);
        named[d] = await createTinyRepo(`${tmp}/${d}`);
      }
      const group = buildStartupGroup({
        ...dirs,
        hooked: named.hooked!,
        stopped: named.stopped!,
        gated: named.gated!,
      }, { rounds });
      groups.push(values.base === undefined ? group : withBaseTwins(group, baseMain(values.base)));
    } else if (!onlySecrets && !onlySearch && !onlyTranscripts) {
      progress("preparing repositories (cached under " + DEFAULT_CACHE_DIR + ")");
      const tiny = await createTinyRepo(tmp);
      await Deno.mkdir(`${tmp}/hooked`);
      const hooked = await createTinyRepo(`${tmp}/hooked`);
      await Deno.mkdir(`${tmp}/stopped`);
      const stopped = await createTinyRepo(`${tmp}/stopped`);
      await Deno.mkdir(`${tmp}/gated`);
      const gated = await createTinyRepo(`${tmp}/gated`);
      const repos: FilesRepo[] = [];
      for (const size of sizes) repos.push(await ensureFilesRepo(size, { log: progress }));
      big = quick ? null : await ensureBigPackRepo({ log: progress });
      groups.push(buildStartupGroup({ tmp, tiny, hooked, stopped, gated }, { rounds }));
      for (const repo of repos) groups.push(buildFilesGroup(repo, { rounds }));
      groups.push(buildCapsuleGroup(repos[repos.length - 1]!, { rounds }));
      groups.push(buildHookGroup(repos, { rounds, tmp }));
      groups.push(buildInjectGroup(repos.filter((r) => r.size >= 10_000), { rounds }));
      if (big !== null) groups.push(buildBigPackGroup(big, { rounds, small: repos[0]! }));
      progress("[bands] generating 1 MB and 200 MB transcripts");
      groups.push(await buildBandsGroup(tmp, { rounds }));
    }

    if (values.proxies && (onlyBands || onlyStartup)) {
      const measured: Proxies[] = [];
      for (const g of groups) {
        for (const c of g.cases) {
          if (!c.cmd.some((a) => a.endsWith("main.ts"))) continue;
          progress(`[proxies] ${c.label}`);
          measured.push(await measureProxies(c, tmp));
        }
        await g.teardown?.();
      }
      writeAll(
        Deno.stdout,
        values.json
          ? JSON.stringify({ proxies: measured }, null, 2) + "\n"
          : renderProxies(measured),
      );
      return 0;
    }
    const rows: ResultRow[] = [];
    const notes: string[] = [];
    for (const g of groups) {
      const res = await runGroup(g, scratch);
      rows.push(...res.rows);
      notes.push(...res.notes);
    }
    const phases: PhaseTable[] = [];
    if (phasesRepo !== null) {
      progress(`[facts] preflight phases in ${phasesRepo}`);
      phases.push(await runFactsPhases(phasesRepo, rounds));
      progress(`[facts] load phases in ${phasesRepo}`);
      await ensureCapsule(phasesRepo);
      try {
        phases.push(await runFactsPhases(phasesRepo, rounds, "load"));
      } finally {
        await Deno.remove(`${phasesRepo}/.baton`, { recursive: true }).catch(() => {});
      }
    }
    if (hookPhasesRepo !== null) {
      progress(`[facts] injecting session-start hook phases in ${hookPhasesRepo}`);
      await ensureCapsule(hookPhasesRepo);
      try {
        phases.push(await runFactsPhases(hookPhasesRepo, rounds, "hook"));
      } finally {
        await Deno.remove(`${hookPhasesRepo}/.baton`, { recursive: true }).catch(() => {});
      }
    }
    if (onlyBands || onlyStartup || onlyFacts) {
      const head = `baton bench (${
        onlyBands ? "bands" : onlyStartup ? "startup" : "facts"
      } only): deno ${Deno.version.deno}, git ${await gitOutput(["--version"])}, ${rounds} rounds${
        Deno.env.get("BATON_BENCH_MAIN") === undefined
          ? ""
          : `, baton from ${Deno.env.get("BATON_BENCH_MAIN")}`
      }`;
      const load = loadLine(loadAtStart);
      writeAll(
        Deno.stdout,
        values.json
          ? JSON.stringify(
            { load, rows, notes, ...(phases.length === 0 ? {} : { phases }) },
            null,
            2,
          ) +
            "\n"
          : [
            head,
            load,
            CPU_NOTE,
            ...(rows.some((r) => r.label.endsWith(" [package]")) ? [PACKAGE_NOTE] : []),
            "",
            renderTable(rows),
            ...notes.map((n) => `- ${n}`),
            ...phases.flatMap((p) => ["", renderPhaseTable(p)]),
            "",
          ].join("\n"),
      );
      return 0;
    }
    let search: SearchBench | null = null;
    if (!onlySecrets && !onlyTranscripts) {
      search = await runSearchBench(tmp, progress, { transcriptMb: quick ? 16 : 64 });
    }
    if (onlySearch) {
      writeAll(
        Deno.stdout,
        values.json ? JSON.stringify({ search }, null, 2) + "\n" : renderSearchTable(search!),
      );
      return 0;
    }
    const transcripts: TranscriptBench | null = onlySecrets || onlySearch
      ? null
      : await runTranscriptBench(tmp, quick ? 3 : 5, progress);
    if (onlyTranscripts) {
      writeAll(
        Deno.stdout,
        values.json
          ? JSON.stringify({ transcripts }, null, 2) + "\n"
          : renderTranscriptTable(transcripts!),
      );
      return 0;
    }
    progress("[secrets] generating the 50 MB transcript");
    const corpus = await buildSecretsCorpus(tmp);
    const secrets = await runSecretsBench(corpus, quick ? 3 : 5, progress);
    progress("[secrets] keyword pass alone");
    const keywordPass = await runKeywordPassBench(corpus);
    progress("[secrets] where the time goes");
    const scanPhases = await runScanPhaseBench(corpus);
    progress("[secrets] hostile inputs");
    const hostile = runHostileBench();
    const hostTimings = await readHostTimings(values["host-timings"]);

    const meta = {
      started: started.toISOString(),
      seconds: Math.round((Date.now() - started.getTime()) / 1000),
      quick,
      rounds,
      deno: Deno.version.deno,
      git: await gitOutput(["--version"]),
      baton: await batonRevision(),
      cacheDir: DEFAULT_CACHE_DIR,
      dirty: { modified: DIRTY_MODIFIED, untracked: DIRTY_UNTRACKED },
      load: loadLine(loadAtStart),
      ...(big === null ? {} : {
        bigPack: {
          packBytes: big.packBytes,
          commits: big.commits,
          blobs: BIG_BLOBS,
          smallCommits: BIG_SMALL_COMMITS,
          unpushed: BIG_UNPUSHED,
        },
      }),
    };
    if (values.json) {
      const secretsJson = { ...secrets, keywordPass, phases: scanPhases, hostile };
      writeAll(
        Deno.stdout,
        JSON.stringify(
          { meta, rows, notes, secrets: secretsJson, search, transcripts, hostTimings },
          null,
          2,
        ) +
          "\n",
      );
    } else {
      const lines = [
        `baton bench: baton ${meta.baton}; deno ${meta.deno}, ${meta.git}, ${rounds} rounds` +
        ` (startup ${rounds * 2}), ${quick ? "quick, " : ""}${meta.seconds} s`,
        "Times are process wall times of one run; RSS is GNU time's peak (KiB / 1024),",
        "median over runs (max shown when it differs). Ratios are medians over the baseline's median",
        "from the same interleaved rounds; trust ratios over absolute times on this VM.",
        meta.load,
        CPU_NOTE,
        "",
        ...(rows.length === 0 ? [] : [renderTable(rows)]),
        renderHostTimings(hostTimings),
        renderSecretsTable(secrets),
        ...(search === null ? [] : [renderSearchTable(search)]),
        ...(transcripts === null ? [] : [renderTranscriptTable(transcripts)]),
        renderKeywordPassTable(keywordPass),
        renderScanPhaseTable(scanPhases),
        renderHostileTable(hostile),
      ];
      if (notes.length > 0) lines.push("Notes:", ...notes.map((n) => `- ${n}`), "");
      writeAll(Deno.stdout, lines.join("\n"));
    }
    return 0;
  } catch (e) {
    writeAll(Deno.stderr, `bench: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    return 1;
  } finally {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  main(Deno.args).then((code) => Deno.exit(code));
}
