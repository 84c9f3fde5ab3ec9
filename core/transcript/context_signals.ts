/**
 * What one transcript record says about the live context, per scanned
 * format: whether it marks a compaction, whether it is a user turn, how many
 * tool calls it makes, and the context fill the host's own token accounting
 * states. Each format's reader (claude_code.ts, codex.ts, gemini.ts,
 * copilot.ts) takes these decisions from here and adds the content; the
 * context bands (core/bands/scan_transcript.ts) read only this, on every
 * prompt, so the module imports nothing. Pure.
 *
 * Fills, from each host's own files (checked against the real programs in
 * the real-host suite): Claude Code assistant `message.usage` (`input_tokens`
 * + `cache_creation_input_tokens` + `cache_read_input_tokens`) and
 * `message.model` (rows of the model `<synthetic>` are Claude Code's own,
 * never a request, and are passed over); Codex `token_count` `info.last_token_usage.input_tokens`
 * over `info.model_context_window`; Gemini CLI 0.61 `gemini` records'
 * `tokens.input` (the request's prompt tokens, cached ones included) and
 * `model`; Copilot CLI 1.0.102 `session.usage_record` `data.usage.inputTokens`
 * over `data.usage.maxPromptTokens`. A window's size is recorded in the
 * transcript (Codex's `model_context_window`, Copilot CLI's
 * `maxPromptTokens`), known for the recorded model the way the host itself
 * sizes it (Gemini CLI), or assumed (Claude Code records no window: 200k, 1M
 * once the fill is past 200k or the model is named as a 1M one). Garbage
 * stays garbage (NaN) so the evaluator judges it hard.
 *
 * Decisions:
 * - Text is judged by its start only (blank or not, plumbing or not): the
 *   first text parts up to the first one that is not blank, uncut. The
 *   readers cut what they keep; they take the decision from here, so a cut
 *   cannot make the two disagree.
 * Examples are in its test: the hook loads this module, every comment twice.
 * @module
 */

/** A fill and the window it was measured against. */
export interface TokenFill {
  /** Percent of the window (NaN for garbage). */
  pct: number;
  /** Where the window size came from, for the reading's label. */
  window: string;
}

type Json = Readonly<Record<string, unknown>>;

function obj(v: unknown): Json | null {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? v as Json : null;
}

function count(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
}

/** The model Claude Code names on assistant rows it made up without a request. */
const SYNTHETIC = "<synthetic>";

/** Claude Code's standard window; past it (or for a model named as 1M) the 1M window. */
const CLAUDE_WINDOW = 200_000;
const CLAUDE_LARGE_WINDOW = 1_000_000;

/** An ASCII letter, digit or underscore (a regular expression's word character). */
function isWordChar(code: number): boolean {
  return code >= 48 && code <= 57 || code >= 65 && code <= 90 || code >= 97 && code <= 122 ||
    code === 95;
}

/**
 * Whether a Claude Code model name says the 1M window: `[1m]` anywhere, or
 * `-1m` ending a word, in either case (what `/\[1m\]|-1m\b/i` matches; written
 * out because a regular expression costs a compile on the hook's cold path).
 */
export function namesLargeWindow(model: string): boolean {
  for (let i = model.indexOf("1"); i >= 0; i = model.indexOf("1", i + 1)) {
    const m = model[i + 1];
    if (m !== "m" && m !== "M") continue;
    const before = model[i - 1];
    if (before === "[" && model[i + 2] === "]") return true;
    if (before === "-" && !isWordChar(model.charCodeAt(i + 2))) return true;
  }
  return false;
}

/**
 * Claude Code: an assistant line's `usage` over the window.
 */
