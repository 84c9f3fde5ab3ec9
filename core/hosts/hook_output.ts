/**
 * What a hook prints on stdout for each host: the session-start injection in
 * the host's own format, and the acknowledgement some hosts require after a
 * capture event. Everything else a hook does prints nothing on stdout, so a
 * host can never misread it. Formats follow the host reference (Claude Code,
 * Codex, Gemini CLI: `hookSpecificOutput.additionalContext`; Copilot: the
 * same plus a top-level `additionalContext`, the only one Copilot CLI reads
 * (VS Code reads the nested one); Cursor: `additional_context`; OpenCode's
 * plugin: plain text). Pure.
 * @module
 */
import type { BandHookEvent, HookEvent, HostId } from "./ids.ts";

/** The most characters a host accepts as injected context. */
export const INJECTION_CAP_CHARS: Readonly<Record<HostId, number>> = Object.freeze({
  "claude-code": 10_000,
  // Codex shows the model about 2,500 tokens of hook output.
  codex: 9_000,
  cursor: 10_000,
  gemini: 10_000,
  opencode: 10_000,
  copilot: 10_000,
});

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
  if (host === "opencode") return text.endsWith("\n") ? text : `${text}\n`;
  if (host === "cursor") return JSON.stringify({ additional_context: text }) + "\n";
  const nested = {
    hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: text },
  };
  // Copilot CLI injects only a top-level additionalContext (as a user message) and ignores
  // the nested one; VS Code's Copilot reads the nested one. Both are accepted together.
  if (host === "copilot") return JSON.stringify({ additionalContext: text, ...nested }) + "\n";
  return JSON.stringify(nested) + "\n";
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
  return event === "stop" && host !== null && host !== "opencode" ? "{}\n" : "";
}

/** The native event name a host's advisory output names (`hookEventName`). */
const ADVICE_EVENT_NAME: Readonly<Record<BandHookEvent, { gemini: string; other: string }>> = Object
  .freeze({
    prompt: { gemini: "BeforeAgent", other: "UserPromptSubmit" },
    "post-tool": { gemini: "AfterTool", other: "PostToolUse" },
  });

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
  if (text === "") return "";
  if (host === "opencode") return text.endsWith("\n") ? text : `${text}\n`;
  if (host === "cursor") return JSON.stringify({ additional_context: text }) + "\n";
  const names = ADVICE_EVENT_NAME[event];
  const nested = {
    hookSpecificOutput: {
      hookEventName: host === "gemini" ? names.gemini : names.other,
      additionalContext: text,
    },
  };
  if (host === "copilot") return JSON.stringify({ additionalContext: text, ...nested }) + "\n";
  return JSON.stringify(nested) + "\n";
}
