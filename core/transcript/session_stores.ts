/**
 * Where each host keeps its sessions on this machine, and the bounded,
 * read-only reads of them: probe (which stores exist, without reading any
 * conversation), list (sessions with id, project, times, turn count, size)
 * and load (the last turns of one session). JSON Lines transcripts are read
 * from the end through the handed-in tail read; SQLite stores are opened
 * read-only through the handed-in opener, and every value is cut by length
 * in SQL before it leaves the database. Nothing here writes or locks.
 * @module
 */
import type { ByteFormat } from "./parse_transcript.ts";
import type { ParsedTranscript, ReaderConfidence } from "./types.ts";
import type { ReadOnlyDb, TranscriptStoreIo } from "./store_io.ts";

type Io = TranscriptStoreIo;

/** Hosts whose stores baton reads. */
export const SOURCE_HOSTS = [
  "claude-code",
  "codex",
  "gemini",
  "opencode",
  "copilot",
  "cursor",
] as const;
/** One of them. */
export type SourceHost = typeof SOURCE_HOSTS[number];

/** The prefix of a session id per host. */
export const ID_PREFIX: Record<SourceHost | "file", string> = {
  "claude-code": "claude",
  codex: "codex",
  gemini: "gemini",
  opencode: "opencode",
  copilot: "copilot",
  cursor: "cursor",
  file: "file",
};

/** Reader facts shown by probe. */
export const READERS: Record<
  SourceHost,
  { confidence: ReaderConfidence; checked_against: string }
> = {
  "claude-code": {
    confidence: "verified",
    checked_against: "Claude Code 2.1.197 (real-host suite)",
  },
  codex: { confidence: "verified", checked_against: "Codex CLI 0.171.0 (real-host suite)" },
  gemini: { confidence: "verified", checked_against: "Gemini CLI 0.61.0 (real-host suite)" },
  opencode: { confidence: "verified", checked_against: "OpenCode 1.18.33 (real-host suite)" },
  copilot: { confidence: "verified", checked_against: "Copilot CLI 1.0.102 (real-host suite)" },
  cursor: {
    confidence: "documented",
    checked_against: "third-party docs of state.vscdb (no headless Cursor to check against)",
  },
};

/** One session as listed. */
export interface SessionInfo {
  id: string;
  host: SourceHost;
  project: string | null;
  started_at: string | null;
  updated_at: string | null;
  turns: number;
  /** True when only the tail was read and `turns` is scaled from it. */
  turns_estimated: boolean;
  bytes: number;
  /** Where it is (a file, or the database holding it). */
  path: string;
}

/** Most session files looked at per host. */
const MAX_FILES = 5000;
/** Tail read for a listing's turn count. */
const LIST_TAIL_BYTES = 256 * 1024;
/** Longest SQLite value read in full. */
const MAX_SQL_VALUE = 256 * 1024;

async function entries(
  io: Io,
  dir: string,
): Promise<{ name: string; isDirectory: boolean; isFile: boolean }[]> {
  try {
    return (await io.fs.readDir(dir)).slice(0, MAX_FILES);
  } catch {
    return [];
  }
}

async function isDir(io: Io, path: string): Promise<boolean> {
  try {
    return (await io.fs.stat(path))?.isDirectory === true;
  } catch {
    return false;
  }
}

async function stat(
  io: Io,
  path: string,
): Promise<{ size: number; mtime: Date | null } | null> {
  try {
    const s = await io.fs.stat(path);
    return s?.isFile === true
      ? { size: s.size, mtime: s.mtimeMs === null ? null : new Date(s.mtimeMs) }
      : null;
  } catch {
    return null;
  }
}

/** The directories and files each host uses, from the environment. */
export function storeRoots(io: Io): Record<SourceHost, string | null> {
  const home = io.home;
  const data = io.env("XDG_DATA_HOME") ?? (home === null ? null : `${home}/.local/share`);
  return {
    "claude-code": io.env("CLAUDE_CONFIG_DIR") ?? (home === null ? null : `${home}/.claude`),
    codex: io.env("CODEX_HOME") ?? (home === null ? null : `${home}/.codex`),
    gemini: home === null ? null : `${home}/.gemini`,
    opencode: data === null ? null : `${data}/opencode`,
    copilot: io.env("COPILOT_HOME") ?? (home === null ? null : `${home}/.copilot`),
    cursor: home === null
      ? null
      : io.os === "darwin"
      ? `${home}/Library/Application Support/Cursor/User`
      : io.os === "windows"
      ? (io.env("APPDATA") === undefined
        ? null
        : `${io.env("APPDATA")!.replaceAll("\\", "/")}/Cursor/User`)
      : `${io.env("XDG_CONFIG_HOME") ?? `${home}/.config`}/Cursor/User`,
  };
}

