/**
 * Test helper: a Claude Code project transcript of Bash calls, written where
 * Claude Code keeps it, captured by the real pre-compact hook, then read back
 * by `baton load` (the e2e tests of what a transcript's commands and test
 * runs become in the briefing).
 * @module
 */
import { preCompactThenLoad } from "./pre_compact.ts";

/** One Bash call and its result as Claude Code records them. */
export interface BashCall {
  command: string;
  /** The tool's name. @default {"Bash"} */
  name?: string;
  /** More fields of the tool_use input (run_in_background, …). */
  input?: Record<string, unknown>;
  /** The record's toolUseResult, when the host wrote one. */
  toolUseResult?: Record<string, unknown>;
  content: string;
  isError?: boolean;
}

/** A Claude Code project transcript: one user request, then each call and its result. */
export function claudeBashTranscript(sessionId: string, cwd: string, calls: BashCall[]): string {
  const base = { sessionId, cwd, version: "2.1.197", userType: "external", isSidechain: false };
  const at = (s: number) => new Date(Date.UTC(2026, 7, 20, 9, 0, s)).toISOString();
  const records: unknown[] = [
    { ...base, type: "user", timestamp: at(0), message: { role: "user", content: "run tests" } },
  ];
  calls.forEach((c, i) => {
    records.push({
      ...base,
      type: "assistant",
      timestamp: at(2 * i + 1),
      message: {
        id: `m${i}`,
        role: "assistant",
        content: [{
          type: "tool_use",
          id: `t${i}`,
          name: c.name ?? "Bash",
          input: { command: c.command, ...c.input },
        }],
      },
    });
    records.push({
      ...base,
      type: "user",
      timestamp: at(2 * i + 2),
      message: {
        role: "user",
        content: [{
          type: "tool_result",
          tool_use_id: `t${i}`,
          content: c.content,
          is_error: c.isError ?? false,
        }],
      },
      ...(c.toolUseResult === undefined ? {} : { toolUseResult: c.toolUseResult }),
    });
  });
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

/**
 * Writes `transcript` where Claude Code keeps session `sessionId` of `repo`
 * under `home`, runs the pre-compact hook (it must write a capsule), and
 * returns what `baton load` prints.
 */
export async function captureThenLoad(
  repo: string,
  home: string,
  sessionId: string,
  transcript: string,
): Promise<string> {
  const path = `${home}/.claude/projects/${repo.replace(/[^A-Za-z0-9]/g, "-")}/${sessionId}.jsonl`;
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(path, transcript);
  return await preCompactThenLoad({
    repo,
    host: "claude-code",
    env: { HOME: home },
    sessionId,
    transcriptPath: path,
  });
}
