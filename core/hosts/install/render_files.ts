/**
 * Renders the files baton installs into a host from the canonical texts: the
 * skill (with the invocation filled in), command prompts in each host's own
 * format (Markdown with or without front matter, Gemini CLI TOML) and the
 * OpenCode plugin. Every rendered file carries the ownership marker. Pure.
 * @module
 */
import type { BatonInvocation } from "../hook_command.ts";
import { renderShellCommand } from "../shell_quote.ts";
import { BATON_MARKER, type PromptSource } from "./types.ts";
import { jsBatonRunner, PLUGIN_TIMEOUT_MS } from "./js_runner.ts";
import { OPENCODE_RECORD } from "../opencode.ts";
import type { KILO_CODE_RECORD } from "../kilo_code.ts";
import type { DenyShape } from "../record.ts";
import { DEFAULT_BAND_THRESHOLDS } from "../../config/bands_section.ts";

const DEFAULT_DEPTH = DEFAULT_BAND_THRESHOLDS.depth;

const INVOCATION_BEGIN = "<!-- BEGIN INVOCATION -->";
const INVOCATION_END = "<!-- END INVOCATION -->";

/** The trailing line of every rendered Markdown file. */
const MARKDOWN_MARKER = `<!-- ${BATON_MARKER}: baton uninstall removes this file -->`;

/** The invocation as a person types it, inside Markdown inline code. */
function inlineCode(text: string): string {
  return text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** The sentence that tells the model how to start baton. */
function invocationSentence(invocation: BatonInvocation): string {
  const line = renderShellCommand(invocation);
  return line === "baton"
    ? "Run baton as `baton` (it is on PATH)."
    : `Run baton as ${inlineCode(line)}: every \`baton\` command below means that command.`;
}

/**
 * The SKILL.md a host receives: the canonical text with its invocation block
 * filled in and the ownership marker appended.
 *
 * @param skill The canonical SKILL.md text.
 * @param invocation How baton is started.
 * @returns The file content.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const skill = "---\nname: baton\n---\n<!-- BEGIN INVOCATION -->\nx\n<!-- END INVOCATION -->\n";
 * assert.match(renderSkillFile(skill, ["/opt/baton"]), /Run baton as `\/opt\/baton`/);
 * ```
 */
export function renderSkillFile(
  skill: string,
  invocation: BatonInvocation,
): string {
  const i = skill.indexOf(INVOCATION_BEGIN);
  const j = skill.indexOf(INVOCATION_END);
  const body = i >= 0 && j > i
    ? skill.slice(0, i + INVOCATION_BEGIN.length) + "\n" +
      invocationSentence(invocation) + "\n" +
      skill.slice(j)
    : skill;
  return `${body.trimEnd()}\n\n${MARKDOWN_MARKER}\n`;
}

/** The prompt body, opened by how to start baton when it is not simply `baton` on PATH. */
function promptBody(prompt: PromptSource, invocation: BatonInvocation): string {
  const body = prompt.body.trim();
  return renderShellCommand(invocation) === "baton"
    ? body
    : `${invocationSentence(invocation)}\n\n${body}`;
}

/** Options of {@linkcode renderMarkdownCommand}. */
export interface MarkdownCommandOptions {
  /**
   * Front matter keys written before the body, in order; `description` is
   * filled from the prompt. Null writes no front matter (Cursor ignores it).
   * @default null
   */
  frontMatter?: Readonly<Record<string, string>> | null;
  /**
   * How the host passes the user's words after the command (`$ARGUMENTS`);
   * null when it has no placeholder.
   * @default null
   */
  argsPlaceholder?: string | null;
}

/**
 * A command prompt as a Markdown file in a host's format.
 *
 * @param prompt The canonical prompt.
 * @param invocation How baton is started.
 * @param options Front matter and the arguments placeholder.
 * @returns The file content.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const p = { name: "baton-resume", description: "Load", body: "Run `baton load`." };
 * const text = renderMarkdownCommand(p, ["baton"], { frontMatter: {}, argsPlaceholder: "$ARGUMENTS" });
 * assert.match(text, /^---\ndescription: "Load"\n---\n\n/);
 * assert.match(text, /\$ARGUMENTS/);
 * ```
 */
export function renderMarkdownCommand(
  prompt: PromptSource,
  invocation: BatonInvocation,
  options: MarkdownCommandOptions = {},
): string {
  const lines: string[] = [];
  const fm = options.frontMatter ?? null;
  if (fm === null) {
    lines.push(`# ${prompt.description}`, "");
  } else {
    lines.push("---", `description: ${JSON.stringify(prompt.description)}`);
    for (const [k, v] of Object.entries(fm)) {
      lines.push(`${k}: ${JSON.stringify(v)}`);
    }
    lines.push("---", "");
  }
  lines.push(promptBody(prompt, invocation));
  const args = options.argsPlaceholder ?? null;
  if (args !== null) lines.push("", `Focus from the user, if any: ${args}`);
  lines.push("", MARKDOWN_MARKER);
  return lines.join("\n") + "\n";
}

/**
 * A TOML basic string (escapes quotes, backslashes and control characters).
 *
 * @param text Any text.
 * @returns The TOML string literal.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(tomlString('a "b"\n\\'), '"a \\"b\\"\\n\\\\"');
 * ```
 */
export function tomlString(text: string): string {
  let out = '"';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f) {
      out += `\\u${c.toString(16).padStart(4, "0")}`;
    } else out += ch;
  }
  return out + '"';
}