/** Claude Code's project directory name for a path: every non-alphanumeric character becomes "-". */
export function claudeProjectDir(path: string): string {
  return path.replace(/[^A-Za-z0-9]/g, "-");
}

// ---------- SQLite (read-only, bounded) ----------

/** A read-only database handle, or null when no regular file is there or it cannot be opened. */
async function openReadOnly(io: Io, path: string): Promise<ReadOnlyDb | null> {
  if ((await stat(io, path)) === null) return null;
  try {
    return await io.openReadOnlyDb(path);
  } catch {
    return null;
  }
}

// ---------- probe ----------

/** What probe reports for one host. */
export interface StoreProbe {
  host: SourceHost;
  path: string | null;
  exists: boolean;
  readable: boolean;
  format: string | null;
  confidence: ReaderConfidence;
  checked_against: string;
}

/** Which stores exist, without reading any conversation. */
export async function probeStores(io: Io): Promise<StoreProbe[]> {
  const roots = storeRoots(io);
  const out: StoreProbe[] = [];
  for (const host of SOURCE_HOSTS) {
    const root = roots[host];
    let path: string | null = null;
    let format: string | null = null;
    let readable = false;
    if (root !== null) {
      if (host === "claude-code") path = `${root}/projects`;
      else if (host === "codex") path = `${root}/sessions`;
      else if (host === "gemini") path = `${root}/tmp`;
      else if (host === "copilot") path = `${root}/session-state`;
      else if (host === "cursor") path = `${root}/globalStorage/state.vscdb`;
      else path = `${root}/opencode.db`;
    }
    const isDb = host === "opencode" || host === "cursor";
    const exists = path !== null &&
      (isDb ? (await stat(io, path)) !== null : await isDir(io, path));
    if (exists && path !== null) {
      if (host === "cursor") {
        const db = await openReadOnly(io, path);
        if (db !== null) {
          try {
            const row = db.prepare(
              "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'cursorDiskKV'",
            ).get() as { n: number };
            readable = row.n === 1;
            format = readable ? "state.vscdb (cursorDiskKV)" : "unknown sqlite schema";
          } catch {
            format = "unreadable sqlite";
          } finally {
            db.close();
          }
        }
      } else if (host === "opencode") {
        const db = await openReadOnly(io, path);
        if (db !== null) {
          try {
            const row = db.prepare(
              "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('session','message','part')",
            ).get() as { n: number };
            readable = row.n === 3;
            format = readable ? "opencode sqlite (session/message/part)" : "unknown sqlite schema";
          } catch {
            format = "unreadable sqlite";
          } finally {
            db.close();
          }
        }
      } else {
        readable = (await entries(io, path)).length >= 0;
        format = host === "codex"
          ? `rollout jsonl${await codexIndexName(io, roots.codex!) ?? ""}`
          : host === "copilot"
          ? "events.jsonl"
          : host === "gemini"
          ? "chat jsonl"
          : "project jsonl";
      }
    }
    out.push({ host, path, exists, readable, format, ...READERS[host] });
  }
  return out;
}

async function codexIndexName(io: Io, root: string): Promise<string | null> {
  const names = (await entries(io, root)).map((e) => e.name).filter((n) =>
    /^state_\d+\.sqlite$/.test(n)
  );
  return names.length === 0 ? null : ` + index ${names.sort().at(-1)}`;
}

// ---------- session files ----------

interface SessionFile {
  host: SourceHost;
  path: string;
  format: ByteFormat;
  /** The id when the file name gives it. */
  id: string | null;
  /** Project directory when the location gives it. */
  project: string | null;
}

