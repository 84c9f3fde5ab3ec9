/**
 * Deterministic start-up proxies of a bench case: the modules a run loads
 * (emitted JavaScript files Deno reads from its cache), the kilobytes of that
 * JavaScript (what V8 is handed, comments and source maps included), and the
 * system calls the process makes (`strace -c -f`, median of three runs). They
 * do not move with the machine's load, so they show a saving the timed rounds
 * can only confirm. Needs `strace` on PATH.
 * @module
 */
import { median } from "./stats.ts";
import { runOnce, type Scenario } from "./round_robin.ts";

/** What one case's run loads and asks of the kernel. */
export interface Proxies {
  id: string;
  label: string;
  /** Emitted modules read from Deno's cache (one per TypeScript module run). */
  modules: number;
  /** Their total size, KiB. */
  emittedKb: number;
  /** Median over three runs of the system calls of the process and its threads. */
  syscalls: number;
  /** Each emitted module, as its source path (cache prefix dropped), and its KiB. */
  files: { path: string; kb: number }[];
}

/** Emitted files an `strace -e trace=openat` log shows were opened for reading. */
export function emittedFiles(log: string): string[] {
  const files = new Set<string>();
  for (const line of log.split("\n")) {
    const m = /openat\([^,]*, "([^"]+\/gen\/[^"]+\.js)", O_RDONLY[^)]*\) = \d+/.exec(line);
    if (m !== null) files.add(m[1]!);
  }
  return [...files].sort();
}

/** The total of `strace -c` output's last line (the calls column). */
export function totalCalls(summary: string): number {
  const last = summary.trim().split("\n").pop() ?? "";
  const cols = last.trim().split(/\s+/);
  // "100.00  0.001  1  1234  56  total": calls are the fourth column, before errors.
  const calls = Number(cols.length >= 5 ? cols[3] : cols[2]);
  return Number.isFinite(calls) ? calls : NaN;
}

function traced(s: Scenario, prefix: string[]): Scenario {
  return { ...s, cmd: [...prefix, ...s.cmd] };
}

/** Measures `scenario` (its prepare hook run before each run); `dir` holds the traces. */
export async function measureProxies(scenario: Scenario, dir: string): Promise<Proxies> {
  const file = `${dir}/trace-${scenario.id.replaceAll(/[^A-Za-z0-9_-]/g, "_")}`;
  await scenario.prepare?.();
  // Untraced first: the emitted files exist, as on every run after the first.
  await runOnce(scenario);
  await scenario.prepare?.();
  await runOnce(traced(scenario, ["strace", "-f", "-qq", "-e", "trace=openat", "-o", file]));
  const files = emittedFiles(await Deno.readTextFile(file));
  let bytes = 0;
  const listed: Proxies["files"] = [];
  for (const f of files) {
    const size = (await Deno.stat(f)).size;
    bytes += size;
    listed.push({ path: f.replace(/^.*?\/gen\/[^/]+/, "").replace(/\.js$/, ""), kb: size / 1024 });
  }
  const calls: number[] = [];
  for (let i = 0; i < 3; i++) {
    await scenario.prepare?.();
    await runOnce(traced(scenario, ["strace", "-c", "-f", "-o", file]));
    calls.push(totalCalls(await Deno.readTextFile(file)));
  }
  await Deno.remove(file);
  return {
    id: scenario.id,
    label: scenario.label,
    modules: files.length,
    emittedKb: Math.round(bytes / 1024),
    syscalls: median(calls),
    files: listed,
  };
}

/** A plain-text table; a `@base` twin follows its case and is compared with it. */
export function renderProxies(rows: readonly Proxies[]): string {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = [
    "case | modules now/base | emitted KiB now/base | syscalls now/base",
    "--- | --- | --- | ---",
  ];
  for (const r of rows) {
    if (r.id.endsWith("@base")) continue;
    const b = byId.get(`${r.id}@base`);
    const pair = (now: number, base: number | undefined) =>
      base === undefined
        ? String(now)
        : `${now} / ${base} (${now - base >= 0 ? "+" : ""}${now - base})`;
    out.push(
      `${r.label} | ${pair(r.modules, b?.modules)} | ${pair(r.emittedKb, b?.emittedKb)} | ${
        pair(r.syscalls, b?.syscalls)
      }`,
    );
  }
  return out.join("\n") + "\n";
}
