/**
 * The secret-scanning benchmark, end to end: `baton redact FILE > out` (the
 * whole process: start-up, reading, scanning, writing) on a generated 50 MB
 * Claude Code transcript with a few hundred planted secrets of every kind
 * (tests/bench/secrets_transcript.ts), against secretlint (recommended
 * preset through @secretlint/core, the engine its CLI runs, also a whole
 * process reading the same file) and against baton's own scanner as it was
 * before every copy was redacted (#21; {@linkcode BASELINE_COMMIT}, taken
 * from this repository's history with `git archive` and run the same way),
 * all in the same run, interleaved, several rounds. Ratios are medians of
 * CPU time (user + system of each child process, GNU time), which a loaded
 * machine disturbs least; wall ratios are shown beside them. Reports wall
 * and CPU throughput, peak RSS and minor page faults (GNU time), the ratios, planted
 * secrets left in baton's actual output, false positives per 10 MB, and
 * recall and false-positive rate on the labelled cases (every kind in every
 * context; look-alikes and placeholders), with PASS/MISS against the
 * targets. Reports, never asserts. secretlint is imported here only, never
 * by baton. With `BATON_BENCH_BEFORE=<checkout>` that checkout's `baton
 * redact` runs in the same rounds too (same flags), with the same ratios, so
 * a change shows before and after in one run. Every copy's cost is also
 * measured within this build (the phase table's last line): the same
 * in-process streamed scan with the copy search on against off.
 * @module
 */
