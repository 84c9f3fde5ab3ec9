/**
 * What a hook prints on stdout for each host: the session-start injection in
 * the host's own format, and the acknowledgement some hosts require after a
 * capture event. Everything else a hook does prints nothing on stdout, so a
 * host can never misread it. Formats follow each host's documentation (Claude Code,
 * Codex, Gemini CLI: `hookSpecificOutput.additionalContext`; Copilot: the
 * same plus a top-level `additionalContext`, the only one Copilot CLI reads
 * (VS Code reads the nested one); Cursor: `additional_context`; OpenCode's
 * plugin: plain text); each host's shape and cap are in its record. Pure.
 * @module
 */
import type { BandHookEvent, HookEvent } from "./events.ts";
import { type HostId, hostRecord, perHost } from "./ids.ts";
import type { RuntimeRecord } from "./record.ts";

/** The most characters a host accepts as injected context (each record's cap). */
export const INJECTION_CAP_CHARS: Readonly<Record<HostId, number>> = perHost((r) =>
  r.output.injectionCapChars
);

/** `text` as context in a record's output shape, under the native name of `event`. */
export function renderContext(record: RuntimeRecord, event: HookEvent, text: string): string {
  const shape = record.output.shape;
  if (shape === "plain") return text.endsWith("\n") ? text : `${text}\n`;
  if (shape === "snake") return JSON.stringify({ additional_context: text }) + "\n";
  const nested = {
    hookSpecificOutput: {
      hookEventName: record.events[event]?.[0] ?? event,
      additionalContext: text,
    },
  };
  // Copilot CLI injects only a top-level additionalContext (as a user message) and ignores
  // the nested one; VS Code's Copilot reads the nested one. Both are accepted together.
  if (shape === "nested+top") return JSON.stringify({ additionalContext: text, ...nested }) + "\n";
  return JSON.stringify(nested) + "\n";
}

/**
 * The session-start stdout that injects `text` into `host`'s context.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const out = JSON.parse(renderInjection("claude-code", "briefing"));
 * assert.equal(out.hookSpecificOutput.additionalContext, "briefing");
 * assert.equal(JSON.parse(renderInjection("cursor", "b")).additional_context, "b");
 * assert.equal(renderInjection("opencode", "b"), "b\n");
 * const copilot = JSON.parse(renderInjection("copilot", "c"));
 * assert.equal(copilot.additionalContext, "c");
 * assert.equal(copilot.hookSpecificOutput.additionalContext, "c");
 * ```
 */
export function renderInjection(host: HostId, text: string): string {
  return renderContext(hostRecord(host), "session-start", text);
}

/**
 * What a capture event (pre-compact, session-end, stop) prints: `{}` for a
 * stop hook of a JSON host (Codex requires JSON there; the others read `{}` as
 * "no decision"); nothing otherwise, and nothing for an unknown host. Never a
 * decision that blocks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(renderAck("codex", "stop"), "{}\n");
 * assert.equal(renderAck("claude-code", "pre-compact"), "");
 * ```
 */
export function renderAck(host: HostId | null, event: HookEvent): string {
  return event === "stop" && host !== null && hostRecord(host).output.stopAck ? "{}\n" : "";
}

/**
 * What a band hook (`prompt`, `post-tool`) prints to put an advisory into
 * the agent's context: "" when there is nothing to say. Claude Code, Codex
 * and Gemini CLI: `hookSpecificOutput.additionalContext` under the event's
 * native name; Copilot: the same plus the top-level `additionalContext`
 * Copilot CLI reads; Cursor (postToolUse): `additional_context`; OpenCode's
 * plugin: plain text. Never a decision: advisory only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(renderAdvice("claude-code", "prompt", ""), "");
 * const out = JSON.parse(renderAdvice("claude-code", "post-tool", "band warn"));
 * assert.deepEqual(out, { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "band warn" } });
 * assert.equal(JSON.parse(renderAdvice("gemini", "prompt", "x")).hookSpecificOutput.hookEventName, "BeforeAgent");
 * assert.equal(JSON.parse(renderAdvice("cursor", "post-tool", "x")).additional_context, "x");
 * assert.equal(JSON.parse(renderAdvice("copilot", "post-tool", "x")).additionalContext, "x");
 * assert.equal(renderAdvice("opencode", "post-tool", "x"), "x\n");
 * ```
 */
export function renderAdvice(host: HostId, event: BandHookEvent, text: string): string {
  return text === "" ? "" : renderContext(hostRecord(host), event, text);
}