export function claudeFill(usage: unknown, model: unknown): TokenFill | undefined {
  const u = obj(usage);
  // A row Claude Code writes itself (an interrupt's "No response requested.", an API error)
  // carries the placeholder model and zero counts: no request was counted, so no reading.
  if (u === null || !("input_tokens" in u) || model === SYNTHETIC) return undefined;
  const input = count(u.input_tokens);
  const created = count(u.cache_creation_input_tokens ?? 0);
  const cached = count(u.cache_read_input_tokens ?? 0);
  if (input === null || created === null || cached === null) {
    return { pct: Number.NaN, window: "200k window assumed" };
  }
  const used = input + created + cached;
  const named1m = typeof model === "string" && namesLargeWindow(model);
  if (named1m) {
    return { pct: (used / CLAUDE_LARGE_WINDOW) * 100, window: "1M window (the model name)" };
  }
  return used > CLAUDE_WINDOW
    ? {
      pct: (used / CLAUDE_LARGE_WINDOW) * 100,
      window: "1M window assumed (the fill is past 200k)",
    }
    : { pct: (used / CLAUDE_WINDOW) * 100, window: "200k window assumed" };
}

/**
 * Codex: a `token_count` event's `info`.
 */
export function codexFill(info: unknown): TokenFill | undefined {
  const i = obj(info);
  const input = obj(i?.last_token_usage)?.input_tokens;
  const window = i?.model_context_window;
  if (typeof input !== "number" || typeof window !== "number") return undefined;
  return {
    pct: window > 0 ? (input / window) * 100 : Number.NaN,
    window: "window from the transcript",
  };
}

/** Gemini CLI 0.61's window for a model (its own `tokenLimit`): Gemma 4 256k, else 1,048,576. */
function geminiWindow(model: unknown): { size: number; label: string } {
  if (typeof model === "string" && /^gemma-4/i.test(model)) {
    return { size: 256_000, label: "256k window (the model name, as Gemini CLI sizes it)" };
  }
  return {
    size: 1_048_576,
    label: typeof model === "string"
      ? "1,048,576 window (the model name, as Gemini CLI sizes it)"
      : "1,048,576 window assumed (no model recorded)",
  };
}

/**
 * Gemini CLI: a `gemini` record's `tokens` and `model`.
 */
export function geminiFill(tokens: unknown, model: unknown): TokenFill | undefined {
  const t = obj(tokens);
  if (t === null || !("input" in t)) return undefined;
  const w = geminiWindow(model);
  const input = count(t.input);
  return { pct: input === null ? Number.NaN : (input / w.size) * 100, window: w.label };
}

/**
 * Copilot CLI: a `session.usage_record` event's `data.usage`.
 */
export function copilotFill(usage: unknown): TokenFill | undefined {
  const u = obj(usage);
  if (u === null || !("inputTokens" in u) || !("maxPromptTokens" in u)) return undefined;
  const input = count(u.inputTokens);
  const window = count(u.maxPromptTokens);
  return {
    pct: input === null || window === null || window === 0 ? Number.NaN : (input / window) * 100,
    window: "window from the transcript",
  };
}

/**
 * A reader's result fields for the newest fill (none when there is none).
 */
export function fillFields(
  fill: TokenFill | undefined,
): { contextPct?: number; contextWindow?: string } {
  return fill === undefined ? {} : { contextPct: fill.pct, contextWindow: fill.window };
}

/** What one record says about the live context. */
export interface RecordSignal {
  /** It marks a compaction: the live context starts after it. */
  readonly compaction: boolean;
  /** It is a user turn (read as coming before the record's own tool calls). */
  readonly userTurn: boolean;
  /** Tool calls it makes. */
  readonly toolCalls: number;
  /** The context fill it states. */
  readonly fill: TokenFill | undefined;
}

/** Most tool calls read from one record (Gemini CLI, Copilot CLI). */
export const MAX_CALLS_PER_RECORD = 500;

const NOTHING: RecordSignal = { compaction: false, userTurn: false, toolCalls: 0, fill: undefined };
const COMPACTION: RecordSignal = { ...NOTHING, compaction: true };
const USER_TURN: RecordSignal = { ...NOTHING, userTurn: true };

function said(userTurn: boolean, toolCalls: number, fill: TokenFill | undefined): RecordSignal {
  if (!userTurn && toolCalls === 0 && fill === undefined) return NOTHING;
  return { compaction: false, userTurn, toolCalls, fill };
}