import process from "node:process";
import { SCAN_BOUNDS } from "../../core/bounds.ts";
import { defaultEngine } from "../../core/safety/secrets/default_engine.ts";
import { type Finding, scanStream } from "../../core/safety/secrets/stream.ts";
import { findSecrets } from "../../core/safety/secrets/engine.ts";
import { redactText } from "../../core/safety/secrets/redact.ts";
import { CONTEXTS, lookAlikes, Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";
import { BATON_RUNTIME_FLAGS, batonRunPrefix, MAIN, testBatonHome } from "../_helpers/cli.ts";
import { type ColdRun, PREWARM_PARTS, type PrewarmPart, type StepCost } from "./secrets_cold.ts";
import { summarize } from "./stats.ts";
import { beforeMain } from "./before.ts";
import { buildTranscript, placeholder, type PlantedSpan } from "./secrets_transcript.ts";

const encoder = new TextEncoder();

/**
 * The scanner before #21's every-copy redaction: the parent of the commit
 * that introduced it (1743ea0, "every copy of a found value is redacted").
 * The issue bounds every-copy at 1.2x this scanner's time, so the bench runs
 * it in the same rounds.
 */
export const BASELINE_COMMIT = "43aabf46527a02f97e4cec348db796433bfbbc77";

/** The generated corpus. */
export interface SecretsCorpus {
  path: string;
  bytes: number;
  lines: number;
  planted: PlantedSpan[];
}

/** One measured process. */
export interface SecretsRow {
  label: string;
  rounds: number;
  medianWallMs: number;
  medianCpuMs: number;
  mbPerSec: number;
  mbPerCpuSec: number;
  peakRssMiB: number | null;
  /** Median minor page faults per run (GNU time): the memory a run touches fresh. */
  minorFaults: number | null;
  /** secretlint's median over this row's, wall and CPU (baton only). */
  ratioToSecretlint: { wall: number; cpu: number } | null;
  /** This row's median over the baseline's (before every-copy), wall and CPU (baton only). */
  ratioToBaseline: { wall: number; cpu: number } | null;
  findings: number | null;
  checks: { text: string; pass: boolean }[];
}

/** Quality of the scan, measured in-process with the same engine (not timed). */
export interface SecretsQuality {
  planted: number;
  kinds: number;
  /** Planted secrets whose text is still in baton redact's output. */
  leftInOutput: number;
  found: number;
  rightKind: number;
  falsePositives: number;
  falsePositivesPer10MB: number;
  falsePositiveKinds: Record<string, number>;
  labelled: { positives: number; recalled: number; negatives: number; flagged: number };
  checks: { text: string; pass: boolean }[];
}

/** Everything the secrets bench reports. */
export interface SecretsReport {
  corpus: { bytes: number; lines: number; planted: number; kinds: number };
  /** Load average before and after the timed rounds. */
  loadAverage: string;
  /** Why the baseline row is missing, when it is. */
  baselineNote: string | null;
  rows: SecretsRow[];
  quality: SecretsQuality;
}

/**
 * Writes the transcript (about `targetBytes`) into `dir`.
 * @param dir Where to write it.
 * @param targetBytes Size to reach.
 */
export async function buildSecretsCorpus(
  dir: string,
  targetBytes = 50 * 1000 * 1000,
): Promise<SecretsCorpus> {
  const t = await buildTranscript(`${dir}/transcript.jsonl`, targetBytes);
  return { path: t.path, bytes: t.bytes, lines: t.lines, planted: t.planted };
}

interface ProcessRun {
  wallMs: number;
  cpuMs: number;
  rssKb: number | null;
  minorFaults: number | null;
}

const GNU_TIME = "/usr/bin/time";

function hasGnuTime(): boolean {
  try {
    return Deno.statSync(GNU_TIME).isFile;
  } catch {
    return false;
  }
}

/** Runs argv with stdout redirected to `outPath`, as a shell would (`argv > out`). */
async function timeProcess(argv: string[], outPath: string, timeFile: string): Promise<ProcessRun> {
  const gnu = hasGnuTime();
  const script = gnu
    ? 'out="$1"; tf="$2"; shift 2; exec /usr/bin/time -f "%U %S %M %R" -o "$tf" "$@" > "$out"'
    : 'out="$1"; shift 2; exec "$@" > "$out"';
  const t0 = performance.now();
  const r = await new Deno.Command("/bin/sh", {
    args: ["-c", script, "sh", outPath, timeFile, ...argv],
    env: { NO_COLOR: "1", BATON_HOME: testBatonHome() },
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  const wallMs = performance.now() - t0;
  if (r.code !== 0) {
    throw new Error(
      `secrets bench: ${argv.join(" ")} failed: ${new TextDecoder().decode(r.stderr)}`,
    );
  }
  if (!gnu) return { wallMs, cpuMs: NaN, rssKb: null, minorFaults: null };
  const [user, sys, rss, faults] = (await Deno.readTextFile(timeFile)).trim().split(/\s+/)
    .slice(-4).map(Number);
  return { wallMs, cpuMs: (user! + sys!) * 1000, rssKb: rss ?? null, minorFaults: faults ?? null };
}

/**
 * Extracts {@linkcode BASELINE_COMMIT} from this repository into
 * `dir/baseline` (git archive | tar), returning its main.ts, or a note
 * saying why it cannot (no git history, a shallow clone).
 */
async function prepareBaseline(dir: string): Promise<{ main: string } | { note: string }> {
  const repo = new URL("../../", import.meta.url).pathname;
  const target = `${dir}/baseline`;
  await Deno.mkdir(target, { recursive: true });
  try {
    const r = await new Deno.Command("/bin/sh", {
      args: [
        "-c",
        'git -C "$1" archive --format=tar "$2" | tar -x -C "$3"',
        "sh",
        repo,
        BASELINE_COMMIT,
        target,
      ],
      stdout: "null",
      stderr: "piped",
    }).output();
    if (r.code !== 0) return { note: `baseline ${BASELINE_COMMIT.slice(0, 7)} not extracted` };
    await Deno.stat(`${target}/main.ts`);
    return { main: `${target}/main.ts` };
  } catch {
    return { note: `baseline ${BASELINE_COMMIT.slice(0, 7)} not available (git or tar missing)` };
  }
}

async function loadAverage(): Promise<string> {
  try {
    return (await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

/** The secretlint process: reads the file, lints it, prints its findings' spans. */
async function secretlintMain(path: string): Promise<void> {
  const { lintSource } = await import("@secretlint/core");
  const { creator } = await import("@secretlint/secretlint-rule-preset-recommend");
  const content = await Deno.readTextFile(path);
  const r = await lintSource({
    source: { filePath: path, content, ext: ".jsonl", contentType: "text" },
    options: {
      config: { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: creator }] },
    },
  });
  console.log(JSON.stringify(r.messages.map((m) => [m.range[0], m.range[1]])));
}

function overlapsAny(spans: { start: number; end: number }[], s: number, e: number): boolean {
  // spans sorted by start
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]!.end <= s) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < spans.length && spans[i]!.start < e; i++) {
    if (spans[i]!.end > s) return true;
  }
  return false;
}

/**
 * Recall and false positives on the labelled cases: every kind in every
 * context (five seeds), and every look-alike and placeholder in several
 * wrappers.
 */
export function labelledCases(): SecretsQuality["labelled"] {
  const engine = defaultEngine();
  let positives = 0;
  let recalled = 0;
  for (let seed = 1; seed <= 5; seed++) {
    const rng = new Rng(1000 + seed);
    for (const make of Object.values(SAMPLES)) {
      for (const wrap of Object.values(CONTEXTS)) {
        const s = make(rng);
        const r = redactText(engine, wrap(s.text));
        positives++;
        if (!r.text.includes(s.core)) recalled++;
      }
    }
  }
  let negatives = 0;
  let flagged = 0;
  const wrappers = [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.yaml!, CONTEXTS.dotenv!];
  const rng = new Rng(77);
  const values = Object.values(lookAlikes(rng)).flat();
  const names = [
    "API_KEY",
    "DB_PASSWORD",
    "GITHUB_TOKEN",
    "JWT_SECRET",
    "DD_API_KEY",
    "STRIPE_SECRET_KEY",
  ];
  for (let i = 0; i < 400; i++) {
    const name = names[i % names.length]!;
    values.push(
      `${name}=${placeholder(rng, name)}`,
      `${name.toLowerCase()}: ${placeholder(rng, name)}`,
    );
  }
  for (const v of values) {
    for (const wrap of wrappers) {
      negatives++;
      if (redactText(engine, wrap(v)).kinds.length > 0) flagged++;
    }
  }
  return { positives, recalled, negatives, flagged };
}

/** Scans the corpus in-process and checks baton's output file. */
async function quality(corpus: SecretsCorpus, outPath: string): Promise<SecretsQuality> {
  const file = await Deno.open(corpus.path, { read: true });
  let findings: Finding[];
  try {
    findings = (await scanStream(defaultEngine(), file)).findings;
  } finally {
    file.close();
  }
  const planted = [...corpus.planted].sort((a, b) => a.start - b.start);
  const sortedFindings = [...findings].sort((a, b) => a.start - b.start);
  let found = 0;
  let rightKind = 0;
  for (const p of planted) {
    if (overlapsAny(sortedFindings, p.start, p.end)) found++;
    if (findings.some((f) => f.kind === p.kind && f.start < p.end && p.start < f.end)) rightKind++;
  }
  const fpKinds: Record<string, number> = {};
  let falsePositives = 0;
  for (const f of findings) {
    if (overlapsAny(planted, f.start, f.end)) continue;
    falsePositives++;
    fpKinds[f.kind] = (fpKinds[f.kind] ?? 0) + 1;
  }
  const out = await Deno.readTextFile(outPath);
  const leftInOutput = corpus.planted.filter((p) => out.includes(p.text)).length;
  const labelled = labelledCases();
  const per10 = falsePositives / (corpus.bytes / 1e7);
  const recall = labelled.recalled / labelled.positives;
  const fpRate = labelled.flagged / labelled.negatives;
  return {
    planted: corpus.planted.length,
    kinds: new Set(corpus.planted.map((p) => p.kind)).size,
    leftInOutput,
    found,
    rightKind,
    falsePositives,
    falsePositivesPer10MB: per10,
    falsePositiveKinds: fpKinds,
    labelled,
    checks: [
      { text: "0 planted secrets left in the output", pass: leftInOutput === 0 },
      { text: "<= 1 false positive per 10 MB", pass: per10 <= 1 },
      { text: ">= 99 % recall on the labelled cases", pass: recall >= 0.99 },
      { text: "<= 1 % false positives on the labelled cases", pass: fpRate <= 0.01 },
    ],
  };
}

/**
 * Runs the benchmark: `rounds` rounds, each running `baton redact FILE > out`,
 * the baseline's `redact` and the secretlint process on the same file (the
 * order turns each round so none always runs first); then the quality pass.
 * @param corpus From {@linkcode buildSecretsCorpus}.
 * @param rounds Timed rounds per process.
 * @param log Progress sink.
 */
export async function runSecretsBench(
  corpus: SecretsCorpus,
  rounds: number,
  log: (m: string) => void,
): Promise<SecretsReport> {
  const dir = corpus.path.slice(0, corpus.path.lastIndexOf("/"));
  const batonOut = `${dir}/redacted.jsonl`;
  const slOut = `${dir}/secretlint.json`;
  const self = new URL(import.meta.url).pathname;
  const batonArgv = (main: string) => [
    ...batonRunPrefix(),
    main,
    "redact",
    corpus.path,
  ];
  const baseline = await prepareBaseline(dir);
  // BATON_BENCH_BEFORE=<checkout>: that checkout's redact too, in the same rounds (before/after).
  const before = beforeMain();
  const processes = [
    { label: "baton redact FILE > out", argv: batonArgv(MAIN), out: batonOut },
    ...("main" in baseline
      ? [{
        label: `baton before every-copy (${BASELINE_COMMIT.slice(0, 7)}), same command`,
        argv: batonArgv(baseline.main),
        out: `${dir}/baseline.jsonl`,
      }]
      : []),
    ...(before === null ? [] : [{
      label: "baton redact from BATON_BENCH_BEFORE, same command",
      argv: batonArgv(before),
      out: `${dir}/before.jsonl`,
    }]),
    {
      label: "secretlint 12 (recommended preset, whole process)",
      argv: [
        Deno.execPath(),
        "run",
        "--quiet",
        `--config=${new URL("../dev.json", import.meta.url).pathname}`,
        "--allow-all",
        self,
        "--secretlint",
        corpus.path,
      ],
      out: slOut,
    },
  ];
  const runs: ProcessRun[][] = processes.map(() => []);
  const loadBefore = await loadAverage();
  // One untimed warm-up round (Deno's module cache, the page cache).
  for (let round = 0; round <= rounds; round++) {
    log(`[secrets] round ${round}/${rounds}${round === 0 ? " (warm-up)" : ""}`);
    for (let k = 0; k < processes.length; k++) {
      const i = (k + round) % processes.length;
      const p = processes[i]!;
      const r = await timeProcess(p.argv, p.out, `${dir}/time-${i}.txt`);
      if (round > 0) runs[i]!.push(r);
    }
  }
  const loadAfter = await loadAverage();
  const mb = corpus.bytes / 1e6;
  const wall = runs.map((rs) => summarize(rs.map((r) => r.wallMs)).median);
  const cpu = runs.map((rs) => summarize(rs.map((r) => r.cpuMs)).median);
  const sl = processes.length - 1;
  const base = "main" in baseline ? 1 : null;
  const slFindings = (JSON.parse(await Deno.readTextFile(slOut)) as unknown[]).length;
  log("[secrets] quality pass (in-process)");
  const q = await quality(corpus, batonOut);
  const rows = processes.map((p, i): SecretsRow => {
    const rss = runs[i]!.map((r) => r.rssKb).filter((x): x is number => x !== null);
    const peak = rss.length === 0 ? null : Math.max(...rss) / 1024;
    const faults = runs[i]!.map((r) => r.minorFaults).filter((x): x is number => x !== null);
    const isBaton = i === 0;
    // The before checkout's row gets the same ratios, from the same rounds.
    const isBefore = before !== undefined && i === sl - 1;
    const ratio = isBaton || isBefore
      ? { wall: wall[sl]! / wall[i]!, cpu: cpu[sl]! / cpu[i]! }
      : null;
    const toBase = (isBaton || isBefore) && base !== null
      ? { wall: wall[i]! / wall[base]!, cpu: cpu[i]! / cpu[base]! }
      : null;
    const mbPerSec = mb / (wall[i]! / 1000);
    return {
      label: p.label,
      rounds,
      medianWallMs: wall[i]!,
      medianCpuMs: cpu[i]!,
      mbPerSec,
      mbPerCpuSec: mb / (cpu[i]! / 1000),
      peakRssMiB: peak,
      minorFaults: faults.length === 0 ? null : summarize(faults).median,
      ratioToSecretlint: ratio,
      ratioToBaseline: toBase,
      findings: isBaton ? q.found + q.falsePositives : i === sl ? slFindings : null,
      checks: isBaton
        ? [
          { text: ">= 100 MB/s", pass: mbPerSec >= 100 },
          { text: "peak RSS <= 150 MB", pass: peak !== null && peak * 1.048576 <= 150 },
          { text: ">= 3x secretlint (CPU)", pass: ratio !== null && ratio.cpu >= 3 },
          {
            text: "<= 1.2x the scanner before every-copy (CPU)",
            pass: toBase !== null && toBase.cpu <= 1.2,
          },
        ]
        : [],
    };
  });
  return {
    corpus: {
      bytes: corpus.bytes,
      lines: corpus.lines,
      planted: corpus.planted.length,
      kinds: q.kinds,
    },
    loadAverage: `${loadBefore} before, ${loadAfter} after`,
    baselineNote: "note" in baseline ? baseline.note : null,
    rows,
    quality: q,
  };
}

function verdict(checks: { text: string; pass: boolean }[]): string {
  if (checks.length === 0) return "";
  return checks.every((c) => c.pass)
    ? "PASS"
    : `MISS (${checks.filter((c) => !c.pass).map((c) => c.text).join(", ")})`;
}

/** The plain-text tables. */
export function renderSecretsTable(report: SecretsReport): string {
  const { corpus, rows, quality: q } = report;
  const pct = (a: number, b: number) => `${(100 * a / b).toFixed(2)} % (${a}/${b})`;
  const lines = [
    `Secret scanning, end to end: ${
      (corpus.bytes / 1e6).toFixed(1)
    } MB Claude Code transcript (${corpus.lines} lines, ${corpus.planted} planted secrets of ${corpus.kinds} kinds), whole processes, output to a file, ${
      rows[0]?.rounds ?? 0
    } interleaved rounds after a warm-up, medians; load average ${report.loadAverage}. Ratios compare CPU time (user + system of each process), which a loaded machine disturbs least; wall ratios beside them`,
    "",
    "| process | wall ms | MB/s | CPU ms | MB/s per CPU s | peak RSS MiB | minor page faults | x secretlint (CPU / wall) | x before every-copy (CPU / wall) | findings | verdict |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  const pair = (r: { wall: number; cpu: number } | null) =>
    r === null ? "" : `${r.cpu.toFixed(2)} / ${r.wall.toFixed(2)}`;
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.medianWallMs.toFixed(0)} | ${r.mbPerSec.toFixed(1)} | ${
        r.medianCpuMs.toFixed(0)
      } | ${r.mbPerCpuSec.toFixed(1)} | ${r.peakRssMiB === null ? "" : r.peakRssMiB.toFixed(1)} | ${
        r.minorFaults === null ? "" : r.minorFaults.toFixed(0)
      } | ${pair(r.ratioToSecretlint)} | ${pair(r.ratioToBaseline)} | ${r.findings ?? ""} | ${
        verdict(r.checks)
      } |`,
    );
  }
  if (report.baselineNote !== null) lines.push("", `Baseline missing: ${report.baselineNote}`);
  const fpKinds = Object.entries(q.falsePositiveKinds).sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`).join(", ");
  lines.push(
    "",
    "Quality (the same engine in-process; the output checked is baton redact's own)",
    "",
    "| measure | value |",
    "| --- | --- |",
    `| planted secrets left in the output | ${q.leftInOutput}/${q.planted} |`,
    `| planted secrets found (right kind) | ${q.found}/${q.planted} (${q.rightKind}) |`,
    `| false positives on the transcript | ${q.falsePositives} (${
      q.falsePositivesPer10MB.toFixed(2)
    } per 10 MB)${fpKinds === "" ? "" : `: ${fpKinds}`} |`,
    `| labelled cases: recall | ${pct(q.labelled.recalled, q.labelled.positives)} |`,
    `| labelled cases: false positives | ${pct(q.labelled.flagged, q.labelled.negatives)} |`,
    `| verdict | ${verdict(q.checks)} |`,
    "",
  );
  return lines.join("\n");
}

