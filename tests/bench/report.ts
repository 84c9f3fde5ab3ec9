/**
 * Bench results: targets, ratio checks and the plain-text table (pure: no
 * I/O). Output is ASCII so it survives any terminal and the prefer-ascii lint.
 * @module
 */
import type { PairedDifference, Summary } from "./stats.ts";

/** A limit a scenario is checked against. */
export type Target =
  | { kind: "ratio"; max: number }
  | { kind: "ms"; max: number }
  | { kind: "rssMb"; max: number };

/** The outcome of one target. */
export interface TargetCheck {
  text: string;
  pass: boolean;
}

/** One table row. */
export interface ResultRow {
  group: string;
  id: string;
  label: string;
  summary: Summary | null;
  /** Median over runs of each run's peak RSS, in MiB (KiB / 1024), as the table prints it. */
  rssMb: number | null;
  /** Largest peak RSS of any run, in MiB. */
  rssMaxMb: number | null;
  /** Median CPU time (user + system) of the runs, in ms, when GNU time measured it. */
  cpuMs: number | null;
  /** Ratio of median wall times, and of median CPU times when both were measured. */
  baseline: {
    id: string;
    label: string;
    ratio: number;
    cpuRatio: number | null;
    /** Against a `--base` twin: the median CPU difference of the rounds, ms, and its 95 % interval. */
    cpuDiff?: PairedDifference | null;
  } | null;
  checks: TargetCheck[];
  /** PASS/MISS against the targets; WRONG when some run's output was wrong; ERROR when none ran. */
  verdict: "PASS" | "MISS" | "WRONG" | "ERROR" | "";
  /** Timed runs that exited non-zero (not in the figures). */
  failures: number;
  /** Timed runs whose output was wrong (not in the figures). */
  wrong: number;
  error?: string;
}

/** MB (10^6 bytes) in one MiB. */
const MIB_IN_MB = 1.048576;

/**
 * Checks `targets` for a row; ratio targets need `ratio`; an RSS target judges the largest run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkTargets } from "./report.ts";
 * const rss = (maxMiB: number) =>
 *   checkTargets([{ kind: "rssMb", max: 60 }], { medianMs: 1, ratio: null, rssMaxMb: maxMiB })[0]!;
 * assert.equal(rss(57).pass, true);
 * assert.equal(rss(58).pass, false); // 58 MiB is 60.8 MB
 * ```
 */
export function checkTargets(
  targets: readonly Target[],
  values: { medianMs: number; ratio: number | null; rssMaxMb: number | null },
): TargetCheck[] {
  return targets.map((t) => {
    switch (t.kind) {
      case "ratio":
        return {
          text: `<= ${t.max}x`,
          pass: values.ratio !== null && values.ratio <= t.max,
        };
      case "ms":
        return { text: `<= ${t.max} ms`, pass: values.medianMs <= t.max };
      case "rssMb":
        // The target is in MB (10^6 bytes); the figures are MiB: the largest run, converted.
        return {
          text: `RSS < ${t.max} MB (${(t.max / MIB_IN_MB).toFixed(1)} MiB)`,
          pass: values.rssMaxMb !== null && values.rssMaxMb * MIB_IN_MB < t.max,
        };
    }
  });
}

/** PASS when every check passes, MISS when any fails, empty without checks. */
export function verdictOf(checks: readonly TargetCheck[]): ResultRow["verdict"] {
  if (checks.length === 0) return "";
  return checks.every((c) => c.pass) ? "PASS" : "MISS";
}

function fmt(n: number | null | undefined, digits = 0): string {
  return n === null || n === undefined || !Number.isFinite(n) ? "-" : n.toFixed(digits);
}

/** " (+0.4 ms, 95 % -0.3..+1.1)": a --base row's paired CPU difference, or nothing. */
function cpuDiffText(d: PairedDifference | null): string {
  if (d === null) return "";
  const ms = (v: number) => `${v >= 0 ? "+" : ""}${v.toFixed(1)}`;
  return ` (${ms(d.median)} ms, 95% ${ms(d.lo)}..${ms(d.hi)})`;
}

/**
 * Renders rows as an aligned table, one block per group.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderTable } from "./report.ts";
 * assert.match(renderTable([]), /scenario/);
 * ```
 */
export function renderTable(rows: readonly ResultRow[]): string {
  const header = [
    "scenario",
    "median ms",
    "p25-p75 ms",
    "RSS MiB",
    "CPU ms",
    "wall ratio",
    "CPU ratio",
    "vs",
    "target",
    "result",
  ];
  const body: string[][] = [];
  const groupStarts = new Map<number, string>();
  let lastGroup: string | null = null;
  for (const r of rows) {
    if (r.group !== lastGroup) {
      groupStarts.set(body.length, r.group);
      lastGroup = r.group;
    }
    const s = r.summary;
    body.push([
      r.label,
      fmt(s?.median, 1),
      s === null ? "-" : `${fmt(s.p25, 1)}-${fmt(s.p75, 1)}`,
      r.rssMaxMb !== null && r.rssMb !== null &&
        (r.rssMaxMb - r.rssMb >= 1 || r.checks.some((c) => c.text.startsWith("RSS")))
        ? `${fmt(r.rssMb, 1)} (max ${fmt(r.rssMaxMb, 1)})`
        : fmt(r.rssMb, 1),
      fmt(r.cpuMs, 0),
      r.baseline === null ? "" : `${r.baseline.ratio.toFixed(2)}x`,
      r.baseline === null || r.baseline.cpuRatio === null
        ? ""
        : `${r.baseline.cpuRatio.toFixed(2)}x${cpuDiffText(r.baseline.cpuDiff ?? null)}`,
      r.baseline === null ? "" : r.baseline.label,
      r.checks.map((c) => c.text).join(", "),
      [
        r.verdict === "MISS"
          ? `MISS (${r.checks.filter((c) => !c.pass).map((c) => c.text).join(", ")})`
          : r.verdict,
        r.failures > 0 ? `(${r.failures} failed runs)` : "",
        r.wrong > 0 ? `(${r.wrong} wrong runs)` : "",
      ].filter((x) => x !== "").join(" "),
    ]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (i === 0 || i >= 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ").trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  const out = [line(header), rule];
  body.forEach((row, i) => {
    const group = groupStarts.get(i);
    if (group !== undefined) out.push(`[${group}]`);
    out.push(line(row));
  });
  return out.join("\n") + "\n";
}
