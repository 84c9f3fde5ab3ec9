/**
 * A minimal Agent Client Protocol client (JSON-RPC 2.0, one JSON object per
 * line on stdio) for a host that runs as an ACP agent (`gemini --acp`): one
 * session, several prompts in the same process, which a headless `-p` turn
 * cannot give (each is a new process, whose first prompt has no reply yet).
 * Permission requests are answered with the first "allow" option.
 * @module
 */
import { HOST_BIN } from "./sandbox.ts";

/** One ACP agent process. */
export interface AcpAgent {
  /** Sends `session/prompt` and waits for its answer. */
  prompt(text: string): Promise<unknown>;
  /** Ends the process (stdin closed, then killed if it lingers) and returns its stderr tail. */
  close(): Promise<string>;
}

/** Starts `bin args` as an ACP agent in `cwd`, initialises it and opens one session. */
export async function startAcpAgent(
  bin: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<AcpAgent> {
  const child = new Deno.Command(`${HOST_BIN}/${bin}`, {
    args,
    cwd: options.cwd,
    env: options.env,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const enc = new TextEncoder();
  const pending = new Map<number, (v: { result?: unknown; error?: unknown }) => void>();
  let stderr = "";
  (async () => {
    for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
      stderr = (stderr + chunk).slice(-4000);
    }
  })();
  const send = (msg: Record<string, unknown>) =>
    writer.write(enc.encode(JSON.stringify({ jsonrpc: "2.0", ...msg }) + "\n"));
  (async () => {
    let buf = "";
    for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
      buf += chunk;
      let nl: number;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (line === "") continue;
        let msg: Record<string, unknown>;
        try {
          msg = JSON.parse(line);
        } catch {
          continue;
        }
        if (typeof msg.id === "number" && ("result" in msg || "error" in msg)) {
          pending.get(msg.id)?.(msg as { result?: unknown; error?: unknown });
          pending.delete(msg.id);
        } else if (msg.method === "session/request_permission" && msg.id !== undefined) {
          const params = msg.params as { options?: { optionId: string; kind: string }[] };
          const allow = params.options?.find((o) => o.kind.startsWith("allow"));
          await send({
            id: msg.id,
            result: { outcome: { outcome: "selected", optionId: allow?.optionId ?? "" } },
          });
        } else if (msg.id !== undefined && typeof msg.method === "string") {
          await send({ id: msg.id, error: { code: -32601, message: "not supported" } });
        }
      }
    }
  })();
  let next = 1;
  const call = (method: string, params: unknown): Promise<unknown> => {
    const id = next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`ACP ${method} timed out: ${stderr.slice(-500)}`)),
        options.timeoutMs,
      );
      pending.set(id, (v) => {
        clearTimeout(timer);
        if (v.error !== undefined) {
          reject(new Error(`ACP ${method} failed: ${JSON.stringify(v.error).slice(0, 300)}`));
        } else resolve(v.result);
      });
      send({ id, method, params }).catch(reject);
    });
  };
  await call("initialize", {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
  });
  const session = await call("session/new", { cwd: options.cwd, mcpServers: [] }) as {
    sessionId: string;
  };
  return {
    prompt: (text) =>
      call("session/prompt", {
        sessionId: session.sessionId,
        prompt: [{ type: "text", text }],
      }),
    async close() {
      await writer.close().catch(() => {});
      const done = child.status;
      const timer = setTimeout(() => {
        try {
          child.kill("SIGKILL");
        } catch {
          // gone already
        }
      }, 5000);
      await done;
      clearTimeout(timer);
      return stderr;
    },
  };
}