/** Throughput of the keyword pass alone (no confirmation), per prefilter, best of 3 over the corpus. */
export async function runKeywordPassBench(
  corpus: SecretsCorpus,
): Promise<{ prefilter: string; mbPerSec: number; hits: number }[]> {
  const bytes = await Deno.readFile(corpus.path);
  const chunk = 1 << 20;
  return (["wasm", "ts"] as const).map((prefilter) => {
    const engine = defaultEngine(prefilter);
    let best = Infinity;
    let hits = 0;
    for (let r = 0; r < 3; r++) {
      hits = 0;
      const t = performance.now();
      for (let off = 0; off < bytes.length; off += chunk) {
        hits += engine.scanKeywords(bytes.subarray(off, off + chunk)).hits.length / 2;
      }
      best = Math.min(best, performance.now() - t);
    }
    return { prefilter, mbPerSec: bytes.length / 1e6 / (best / 1000), hits };
  });
}

/** The keyword-pass table. */
export function renderKeywordPassTable(
  rows: { prefilter: string; mbPerSec: number; hits: number }[],
): string {
  return [
    "Keyword pass alone (no confirmation), same corpus, 1 MiB chunks, best of 3",
    "",
    "| prefilter | MB/s | keyword hits |",
    "| --- | --- | --- |",
    ...rows.map((r) => `| ${r.prefilter} | ${r.mbPerSec.toFixed(1)} | ${r.hits} |`),
    "",
  ].join("\n");
}