async function claudeFiles(io: Io, root: string): Promise<SessionFile[]> {
  const out: SessionFile[] = [];
  for (const dir of await entries(io, `${root}/projects`)) {
    if (!dir.isDirectory) continue;
    for (const f of await entries(io, `${root}/projects/${dir.name}`)) {
      const m = /^(.+)\.jsonl$/.exec(f.name);
      if (f.isFile && m !== null && out.length < MAX_FILES) {
        out.push({
          host: "claude-code",
          path: `${root}/projects/${dir.name}/${f.name}`,
          format: "claude-code",
          id: m[1]!,
          project: null,
        });
      }
    }
  }
  return out;
}

async function codexFiles(io: Io, root: string): Promise<SessionFile[]> {
  const out: SessionFile[] = [];
  const base = `${root}/sessions`;
  const desc = (xs: { name: string }[]) => xs.map((x) => x.name).sort().reverse();
  for (const y of desc(await entries(io, base))) {
    for (const m of desc(await entries(io, `${base}/${y}`))) {
      for (const d of desc(await entries(io, `${base}/${y}/${m}`))) {
        for (const f of desc(await entries(io, `${base}/${y}/${m}/${d}`))) {
          const id =
            /^rollout-.*?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/
              .exec(f);
          if (id === null || out.length >= MAX_FILES) continue;
          out.push({
            host: "codex",
            path: `${base}/${y}/${m}/${d}/${f}`,
            format: "codex",
            id: id[1]!,
            project: null,
          });
        }
      }
    }
  }
  return out;
}

async function geminiFiles(io: Io, root: string): Promise<SessionFile[]> {
  const out: SessionFile[] = [];
  for (const dir of await entries(io, `${root}/tmp`)) {
    if (!dir.isDirectory) continue;
    const base = `${root}/tmp/${dir.name}`;
    const marker = await io.readHead(`${base}/.project_root`, 4096);
    const project = marker === null ? null : new TextDecoder().decode(marker.bytes).trim() || null;
    for (const f of await entries(io, `${base}/chats`)) {
      if (!f.isFile || !/^session-.*\.jsonl?$/.test(f.name) || out.length >= MAX_FILES) continue;
      out.push({
        host: "gemini",
        path: `${base}/chats/${f.name}`,
        format: f.name.endsWith(".json") ? "gemini-json" : "gemini",
        id: null,
        project,
      });
    }
  }
  return out;
}

async function copilotFiles(io: Io, root: string): Promise<SessionFile[]> {
  const out: SessionFile[] = [];
  for (const dir of await entries(io, `${root}/session-state`)) {
    if (!dir.isDirectory || dir.name.startsWith(".") || out.length >= MAX_FILES) continue;
    const base = `${root}/session-state/${dir.name}`;
    const ws = await io.readHead(`${base}/workspace.yaml`, 16 * 1024);
    const cwd = ws === null
      ? null
      : /^cwd:\s*(.+)$/m.exec(new TextDecoder().decode(ws.bytes))?.[1]?.trim() ?? null;
    out.push({
      host: "copilot",
      path: `${base}/events.jsonl`,
      format: "copilot",
      id: dir.name,
      project: cwd,
    });
  }
  return out;
}

/** Reads the last turns of a JSON Lines transcript, widening the tail until it has `wantTurns` or a bound. */
export async function readTranscriptTail(
  io: Io,
  path: string,
  format: ByteFormat,
  options: { wantTurns: number; maxBytes: number },
): Promise<
  { parsed: ParsedTranscript; bytes: number; fileBytes: number; complete: boolean } | null
> {
  const { parseTranscriptBytes } = await import("./parse_transcript.ts");
  let budget = Math.min(options.maxBytes, 1024 * 1024);
  for (;;) {
    const whole = format === "gemini-json" || format === "markdown";
    const tail = whole
      ? await io.readHead(path, options.maxBytes)
      : await io.readTail(path, { maxBytes: budget });
    if (tail === null) return null;
    if (whole && !tail.complete) {
      // A one-document file over the bound is not read at all rather than read cut.
      const { emptyCounts, emptyMeta } = await import("./types.ts");
      const counts = emptyCounts();
      counts.invalid = 1;
      return {
        parsed: { turns: [], counts, meta: emptyMeta() },
        bytes: 0,
        fileBytes: tail.fileBytes,
        complete: false,
      };
    }
    const parsed = parseTranscriptBytes(format, tail.bytes, { startsMidFile: !tail.complete });
    if (tail.complete || parsed.turns.length >= options.wantTurns || budget >= options.maxBytes) {
      return {
        parsed,
        bytes: tail.bytes.length,
        fileBytes: tail.fileBytes,
        complete: tail.complete,
      };
    }
    budget = Math.min(options.maxBytes, budget * 4);
  }
}