/**
 * The start of a content value's text: a string, or the text parts of a list
 * (strings, and blocks' non-empty `text`) up to the first that is not blank,
 * joined by newlines, as record_text.ts's contentText joins them. Enough to
 * tell blank text and a leading tag.
 */
export function leadingText(value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return "";
  let out = "";
  for (const block of value) {
    const text = typeof block === "string" ? block : obj(block)?.text;
    if (typeof text !== "string" || text === "") continue;
    out = out === "" ? text : `${out}\n${text}`;
    if (text.trim() !== "") break;
  }
  return out;
}

function isBlank(text: string): boolean {
  return text.trim() === "";
}

function objectsIn(list: unknown, max: number): number {
  if (!Array.isArray(list)) return 0;
  let n = 0;
  for (let i = 0; i < list.length && i < max; i++) if (obj(list[i]) !== null) n++;
  return n;
}

/**
 * The tags that open Claude Code user text that is not the user's typing: a
 * slash command's echo, a reminder, the output of a command the user ran
 * with `!` (`<bash-stdout>`/`<bash-stderr>`, whatever the command printed:
 * a README it cat, a test suite's words), a background task's or subagent's
 * notice (`<task-notification>`), a teammate agent's message
 * (`<teammate-message teammate_id=…>`). The typed `!` command itself
 * (`<bash-input>`) is the user's.
 */
const CLAUDE_PLUMBING_TAGS = new Set([
  "command-name",
  "command-message",
  "command-args",
  "system-reminder",
  "bash-stdout",
  "bash-stderr",
  "task-notification",
  "teammate-message",
]);
const LOCAL_COMMAND = "local-command-";

/** The tag a text opens with after white space (`<tag>` or, unclosed, `<tag…`), or null. */
function openingTag(text: string, closed: boolean): string | null {
  const t = text.trimStart();
  if (t[0] !== "<") return null;
  if (!closed) return t.slice(1);
  const end = t.indexOf(">");
  return end < 0 ? null : t.slice(1, end);
}

/**
 * Whether a Claude Code user text is plumbing (a slash command's echo, a
 * reminder), not the user's typing.
 */