/** CPU time of this process (user + system, every thread), in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** One phase of the in-process scan and its CPU time. */
export interface ScanPhaseRow {
  phase: string;
  ms: number;
}

/** Where an in-process streamed scan spends its time. */
export interface ScanPhaseReport {
  /** The whole streamed scan (scanStream as baton redact calls it, output discarded). */
  totalMs: number;
  /** Every copy's cost, same build (copy search on against off). */
  everyCopy: EveryCopyCost;
  rows: ScanPhaseRow[];
  /** Bytes the keyword pass reads per input byte (chunks are scanned with what they carry). */
  scannedPerInputByte: number;
  keywordHits: number;
  /** Fresh processes (tests/bench/secrets_cold.ts); null if none ran. */
  fresh: FreshReport | null;
}

/**
 * What redacting every copy of a found secret costs, measured in one build:
 * the streamed scan with the copy search on against the same scan with it
 * switched off (no value is long enough to be remembered, so none is
 * searched for).
 */
export interface EveryCopyCost {
  /** Median CPU ms of the scan as baton redact makes it (every copy searched). */
  onMs: number;
  /** Median CPU ms of the same scan with the copy search off. */
  offMs: number;
  /** onMs / offMs. */
  ratio: number;
  /** Findings with the copy search on and off (the switch shows in them). */
  findingsOn: number;
  findingsOff: number;
  /** Rounds of each, alternating. */
  rounds: number;
}

