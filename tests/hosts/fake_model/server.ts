/**
 * The fake model server of the real-host suite: one HTTP server on
 * 127.0.0.1 at a random port that answers the Anthropic Messages, OpenAI
 * Responses, OpenAI Chat Completions and Gemini APIs with a short text,
 * logs every request (path and body) and shuts itself down when its
 * lifetime ends. Unknown paths get a 404 and are logged too, so a test can
 * see what a host asked for. With a script set (see tool_script.ts) a turn
 * that offers a shell tool is answered with a call to it instead of text.
 * @module
 */
import { anthropic } from "./anthropic.ts";
import { gemini } from "./gemini.ts";
import { openaiChat } from "./openai_chat.ts";
import { openaiResponses } from "./openai_responses.ts";
import { REPLY_TEXT, UsagePlan } from "./reply.ts";
import { jsonResponse } from "./sse.ts";
import {
  type ScriptedCall,
  scriptedCall,
  type Scripting,
  shellToolOf,
  type ToolScript,
} from "./tool_script.ts";

/** One tool call the fake model made, with the tool results the host had sent before it. */
export interface LoggedCall extends ScriptedCall {
  path: string;
  resultsBefore: string[];
}

/** One request the server received. */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  body: string;
}

/** Options of {@linkcode startFakeModel}. */
export interface FakeModelOptions {
  /** The server closes itself after this many milliseconds. */
  lifetimeMs: number;
  /** Input tokens reported while usage is large. @default 180000 */
  bigInputTokens?: number;
}

/** A running fake model server. */
export interface FakeModel {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string;
  port: number;
  /** Every request so far, oldest first. */
  readonly requests: LoggedRequest[];
  /** Reports large usage for the next `n` model replies. */
  reportBigUsage(n: number, inputTokens?: number): void;
  /** Every tool call the script made, oldest first. */
  readonly calls: LoggedCall[];
  /** While a script is set: the tool results of each request that offered a shell tool. */
  readonly resultsSeen: string[][];
  /**
   * The fullest tool-result list a request carried since `resultsSeen[from]`:
   * what the model was told in that stretch, in order.
   */
  fullestResults(from?: number): string[];
  /** Pads every text reply from now on to about `bytes` more (a long answer grows the transcript). */
  setReplyPadding(bytes: number): void;
  /** Answers turns that offer a shell tool from now on by `script` (null: text again). */
  setScript(script: ToolScript | null): void;
  /** How many scripted requests the model answered with text, no tool call (a turn's end). */
  textAnswers(): number;
  /** Requests whose body contains `text`. */
  bodiesWith(text: string): LoggedRequest[];
  /** Settles once the server has stopped: its lifetime ended or close() was called. */
  readonly finished: Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

function route(
  path: string,
  query: URLSearchParams,
  body: Record<string, unknown>,
  usage: UsagePlan,
  scripting: Scripting,
) {
  return anthropic(path, body, usage, scripting) ??
    openaiResponses(path, body, usage, scripting) ??
    openaiChat(path, body, usage, scripting) ??
    gemini(path, query, body, usage, scripting);
}

/** Starts the server. */
export function startFakeModel(options: FakeModelOptions): FakeModel {
  const requests: LoggedRequest[] = [];
  const calls: LoggedCall[] = [];
  const resultsSeen: string[][] = [];
  let script: ToolScript | null = null;
  let answeredWithText = 0;
  let padding = 0;
  let usage = new UsagePlan(0, options.bigInputTokens ?? 180_000);
  const ac = new AbortController();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: ac.signal,
    onListen: () => {},
  }, async (req) => {
    const url = new URL(req.url);
    const bytes = new Uint8Array(await req.arrayBuffer());
    const text = new TextDecoder().decode(bytes.subarray(0, MAX_BODY_BYTES));
    let body: Record<string, unknown> = {};
    try {
      const parsed = text === "" ? {} : JSON.parse(text);
      if (
        typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ) body = parsed;
    } catch {
      // Logged as received; answered as an empty request.
    }
    const scripting: Scripting = {
      next(tools, results) {
        if (script !== null && shellToolOf(tools) !== null) {
          resultsSeen.push(results);
        }
        const call = scriptedCall(script, tools, { results, body: text });
        if (call !== null) {
          calls.push({ ...call, path: url.pathname, resultsBefore: results });
        } else if (script !== null && shellToolOf(tools) !== null) answeredWithText++;
        return call;
      },
      text: () =>
        padding === 0
          ? REPLY_TEXT
          : `${REPLY_TEXT} ${"All fine here. ".repeat(Math.ceil(padding / 15))}`,
    };
    const res = (req.method === "POST" || req.method === "GET"
      ? route(url.pathname, url.searchParams, body, usage, scripting)
      : null) ??
      jsonResponse({ error: { message: "not faked", type: "not_found" } }, 404);
    requests.push({
      method: req.method,
      path: url.pathname,
      status: res.status,
      body: text,
    });
    return res;
  });
  const timer = setTimeout(() => ac.abort(), options.lifetimeMs);
  const addr = server.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${addr.port}`,
    port: addr.port,
    requests,
    calls,
    resultsSeen,
    fullestResults(from = 0): string[] {
      return resultsSeen.slice(from).reduce<string[]>(
        (a, b) => b.length > a.length ? b : a,
        [],
      );
    },
    setReplyPadding(bytes: number): void {
      padding = bytes;
    },
    setScript(next: ToolScript | null): void {
      script = next;
    },
    textAnswers(): number {
      return answeredWithText;
    },
    reportBigUsage(n: number, inputTokens = usage.bigInputTokens): void {
      usage = new UsagePlan(n, inputTokens);
    },
    bodiesWith(needle: string): LoggedRequest[] {
      return requests.filter((r) => r.body.includes(needle));
    },
    finished: server.finished,
    async close(): Promise<void> {
      clearTimeout(timer);
      if (!ac.signal.aborted) ac.abort();
      await server.finished;
    },
  };
}