/**
 * A command prompt as a Gemini CLI TOML command (`description`, `prompt`;
 * `{{args}}` receives the user's words).
 *
 * @param prompt The canonical prompt.
 * @param invocation How baton is started.
 * @returns The file content.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const p = { name: "baton-resume", description: "Load", body: "Run `baton load`." };
 * assert.match(renderTomlCommand(p, ["baton"]), /^# generated by baton install/);
 * ```
 */
export function renderTomlCommand(
  prompt: PromptSource,
  invocation: BatonInvocation,
): string {
  const body = `${promptBody(prompt, invocation)}\n\nFocus from the user, if any: {{args}}`;
  return [
    `# ${BATON_MARKER}: baton uninstall removes this file`,
    `description = ${tomlString(prompt.description)}`,
    `prompt = ${tomlString(body)}`,
    "",
  ].join("\n");
}

/**
 * The plugin's reading of the gate's answer, for the deny shape the host's
 * record names: the reason is thrown, which OpenCode returns to the model as
 * the tool's error.
 */
function pluginDenyCheck(shape: DenyShape): string {
  switch (shape) {
    case "decision":
    case "plugin-throw":
      return 'if (verdict?.decision === "deny" && typeof verdict.reason === "string") {\n        throw new Error(verdict.reason);\n      }';
    case "permission-decision":
      return 'const d = verdict?.hookSpecificOutput;\n      if (d?.permissionDecision === "deny" && typeof d.permissionDecisionReason === "string") {\n        throw new Error(d.permissionDecisionReason);\n      }';
    case "cursor-permission":
      return 'if (verdict?.permission === "deny" && typeof verdict.agent_message === "string") {\n        throw new Error(verdict.agent_message);\n      }';
  }
}

/**
 * The OpenCode plugin module: before the first model request of a session
 * (OpenCode's `experimental.chat.system.transform`, which every request of a
 * session passes through) it runs `baton hook session-start` once for that
 * session and adds what it printed to the system prompt of every request of
 * the session; when OpenCode is about to compact a session it runs `baton
 * hook pre-compact` (a capsule) and adds `baton load`'s briefing to the
 * compaction context, so the compacted session keeps it; when a session goes
 * idle it runs `baton hook stop`; before a tool call in a repository with
 * deny records it runs `baton hook pre-tool` and throws its refusal, which
 * OpenCode hands to the model as the tool's error. The context band (tool
 * calls since the last user message; OpenCode names no transcript) is
 * counted in the plugin, which runs `baton hook post-tool` only on the call
 * that reaches a depth threshold (read once per plugin load with `baton
 * bands --json`, the built-in ones when that fails) and on the first call of
 * a new context after one that reached a band, so baton's memory starts
 * afresh: no baton process on any other tool call. Payloads go on stdin as JSON.
 * A failure or a slow baton never reaches OpenCode. Plain JavaScript,
 * runnable under Bun and Node.
 *
 * @param invocation How baton is started.
 * @param record The host's record: the id the plugin names to baton, its event names and deny shape (Kilo Code, an OpenCode fork, loads the same module).
 * @returns The module text.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { KILO_CODE_RECORD } from "../kilo_code.ts";
 * assert.match(renderOpenCodePlugin(["/opt/baton"]), /"\/opt\/baton"/);
 * assert.match(renderOpenCodePlugin(["baton"]), /"--host", "opencode"/);
 * ```
 */