/** Issue #21: redacting every copy costs at most this much over the scan without it. */
export const EVERY_COPY_TARGET = 1.2;

/** Rounds of each side of {@linkcode everyCopyCost}. */
const EVERY_COPY_ROUNDS = 7;

/** The copy search switched off: no value is remembered, so none is searched for. */
const NO_COPIES = { minBytes: Infinity } as const;

/** One streamed scan of `bytes` as baton redact makes it (1 MiB reads, output discarded). */
async function streamOnce(
  engine: ReturnType<typeof defaultEngine>,
  bytes: Uint8Array,
  copies?: { minBytes: number },
): Promise<number> {
  let off = 0;
  const reader = {
    read(into: Uint8Array): Promise<number | null> {
      if (off >= bytes.length) return Promise.resolve(null);
      const n = Math.min(into.length, bytes.length - off);
      into.set(bytes.subarray(off, off + n));
      off += n;
      return Promise.resolve(n);
    },
  };
  const result = await scanStream(engine, reader, {
    transient: true,
    collect: false,
    write: () => {},
    ...(copies === undefined ? {} : { copies }),
  });
  return result.count;
}

/**
 * The every-copy cost in this build: the scan with the copy search on and
 * off, alternating (odd rounds off first), CPU time of this process; the
 * ratio of the medians.
 */
async function everyCopyCost(
  engine: ReturnType<typeof defaultEngine>,
  bytes: Uint8Array,
): Promise<EveryCopyCost> {
  const on: number[] = [];
  const off: number[] = [];
  let findingsOn = 0;
  let findingsOff = 0;
  const time = async (copies: boolean) => {
    const t = cpuMs();
    const n = await streamOnce(engine, bytes, copies ? undefined : NO_COPIES);
    const ms = cpuMs() - t;
    if (copies) {
      on.push(ms);
      findingsOn = n;
    } else {
      off.push(ms);
      findingsOff = n;
    }
  };
  for (let r = 0; r < EVERY_COPY_ROUNDS; r++) {
    const order = r % 2 === 0 ? [true, false] : [false, true];
    for (const copies of order) await time(copies);
  }
  const mid = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  const onMs = mid(on);
  const offMs = mid(off);
  return {
    onMs,
    offMs,
    ratio: onMs / offMs,
    findingsOn,
    findingsOff,
    rounds: EVERY_COPY_ROUNDS,
  };
}

