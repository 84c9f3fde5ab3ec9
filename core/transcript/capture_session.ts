/**
 * The transcript half of an automatic capsule. Finds the session the
 * hook fired in (the payload's `transcript_path` when it names a file, else
 * the host's store searched by session id: Codex sends a null path before
 * compaction, Copilot sends its working directory), reads only its tail
 * (512 KiB at most: a 50 MB transcript costs what a small one does), parses it with the
 * host's reader and builds the capsule's `session` section. Never throws:
 * any problem means no section, and the capsule is written without it.
 *
 * Decisions:
 * - Only a transcript whose records say who spoke in a field of their own
 *   (JSON, written by the host) is read. A free-form text one (the `.txt`
 *   agent transcript Cursor's hooks name: `user:`/`assistant:` lines, then
 *   `[Tool result]` blocks holding what a tool returned verbatim) cannot
 *   tell the user's words from a file the agent read: read as Markdown, a
 *   README's `#### ` line became "user asked: ..." in this machine's signed
 *   capsule. Such a file gives no section (`baton source show` still shows it,
 *   every turn marked untrusted and the reader's confidence guessed).
 * @module
 */
import type { SessionRecord } from "../capsule/types.ts";
import type { ParsedTranscript } from "./types.ts";
import type { TranscriptStoreIo as Io } from "./store_io.ts";
import { fullRecord as hostRecord } from "../hosts/full_records.ts";
import {
  claudeProjectDir,
  ID_PREFIX,
  READERS,
  readTranscriptTail,
  type SourceHost,
  storeRoot,
} from "./session_stores.ts";
import { storeFileId } from "./store_file_id.ts";
import type { BatonInvocation } from "../hosts/hook_command.ts";

/** The format of a free-form text transcript: whose words a line holds is only guessed. */
const FREE_TEXT = "markdown";

/** Most bytes of a transcript's tail a capture reads. */
export const CAPTURE_TAIL_BYTES = 512 * 1024;

/** What the hook knows. */
export interface CaptureSessionInput {
  host: string | null;
  transcriptPath: string | null;
  sessionId: string | null;
}

async function isFile(io: Io, path: string): Promise<boolean> {
  try {
    return (await io.fs.stat(path))?.isFile === true;
  } catch {
    return false;
  }
}

async function names(io: Io, dir: string): Promise<string[]> {
  try {
    return (await io.fs.readDir(dir)).slice(0, 5000).map((e) => e.name).sort().reverse();
  } catch {
    // Missing: nothing.
    return [];
  }
}

const SAFE_ID = /^[A-Za-z0-9_.:-]{1,200}$/;

/** The transcript file of a session, searched in the host's store by id. */
async function locate(
  io: Io,
  host: SourceHost,
  id: string,
  cwd: string | null,
): Promise<string | null> {
  if (!SAFE_ID.test(id) || id.includes("..")) return null;
  const record = hostRecord(host);
  const root = storeRoot(io, record.transcript.root);
  if (root === null) return null;
  const base = `${root}/${record.transcript.sessions}`;
  const layout = record.transcript.layout;
  if (layout === "copilot-state") {
    const p = `${base}/${id}/events.jsonl`;
    return await isFile(io, p) ? p : null;
  }
  if (layout === "claude-projects") {
    if (cwd !== null) {
      const p = `${base}/${claudeProjectDir(cwd)}/${id}.jsonl`;
      if (await isFile(io, p)) return p;
    }
    for (const dir of await names(io, base)) {
      const p = `${base}/${dir}/${id}.jsonl`;
      if (await isFile(io, p)) return p;
    }
    return null;
  }
  if (layout === "codex-dated") {
    // Newest days first; a session being compacted now was written to recently.
    let looked = 0;
    for (const y of await names(io, base)) {
      for (const m of await names(io, `${base}/${y}`)) {
        for (const d of await names(io, `${base}/${y}/${m}`)) {
          if (++looked > 400) return null;
          const dir = `${base}/${y}/${m}/${d}`;
          const hit = (await names(io, dir)).find((n) =>
            n.startsWith("rollout-") && n.endsWith(`${id}.jsonl`)
          );
          if (hit !== undefined) return `${dir}/${hit}`;
        }
      }
    }
    return null;
  }
  if (layout === "gemini-tmp") {
    // A file's name holds only the id's first 8 characters, which another
    // project's session can share: only a file whose header names the whole
    // id is the session's, and two such files are refused.
    const short = id.slice(0, 8);
    const found: string[] = [];
    for (const dir of await names(io, base)) {
      const chats = `${base}/${dir}/chats`;
      for (const n of await names(io, chats)) {
        if (!n.startsWith("session-") || !n.includes(`-${short}.json`)) continue;
        if (await headerSessionId(io, `${chats}/${n}`) === id) found.push(`${chats}/${n}`);
      }
    }
    return found.length === 1 ? found[0]! : null;
  }
  return null;
}