export function renderOpenCodePlugin(
  invocation: BatonInvocation,
  record: typeof OPENCODE_RECORD | typeof KILO_CODE_RECORD = OPENCODE_RECORD,
): string {
  // The plugin's event names are the host record's (each baton event's first native name).
  const ev = record.events;
  const PRE_TOOL = ev["pre-tool"][0];
  const DENY_CHECK = pluginDenyCheck(record.deny);
  const HOST = JSON.stringify(record.id);
  return `// ${BATON_MARKER}: baton uninstall removes this file.
// Runs baton from OpenCode: the briefing in the system prompt of a new session, a capsule and
// the briefing before compaction, a capsule when a session goes idle, and the context band
// (OpenCode names no transcript file, so the plugin counts the tool calls since the last user
// message itself and runs baton only on the call that reaches a band's threshold; an advisory,
// when there is one, is added to the tool's output). Before each tool call, where the repository has deny records (.git/baton/enforce/denies;
// a linked worktree's .git file is always asked about), it asks baton's gate, and a refusal is thrown, which OpenCode returns to the model as the
// tool's error. A failure or a slow baton never blocks OpenCode: errors are swallowed (the call
// is allowed) and a run is killed after ${PLUGIN_TIMEOUT_MS} ms (times BATON_HOOK_TIME_SCALE).
import { spawn } from "node:child_process";
import { existsSync, lstatSync } from "node:fs";

${jsBatonRunner(invocation)}

// OpenCode awaits the hooks object a plugin function returns.
export function BatonPlugin({ directory, worktree }) {
  // The gate's own first check, done here so a repository without deny records spawns nothing.
  const mayDeny = () =>
    [directory, worktree].some((d) => {
      if (typeof d !== "string") return false;
      try {
        return lstatSync(\`\${d}/.git\`).isFile() || existsSync(\`\${d}/.git/baton/enforce/denies\`);
      } catch {
        return false;
      }
    });
  // One session-start run per session; its text rides on every request of that session.
  const briefings = new Map();
  // Tool calls since the session's last user message (or compaction), for the context band.
  const depth = new Map();
  // Sessions whose current context reached a band (baton is told once the count starts over).
  const raised = new Set();
  // The depth thresholds of this repository's bands, asked for once.
  const thresholds = runBaton(["bands", "--json"], null, directory).then((out) => {
    try {
      const t = JSON.parse(out)?.thresholds?.depth;
      if ([t?.warn, t?.handoff, t?.hard].every((v) => Number.isInteger(v) && v > 0)) return t;
    } catch {
      // the built-in thresholds
    }
    return { warn: ${DEFAULT_DEPTH.warn}, handoff: ${DEFAULT_DEPTH.handoff}, hard: ${DEFAULT_DEPTH.hard} };
  });
  return Promise.resolve({
    "chat.message": (input) => {
      if (typeof input?.sessionID === "string") depth.set(input.sessionID, 0);
      return Promise.resolve();
    },
    ${JSON.stringify(PRE_TOOL)}: async (input, output) => {
      if (typeof input?.tool !== "string" || !mayDeny()) return;
      const out = (await runBaton(["hook", "pre-tool", "--host", ${HOST}], {
        hook_event_name: ${JSON.stringify(PRE_TOOL)},
        session_id: typeof input.sessionID === "string" ? input.sessionID : null,
        cwd: directory,
        tool_name: input.tool,
        tool_input: output?.args ?? {},
      }, directory)).trim();
      if (out === "") return;
      let verdict = null;
      try {
        verdict = JSON.parse(out);
      } catch {
        return;
      }
      ${DENY_CHECK}
    },
    ${JSON.stringify(ev["post-tool"][0])}: async (input, output) => {
      const id = input?.sessionID;
      if (typeof id !== "string") return;
      const n = (depth.get(id) ?? 0) + 1;
      depth.set(id, n);
      const t = await thresholds;
      const reaches = n === t.warn || n === t.handoff || n === t.hard;
      if (!reaches && !(n === 1 && raised.has(id))) return;
      if (reaches) raised.add(id);
      else raised.delete(id);
      const advice = (await runBaton(["hook", "post-tool", "--host", ${HOST}], {
        hook_event_name: ${JSON.stringify(ev["post-tool"][0])},
        session_id: id,
        cwd: directory,
        tool_calls_since_prompt: n,
      }, directory)).trim();
      if (advice !== "" && typeof output?.output === "string") {
        output.output = \`\${output.output}\\n\\n\${advice}\`;
      }
    },
    "experimental.chat.system.transform": async (input, output) => {
      const id = input?.sessionID;
      if (typeof id !== "string" || !Array.isArray(output?.system)) return;
      let pending = briefings.get(id);
      if (pending === undefined) {
        pending = runBaton(["hook", "session-start", "--host", ${HOST}], {
          hook_event_name: ${JSON.stringify(ev["session-start"][0])},
          session_id: id,
          source: "startup",
          cwd: directory,
        }, directory).then((text) => text.trim());
        briefings.set(id, pending);
      }
      const briefing = await pending;
      if (briefing !== "") output.system.push(briefing);
    },
    ${JSON.stringify(ev["pre-compact"][0])}: async (input, output) => {
      await runBaton(["hook", "pre-compact", "--host", ${HOST}], {
        hook_event_name: ${JSON.stringify(ev["pre-compact"][0])},
        session_id: input?.sessionID ?? null,
        cwd: directory,
      }, directory);
      const briefing = (await runBaton(["load"], null, directory)).trim();
      if (briefing !== "" && Array.isArray(output?.context)) output.context.push(briefing);
    },
    event: async ({ event }) => {
      if (event?.type === "session.compacted") depth.delete(event.properties?.sessionID);
      if (event?.type !== ${JSON.stringify(ev.stop[0])}) return;
      await runBaton(["hook", "stop", "--host", ${HOST}], {
        hook_event_name: ${JSON.stringify(ev.stop[0])},
        session_id: event.properties?.sessionID ?? null,
        cwd: directory,
      }, directory);
    },
  });
}
`;
}