/** Runs of tests/bench/secrets_cold.ts, each a fresh process with baton's V8 flags. */
const COLD_RUNS = 3;

/** Fresh processes: the medians of {@linkcode COLD_RUNS}, and one run per part done first. */
export interface FreshReport {
  median: ColdRun;
  /** One fresh process per part of {@linkcode PREWARM_PARTS}, that part done before the first scan. */
  prewarmed: ColdRun[];
}

/** One fresh process of secrets_cold.ts, or null when it fails. */
async function runCold(path: string, part: PrewarmPart | null): Promise<ColdRun | null> {
  const r = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      ...BATON_RUNTIME_FLAGS,
      "--allow-read",
      "--allow-sys",
      new URL("./secrets_cold.ts", import.meta.url).pathname,
      path,
      ...(part === null ? [] : [`--prewarm=${part}`]),
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).output();
  return r.code === 0 ? JSON.parse(new TextDecoder().decode(r.stdout)) as ColdRun : null;
}

/** The median of each figure over {@linkcode COLD_RUNS} fresh processes, or null when one fails. */
async function runColdProcesses(path: string): Promise<FreshReport | null> {
  const runs: ColdRun[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const run = await runCold(path, null);
    if (run === null) return null;
    runs.push(run);
  }
  const mid = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  const steps = (pick: (r: ColdRun) => StepCost): StepCost => ({
    userMs: mid(runs.map((r) => pick(r).userMs)),
    sysMs: mid(runs.map((r) => pick(r).sysMs)),
    faults: mid(runs.map((r) => pick(r).faults)),
  });
  const prewarmed: ColdRun[] = [];
  for (const part of PREWARM_PARTS) {
    const run = await runCold(path, part);
    if (run !== null) prewarmed.push(run);
  }
  return {
    median: {
      runtimeMs: mid(runs.map((r) => r.runtimeMs)),
      importMs: mid(runs.map((r) => r.importMs)),
      buildMs: mid(runs.map((r) => r.buildMs)),
      firstPassMs: mid(runs.map((r) => r.firstPassMs)),
      secondPassMs: mid(runs.map((r) => r.secondPassMs)),
      firstPass: steps((r) => r.firstPass),
      secondPass: steps((r) => r.secondPass),
      firstBuffer: steps((r) => r.firstBuffer),
      secondBuffer: steps((r) => r.secondBuffer),
      prewarm: null,
    },
    prewarmed,
  };
}

/**
 * Where the time of one streamed scan goes, in-process, CPU time (user +
 * system of the bench process, which a loaded machine disturbs less than
 * wall time), best of 3 each:
 * the whole scanStream call as baton redact makes it (1 MiB chunks, the
 * overlap and look-behind carried, output discarded), then over the same
 * buffers the keyword pass alone, the masking and decoding for the patterns,
 * and findSecrets (the rest of it is confirmation); what the stream adds
 * (every-copy search, line numbers, output assembly, the reader's copy) is
 * the whole minus findSecrets. The process outside the scan (start-up,
 * reading and writing the file, collection) is the process row's CPU minus
 * the whole.
 * @param corpus From {@linkcode buildSecretsCorpus}.
 */
export async function runScanPhaseBench(corpus: SecretsCorpus): Promise<ScanPhaseReport> {
  const bytes = await Deno.readFile(corpus.path);
  const engine = defaultEngine("wasm");
  const chunk = SCAN_BOUNDS.chunkBytes;
  const full = chunk + SCAN_BOUNDS.overlapBytes + engine.maxBefore;
  // scanStream's buffers: each round keeps from one chunk past the last round's start.
  const windows: Uint8Array[] = [];
  for (let base = 0;; base += chunk) {
    windows.push(bytes.subarray(base, Math.min(bytes.length, base + full)));
    if (base + full >= bytes.length) break;
  }
  const best = async (run: () => void | Promise<void>) => {
    let ms = Infinity;
    for (let r = 0; r < 3; r++) {
      const t = cpuMs();
      await run();
      ms = Math.min(ms, cpuMs() - t);
    }
    return ms;
  };
  const decoder = new TextDecoder();
  let keywordHits = 0;
  const totalMs = await best(async () => {
    await streamOnce(engine, bytes);
  });
  const keywordMs = await best(() => {
    keywordHits = 0;
    for (const w of windows) keywordHits += engine.scanKeywords(w).hits.length / 2;
  });
  let decodeMs = Infinity;
  for (let r = 0; r < 3; r++) {
    let ms = 0;
    for (const w of windows) {
      const pass = engine.scanKeywords(w);
      const t = cpuMs();
      // As findSecrets decodes: the masked view, 64 KiB windows (the engine's least window).
      const view = pass.ascii ? w : engine.maskedCopy(w);
      for (let at = 0; at < view.length; at += 64 * 1024) {
        decoder.decode(view.subarray(at, at + 64 * 1024));
      }
      ms += cpuMs() - t;
    }
    decodeMs = Math.min(decodeMs, ms);
  }
  const findMs = await best(() => {
    for (const w of windows) findSecrets(engine, w);
  });
  const everyCopy = await everyCopyCost(engine, bytes);
  const fresh = await runColdProcesses(corpus.path);
  return {
    totalMs,
    everyCopy,
    rows: [
      { phase: "keyword pass (WebAssembly, with the copy into its memory)", ms: keywordMs },
      { phase: "masking and decoding each buffer for the patterns (64 KiB windows)", ms: decodeMs },
      {
        phase: "confirmation (patterns, value checks, overlaps)",
        ms: findMs - keywordMs - decodeMs,
      },
      {
        phase: "stream: every-copy search, line numbers, output assembly, the reader's copy",
        ms: totalMs - findMs,
      },
    ],
    scannedPerInputByte: windows.reduce((n, w) => n + w.length, 0) / bytes.length,
    keywordHits,
    fresh,
  };
}

