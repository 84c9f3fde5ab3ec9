/**
 * The real-host slot of the bench: the hook wall times each host saw in the
 * last real-host suite run (`deno task test:hosts`), read from a JSON Lines
 * file and summarized per host and event. The bench never runs the hosts
 * itself; with no file it says so.
 *
 * File format (one JSON object a line, what a hook appends when
 * BATON_TEST_HOOK_LOG names the file): `{"event": "session-start",
 * "host": "claude-code", "action": "injected", "ms": 183}`, where `ms` is
 * the hook process's wall time from runtime start to exit. Lines that do not
 * parse or lack these fields are counted and skipped.
 * @module
 */
import { summarize } from "./stats.ts";

/** One host and event: how its hooks went. */
export interface HostTimingRow {
  host: string;
  event: string;
  runs: number;
  medianMs: number;
  maxMs: number;
  /** Actions seen, with counts. */
  actions: Record<string, number>;
}

/** What was read. */
export interface HostTimings {
  path: string;
  rows: HostTimingRow[];
  /** Lines that were not timing entries. */
  skipped: number;
  /** When the file could not be read: why. */
  missing?: string;
}

interface Entry {
  host: string;
  event: string;
  action: string;
  ms: number;
}

function asEntry(line: string): Entry | null {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.ms !== "number" || !Number.isFinite(o.ms) || o.ms < 0) return null;
  return {
    host: typeof o.host === "string" ? o.host : "(unknown host)",
    event: typeof o.event === "string" ? o.event : "(unknown event)",
    action: typeof o.action === "string" ? o.action : "?",
    ms: o.ms,
  };
}

/**
 * Summarizes timing lines per host and event (pure).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summarizeHostTimings } from "./host_timings.ts";
 * const t = summarizeHostTimings("f", '{"host":"codex","event":"stop","action":"recent","ms":90}\nx\n');
 * assert.equal(t.rows[0]?.medianMs, 90);
 * assert.equal(t.skipped, 1);
 * ```
 */
export function summarizeHostTimings(path: string, text: string): HostTimings {
  const groups = new Map<string, Entry[]>();
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const e = asEntry(line);
    if (e === null) {
      skipped++;
      continue;
    }
    const key = `${e.host}\u0000${e.event}`;
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [e]);
    else list.push(e);
  }
  const rows: HostTimingRow[] = [];
  for (const list of groups.values()) {
    const s = summarize(list.map((e) => e.ms));
    const actions: Record<string, number> = {};
    for (const e of list) actions[e.action] = (actions[e.action] ?? 0) + 1;
    rows.push({
      host: list[0]!.host,
      event: list[0]!.event,
      runs: list.length,
      medianMs: s.median,
      maxMs: Math.max(...list.map((e) => e.ms)),
      actions,
    });
  }
  rows.sort((a, b) => a.host.localeCompare(b.host) || a.event.localeCompare(b.event));
  return { path, rows, skipped };
}

/** Reads and summarizes the timing file; a missing file is reported, not thrown. */
export async function readHostTimings(path: string): Promise<HostTimings> {
  try {
    return summarizeHostTimings(path, await Deno.readTextFile(path));
  } catch (e) {
    return {
      path,
      rows: [],
      skipped: 0,
      missing: e instanceof Deno.errors.NotFound ? "no such file" : "unreadable",
    };
  }
}

/**
 * The table of real-host hook wall times (pure).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderHostTimings } from "./host_timings.ts";
 * assert.match(renderHostTimings({ path: "f", rows: [], skipped: 0, missing: "no such file" }), /test:hosts/);
 * ```
 */
export function renderHostTimings(t: HostTimings): string {
  const title = "Real-host hook wall times (from the real-host suite's log)";
  if (t.missing !== undefined || t.rows.length === 0) {
    return `${title}: none recorded (${t.missing ?? "no timing lines"}: ${t.path}); ` +
      "run deno task test:hosts with BATON_TEST_HOOK_LOG pointing at that file\n\n";
  }
  const header = ["host", "event", "runs", "median ms", "max ms", "actions"];
  const body = t.rows.map((r) => [
    r.host,
    r.event,
    String(r.runs),
    r.medianMs.toFixed(0),
    r.maxMs.toFixed(0),
    Object.entries(r.actions).map(([a, n]) => `${a} ${n}`).join(", "),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]): string =>
    cells.map((c, i) => (i >= 2 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ").trimEnd();
  return [
    `${title}: ${t.path}${t.skipped > 0 ? ` (${t.skipped} lines skipped)` : ""}`,
    line(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...body.map(line),
    "",
    "",
  ].join("\n");
}