async function fileInfo(io: Io, f: SessionFile): Promise<SessionInfo | null> {
  const s = await stat(io, f.path);
  if (s === null) return null;
  const read = await readTranscriptTail(io, f.path, f.format, {
    wantTurns: 0,
    maxBytes: LIST_TAIL_BYTES,
  });
  if (read === null) return null;
  let meta = read.parsed.meta;
  if (
    !read.complete && (meta.session_id === null || meta.cwd === null || meta.started_at === null)
  ) {
    const head = await io.readHead(f.path, 64 * 1024);
    if (head !== null) {
      const { parseTranscriptBytes } = await import("./parse_transcript.ts");
      const bytes = head.bytes.subarray(0, head.bytes.lastIndexOf(0x0a) + 1);
      const h = parseTranscriptBytes(f.format, bytes).meta;
      meta = {
        ...meta,
        session_id: h.session_id ?? meta.session_id,
        cwd: h.cwd ?? meta.cwd,
        started_at: h.started_at ?? meta.started_at,
      };
    }
  }
  const raw = f.id ?? meta.session_id;
  if (raw === null) return null;
  const turns = read.parsed.turns.length;
  return {
    id: `${ID_PREFIX[f.host]}:${raw}`,
    host: f.host,
    project: f.project ?? meta.cwd,
    started_at: meta.started_at,
    updated_at: meta.updated_at ?? s.mtime?.toISOString() ?? null,
    turns: read.complete || read.bytes === 0
      ? turns
      : Math.round(turns * (read.fileBytes / read.bytes)),
    turns_estimated: !read.complete,
    bytes: s.size,
    path: f.path,
  };
}

// ---------- OpenCode (SQLite) ----------

async function openCodeSessions(io: Io, root: string): Promise<SessionInfo[]> {
  const path = `${root}/opencode.db`;
  const db = await openReadOnly(io, path);
  if (db === null) return [];
  try {
    const rows = db.prepare(
      `SELECT s.id AS id, substr(s.directory, 1, 4096) AS directory, s.time_created AS created,
              s.time_updated AS updated,
              (SELECT count(*) FROM part p WHERE p.session_id = s.id) AS parts,
              (SELECT coalesce(sum(length(p.data)), 0) FROM part p WHERE p.session_id = s.id) AS bytes
         FROM session s ORDER BY s.time_updated DESC LIMIT ${MAX_FILES}`,
    ).all() as {
      id: string;
      directory: string | null;
      created: number;
      updated: number;
      parts: number;
      bytes: number;
    }[];
    return rows.map((r) => ({
      id: `opencode:${r.id}`,
      host: "opencode" as const,
      project: r.directory,
      started_at: new Date(r.created).toISOString(),
      updated_at: new Date(r.updated).toISOString(),
      turns: r.parts,
      turns_estimated: true,
      bytes: r.bytes,
      path,
    }));
  } catch {
    return [];
  } finally {
    db.close();
  }
}

/** The last parts of one OpenCode session, each value bounded in SQL. */
async function openCodeTail(
  io: Io,
  root: string,
  id: string,
  limit: number,
): Promise<ParsedTranscript | null> {
  const db = await openReadOnly(io, `${root}/opencode.db`);
  if (db === null) return null;
  try {
    const rows = db.prepare(
      `SELECT p.message_id AS message_id,
              CASE WHEN length(m.data) <= ${MAX_SQL_VALUE} THEN m.data END AS message,
              CASE WHEN length(p.data) <= ${MAX_SQL_VALUE} THEN p.data END AS part,
              p.time_created AS time_created
         FROM part p JOIN message m ON m.id = p.message_id
        WHERE p.session_id = ? ORDER BY p.time_created DESC, p.id DESC LIMIT ?`,
    ).all(id, limit) as unknown as import("./opencode.ts").OpenCodePartRow[];
    const { parseOpenCodeRows } = await import("./opencode.ts");
    const { emptyCounts } = await import("./types.ts");
    const parsed = parseOpenCodeRows(rows.reverse(), emptyCounts());
    parsed.meta.session_id = id;
    return parsed;
  } catch {
    return null;
  } finally {
    db.close();
  }
}

