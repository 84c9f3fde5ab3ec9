/**
 * Cursor has no headless client, so its install is checked against the
 * documented hooks.json schema only (Cursor's hooks documentation): `version: 1`,
 * `hooks` keyed by documented event names, entries with a `command` and only
 * documented fields, none fail-closed; each baton command, run with the
 * documented payload of its event, prints only documented output fields.
 * @module
 */
import { baton, install, writeMarkerCapsule } from "./_harness/baton.ts";
import { runBounded } from "./_harness/process.ts";
import { makeSandbox } from "./_harness/sandbox.ts";
import { changedSince, snapshot } from "./_harness/snapshot.ts";

const EVENTS = new Set([
  "sessionStart",
  "sessionEnd",
  "beforeSubmitPrompt",
  "preToolUse",
  "postToolUse",
  "postToolUseFailure",
  "beforeShellExecution",
  "afterShellExecution",
  "beforeMCPExecution",
  "afterMCPExecution",
  "beforeReadFile",
  "afterFileEdit",
  "afterAgentResponse",
  "afterAgentThought",
  "stop",
  "subagentStart",
  "subagentStop",
  "preCompact",
  "beforeTabFileRead",
  "afterTabFileEdit",
]);
const ENTRY_FIELDS = new Set([
  "command",
  "type",
  "prompt",
  "timeout",
  "matcher",
  "loop_limit",
  "failClosed",
]);
/** Documented output fields per event baton registers. */
const OUTPUT_FIELDS: Record<string, Set<string>> = {
  sessionStart: new Set(["env", "additional_context"]),
  sessionEnd: new Set(),
  preCompact: new Set(["user_message"]),
};

/** Checks the Cursor files; returns the problems found (empty: all conform). */
export async function checkCursorSchema(): Promise<string[]> {
  const problems: string[] = [];
  const sb = await makeSandbox("cursor");
  try {
    await writeMarkerCapsule(sb);
    const pre = await snapshot([`${sb.repo}/.cursor`]);
    const written = await install(sb, "cursor");
    const doc = JSON.parse(
      await Deno.readTextFile(`${sb.repo}/.cursor/hooks.json`),
    );
    if (doc.version !== 1) problems.push("hooks.json: version is not 1");
    if (typeof doc.hooks !== "object" || doc.hooks === null) {
      problems.push("hooks.json: no hooks object");
    }
    for (const k of Object.keys(doc)) {
      if (k !== "version" && k !== "hooks") {
        problems.push(`hooks.json: undocumented top-level key ${k}`);
      }
    }
    const base = {
      conversation_id: "c1",
      generation_id: "g1",
      model: "m",
      cursor_version: "1.7.0",
      workspace_roots: [sb.repo],
      transcript_path: null,
    };
    const payloads: Record<string, Record<string, unknown>> = {
      sessionStart: {
        ...base,
        hook_event_name: "sessionStart",
        session_id: "s1",
        is_background_agent: false,
        composer_mode: "agent",
      },
      preCompact: {
        ...base,
        hook_event_name: "preCompact",
        trigger: "auto",
        context_usage_percent: 91,
        context_tokens: 180000,
        context_window_size: 200000,
        message_count: 40,
        messages_to_compact: 30,
        is_first_compaction: true,
      },
      sessionEnd: {
        ...base,
        hook_event_name: "sessionEnd",
        session_id: "s1",
        reason: "completed",
        duration_ms: 1000,
        is_background_agent: false,
        final_status: "completed",
      },
    };
    for (const [event, entries] of Object.entries(doc.hooks ?? {})) {
      if (!EVENTS.has(event)) {
        problems.push(`hooks.json: undocumented event ${event}`);
      }
      if (!Array.isArray(entries)) {
        problems.push(`hooks.json: ${event} is not a list`);
        continue;
      }
      for (const e of entries as Record<string, unknown>[]) {
        if (typeof e.command !== "string" || e.command === "") {
          problems.push(`${event}: entry without a command`);
        }
        for (const f of Object.keys(e)) {
          if (!ENTRY_FIELDS.has(f)) {
            problems.push(`${event}: undocumented field ${f}`);
          }
        }
        if (e.type !== undefined && e.type !== "command") {
          problems.push(`${event}: type is not command`);
        }
        if (
          e.timeout !== undefined &&
          !(typeof e.timeout === "number" && e.timeout > 0 && e.timeout <= 60)
        ) {
          problems.push(`${event}: timeout is not a number of seconds`);
        }
        if (e.failClosed === true) {
          problems.push(
            `${event}: fail-closed (a slow baton would block Cursor)`,
          );
        }
        const payload = payloads[event];
        if (payload === undefined || typeof e.command !== "string") continue;
        await Deno.writeTextFile(`${sb.repo}/work.txt`, `${event}\n`);
        const r = await runBounded("sh", ["-c", e.command], {
          cwd: sb.repo,
          env: { ...sb.env, CURSOR_PROJECT_DIR: sb.repo },
          timeoutMs: 20_000,
          stdin: JSON.stringify(payload),
        });
        if (r.code !== 0) problems.push(`${event}: the hook exited ${r.code}`);
        if (r.stdout.trim() === "") {
          if (event === "sessionStart") {
            problems.push("sessionStart: nothing injected");
          }
          continue;
        }
        let out: Record<string, unknown>;
        try {
          out = JSON.parse(r.stdout);
        } catch {
          problems.push(`${event}: stdout is not JSON`);
          continue;
        }
        for (const f of Object.keys(out)) {
          if (!OUTPUT_FIELDS[event]!.has(f)) {
            problems.push(`${event}: undocumented output field ${f}`);
          }
        }
        if (
          event === "sessionStart" &&
          !String(out.additional_context ?? "").includes(sb.marker)
        ) {
          problems.push("sessionStart: additional_context lacks the capsule");
        }
      }
    }
    for (const want of ["sessionStart", "preCompact", "sessionEnd"]) {
      if (!Array.isArray(doc.hooks?.[want])) {
        problems.push(`hooks.json: no ${want} hook`);
      }
    }
    const un = await baton(sb, ["uninstall", "cursor"]);
    if (un.code !== 0) problems.push(`uninstall exited ${un.code}`);
    const changed = await changedSince(pre, [...pre.keys(), ...written]);
    if (changed.length > 0) {
      problems.push(`uninstall left ${changed.join(", ")}`);
    }
  } finally {
    await sb.remove();
  }
  return problems;
}
