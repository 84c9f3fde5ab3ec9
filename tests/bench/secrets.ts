/**
 * The secret-scanning benchmark: a generated 50 MB transcript-like JSON
 * Lines file with planted secrets of every kind, scanned by baton's WASM
 * path, its pure-TS path and secretlint (recommended preset, through
 * @secretlint/core, the engine its CLI runs, so process start-up is not
 * counted against it), each timed in-process in its own subprocess,
 * round-robin. Reports median throughput, the ratio
 * to secretlint and recall on the planted secrets, with PASS/MISS against
 * the targets (>= 100 MB/s, >= 10x secretlint, every planted secret found).
 * Reports, never asserts. secretlint is imported here only, never by baton.
 * @module
 */
import {
  defaultEngine,
  type Finding,
  findSecrets,
  scanStream,
} from "../../core/safety/secrets/mod.ts";
import { CONTEXTS, Rng, SAMPLES } from "../core/safety/secrets/_fixtures.ts";
import { summarize } from "./stats.ts";

/** One planted secret: its kind and span in bytes and in UTF-16 units. */
interface Planted {
  kind: string;
  byteStart: number;
  byteEnd: number;
  charStart: number;
  charEnd: number;
}

/** The generated corpus. */
export interface SecretsCorpus {
  path: string;
  bytes: number;
  planted: Planted[];
}

/** One measured path. */
export interface SecretsRow {
  label: string;
  medianMs: number;
  mbPerSec: number;
  recall: { found: number; planted: number };
  /** Findings whose kind matched the planted kind (baton paths only). */
  kindMatches: number | null;
  findings: number;
  ratioToSecretlint: number | null;
  checks: { text: string; pass: boolean }[];
}

const encoder = new TextEncoder();

const WORDS = (
  "the a to of and in is it for on with that this read file test run fix build error value " +
  "function return const import export async await config path module branch commit diff " +
  "token tokens password secret key api cache user assistant result output input session " +
  "café naïve — résumé 日本 ✓"
).split(" ");

function sentence(rng: Rng, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rng.pick(WORDS));
  return out.join(" ");
}

function fillerLine(rng: Rng, i: number): string {
  switch (rng.int(5)) {
    case 0:
      return JSON.stringify({
        type: "assistant",
        uuid: `${i}`,
        message: {
          role: "assistant",
          content: [{ type: "text", text: sentence(rng, 20 + rng.int(60)) }],
          usage: {
            input_tokens: rng.int(9000),
            output_tokens: rng.int(900),
            cache_read_input_tokens: 0,
          },
        },
      });
    case 1:
      return JSON.stringify({
        type: "user",
        message: {
          role: "user",
          content: [{
            type: "tool_result",
            tool_use_id: `toolu_${i}`,
            content: `export function f${i}(x) {\n  const y = read(x);\n  return parse(y, "${
              sentence(rng, 4)
            }");\n}\n`,
          }],
        },
      });
    case 2:
      return JSON.stringify({
        type: "assistant",
        message: {
          content: [{
            type: "tool_use",
            name: "Bash",
            input: { command: `git log --oneline -n ${rng.int(20)} -- src/${rng.int(99)}` },
          }],
        },
      });
    case 3:
      return JSON.stringify({
        type: "user",
        message: { content: sentence(rng, 10 + rng.int(30)) },
      });
    default:
      return JSON.stringify({
        type: "system",
        content: `commit ${rng.str("0123456789abcdef", 40)} uuid ${crypto.randomUUID()} sha256:${
          rng.str("0123456789abcdef", 64)
        }`,
      });
  }
}

/**
 * Writes the corpus (about `targetBytes`) with `perKind` planted secrets of every kind.
 * @param dir Where to write it.
 * @param targetBytes Size to reach.
 * @param perKind Planted secrets per kind.
 */