// ---------- Cursor (SQLite key/value) ----------

function text(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  return null;
}

async function cursorSessions(io: Io, root: string): Promise<SessionInfo[]> {
  const path = `${root}/globalStorage/state.vscdb`;
  const db = await openReadOnly(io, path);
  if (db === null) return [];
  try {
    const rows = db.prepare(
      `SELECT key, length(value) AS size,
              CASE WHEN length(value) <= ${MAX_SQL_VALUE} THEN CAST(value AS TEXT) END AS value
         FROM cursorDiskKV WHERE key LIKE 'composerData:%' LIMIT ${MAX_FILES}`,
    ).all() as { key: string; size: number; value: unknown }[];
    const out: SessionInfo[] = [];
    for (const r of rows) {
      let c: Record<string, unknown> | null = null;
      try {
        c = JSON.parse(text(r.value) ?? "null");
      } catch {
        c = null;
      }
      const id = r.key.slice("composerData:".length);
      if (!/^[A-Za-z0-9_-]{1,200}$/.test(id)) continue;
      const at = (v: unknown) => typeof v === "number" ? new Date(v).toISOString() : null;
      const headers = Array.isArray(c?.fullConversationHeadersOnly)
        ? c.fullConversationHeadersOnly.length
        : Array.isArray(c?.conversation)
        ? c.conversation.length
        : 0;
      out.push({
        id: `cursor:${id}`,
        host: "cursor",
        project: null,
        started_at: at(c?.createdAt),
        updated_at: at(c?.lastUpdatedAt) ?? at(c?.createdAt),
        turns: headers,
        turns_estimated: true,
        bytes: r.size,
        path,
      });
    }
    return out;
  } catch {
    return [];
  } finally {
    db.close();
  }
}

async function cursorTail(io: Io, root: string, id: string): Promise<ParsedTranscript | null> {
  const db = await openReadOnly(io, `${root}/globalStorage/state.vscdb`);
  if (db === null) return null;
  try {
    const bounded = `CASE WHEN length(value) <= ${MAX_SQL_VALUE} THEN CAST(value AS TEXT) END`;
    const composer = db.prepare(`SELECT ${bounded} AS value FROM cursorDiskKV WHERE key = ?`)
      .get(`composerData:${id}`) as { value: unknown } | undefined;
    // One key range: every bubble of this composer, each value bounded.
    const rows = db.prepare(
      `SELECT key, ${bounded} AS value FROM cursorDiskKV WHERE key >= ? AND key < ? LIMIT ${MAX_FILES}`,
    ).all(`bubbleId:${id}:`, `bubbleId:${id};`) as { key: string; value: unknown }[];
    const bubbles = new Map(
      rows.map((r) => [r.key.slice(`bubbleId:${id}:`.length), text(r.value)]),
    );
    const { parseCursorComposer } = await import("./cursor.ts");
    const { emptyCounts } = await import("./types.ts");
    return parseCursorComposer(text(composer?.value) ?? null, bubbles, emptyCounts());
  } catch {
    return null;
  } finally {
    db.close();
  }
}

// ---------- list and load ----------

async function sessionFiles(io: Io, host: SourceHost): Promise<SessionFile[]> {
  const root = storeRoots(io)[host];
  if (root === null) return [];
  if (host === "claude-code") return await claudeFiles(io, root);
  if (host === "codex") return await codexFiles(io, root);
  if (host === "gemini") return await geminiFiles(io, root);
  if (host === "copilot") return await copilotFiles(io, root);
  return [];
}

/** Options of {@linkcode listSessions}. */
export interface ListSessionsOptions {
  hosts: readonly SourceHost[];
  /** Keep only sessions whose project is this directory or inside it; null: all. */
  project: string | null;
}

function inProject(project: string | null, root: string | null): boolean {
  if (root === null) return true;
  if (project === null) return false;
  return project === root || project.startsWith(`${root}/`);
}