/** Bytes of a Gemini session file read to find its header. */
const GEMINI_HEADER_BYTES = 4096;

/**
 * The `sessionId` a Gemini session file's header states: the first record
 * of the JSON Lines form, the top-level key of the legacy one-document form
 * (a message comes after either). Null when the head holds none.
 */
async function headerSessionId(io: Io, path: string): Promise<string | null> {
  const head = await io.readHead(path, GEMINI_HEADER_BYTES);
  if (head === null) return null;
  const text = new TextDecoder().decode(head.bytes);
  const m =
    /^\s*\{\s*(?:"[A-Za-z]+"\s*:\s*(?:"[^"\\]*"|[-0-9.a-z]+)\s*,\s*)*"sessionId"\s*:\s*"([^"\\]{1,200})"/
      .exec(text);
  return m === null ? null : m[1]!;
}

async function databaseParsed(
  io: Io,
  host: SourceHost,
  id: string,
): Promise<ParsedTranscript | null> {
  const record = hostRecord(host);
  const root = storeRoot(io, record.transcript.root);
  if (root === null || !SAFE_ID.test(id)) return null;
  const { loadSession } = await import("./session_stores.ts");
  const loaded = await loadSession(io, {
    id: `${record.transcript.idPrefix}:${id}`,
    host,
    project: null,
    started_at: null,
    updated_at: null,
    turns: 0,
    turns_estimated: true,
    bytes: 0,
    path: `${root}/${record.transcript.sessions}`,
  }, 200);
  return loaded?.parsed ?? null;
}

/**
 * The session section for the hook's session, or null when no transcript
 * can be found or read.
 */
export async function captureSession(
  io: Io,
  input: CaptureSessionInput,
  cwd: string | null,
  options: { deadlineMs?: number; invocation?: BatonInvocation | null } = {},
): Promise<SessionRecord | null> {
  const deadline = options.deadlineMs ?? Infinity;
  try {
    const host = input.host;
    if (host === null || !(host in READERS)) {
      return input.transcriptPath !== null && await isFile(io, input.transcriptPath)
        ? await fromFile(input.transcriptPath, null, deadline, io)
        : null;
    }
    const h = host as SourceHost;
    const layout = hostRecord(h).transcript.layout;
    if (layout === "cursor-db") {
      // Cursor's agent transcripts (the payload's path) have no confirmed line shape: sniffed.
      return input.transcriptPath !== null && await isFile(io, input.transcriptPath)
        ? await fromFile(input.transcriptPath, null, deadline, io)
        : null;
    }
    const { buildSessionRecord } = await import("./session_record.ts");
    if (layout === "opencode-db") {
      if (input.sessionId === null) return null;
      const parsed = await databaseParsed(io, h, input.sessionId);
      if (parsed === null || parsed.turns.length === 0) return null;
      // A project whose own code OpenCode loads (a custom tool named `bash`, a plugin) can write
      // any tool part's metadata: its exit statuses are then that code's word, not the host's.
      const { openCodeProjectCode } = await import("./opencode_project_code.ts");
      const projectCode = cwd === null ? null : await openCodeProjectCode(io.fs, cwd);
      return buildSessionRecord(parsed, {
        ...(projectCode === null ? {} : { statusesUnheld: true }),
        host: h,
        source_id: `${ID_PREFIX[h]}:${input.sessionId}`,
        confidence: READERS[h].confidence,
        bytes: 0,
        file_bytes: 0,
        complete: false,
      });
    }
    let path = input.transcriptPath !== null && await isFile(io, input.transcriptPath)
      ? input.transcriptPath
      : null;
    if (path === null && input.sessionId !== null) path = await locate(io, h, input.sessionId, cwd);
    if (path === null) return null;
    if (io.now().getTime() > deadline) return null;
    // A project's hook (Claude Code, Codex, droid, Qwen Code, Copilot CLI) can rewrite a shell
    // call's input (the record keeps the model's) or its output: its statuses are then that
    // hook's word, not the host's (each host record's `transcript.projectHooks` says where it looks).
    let unheld = false;
    if (cwd !== null) {
      const { isHookHost, projectHooks } = await import("./project_hooks.ts");
      unheld = isHookHost(h) &&
        await projectHooks(io.fs, cwd, h, options.invocation ?? null) !== null;
      if (h === "pi") {
        // A project's pi extension can take `bash`'s place or change its result's isError.
        const { piProjectCode } = await import("./pi_project_code.ts");
        unheld ||= await piProjectCode(io.fs, cwd) !== null;
      }
    }
    return await fromFile(path, h, deadline, io, unheld);
  } catch {
    return null;
  }
}

/**
 * The id `baton source show` opens the file at `path` by: the one the host's
 * store gives it by its place and name (the listing's), or, where the store
 * names files by their header (Gemini CLI), the id the header states. Null
 * for a file outside the store: no id opens it, and the session id its
 * records state may name another file (a Claude Code file continuing an
 * older session carries that session's id in its copied records).
 */
async function storeId(io: Io, host: SourceHost, path: string): Promise<string | null> {
  const record = hostRecord(host);
  const root = storeRoot(io, record.transcript.root);
  if (root === null) return null;
  const slashes = (p: string) => io.os === "windows" ? p.replaceAll("\\", "/") : p;
  const place = storeFileId(
    record.transcript.layout,
    slashes(`${root}/${record.transcript.sessions}`),
    slashes(path),
  );
  if (place.kind === "named") return SAFE_ID.test(place.id) ? place.id : null;
  return place.kind === "header" ? await headerSessionId(io, path) : null;
}

async function fromFile(
  path: string,
  host: SourceHost | null,
  deadline: number,
  io: Io,
  statusesUnheld = false,
): Promise<SessionRecord | null> {
  const { fileFormat, sniffFile, formatHost } = await import("./session_stores.ts");
  const format = host !== null ? fileFormat(hostRecord(host), path) : await sniffFile(io, path);
  if (format === null || format === FREE_TEXT) return null;
  const read = await readTranscriptTail(io, path, format, {
    wantTurns: 0,
    maxBytes: CAPTURE_TAIL_BYTES,
  });
  if (read === null || io.now().getTime() > deadline) return null;
  const { buildSessionRecord } = await import("./session_record.ts");
  const h = host ?? formatHost(format);
  const id = h === null ? null : await storeId(io, h, path);
  return buildSessionRecord(read.parsed, {
    ...(statusesUnheld ? { statusesUnheld: true } : {}),
    host: h ?? "generic",
    source_id: h === null || id === null ? null : `${ID_PREFIX[h]}:${id}`,
    confidence: h === null ? "guessed" : READERS[h].confidence,
    bytes: read.bytes,
    file_bytes: read.fileBytes,
    complete: read.complete,
  });
}