export async function buildSecretsCorpus(
  dir: string,
  targetBytes = 50 * 1000 * 1000,
  perKind = 3,
): Promise<SecretsCorpus> {
  const rng = new Rng(20261201);
  const kinds = Object.keys(SAMPLES);
  const plants: string[] = [];
  for (let k = 0; k < perKind; k++) plants.push(...kinds);
  // YAML indents continuation lines and the transcript context escapes once
  // more; either would change a secret holding newlines, quotes or backslashes.
  const flat = Object.entries(CONTEXTS).filter(([name]) =>
    name !== "yaml" && name !== "json_transcript"
  )
    .map(([, f]) => f);
  const contexts = Object.values(CONTEXTS);
  const planted: Planted[] = [];
  const path = `${dir}/secrets-corpus.jsonl`;
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  let bytes = 0;
  let chars = 0;
  let line = 0;
  const linesTotal = Math.floor(targetBytes / 330);
  const every = Math.max(1, Math.floor(linesTotal / (plants.length + 1)));
  const pending: Uint8Array[] = [];
  let pendingBytes = 0;
  while (bytes < targetBytes) {
    let text: string;
    const plantIndex = line % every === every - 1 ? Math.floor(line / every) : -1;
    if (plantIndex >= 0 && plantIndex < plants.length) {
      const kind = plants[plantIndex]!;
      const s = SAMPLES[kind]!(rng);
      const wrapped = rng.pick(/["\\\n]/.test(s.secret) ? flat : contexts)(s.text);
      text = JSON.stringify({ type: "user", message: { content: wrapped } });
      const escaped = JSON.stringify(s.secret).slice(1, -1);
      const at = text.indexOf(escaped);
      if (at < 0) throw new Error(`bench corpus: cannot locate planted ${kind}`);
      const byteStart = bytes + encoder.encode(text.slice(0, at)).length;
      planted.push({
        kind,
        byteStart,
        byteEnd: byteStart + encoder.encode(escaped).length,
        charStart: chars + at,
        charEnd: chars + at + escaped.length,
      });
    } else {
      text = fillerLine(rng, line);
    }
    text += "\n";
    const enc = encoder.encode(text);
    pending.push(enc);
    pendingBytes += enc.length;
    bytes += enc.length;
    chars += text.length;
    line++;
    if (pendingBytes > 4 * 1024 * 1024) {
      for (const p of pending) await file.write(p);
      pending.length = 0;
      pendingBytes = 0;
    }
  }
  for (const p of pending) await file.write(p);
  file.close();
  return { path, bytes, planted };
}

function recallOf(
  planted: Planted[],
  spans: { start: number; end: number }[],
  chars: boolean,
): number {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let found = 0;
  for (const p of planted) {
    const s = chars ? p.charStart : p.byteStart;
    const e = chars ? p.charEnd : p.byteEnd;
    if (sorted.some((f) => f.start < e && s < f.end)) found++;
  }
  return found;
}

async function batonRun(path: string, prefilter: "wasm" | "ts"): Promise<Finding[]> {
  const file = await Deno.open(path, { read: true });
  try {
    const r = await scanStream(defaultEngine(prefilter), file);
    return r.findings;
  } finally {
    file.close();
  }
}

type PathId = "wasm" | "ts" | "secretlint";

/** One measurement in this process: a warm-up run, then one timed run. */
async function measure(
  path: PathId,
  corpusPath: string,
): Promise<{ ms: number; spans: unknown[] }> {
  let run: () => Promise<unknown[]>;
  if (path === "secretlint") {
    const { lintSource } = await import("@secretlint/core");
    const { creator } = await import("@secretlint/secretlint-rule-preset-recommend");
    const content = await Deno.readTextFile(corpusPath);
    run = async () => {
      const r = await lintSource({
        source: { filePath: corpusPath, content, ext: ".jsonl", contentType: "text" },
        options: {
          config: {
            rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: creator }],
          },
        },
      });
      return r.messages.map((m) => ({ start: m.range[0], end: m.range[1] }));
    };
  } else {
    run = () => batonRun(corpusPath, path);
  }
  await run();
  const t = performance.now();
  const spans = await run();
  return { ms: performance.now() - t, spans };
}

/**
 * Runs the benchmark: each round spawns one process per path (round-robin,
 * so a slow phase of the VM hits every path alike); each process does a
 * warm-up run and one timed run, so no path's garbage or JIT state leaks
 * into another's figures.
 * @param corpus From {@linkcode buildSecretsCorpus}.
 * @param rounds Timed rounds per path.
 * @param log Progress sink.
 */
