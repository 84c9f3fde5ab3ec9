/**
 * Server-sent events and JSON replies shared by the fake model APIs: one
 * `event:`/`data:` frame per call, sent as a single finished body (the hosts
 * read SSE from any chunking).
 * @module
 */

/** One SSE frame; `event` omitted for APIs that send data lines only. */
export interface SseFrame {
  event?: string;
  data: unknown;
}

/** A finished SSE response from frames (a string `data` is sent verbatim). */
export function sseResponse(frames: readonly SseFrame[]): Response {
  const body = frames.map((f) => {
    const data = typeof f.data === "string" ? f.data : JSON.stringify(f.data);
    return `${f.event === undefined ? "" : `event: ${f.event}\n`}data: ${data}\n\n`;
  }).join("");
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
    },
  });
}

/** A JSON response. */
export function jsonResponse(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { "content-type": "application/json" },
  });
}
