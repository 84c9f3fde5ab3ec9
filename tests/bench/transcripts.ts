/**
 * Transcript benchmarks (issue #12): `baton source show --tail 20` on a
 * 1 MB and a 1 GiB Claude Code transcript (the big one is sparse: 1 GiB of
 * holes ending in 1 MB of real lines, made in milliseconds and deleted
 * after), `baton source list` over 500 sessions, and the pre-compact hook
 * with a 50 MB transcript against its 2 s budget. Round-robin over a few
 * rounds, wall time and GNU time's peak RSS per run; reports, never asserts.
 * @module
 */
import { batonRunPrefix, MAIN } from "../_helpers/cli.ts";
import { claudeTranscript } from "../_helpers/transcripts.ts";
import { runOnce, type Scenario } from "./round_robin.ts";
import { summarize } from "./stats.ts";

const BATON = [
  ...batonRunPrefix(),
  MAIN,
];
const DENO_DIR = Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`;

/** One measured case. */
export interface TranscriptRow {
  label: string;
  medianMs: number;
  p75Ms: number;
  rssMaxMb: number | null;
  note: string;
}

/** The results and the ratios that matter. */
export interface TranscriptBench {
  rows: TranscriptRow[];
  showRatio: number | null;
  showRssRatio: number | null;
  /** pre-compact with the 50 MB transcript over pre-compact without one. */
  hookRatio: number | null;
}

async function fill(path: string, bytes: number, sessionId: string, cwd: string): Promise<void> {
  const unit = new TextEncoder().encode(claudeTranscript(sessionId, cwd));
  const f = await Deno.open(path, { write: true, create: true, truncate: true });
  try {
    for (let n = 0; n < bytes; n += unit.length) await f.write(unit);
  } finally {
    f.close();
  }
}

async function git(cwd: string, ...args: string[]): Promise<void> {
  const r = await new Deno.Command("git", {
    args,
    cwd,
    stdout: "null",
    stderr: "null",
    env: {
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_AUTHOR_NAME: "b",
      GIT_AUTHOR_EMAIL: "b@e.invalid",
      GIT_COMMITTER_NAME: "b",
      GIT_COMMITTER_EMAIL: "b@e.invalid",
    },
  }).output();
  if (!r.success) throw new Error(`git ${args[0]} failed`);
}

/** Runs the transcript benchmarks in `tmp` (everything made there is removed). */
export async function runTranscriptBench(
  tmp: string,
  rounds: number,
  log: (m: string) => void,
): Promise<TranscriptBench> {
  const dir = await Deno.makeTempDir({ dir: tmp, prefix: "baton-transcripts-" });
  try {
    const repo = `${dir}/repo`;
    await Deno.mkdir(repo);
    await git(repo, "init", "-q", "-b", "main");
    await Deno.writeTextFile(`${repo}/a.txt`, "a\n");
    await git(repo, "add", "-A");
    await git(repo, "commit", "-q", "-m", "init");
    const home = `${dir}/home`;
    const project = `${home}/.claude/projects/${repo.replace(/[^A-Za-z0-9]/g, "-")}`;
    await Deno.mkdir(project, { recursive: true });
    log("[transcripts] writing a 1 MB, a sparse 1 GiB and a 50 MB transcript, 500 sessions");
    const small = `${dir}/small.jsonl`;
    await fill(small, 1024 * 1024, "s-small", repo);
    const big = `${dir}/big.jsonl`;
    const f = await Deno.open(big, { write: true, create: true });
    await f.truncate(1024 * 1024 * 1024 - 1024 * 1024);
    f.close();
    const tailBytes = await Deno.readFile(small);
    await Deno.writeFile(big, new Uint8Array([0x0a, ...tailBytes]), { append: true });
    const sid = "3f1c2a9e-0d4b-4c1e-9a57-1b2c3d4e5f60";
    const fifty = `${project}/${sid}.jsonl`;
    await fill(fifty, 50 * 1024 * 1024, sid, repo);
    for (let i = 0; i < 500; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      await Deno.writeTextFile(`${project}/${id}.jsonl`, claudeTranscript(id, repo).repeat(4));
    }
    const env = { HOME: home, DENO_DIR };
    const cases: Scenario[] = [
      {
        id: "show-1mb",
        label: "source show --tail 20, 1 MB transcript",
        cmd: [...BATON, "source", "show", small, "--tail", "20", "--json"],
        cwd: repo,
      },
      {
        id: "show-1gb",
        label: "source show --tail 20, 1 GiB transcript (sparse)",
        cmd: [...BATON, "source", "show", big, "--tail", "20", "--json"],
        cwd: repo,
      },
      {
        id: "list-500",
        label: "source list, 501 sessions",
        cmd: [...BATON, "source", "list", "--json"],
        cwd: repo,
      },
      {
        id: "pre-compact-none",
        label: "hook pre-compact, no transcript (baseline)",
        cmd: [...BATON, "hook", "pre-compact", "--host", "claude-code", "--json"],
        cwd: repo,
        stdin: JSON.stringify({
          session_id: "none",
          transcript_path: null,
          cwd: repo,
          hook_event_name: "PreCompact",
          trigger: "auto",
        }),
        prepare: async () => {
          await Deno.remove(`${repo}/.baton`, { recursive: true }).catch(() => {});
        },
      },
      {
        id: "pre-compact-50mb",
        label: "hook pre-compact, 50 MB transcript (budget 2000 ms)",
        cmd: [...BATON, "hook", "pre-compact", "--host", "claude-code", "--json"],
        cwd: repo,
        stdin: JSON.stringify({
          session_id: sid,
          transcript_path: fifty,
          cwd: repo,
          hook_event_name: "PreCompact",
          trigger: "auto",
        }),
        prepare: async () => {
          await Deno.remove(`${repo}/.baton`, { recursive: true }).catch(() => {});
        },
      },
    ];
    const ms = cases.map(() => [] as number[]);
    const rss = cases.map(() => [] as number[]);
    const notes = cases.map(() => "");
    for (let r = 0; r <= rounds; r++) {
      log(`[transcripts] round ${r}/${rounds}${r === 0 ? " (warm-up, checks output)" : ""}`);
      for (let i = 0; i < cases.length; i++) {
        const c = cases[i]!;
        await c.prepare?.();
        const res = await runOnce(c, { env, rssFile: `${dir}/rss` });
        if (r === 0) {
          const out = res.code === 0 ? JSON.parse(res.stdout) : null;
          notes[i] = out === null
            ? `exit ${res.code}`
            : "turns" in out
            ? `${out.turns.length} turns, read ${out.read.bytes} bytes`
            : "sessions" in out
            ? `${out.sessions.length} sessions`
            : `action ${out.action}`;
          continue;
        }
        ms[i]!.push(res.ms);
        if (res.rssKb !== null) rss[i]!.push(res.rssKb);
      }
    }
    const rows = cases.map((c, i) => {
      const s = summarize(ms[i]!);
      return {
        label: c.label,
        medianMs: s.median,
        p75Ms: s.p75,
        rssMaxMb: rss[i]!.length === 0 ? null : Math.max(...rss[i]!) / 1024,
        note: notes[i]!,
      };
    });
    const ratio = rows[1]!.medianMs / rows[0]!.medianMs;
    const hookRatio = rows[4]!.medianMs / rows[3]!.medianMs;
    const rssRatio = rows[0]!.rssMaxMb === null || rows[1]!.rssMaxMb === null
      ? null
      : rows[1]!.rssMaxMb / rows[0]!.rssMaxMb;
    return { rows, showRatio: ratio, showRssRatio: rssRatio, hookRatio };
  } finally {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

/** The table. */
export function renderTranscriptTable(b: TranscriptBench): string {
  const lines = [
    "Transcripts (issue #12)",
    "| case | median ms | p75 ms | peak RSS MB | check |",
    "| --- | --- | --- | --- | --- |",
    ...b.rows.map((r) =>
      `| ${r.label} | ${r.medianMs.toFixed(0)} | ${r.p75Ms.toFixed(0)} | ${
        r.rssMaxMb?.toFixed(1) ?? "-"
      } | ${r.note} |`
    ),
    `show 1 GiB / 1 MB: time x${b.showRatio?.toFixed(2) ?? "-"}, peak RSS x${
      b.showRssRatio?.toFixed(2) ?? "-"
    } (target ≈ 1); pre-compact with / without transcript x${b.hookRatio?.toFixed(2) ?? "-"}`,
    "",
  ];
  return lines.join("\n");
}