export async function runSecretsBench(
  corpus: SecretsCorpus,
  rounds: number,
  log: (m: string) => void,
): Promise<SecretsRow[]> {
  const paths = [
    { id: "wasm", label: "baton WASM prefilter" },
    { id: "ts", label: "baton pure-TS prefilter" },
    { id: "secretlint", label: "secretlint 12 (recommended preset, in-process)" },
  ] as const;
  const ms: number[][] = paths.map(() => []);
  const last: unknown[] = paths.map(() => null);
  const self = new URL(import.meta.url).pathname;
  for (let round = 1; round <= rounds; round++) {
    log(`[secrets] round ${round}/${rounds}`);
    for (let i = 0; i < paths.length; i++) {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "--quiet", "--allow-all", self, "--measure", paths[i]!.id, corpus.path],
        stdout: "piped",
        stderr: "piped",
      }).output();
      if (out.code !== 0) {
        throw new Error(
          `secrets bench: ${paths[i]!.id} failed: ${new TextDecoder().decode(out.stderr)}`,
        );
      }
      const r = JSON.parse(new TextDecoder().decode(out.stdout)) as {
        ms: number;
        spans: unknown[];
      };
      ms[i]!.push(r.ms);
      last[i] = r.spans;
    }
  }
  const mb = corpus.bytes / 1e6;
  const medians = ms.map((m) => summarize(m).median);
  const slMedian = medians[2]!;
  return paths.map((p, i) => {
    const spans = last[i] as { start: number; end: number; kind?: string }[];
    const isBaton = i < 2;
    const found = recallOf(corpus.planted, spans, !isBaton);
    const median = medians[i]!;
    const mbPerSec = mb / (median / 1000);
    const ratio = isBaton ? slMedian / median : null;
    let kindMatches: number | null = null;
    if (isBaton) {
      kindMatches = corpus.planted.filter((pl) =>
        (spans as Finding[]).some((f) =>
          f.kind === pl.kind && f.start < pl.byteEnd && pl.byteStart < f.end
        )
      ).length;
    }
    const checks = isBaton
      ? [
        { text: ">= 100 MB/s", pass: mbPerSec >= 100 },
        { text: ">= 10x secretlint", pass: ratio !== null && ratio >= 10 },
        { text: "all planted found", pass: found === corpus.planted.length },
      ]
      : [];
    return {
      label: p.label,
      medianMs: median,
      mbPerSec,
      recall: { found, planted: corpus.planted.length },
      kindMatches,
      findings: spans.length,
      ratioToSecretlint: ratio,
      checks,
    };
  });
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

/** The plain-text table. */
export function renderSecretsTable(corpus: SecretsCorpus, rows: SecretsRow[]): string {
  const lines = [
    `Secret scanning: ${
      (corpus.bytes / 1e6).toFixed(1)
    } MB transcript-like JSONL, ${corpus.planted.length} planted secrets (${
      new Set(corpus.planted.map((p) => p.kind)).size
    } kinds); in-process timing (warm-up first), one process per path and round, median of the rounds`,
    "",
    "| path | median ms | MB/s | x secretlint | recall | right kind | findings | verdict |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of rows) {
    const verdict = r.checks.length === 0
      ? ""
      : r.checks.every((c) => c.pass)
      ? "PASS"
      : `MISS (${r.checks.filter((c) => !c.pass).map((c) => c.text).join(", ")})`;
    lines.push(
      `| ${r.label} | ${r.medianMs.toFixed(0)} | ${r.mbPerSec.toFixed(1)} | ${
        r.ratioToSecretlint === null ? "" : r.ratioToSecretlint.toFixed(1)
      } | ${r.recall.found}/${r.recall.planted} | ${
        r.kindMatches ?? ""
      } | ${r.findings} | ${verdict} |`,
    );
  }
  return lines.join("\n") + "\n";
}

if (import.meta.main && Deno.args[0] === "--measure") {
  const r = await measure(Deno.args[1] as PathId, Deno.args[2]!);
  console.log(JSON.stringify(r));
} else if (import.meta.main) {
  const dir = await Deno.makeTempDir({ prefix: "baton-secrets-bench-" });
  try {
    const log = (m: string) => console.error(`bench: ${m}`);
    log("[secrets] generating the corpus");
    const corpus = await buildSecretsCorpus(dir);
    const rows = await runSecretsBench(corpus, Number(Deno.args[0] ?? 3), log);
    console.log(renderSecretsTable(corpus, rows));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
