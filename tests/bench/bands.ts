/**
 * Bench group for context bands: `baton bands --transcript` on a 200 MB
 * Claude Code transcript against a 1 MB one (the bounded backwards scan
 * should make them cost the same), and the per-prompt band hook on the
 * 200 MB transcript against a Deno hello world (the silent-hook budget:
 * at most 1.3x). The transcripts are generated in the bench's temp
 * directory, which main.ts deletes at the end.
 * @module
 */
import { BATON_PERMISSIONS, BATON_RUNTIME_FLAGS, MAIN } from "../_helpers/cli.ts";
import { verifyText } from "./inspect.ts";
import type { BenchCase, Group, GroupOptions } from "./groups.ts";
import type { Target } from "./report.ts";
import {
  claudeCompaction,
  claudeToolTurn,
  claudeUser,
  jsonl,
} from "../_helpers/band_transcripts.ts";

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
const MB = 1024 * 1024;

/**
 * Writes a Claude Code transcript of about `bytes`: tool turns with 4 KB
 * results, then (with `compactedTail`) a compaction about 100 KiB before the
 * end, a prompt and 5 tool calls, so the band is ok; without it no marker
 * at all, so the scan runs to its bound and the band is hard.
 */
export async function writeBenchTranscript(
  path: string,
  bytes: number,
  compactedTail: boolean,
): Promise<void> {
  const enc = new TextEncoder();
  const block = enc.encode(
    jsonl(Array.from({ length: 200 }, () => claudeToolTurn(1, 4000)).flat()),
  );
  const tail = enc.encode(
    compactedTail
      ? jsonl([
        ...claudeCompaction(),
        claudeUser("go on"),
        ...Array.from({ length: 5 }, () => claudeToolTurn(1, 20_000)).flat(),
      ])
      : "",
  );
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  try {
    let written = 0;
    await file.write(enc.encode(jsonl([claudeUser("start")])));
    while (written + block.length + tail.length < bytes) {
      let off = 0;
      while (off < block.length) off += await file.write(block.subarray(off));
      written += block.length;
    }
    let off = 0;
    while (off < tail.length) off += await file.write(tail.subarray(off));
  } finally {
    file.close();
  }
}

function verifyBand(band: string): (stdout: string) => string | undefined {
  return (stdout) => {
    try {
      const got = JSON.parse(stdout).band;
      return got === band ? undefined : `band ${got}, expected ${band}`;
    } catch {
      return "bands output is not JSON";
    }
  };
}

/** The bands group; `tmp` holds hello.ts and receives the transcripts. */
export async function buildBandsGroup(tmp: string, options: GroupOptions): Promise<Group> {
  const small = `${tmp}/bands-1mb.jsonl`;
  const big = `${tmp}/bands-200mb.jsonl`;
  const bigOpen = `${tmp}/bands-200mb-uncompacted.jsonl`;
  await writeBenchTranscript(small, 1 * MB, true);
  await writeBenchTranscript(big, 200 * MB, true);
  await writeBenchTranscript(bigOpen, 200 * MB, false);
  const vsHello: Target[] = [{ kind: "ratio", max: 1.3 }];
  // The hard advisory is said once per session (core/bands/band_memory.ts), and a --base twin
  // runs in the same directory: that case names no session, so every run says it.
  const payload = (path: string, session: string | null = "bench") =>
    JSON.stringify({
      ...(session === null ? {} : { session_id: session }),
      transcript_path: path,
      cwd: tmp,
      hook_event_name: "UserPromptSubmit",
      prompt: "go on",
    });
  const cases: BenchCase[] = [
    {
      id: "bands-hello",
      label: "deno run hello.ts (baseline)",
      cwd: tmp,
      cmd: [DENO, "run", `${tmp}/hello.ts`],
      verify: verifyText(/^hello$/m),
    },
    {
      id: "bands-1mb",
      label: "baton bands --transcript, 1 MB",
      cwd: tmp,
      cmd: [...BATON, "bands", "--transcript", small, "--json"],
      verify: verifyBand("ok"),
      baseline: "bands-hello",
    },
    {
      id: "bands-200mb",
      label: "baton bands --transcript, 200 MB",
      cwd: tmp,
      cmd: [...BATON, "bands", "--transcript", big, "--json"],
      verify: verifyBand("ok"),
      baseline: "bands-1mb",
      targets: [{ kind: "ratio", max: 1.2 }],
    },
    {
      id: "bands-200mb-open",
      label: "baton bands, 200 MB, no compaction (scan to its bound)",
      cwd: tmp,
      cmd: [...BATON, "bands", "--transcript", bigOpen, "--json"],
      verify: verifyBand("hard"),
      baseline: "bands-1mb",
      targets: [{ kind: "ratio", max: 1.2 }],
    },
    {
      // The existing silent hook, for reference: the same budget, no transcript read.
      id: "bands-hook-start-none",
      label: "baton hook session-start, no capsule (reference)",
      cwd: tmp,
      cmd: [...BATON, "hook", "session-start", "--host", "claude-code"],
      stdin: JSON.stringify({
        session_id: "bench",
        cwd: tmp,
        hook_event_name: "SessionStart",
        source: "startup",
      }),
      verify: (out) => (out === "" ? undefined : "the silent hook printed something"),
      baseline: "bands-hello",
      targets: vsHello,
    },
    {
      id: "hook-prompt-200mb",
      label: "baton hook prompt, 200 MB, below warn (silent)",
      cwd: tmp,
      cmd: [...BATON, "hook", "prompt", "--host", "claude-code"],
      stdin: payload(big),
      verify: (out) => (out === "" ? undefined : "the silent hook printed something"),
      baseline: "bands-hello",
      targets: vsHello,
    },
    {
      id: "hook-prompt-200mb-open",
      label: "baton hook prompt, 200 MB, no compaction (hard advisory)",
      cwd: tmp,
      cmd: [...BATON, "hook", "prompt", "--host", "claude-code"],
      stdin: payload(bigOpen, null),
      verify: verifyText(/baton context band: hard/),
      baseline: "bands-hello",
    },
  ];
  return {
    name: "context bands: 200 MB transcript",
    rounds: options.rounds,
    warmup: 2,
    cases,
    teardown: async () => {
      for (const p of [small, big, bigOpen]) await Deno.remove(p).catch(() => {});
    },
  };
}