export function isClaudePlumbing(text: string): boolean {
  // `<command-name>`, … or `<local-command-[a-z]+>`, attributes after a blank allowed.
  const opened = openingTag(text, true);
  if (opened === null) return false;
  const blank = opened.search(/\s/);
  const tag = blank < 0 ? opened : opened.slice(0, blank);
  if (CLAUDE_PLUMBING_TAGS.has(tag)) return true;
  if (!tag.startsWith(LOCAL_COMMAND) || tag.length === LOCAL_COMMAND.length) return false;
  for (let i = LOCAL_COMMAND.length; i < tag.length; i++) {
    const c = tag.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return true;
}

/** Whether a Claude Code content block is a tool call. */
export function isClaudeToolUse(block: unknown): boolean {
  return obj(block)?.type === "tool_use";
}

/** Whether a Claude Code content block carries the message's text. */
export function isClaudeTextBlock(block: unknown): boolean {
  return obj(block)?.type === "text";
}

/**
 * Whether a Claude Code record marks a compaction (the boundary, the summary
 * after it, an older build's `summary` line); a subagent's (sidechain) never does.
 */
export function isClaudeCompaction(r: Json): boolean {
  if (r.isSidechain === true) return false;
  return r.type === "system" && r.subtype === "compact_boundary" || r.type === "summary" ||
    r.type === "user" && r.isCompactSummary === true;
}

/** How Claude Code opens the line it writes when the user stops a reply or a tool call. */
const CLAUDE_INTERRUPT = "[Request interrupted by user";

/**
 * Whether a Claude Code user text is the interruption notice Claude Code
 * writes itself ("[Request interrupted by user]", "… for tool use]"), which
 * its own first-prompt test passes over.
 */
function isClaudeInterrupt(text: string): boolean {
  return text.trimStart().startsWith(CLAUDE_INTERRUPT);
}

/**
 * Whether a Claude Code user line says it did not come from a person typing:
 * an `origin` whose kind is not `human` (2.1.197 writes `auto-continuation`
 * for the prompt a command's result submits on its own, `channel` and `peer`
 * for another program's or session's message).
 */
function claudeFromElsewhere(r: Json): boolean {
  const kind = obj(r.origin)?.kind;
  return kind !== undefined && kind !== "human";
}

/**
 * What a Claude Code record says: a compaction; a user line whose text (a
 * string, or its `text` blocks) is typing; `tool_use` blocks; an assistant
 * line's `usage`. Subagent (sidechain) and `isMeta` lines say nothing.
 */
export function claudeSignal(r: Json): RecordSignal {
  if (isClaudeCompaction(r)) return COMPACTION;
  const type = r.type;
  if (type !== "user" && type !== "assistant" || r.isMeta === true || r.isSidechain === true) {
    return NOTHING;
  }
  const message = obj(r.message);
  const fill = type === "assistant" ? claudeFill(message?.usage, message?.model) : undefined;
  const content = message?.content;
  const typing = (text: string) =>
    type === "user" && !isBlank(text) && !isClaudePlumbing(text) && !isClaudeInterrupt(text) &&
    !claudeFromElsewhere(r);
  if (typeof content === "string") return said(typing(content), 0, fill);
  if (!Array.isArray(content)) return said(false, 0, fill);
  let calls = 0;
  for (const b of content) if (isClaudeToolUse(b)) calls++;
  // Only a user line can be typing: an assistant line's text is not cut out at all.
  return said(
    type === "user" && typing(leadingText(content.filter(isClaudeTextBlock))),
    calls,
    fill,
  );
}

const CODEX_CALLS = new Set(["function_call", "custom_tool_call", "local_shell_call"]);
/**
 * The tags that open the context blocks Codex injects as user messages (its
 * contextual user fragments): among them a skill's whole SKILL.md (`<skill>`,
 * when a `$skill` is invoked; a repository's `.agents/skills/` or
 * `.codex/skills/` is a committed file's words), the list of skills with
 * their descriptions (`<skills_section>`), plugin instructions, a
 * sub-agent's report, and the review model's findings Codex hands back after
 * `/review` (`<user_action>`: its words about a commit, a branch, a pull
 * request's files, not the user's).
 */
const CODEX_INJECTED = [
  "environment_context",
  "user_instructions",
  "permissions",
  "developer",
  "user_shell_command",
  "turn_aborted",
  "skill>",
  "skills_section",
  "plugins>",
  "js_repl_instructions",
  "child_agents_instructions",
  "subagent_notification",
  "user_action",
];

/**
 * The heading Codex opens the message with that hands the model a
 * repository's AGENTS.md (the file's words follow between `<INSTRUCTIONS>`
 * tags): a committed file's words, never the user's.
 */
const CODEX_AGENTS_MD = "# AGENTS.md instructions for ";

/**
 * Whether a Codex `response_item` message payload from the user is the
 * user's typing: not an injected context block (a tagged one, or the
 * AGENTS.md message, which builds before Codex listed item kinds wrote
 * bare), and (when Codex lists the item kinds) holding `user.text`.
 */
export function isCodexTyping(p: Json): boolean {
  const kinds = obj(p.internal_chat_message_metadata_passthrough)?.content_item_kinds;
  if (Array.isArray(kinds) && !kinds.includes("user.text")) return false;
  const text = leadingText(p.content);
  if (text.trimStart().startsWith(CODEX_AGENTS_MD)) return false;
  const tag = openingTag(text, false);
  return !isBlank(text) && (tag === null || !CODEX_INJECTED.some((t) => tag.startsWith(t)));
}

/** Whether a Codex `response_item` payload type is a tool call. */
function isCodexCall(type: unknown): boolean {
  return typeof type === "string" && CODEX_CALLS.has(type);
}

/**
 * Whether a rollout record marks a compaction.
 */
export function isCodexCompaction(r: Json): boolean {
  return r.type === "compacted";
}

/**
 * What a Codex rollout record says: `compacted`; a user message that is
 * typing; function, custom-tool and local-shell calls; a `token_count`
 * event's fill.
 */
export function codexSignal(r: Json): RecordSignal {
  const p = obj(r.payload);
  if (p === null) return NOTHING;
  if (isCodexCompaction(r)) return COMPACTION;
  if (r.type === "event_msg") {
    return p.type === "token_count" ? said(false, 0, codexFill(p.info)) : NOTHING;
  }
  if (r.type !== "response_item") return NOTHING;
  if (p.type === "message") return p.role === "user" && isCodexTyping(p) ? USER_TURN : NOTHING;
  return isCodexCall(p.type) ? said(false, 1, undefined) : NOTHING;
}

/**
 * The line Gemini CLI and Qwen Code put before the content of files a user
 * message names (`@README.md explain`); the files follow in the same
 * message, recorded as the user's. Gemini CLI's ACP mode (an editor's
 * session) puts the resources the editor embedded after a second line of
 * its own, alone when no file was named.
 */
export const REFERENCED_CONTENT_HEADERS: readonly string[] = [
  "--- Content from referenced files ---",
  "--- Content from referenced context ---",
];

/**
 * A user message's content without the files it references: their words
 * are whoever wrote to the repository, not the user's (read as the user's
 * request, a stranger's sentence would become "user asked: …" in a signed
 * capsule). A string is cut where the header starts; a list of parts ends
 * before the part that opens with it (a part holding it is cut there).
 */
export function withoutReferencedContent(content: unknown): unknown {
  if (typeof content === "string") return cutAtReferencedContent(content);
  if (!Array.isArray(content)) return content;
  const kept: unknown[] = [];
  for (const part of content) {
    const text = partText(part);
    if (typeof text !== "string") {
      kept.push(part);
      continue;
    }
    const start = text.trimStart();
    if (REFERENCED_CONTENT_HEADERS.some((h) => start.startsWith(h))) break;
    const cut = cutAtReferencedContent(text);
    if (cut.length === text.length) {
      kept.push(part);
      continue;
    }
    kept.push(withPartText(part, cut));
    break;
  }
  return kept;
}

/** A content part's text: the part itself when a string, else its `text` field, whatever it holds. */
function partText(part: unknown): unknown {
  return typeof part === "string" ? part : obj(part)?.text;
}

/** The part with its text replaced, in the part's own shape. */
function withPartText(part: unknown, text: string): unknown {
  return typeof part === "string" ? text : { ...obj(part), text };
}

function cutAtReferencedContent(text: string): string {
  let at = text.length;
  for (const header of REFERENCED_CONTENT_HEADERS) {
    const found = text.indexOf(header);
    if (found >= 0 && found < at) at = found;
  }
  return text.slice(0, at);
}

/**
 * The tags that open Gemini CLI user text it did not take from the user:
 * baton's own `<hook_context>` (our briefing), and the `<session_context>`
 * message Gemini CLI 0.61 puts first in every chat's history and records as
 * a user message (the date, the directory tree, and the session memory: the
 * repository's GEMINI.md). Gemini CLI's own test for a user's prompt
 * (isIgnoredUserContent) leaves both out.
 */
const GEMINI_INJECTED = ["<hook_context>", "<session_context>"];

/**
 * The text of a part after an injected block it opens with: Gemini CLI
 * puts a hook's added context before the prompt in the same part
 * (`<hook_context>…</hook_context>\n\nSay OK.` in a headless run), so the
 * typed words are what follows the block's last closing tag (a closing tag
 * inside the block, in a briefing's quoted text, cannot end it early); a
 * block that is not closed leaves nothing. Text that opens with no such
 * block is returned as it is.
 */
function afterInjected(text: string): string {
  const t = text.trimStart();
  const tag = GEMINI_INJECTED.find((open) => t.startsWith(open));
  if (tag === undefined) return text;
  const close = `</${tag.slice(1)}`;
  const end = t.lastIndexOf(close);
  return end < 0 ? "" : t.slice(end + close.length).trimStart();
}

/**
 * Gemini CLI user parts without what it or baton injected
 * ({@linkcode GEMINI_INJECTED}, {@linkcode afterInjected}) and without the
 * content of files the message references ({@linkcode withoutReferencedContent}).
 */
export function geminiUserParts(recorded: unknown): unknown {
  const content = withoutReferencedContent(recorded);
  if (typeof content === "string") return afterInjected(content);
  if (!Array.isArray(content)) return content;
  const kept: unknown[] = [];
  for (const p of content) {
    const text = partText(p);
    if (typeof text !== "string") {
      kept.push(p);
      continue;
    }
    const rest = afterInjected(text);
    if (rest === text) kept.push(p);
    else if (rest.trim() !== "") {
      kept.push(withPartText(p, rest));
    }
  }
  return kept;
}

/**
 * What a Gemini CLI user message holds as typed: its `displayContent` when
 * the message has one, else its `content`. Gemini CLI records the parts it
 * sent as `content` and, when they differ from what was typed, the typed
 * line as `displayContent`: a `/command` from a repository's
 * `.gemini/commands/*.toml` is sent as the file's prompt (a committed file's
 * words, never the user's), `@path` adds the files' content. A message
 * Gemini CLI wrote itself ({@linkcode isGeminiWritten}) holds nothing typed.
 */
export function geminiTypedContent(m: Json): unknown {
  const shown = m.displayContent;
  if (shown !== undefined && shown !== null) return shown;
  return isGeminiWritten(m.content) ? "" : m.content;
}

/**
 * How Gemini CLI 0.61 opens the user messages it adds to the chat itself
 * (`GeminiChat.addHistory`, recorded as `type: "user"` with no
 * `displayContent`, no mark of their own): a `!command`'s output in shell
 * mode (useExecutionLifecycle.ts), the editor's open files and selection in
 * IDE mode (client.ts), a `/directory add`'s folder listing, the note that
 * Plan Mode was left. Their text is a program's output or a repository's
 * files and names, never the user's typing. (`<hook_context>` parts are
 * left out by {@linkcode geminiUserParts}.)
 */
const GEMINI_WRITTEN_OPENINGS: readonly string[] = [
  "I ran the following shell command:\n```sh\n",
  "Here is the user's editor context as a JSON object.",
  "Here is a summary of changes in the user's editor context, in JSON format.",
  "- **Workspace Directories:**\n",
  "User has manually exited Plan Mode.",
];

/** Whether a Gemini CLI user message's content opens as one Gemini CLI writes itself. */
function isGeminiWritten(content: unknown): boolean {
  const text = leadingText(content).trimStart();
  return GEMINI_WRITTEN_OPENINGS.some((opening) => text.startsWith(opening));
}

/**
 * What one Gemini CLI message (after {@linkcode geminiMessages}) says: a
 * user message with words of the user's; a `gemini` reply's `toolCalls`
 * and `tokens`. Gemini writes no compaction marker.
 */
export function geminiSignal(m: Json): RecordSignal {
  if (m.type === "user") {
    return isBlank(leadingText(geminiUserParts(geminiTypedContent(m)))) ? NOTHING : USER_TURN;
  }
  if (m.type !== "gemini") return NOTHING;
  return said(false, objectsIn(m.toolCalls, MAX_CALLS_PER_RECORD), geminiFill(m.tokens, m.model));
}

/** What {@linkcode geminiMessages} reports of the records it does not keep. */
export interface GeminiLogVisitor {
  /** The session's metadata line. */
  header?(record: Json): void;
  /** An update of the session (`$set`), after the messages it sets were put. */
  set?(set: Json): void;
  /** Each message put, including one a later record replaces. */
  message?(message: Json): void;
  /** A record that is none of these. */
  unknown?(): void;
}

/**
 * The messages a Gemini CLI chat log leaves, oldest first: a record whose id
 * was seen before replaces the earlier one in place; `{"$rewindTo": id}`
 * drops that message and everything after it; `{"$set": {"messages": [...]}}`
 * replaces the whole list (its newest 5000).
 */
export function geminiMessages(
  records: readonly unknown[],
  visit: GeminiLogVisitor = {},
): Json[] {
  const order: string[] = [];
  const byId = new Map<string, Json>();
  let anon = 0;
  const put = (m: Json) => {
    const id = typeof m.id === "string" && m.id !== "" ? m.id : `\u0000${anon++}`;
    if (!byId.has(id)) order.push(id);
    byId.set(id, m);
    visit.message?.(m);
  };
  for (const raw of records) {
    const r = obj(raw);
    if (r === null) {
      visit.unknown?.();
    } else if ("sessionId" in r && "projectHash" in r) {
      visit.header?.(r);
    } else if ("$rewindTo" in r) {
      const i = order.indexOf(String(r.$rewindTo));
      if (i >= 0) { for (const id of order.splice(i)) byId.delete(id); }
    } else if (obj(r.$set) !== null) {
      const set = obj(r.$set)!;
      if (Array.isArray(set.messages)) {
        order.length = 0;
        byId.clear();
        for (const m of set.messages.slice(-5000)) {
          const o = obj(m);
          if (o !== null) put(o);
        }
      }
      visit.set?.(set);
    } else if (typeof r.type === "string" && ("content" in r || "toolCalls" in r)) {
      put(r);
    } else {
      visit.unknown?.();
    }
  }
  return order.map((id) => byId.get(id)!);
}

/**
 * Whether a Copilot CLI event marks a finished compaction (where the bands' context window starts).
 */
export function isCopilotCompaction(r: Json): boolean {
  return r.type === "session.compaction_complete" && obj(r.data)?.success !== false &&
    !isCopilotSubAgent(r);
}

/**
 * Whether a Copilot CLI event is a sub-agent's (Copilot CLI 1.0.102 writes
 * them into the session's own log): an `agentId` on the event or its data,
 * or the data's `parentToolCallId`, as the CLI's own test reads them. A
 * sub-agent's `user.message` is the prompt another agent wrote for it, its
 * compaction not the session's.
 */
function isCopilotSubAgent(r: Json): boolean {
  const d = obj(r.data);
  return [r.agentId, d?.agentId, d?.parentToolCallId].some((v) =>
    typeof v === "string" && v !== ""
  );
}

/**
 * Whether a Copilot CLI `user.message` is the user's typing: text, no
 * `source` other than `user` (Copilot CLI 1.0.102 names what it injected
 * itself there: `skill-<name>` for a skill's file, `agent-<id>` for another
 * agent's prompt, `schedule-…`, `autopilot`) and not an autopilot
 * continuation, not a sub-agent's ({@linkcode isCopilotSubAgent}); the test
 * Copilot CLI itself applies to tell a user's request.
 */
export function isCopilotTyping(r: Json): boolean {
  const d = obj(r.data);
  if (d === null || isCopilotSubAgent(r)) return false;
  if (d.source !== undefined && d.source !== "user") return false;
  return d.isAutopilotContinuation !== true && !isBlank(leadingText(d.content));
}

/**
 * What a Copilot CLI event says: a finished compaction; a `user.message`
 * the user typed ({@linkcode isCopilotTyping}); an `assistant.message`'s `toolRequests`; a
 * `session.usage_record`'s fill.
 */
export function copilotSignal(r: Json): RecordSignal {
  const d = obj(r.data);
  if (d === null) return NOTHING;
  switch (r.type) {
    case "user.message":
      return isCopilotTyping(r) ? USER_TURN : NOTHING;
    case "assistant.message":
      return said(false, objectsIn(d.toolRequests, MAX_CALLS_PER_RECORD), undefined);
    case "session.compaction_complete":
      return isCopilotCompaction(r) ? COMPACTION : NOTHING;
    case "session.usage_record":
      return said(false, 0, copilotFill(d.usage));
  }
  return NOTHING;
}