/** The phase table. */
export function renderScanPhaseTable(report: ScanPhaseReport): string {
  return [
    `Where the time goes: one streamed scan in-process, as baton redact makes it (output discarded), CPU time of the bench process, best of 3: ${
      report.totalMs.toFixed(0)
    } ms; the keyword pass reads ${
      report.scannedPerInputByte.toFixed(3)
    } bytes per input byte (each chunk with the overlap and look-behind it carries) and reports ${report.keywordHits} hits. Measured in the bench process (its V8 flags, not baton's); the process row's CPU minus this is roughly start-up, reading, writing and collection`,
    "",
    "| phase | ms | share of the scan |",
    "| --- | --- | --- |",
    ...report.rows.map((r) =>
      `| ${r.phase} | ${r.ms.toFixed(0)} | ${(100 * r.ms / report.totalMs).toFixed(0)} % |`
    ),
    "",
    renderEveryCopy(report.everyCopy),
    "",
    ...(report.fresh === null ? [] : renderFresh(report.fresh)),
  ].join("\n");
}

/** The every-copy line: the same build's scan with the copy search on against off. */
function renderEveryCopy(c: EveryCopyCost): string {
  const pass = c.ratio <= EVERY_COPY_TARGET ? "PASS" : "MISS";
  return `Every copy's cost, same build: the same streamed scan with the copy search on ${
    c.onMs.toFixed(0)
  } ms against off ${
    c.offMs.toFixed(0)
  } ms (CPU of the bench process, median of ${c.rounds} alternating rounds each; ${c.findingsOn} findings against ${c.findingsOff}): **${
    c.ratio.toFixed(2)
  }×** (≤ ${EVERY_COPY_TARGET}×: ${pass})`;
}

/** user + system ms, then faults, of a step. */
function costCells(c: StepCost): string {
  return `${c.userMs.toFixed(0)} | ${c.sysMs.toFixed(0)} | ${c.faults}`;
}

/** The fresh-process lines: start-up, the first scan against the second in one process, and what the difference is made of. */
function renderFresh(report: FreshReport): string[] {
  const f = report.median;
  const less = (a: StepCost, b: StepCost): StepCost => ({
    userMs: a.userMs - b.userMs,
    sysMs: a.sysMs - b.sysMs,
    faults: a.faults - b.faults,
  });
  return [
    `A fresh process with baton's V8 flags (tests/bench/secrets_cold.ts, the file read into memory first, median of ${COLD_RUNS}), CPU ms: what the in-process table above, measured after a warm-up, does not show`,
    "",
    "| step | CPU ms |",
    "| --- | --- |",
    `| runtime start (before the script's first line) | ${f.runtimeMs.toFixed(0)} |`,
    `| loading the engine's modules | ${f.importMs.toFixed(0)} |`,
    `| building the engine | ${f.buildMs.toFixed(0)} |`,
    `| first streamed scan | ${f.firstPassMs.toFixed(0)} |`,
    `| the same scan again, same process | ${f.secondPassMs.toFixed(0)} |`,
    `| warm-up paid by the first scan (first minus second) | ${
      (f.firstPassMs - f.secondPassMs).toFixed(0)
    } |`,
    "",
    "The same scans split: user and system CPU ms and minor page faults (each a page of memory touched for the first time, about 15 us of system time here); the first buffer (1 MiB and the carry, read and scanned, its buffers grown) apart",
    "",
    "| step | user ms | system ms | minor faults |",
    "| --- | --- | --- | --- |",
    `| first scan | ${costCells(f.firstPass)} |`,
    `| second scan | ${costCells(f.secondPass)} |`,
    `| warm-up (first minus second) | ${costCells(less(f.firstPass, f.secondPass))} |`,
    `| first scan's first buffer | ${costCells(f.firstBuffer)} |`,
    `| second scan's first buffer | ${costCells(f.secondBuffer)} |`,
    `| warm-up in the first buffer | ${costCells(less(f.firstBuffer, f.secondBuffer))} |`,
    "",
    ...(report.prewarmed.length === 0 ? [] : [
      "What the warm-up is made of: one fresh process per part, that part done before the first scan (one run each: the fault counts are steady from run to run, the CPU times are not); the part's own cost, then the faults the first scan no longer pays (the median run's first-scan faults minus this run's)",
      "",
      "| done first | user ms | system ms | minor faults | first-scan faults saved |",
      "| --- | --- | --- | --- | --- |",
      ...report.prewarmed.map((r) =>
        `| ${PREWARM_LABELS[r.prewarm!.part]} | ${costCells(r.prewarm!.cost)} | ${
          f.firstPass.faults - r.firstPass.faults
        } |`
      ),
      "",
    ]),
  ];
}

