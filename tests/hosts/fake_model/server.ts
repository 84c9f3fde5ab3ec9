/**
 * The fake model server of the real-host suite: one HTTP server on
 * 127.0.0.1 at a random port that answers the Anthropic Messages, OpenAI
 * Responses, OpenAI Chat Completions and Gemini APIs with a short text,
 * logs every request (path and body) and shuts itself down when its
 * lifetime ends. Unknown paths get a 404 and are logged too, so a test can
 * see what a host asked for.
 * @module
 */
import { anthropic } from "./anthropic.ts";
import { gemini } from "./gemini.ts";
import { openaiChat } from "./openai_chat.ts";
import { openaiResponses } from "./openai_responses.ts";
import { UsagePlan } from "./reply.ts";
import { jsonResponse } from "./sse.ts";

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
  reportBigUsage(n: number): void;
  /** Requests whose body contains `text`. */
  bodiesWith(text: string): LoggedRequest[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

function route(
  path: string,
  query: URLSearchParams,
  body: Record<string, unknown>,
  usage: UsagePlan,
) {
  return anthropic(path, body, usage) ?? openaiResponses(path, body, usage) ??
    openaiChat(path, body, usage) ?? gemini(path, query, body, usage);
}

/** Starts the server. */
export function startFakeModel(options: FakeModelOptions): FakeModel {
  const requests: LoggedRequest[] = [];
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
    const res = (req.method === "POST" || req.method === "GET"
      ? route(url.pathname, url.searchParams, body, usage)
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
    reportBigUsage(n: number): void {
      usage = new UsagePlan(n, usage.bigInputTokens);
    },
    bodiesWith(needle: string): LoggedRequest[] {
      return requests.filter((r) => r.body.includes(needle));
    },
    async close(): Promise<void> {
      clearTimeout(timer);
      if (!ac.signal.aborted) ac.abort();
      await server.finished;
    },
  };
}
