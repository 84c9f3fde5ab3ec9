/**
 * Test helper: hook payloads shaped like the hosts' documented samples
 * (section 9.2), with the working directory pointed at a test repository.
 * @module
 */
import type { HookEvent, HostId } from "../../core/hosts/ids.ts";

/** One sample payload. */
export interface PayloadSample {
  host: HostId;
  event: HookEvent;
  payload: Record<string, unknown>;
}

const CLAUDE = {
  session_id: "3f1c2a9e-0d4b-4c1e-9a57-1b2c3d4e5f60",
  transcript_path:
    "/home/dev/.claude/projects/-home-dev-app/3f1c2a9e-0d4b-4c1e-9a57-1b2c3d4e5f60.jsonl",
};
const CODEX = {
  session_id: "019a2d7a-41c4-78b1-b7cc-a45d62a89cd5",
  model: "gpt-5.3-codex",
};
const CURSOR = {
  conversation_id: "c0ffee00-1111-2222-3333-444455556666",
  generation_id: "g-1",
  model: "claude-sonnet-5",
  cursor_version: "2.4.0",
};
const GEMINI = {
  session_id: "a1b2c3d4-e5f6-7890-abcd-ef1234567890",
  transcript_path: "/home/dev/.gemini/tmp/app/chats/session-2026-08-20T09-15-a1b2c3d4.jsonl",
  timestamp: "2026-08-20T09:15:03.000Z",
};

/** Every host's payload for every event it has, for the repository at `cwd`. */
export function payloadSamples(cwd: string): PayloadSample[] {
  return [
    {
      host: "claude-code",
      event: "session-start",
      payload: {
        ...CLAUDE,
        cwd,
        hook_event_name: "SessionStart",
        source: "startup",
        model: "claude-sonnet-5",
      },
    },
    {
      host: "claude-code",
      event: "pre-compact",
      payload: {
        ...CLAUDE,
        cwd,
        hook_event_name: "PreCompact",
        trigger: "auto",
        custom_instructions: "",
      },
    },
    {
      host: "claude-code",
      event: "stop",
      payload: {
        ...CLAUDE,
        cwd,
        permission_mode: "default",
        hook_event_name: "Stop",
        stop_hook_active: false,
        last_assistant_message: "Parser refactor done; tests pass.",
        background_tasks: [],
        session_crons: [],
      },
    },
    {
      host: "claude-code",
      event: "session-end",
      payload: { ...CLAUDE, cwd, hook_event_name: "SessionEnd", reason: "prompt_input_exit" },
    },
    {
      host: "codex",
      event: "session-start",
      payload: {
        ...CODEX,
        transcript_path:
          "/home/dev/.codex/sessions/2026/08/20/rollout-2026-08-20T09-15-02-019a2d7a-41c4-78b1-b7cc-a45d62a89cd5.jsonl",
        cwd,
        hook_event_name: "SessionStart",
        source: "startup",
        permission_mode: "default",
      },
    },
    {
      host: "codex",
      event: "pre-compact",
      payload: {
        ...CODEX,
        turn_id: "019a2d7b-0000-7000-8000-000000000001",
        transcript_path: null,
        cwd,
        hook_event_name: "PreCompact",
        trigger: "auto",
      },
    },
    {
      host: "codex",
      event: "stop",
      payload: {
        ...CODEX,
        turn_id: "019a2d7b-0000-7000-8000-000000000002",
        transcript_path: null,
        cwd,
        hook_event_name: "Stop",
        permission_mode: "default",
        stop_hook_active: false,
        last_assistant_message: "Done.",
      },
    },
    {
      host: "codex",
      event: "session-end",
      payload: {
        ...CODEX,
        transcript_path: null,
        cwd,
        hook_event_name: "SessionEnd",
        reason: "other",
      },
    },
    {
      host: "cursor",
      event: "session-start",
      payload: {
        ...CURSOR,
        hook_event_name: "sessionStart",
        workspace_roots: [cwd],
        session_id: CURSOR.conversation_id,
        is_background_agent: false,
        composer_mode: "agent",
      },
    },
    {
      host: "cursor",
      event: "pre-compact",
      payload: {
        ...CURSOR,
        hook_event_name: "preCompact",
        workspace_roots: [cwd],
        trigger: "auto",
        context_usage_percent: 91,
        context_tokens: 182000,
        context_window_size: 200000,
        message_count: 140,
        messages_to_compact: 120,
        is_first_compaction: true,
      },
    },
    {
      host: "cursor",
      event: "stop",
      payload: {
        ...CURSOR,
        hook_event_name: "stop",
        workspace_roots: [cwd],
        status: "completed",
        loop_count: 0,
      },
    },
    {
      host: "cursor",
      event: "session-end",
      payload: {
        ...CURSOR,
        hook_event_name: "sessionEnd",
        workspace_roots: [cwd],
        session_id: CURSOR.conversation_id,
        reason: "completed",
        duration_ms: 1000,
        is_background_agent: false,
        final_status: "completed",
      },
    },
    {
      host: "gemini",
      event: "session-start",
      payload: { ...GEMINI, cwd, hook_event_name: "SessionStart", source: "resume" },
    },
    {
      host: "gemini",
      event: "pre-compact",
      payload: { ...GEMINI, cwd, hook_event_name: "PreCompress", trigger: "auto" },
    },
    {
      host: "gemini",
      event: "stop",
      payload: {
        ...GEMINI,
        cwd,
        hook_event_name: "AfterAgent",
        prompt: "fix it",
        prompt_response: "fixed",
        stop_hook_active: false,
      },
    },
    {
      host: "gemini",
      event: "session-end",
      payload: { ...GEMINI, cwd, hook_event_name: "SessionEnd", reason: "exit" },
    },
    {
      host: "copilot",
      event: "session-start",
      payload: {
        timestamp: "2026-08-20T09:20:00.000Z",
        cwd,
        sessionId: "vs-session-1",
        hookEventName: "SessionStart",
        source: "new",
        transcript_path: "/home/dev/.vscode/transcript.json",
      },
    },
    {
      host: "copilot",
      event: "pre-compact",
      payload: {
        timestamp: "2026-08-20T09:21:00.000Z",
        cwd,
        sessionId: "vs-session-1",
        hookEventName: "PreCompact",
        transcript_path: "/home/dev/.vscode/transcript.json",
      },
    },
    {
      host: "copilot",
      event: "stop",
      payload: {
        timestamp: "2026-08-20T09:22:00.000Z",
        cwd,
        sessionId: "vs-session-1",
        hookEventName: "Stop",
      },
    },
    // OpenCode has no stdin contract: its plugin passes what it likes (here the directory).
    { host: "opencode", event: "session-start", payload: { cwd } },
    { host: "opencode", event: "pre-compact", payload: { cwd } },
    { host: "opencode", event: "stop", payload: { cwd } },
    { host: "opencode", event: "session-end", payload: { cwd } },
  ];
}

/** Gemini CLI's PreCompress payload (an automatic compression) for session `sessionId`'s chat at `transcriptPath`. */
export function geminiPreCompress(
  sessionId: string,
  transcriptPath: string | null,
  cwd: string,
): Record<string, unknown> {
  return {
    session_id: sessionId,
    transcript_path: transcriptPath,
    cwd,
    hook_event_name: "PreCompress",
    timestamp: "2026-08-20T10:00:00.000Z",
    trigger: "auto",
  };
}