const PREWARM_LABELS: Record<PrewarmPart, string> = {
  wasm:
    "keyword pass over one full buffer and its masked copy (WebAssembly memory growth, code tier-up)",
  patterns:
    "every rule's pattern compiled as a scan compiles it, and run (regular-expression compiler)",
  young: "4 MiB of 64 KiB text windows decoded (the young generation's first use)",
};

/** Hostile inputs: one keyword-laden unit repeated, so every few bytes is a candidate. */
export const HOSTILE_UNITS = [
  "token=",
  "password: ",
  "-----BEGIN PRIVATE KEY-----",
  "AKIA",
  "://a:b@",
  "eyJ",
  "Bearer ",
  "secret_token_",
  // A keyword every ten bytes of a rule without a name that looks 300 bytes back.
  "password '",
  // A printed variable's command with no tool result after it: the search for one stops at the next command.
  '{"command":"echo $API_TOKEN"},',
  // The same with printenv and no "command" key: its search stops at the next printenv too.
  'printenv API_TOKEN"},',
  // A Claude Code call whose id is read behind the command: its search to the result naming it stops at the next print.
  '{"type":"tool_use","id":"toolu_01ABCDEFGH","name":"Bash","input":{"command":"echo -n $API_TOKEN"}},',
  // A bare PowerShell variable as the whole command (a line's start before it).
  "$env:API_TOKEN\n",
  // A Codex call whose call_id follows its arguments: its search to the output naming it stops at the next print.
  '{"type":"function_call","arguments":"{\\"cmd\\":\\"echo $API_TOKEN\\"}","call_id":"call_7"}\n',
  // A secret name before a full-width operator (any three-byte character).
  "API_TOKEN\uff1d",
  // An owner's `_PW` name (letter_passwords.ts): every 13 bytes a name whose value runs on to the
  // end of the data (about 1 MB/s when added, 8x under the slowest unit above; redact96 bounded
  // it: the value's `=` chain was parsed link by link on every try, 24 pattern runs a byte).
  "LDAP_BIND_PW=",
  // The same in lower case with dots (redact96): the name passes the password rule's name
  // checks, so each 8 kB value is read whole on each of its 8 tries (about half of token=).
  "db.root.pw=",
  // A program's own password flag (rules_cli_flags.ts) with nothing after it but the next one.
  "podman login -p ",
  // A CSV header's column name every few bytes, no line break (csv_rules.ts): each name read
  // the 1,024 characters ahead for a break once per name (about 1 MB/s) until attack117.
  "\tpassword",
  '"id","password",',
  // The same padded and piped (redact104: blanks and a byte-order mark before a name, blanks
  // after it, `|` around it), and a name before the most blanks a head reads past.
  "| token ",
  "id, token, ",
  "\ufefftoken,",
  "token" + " ".repeat(300),
  // Names with a prefix before the credential word (redact105: the head's name is the run of
  // name characters and blanks before its keyword, judged as code's names are), a long one,
  // and a name whose match the engine's filters once refused (`passphrase<TAB>`: 2 MB/s).
  "\tdb_password",
  "x_".repeat(40) + "password,",
  "passphrase\t",
  "Secret access key,",
];

/** Throughput of the WASM path on each hostile input (4 MiB each, best of 3). */
export function runHostileBench(): { unit: string; mbPerSec: number }[] {
  const engine = defaultEngine("wasm");
  return HOSTILE_UNITS.map((unit) => {
    const bytes = encoder.encode(unit.repeat(Math.ceil((4 << 20) / unit.length))).subarray(
      0,
      4 << 20,
    );
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      findSecrets(engine, bytes);
      best = Math.min(best, performance.now() - t);
    }
    return { unit, mbPerSec: bytes.length / 1e6 / (best / 1000) };
  });
}

/** The hostile-input table. */
export function renderHostileTable(rows: { unit: string; mbPerSec: number }[]): string {
  return [
    "Hostile inputs (WASM path, 4 MiB of one unit repeated, best of 3): worst-case candidate density",
    "",
    "| repeated unit | MB/s |",
    "| --- | --- |",
    ...rows.map((r) => `| ${JSON.stringify(r.unit)} | ${r.mbPerSec.toFixed(1)} |`),
    "",
  ].join("\n");
}

if (import.meta.main && Deno.args[0] === "--secretlint") {
  await secretlintMain(Deno.args[1]!);
} else if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "baton-secrets-bench-" });
  try {
    const log = (m: string) => console.error(`bench: ${m}`);
    log("[secrets] generating the transcript");
    const corpus = await buildSecretsCorpus(dir);
    const report = await runSecretsBench(corpus, Number(Deno.args[0] ?? 5), log);
    console.log(renderSecretsTable(report));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
