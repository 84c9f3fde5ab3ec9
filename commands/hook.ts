/**
 * `baton hook EVENT`: the one entry point every host's hook config calls.
 * The command object only; the work lives in core/hosts/runtime/run_hook.ts,
 * loaded on use so the command table stays light, and its edge in
 * commands/_adapters/hook_io.ts.
 * @module
 */
import { boolFlag, type Command, stringFlag } from "./_cli/command.ts";
// The generated names, not the host records: the gate starts without loading them.
import { HOST_ID_NAMES, PRE_TOOL_NAMES } from "../core/hosts/hook_names_generated.ts";

/** The hook command. */
export const hookCommand: Command = {
  name: "hook",
  category: "agent-facing",
  summary: "Host hook: brief at session start, capture before compaction",
  usage: "EVENT",
  description: [
    "Called by agent hosts, not by people: EVENT is session-start, pre-compact, session-end, stop, prompt, post-tool or pre-tool (also pre-tool-use; host-native names such as PreCompact, UserPromptSubmit or AfterTool are accepted too), and the host's JSON payload arrives on stdin (read strictly, at most 1 MiB, 16 MiB for pre-tool, waiting at most 0.5 s for the end of input).",
    "session-start prints the latest briefing in the host's injection format: in full when the repository's capsule is not the one last injected for that host (a newer one, or an older one a commit put back or another branch holds, which the briefing then names as rolled back where it is), and always after a compaction (source compact); a later new session (startup, clear, fork) gets it again, in a short form when every drift check still matches (BATON_BRIEFING_REPEAT=full repeats in full, off never repeats; not when a host file in the repository names it, see docs/trust.md); a resumed session gets nothing more.",
    "pre-compact, session-end and stop write an automatic capsule: facts collected now plus the latest capsule's meaning, carried forward and labelled as carried, skipped when nothing changed or outside a git repository with no capsule yet. Hooks that fire every turn (stop, and Gemini CLI's PreCompress, which fires before every model request whether or not it compresses) write trigger turn_end, at most one per 5 minutes, decided from latest.md's header and this clone's own record of the capsules it made current (a capsule a commit or a pull brought is decided by its signature: only one signed by a key this machine trusts holds a capture back); a session end is written even when a turn capsule holds the same facts.",
    "The facts are collected under a deadline inside that budget (what was not checked in time is recorded as not checked) and the work is killed if it is not done within 2 seconds; in a repository that cannot be read the capsule is still written, its unreadable facts marked unavailable. session-start re-checks under a 450 ms deadline and shows what it did not re-check as not re-checked. BATON_HOOK_TIME_SCALE=N (a whole number from 1 to 30) multiplies every one of these budgets, for a slow or heavily loaded machine whose host gives hooks more time (most allow 60 seconds; install writes 5); not when a host file in the repository names it (see docs/trust.md).",
    "prompt (UserPromptSubmit, Gemini CLI's BeforeAgent) and post-tool (PostToolUse, Gemini CLI's AfterTool, Cursor's postToolUse, OpenCode's tool.execute.after) report the context band as baton bands judges it, from the transcript the payload names (bounded backwards scan, at most the bytes hard threshold plus 64 KiB whatever its size; OpenCode's plugin sends its own tool-call count) and .baton/config.yaml's thresholds (a bad file: the defaults and one line on stderr): nothing below warn, one short advisory line at warn, and at handoff and hard a request to write a capsule now with the exact preflight and finalize commands, in the host's context-injection format; advisory only, it never blocks and never writes.",
    "pre-tool (PreToolUse, Gemini CLI's BeforeTool, Cursor's preToolUse and beforeShellExecution) is the mutation gate: in a repository opted in on this machine (baton enforce on) it denies, in the host's own deny shape, the mutating tool calls of a session that handed off (baton handoff) and of other sessions on the same work until one resumes; reads, read_only commands, baton's own state commands and the resume a deny prints always pass (the bypass it prints is for a person's own terminal and never passes), BATON_ENFORCE=off turns it off (unless a host file in the repository names it), and any error, timeout or malformed state allows with one line on stderr (a payload over 16 MiB is refused where an open deny is on record).",
    "A hook never blocks its host and never prints what the host could misread: unknown events or hosts, malformed payloads, timeouts and failures exit 0 with nothing on stdout and one line on stderr. Without --host the host is told from the payload's shape. With --json, stdout holds a report of what was done (event, host, action, capsule_id, output, warning) instead of the host's output.",
  ].join("\n\n"),
  examples: [
    "baton hook session-start --host claude-code < payload.json",
    "baton hook pre-compact --host codex < payload.json",
    "echo '{}' | baton hook pre-compact --host opencode --json",
  ],
  maxPositionals: 1,
  // A usage error must not block the host either (exit 2 blocks Claude Code's
  // Stop and PreCompact, denies in Cursor): a newer config may pass a flag
  // this baton does not know.
  exitOnError: 0,
  flags: [
    {
      name: "host",
      type: "string",
      value: "HOST",
      summary: `The host calling: ${HOST_ID_NAMES.slice(0, -1).join(", ")} or ${
        HOST_ID_NAMES.at(-1)
      }`,
      doc: "Installed hook commands always pass it; without it the payload's shape decides.",
    },
  ],
  async run(args, io) {
    // The mutation gate takes the smallest path: nothing else is loaded first.
    if (PRE_TOOL_NAMES.includes(args.positionals[0] ?? "")) {
      const { runGate } = await import("../core/enforce/run_gate.ts");
      const { gateEnv } = await import("./_adapters/gate_env.ts");
      await runGate(gateEnv(io, typeof args.flags.host === "string" ? args.flags.host : null));
      return 0;
    }
    const hookArgs = {
      event: args.positionals[0],
      host: stringFlag(args, "host"),
      json: boolFlag(args, "json"),
    };
    // One dynamic import either way: the runner, its edge and (--json) the printer load as one graph.
    if (hookArgs.json) {
      return await (await import("./_adapters/hook_json.ts")).runHookWithReport(io, hookArgs);
    }
    return await (await import("./_adapters/hook_io.ts")).runHookWithIo(io, hookArgs);
  },
};