/** Sessions, newest first. */
export async function listSessions(io: Io, options: ListSessionsOptions): Promise<SessionInfo[]> {
  const out: SessionInfo[] = [];
  for (const host of options.hosts) {
    if (host === "opencode" || host === "cursor") {
      const root = storeRoots(io)[host];
      if (root === null) continue;
      const found = host === "opencode"
        ? await openCodeSessions(io, root)
        : await cursorSessions(io, root);
      out.push(...found.filter((s) => inProject(s.project, options.project)));
      continue;
    }
    let files = await sessionFiles(io, host);
    // Claude Code names the project directory after the path: scope before reading anything.
    if (host === "claude-code" && options.project !== null) {
      const prefix = claudeProjectDir(options.project);
      files = files.filter((f) => f.path.split("/").at(-2)!.startsWith(prefix));
    }
    for (const f of files) {
      if (f.project !== null && !inProject(f.project, options.project)) continue;
      const info = await fileInfo(io, f);
      if (info !== null && inProject(info.project, options.project)) out.push(info);
    }
  }
  return out.sort((a, b) => (b.updated_at ?? "").localeCompare(a.updated_at ?? ""));
}

/** A loaded session: its listing and the turns read. */
export interface LoadedSession {
  info: SessionInfo;
  parsed: ParsedTranscript;
  bytes: number;
  complete: boolean;
}

/** Loads the last turns of a listed session. */
export async function loadSession(
  io: Io,
  info: SessionInfo,
  wantTurns: number,
): Promise<LoadedSession | null> {
  if (info.host === "cursor") {
    const root = storeRoots(io).cursor;
    const parsed = root === null
      ? null
      : await cursorTail(io, root, info.id.slice("cursor:".length));
    return parsed === null ? null : { info, parsed, bytes: 0, complete: true };
  }
  if (info.host === "opencode") {
    const root = storeRoots(io).opencode;
    const parsed = root === null ? null : await openCodeTail(
      io,
      root,
      info.id.slice("opencode:".length),
      Math.max(50, wantTurns * 4),
    );
    return parsed === null ? null : { info, parsed, bytes: 0, complete: false };
  }
  const format: ByteFormat = info.host === "gemini" && info.path.endsWith(".json")
    ? "gemini-json"
    : info.host === "claude-code"
    ? "claude-code"
    : info.host;
  const read = await readTranscriptTail(io, info.path, format, {
    wantTurns,
    maxBytes: 32 * 1024 * 1024,
  });
  return read === null
    ? null
    : { info, parsed: read.parsed, bytes: read.bytes, complete: read.complete };
}

/**
 * A transcript file's format, sniffed from its first line and up to 20 whole
 * lines from its end; null when the file cannot be read. The one sniffer of
 * a transcript file: `baton source`, session capture and the band scan use it.
 */
export async function sniffFile(io: Io, path: string): Promise<ByteFormat | null> {
  const head = await io.readHead(path, SNIFF_BYTES);
  if (head === null) return null;
  const end = head.complete ? head : await io.readTail(path, { maxBytes: SNIFF_BYTES });
  const decode = (b: Uint8Array | undefined) => new TextDecoder().decode(b ?? new Uint8Array());
  return sniffFormat(path, [
    decode(head.bytes).split("\n")[0] ?? "",
    ...decode(end?.bytes).split("\n").slice(1, -1).reverse().slice(0, 20),
  ]);
}

/** Bytes of a file's head and of its tail the sniffer reads. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Guesses a transcript's format from sample lines (the first line, then
 * lines from the end: a sparse or damaged head does not decide it).
 */
export function sniffFormat(path: string, samples: readonly string[]): ByteFormat {
  if (/\.(md|markdown|txt)$/i.test(path)) return "markdown";
  for (const line of samples) {
    let o: Record<string, unknown>;
    try {
      const v = JSON.parse(line);
      if (typeof v !== "object" || v === null || Array.isArray(v)) continue;
      o = v as Record<string, unknown>;
    } catch {
      continue;
    }
    if ("payload" in o && typeof o.type === "string") return "codex";
    if ("projectHash" in o || "$set" in o || "$rewindTo" in o || o.type === "gemini") {
      return path.endsWith(".json") ? "gemini-json" : "gemini";
    }
    if ("data" in o && typeof o.type === "string" && o.type.includes(".")) return "copilot";
    if ("sessionId" in o && typeof o.type === "string") return "claude-code";
    if ("role" in o) return "generic-jsonl";
  }
  return "generic-jsonl";
}

/** The host a format belongs to, or null for generic ones. */
export function formatHost(format: ByteFormat): SourceHost | null {
  if (format === "gemini-json") return "gemini";
  if (format === "generic-jsonl" || format === "markdown") return null;
  return format;
}
