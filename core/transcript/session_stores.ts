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
import { opensAsJson, sniffRecord } from "./sniff.ts";
import { documentId, rolloutId, stemId } from "./store_file_id.ts";
import type { ParsedTranscript, ReaderConfidence } from "./types.ts";
import type { ReadOnlyDb, TranscriptStoreIo } from "./store_io.ts";
import { HOST_IDS, type HostId } from "../hosts/ids.ts";
import { fullRecord as hostRecord, perHostRecord as perHost } from "../hosts/full_records.ts";
import { HOST_RECORDS } from "../hosts/records.ts";
import type { HostRecord, StoreRoot } from "../hosts/record.ts";

type Io = TranscriptStoreIo;

/** Hosts whose stores baton reads: every host record. */
export const SOURCE_HOSTS: readonly HostId[] = HOST_IDS;
/** One of them. */
export type SourceHost = HostId;

/** The prefix of a session id per host (each record's), and `file` for a file read by path. */
export const ID_PREFIX: Readonly<Record<SourceHost | "file", string>> = {
  ...perHost((r) => r.transcript.idPrefix),
  file: "file",
};

/** Reader facts shown by probe (each record's). */
export const READERS: Readonly<
  Record<SourceHost, { confidence: ReaderConfidence; checked_against: string }>
> = perHost((r) => ({
  confidence: r.transcript.confidence,
  checked_against: r.transcript.checkedAgainst,
}));

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

/** Where a store root is on this machine, from the environment; null when it cannot be told. */
export function storeRoot(io: Io, root: StoreRoot): string | null {
  const home = io.home;
  if (root.kind === "home") {
    const moved = root.env === null ? undefined : io.env(root.env);
    return moved ?? (home === null ? null : `${home}/${root.home}`);
  }
  if (root.kind === "xdg-data") {
    const data = io.env("XDG_DATA_HOME") ?? (home === null ? null : `${home}/.local/share`);
    return data === null ? null : `${data}/${root.dir}`;
  }
  if (home === null) return null;
  if (io.os === "darwin") return `${home}/Library/Application Support/${root.app}/User`;
  if (io.os === "windows") {
    const appData = io.env("APPDATA");
    return appData === undefined ? null : `${appData.replaceAll("\\", "/")}/${root.app}/User`;
  }
  return `${io.env("XDG_CONFIG_HOME") ?? `${home}/.config`}/${root.app}/User`;
}

/** The directories and files each host uses, from the environment (each record's store root). */
export function storeRoots(io: Io): Record<SourceHost, string | null> {
  return { ...perHost((r) => storeRoot(io, r.transcript.root)) };
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
    const layout = hostRecord(host).transcript.layout;
    // No reader yet: nothing to look for.
    const path = root === null || layout === "none"
      ? null
      : `${root}/${hostRecord(host).transcript.sessions}`;
    let format: string | null = null;
    let readable = false;
    const isDb = isDatabase(layout);
    const exists = path !== null &&
      (isDb ? (await stat(io, path)) !== null : await isDir(io, path));
    if (exists && path !== null) {
      if (isDatabase(layout)) {
        const probe = await probeTables(io, path, DB_TABLES[layout as "cursor-db" | "opencode-db"]);
        readable = probe.readable;
        format = probe.format;
      } else {
        readable = (await entries(io, path)).length >= 0;
        format = layout === "codex-dated"
          ? `rollout jsonl${await codexIndexName(io, root!) ?? ""}`
          : layout === "copilot-state"
          ? "events.jsonl"
          : layout === "gemini-tmp" || layout === "qwen-projects"
          ? "chat jsonl"
          : layout === "pi-sessions"
          ? "session jsonl"
          : layout === "continue-sessions"
          ? "session json"
          : "project jsonl";
      }
    }
    out.push({ host, path, exists, readable, format, ...READERS[host] });
  }
  return out;
}

/** The tables a database store must have, and how probe names a store that has them. */
const DB_TABLES = {
  "cursor-db": { tables: ["cursorDiskKV"], format: "state.vscdb (cursorDiskKV)" },
  "opencode-db": {
    tables: ["session", "message", "part"],
    format: "opencode sqlite (session/message/part)",
  },
} as const;

/** Whether a database has every table its reader needs; its format as probe shows it. */
async function probeTables(
  io: Io,
  path: string,
  want: { tables: readonly string[]; format: string },
): Promise<{ readable: boolean; format: string | null }> {
  const db = await openReadOnly(io, path);
  if (db === null) return { readable: false, format: null };
  try {
    const marks = want.tables.map(() => "?").join(", ");
    const row = db.prepare(
      `SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN (${marks})`,
    ).get(...want.tables) as { n: number };
    const readable = row.n === want.tables.length;
    return { readable, format: readable ? want.format : "unknown sqlite schema" };
  } catch {
    return { readable: false, format: "unreadable sqlite" };
  } finally {
    db.close();
  }
}

async function codexIndexName(io: Io, root: string): Promise<string | null> {
  const names = (await entries(io, root)).map((e) => e.name).filter((n) =>
    /^state_\d+\.sqlite$/.test(n)
  );
  return names.length === 0 ? null : ` + index ${names.sort().at(-1)}`;
}

// ---------- session files ----------

/** True for a store that is one database rather than files. */
function isDatabase(layout: HostRecord["transcript"]["layout"]): boolean {
  return layout === "opencode-db" || layout === "cursor-db";
}

/** The format of a record's transcript files (the usual one), or the generic reader's. */
function recordFormat(record: HostRecord): ByteFormat {
  return record.transcript.formats[0] ?? "generic-jsonl";
}

interface SessionFile {
  host: string;
  /** The host's session id prefix. */
  prefix: string;
  path: string;
  format: ByteFormat;
  /** The id when the file name gives it. */
  id: string | null;
  /** Project directory when the location gives it. */
  project: string | null;
}

async function claudeFiles(io: Io, record: HostRecord, base: string): Promise<SessionFile[]> {
  const out: SessionFile[] = [];
  for (const dir of await entries(io, base)) {
    if (!dir.isDirectory) continue;
    for (const f of await entries(io, `${base}/${dir.name}`)) {
      const m = /^(.+)\.jsonl$/.exec(f.name);
      if (f.isFile && m !== null && out.length < MAX_FILES) {
        out.push({
          host: record.id,
          prefix: record.transcript.idPrefix,
          path: `${base}/${dir.name}/${f.name}`,
          format: recordFormat(record),
          id: m[1]!,
          project: null,
        });
      }
    }
  }
  return out;
}

async function codexFiles(io: Io, record: HostRecord, base: string): Promise<SessionFile[]> {
  const out: SessionFile[] = [];
  const desc = (xs: { name: string }[]) => xs.map((x) => x.name).sort().reverse();
  for (const y of desc(await entries(io, base))) {
    for (const m of desc(await entries(io, `${base}/${y}`))) {
      for (const d of desc(await entries(io, `${base}/${y}/${m}`))) {
        for (const f of desc(await entries(io, `${base}/${y}/${m}/${d}`))) {
          const id = rolloutId(f);
          if (id === null || out.length >= MAX_FILES) continue;
          out.push({
            host: record.id,
            prefix: record.transcript.idPrefix,
            path: `${base}/${y}/${m}/${d}/${f}`,
            format: recordFormat(record),
            id,
            project: null,
          });
        }
      }
    }
  }
  return out;
}

async function geminiFiles(io: Io, record: HostRecord, tmp: string): Promise<SessionFile[]> {
  const out: SessionFile[] = [];
  for (const dir of await entries(io, tmp)) {
    if (!dir.isDirectory) continue;
    const base = `${tmp}/${dir.name}`;
    const marker = await io.readHead(`${base}/.project_root`, 4096);
    const project = marker === null ? null : new TextDecoder().decode(marker.bytes).trim() || null;
    for (const f of await entries(io, `${base}/chats`)) {
      if (!f.isFile || !/^session-.*\.jsonl?$/.test(f.name) || out.length >= MAX_FILES) continue;
      out.push({
        host: record.id,
        prefix: record.transcript.idPrefix,
        path: `${base}/chats/${f.name}`,
        format: f.name.endsWith(".json") ? "gemini-json" : "gemini",
        id: null,
        project,
      });
    }
  }
  return out;
}

/**
 * One folder per project under `base`, each holding session files: Qwen Code's
 * `<project>/chats/<session>.jsonl` (`sub` "chats") and pi's
 * `<project>/<time>_<session>.jsonl` (`sub` ""). The session id is the file
 * name's last `_`-separated part; the project comes from the records.
 */
async function projectFolderFiles(
  io: Io,
  record: HostRecord,
  base: string,
  sub: string,
): Promise<SessionFile[]> {
  const out: SessionFile[] = [];
  for (const dir of await entries(io, base)) {
    if (!dir.isDirectory || dir.name.startsWith(".")) continue;
    const folder = sub === "" ? `${base}/${dir.name}` : `${base}/${dir.name}/${sub}`;
    for (const f of await entries(io, folder)) {
      if (!f.isFile || !f.name.endsWith(".jsonl") || out.length >= MAX_FILES) continue;
      out.push({
        host: record.id,
        prefix: record.transcript.idPrefix,
        path: `${folder}/${f.name}`,
        format: recordFormat(record),
        id: stemId(f.name),
        project: null,
      });
    }
  }
  return out;
}

/** One JSON document per session in `dir`, named by its id (Continue CLI; not its index). */
async function documentFiles(io: Io, record: HostRecord, dir: string): Promise<SessionFile[]> {
  const out: SessionFile[] = [];
  for (const f of await entries(io, dir)) {
    const id = documentId(f.name);
    if (!f.isFile || id === null || out.length >= MAX_FILES) continue;
    out.push({
      host: record.id,
      prefix: record.transcript.idPrefix,
      path: `${dir}/${f.name}`,
      format: recordFormat(record),
      id,
      project: null,
    });
  }
  return out;
}

async function copilotFiles(io: Io, record: HostRecord, state: string): Promise<SessionFile[]> {
  const out: SessionFile[] = [];
  for (const dir of await entries(io, state)) {
    if (!dir.isDirectory || dir.name.startsWith(".") || out.length >= MAX_FILES) continue;
    const base = `${state}/${dir.name}`;
    const ws = await io.readHead(`${base}/workspace.yaml`, 16 * 1024);
    const cwd = ws === null
      ? null
      : /^cwd:\s*(.+)$/m.exec(new TextDecoder().decode(ws.bytes))?.[1]?.trim() ?? null;
    out.push({
      host: record.id,
      prefix: record.transcript.idPrefix,
      path: `${base}/events.jsonl`,
      format: recordFormat(record),
      id: dir.name,
      project: cwd,
    });
  }
  return out;
}

/**
 * Reads the last turns of a transcript: a JSON Lines file through the one
 * backward reader (json_lines.ts), widening the window until it has
 * `wantTurns` or reaches `maxBytes`; a one-document file whole, or not at
 * all when it is over `maxBytes`.
 */
export async function readTranscriptTail(
  io: Io,
  path: string,
  format: ByteFormat,
  options: { wantTurns: number; maxBytes: number },
): Promise<
  { parsed: ParsedTranscript; bytes: number; fileBytes: number; complete: boolean } | null
> {
  const { isJsonLines, parseRecords, parseTranscriptBytes } = await import(
    "./parse_transcript.ts"
  );
  if (!isJsonLines(format)) {
    const whole = await io.readHead(path, options.maxBytes);
    if (whole === null) return null;
    if (!whole.complete) {
      // A one-document file over the bound is not read at all rather than read cut.
      const { emptyCounts, emptyMeta } = await import("./types.ts");
      const counts = emptyCounts();
      counts.invalid = 1;
      return {
        parsed: { turns: [], counts, meta: emptyMeta() },
        bytes: 0,
        fileBytes: whole.fileBytes,
        complete: false,
      };
    }
    const parsed = parseTranscriptBytes(format, whole.bytes);
    return { parsed, bytes: whole.bytes.length, fileBytes: whole.fileBytes, complete: true };
  }
  const { fileSource, readRecordsBackward } = await import("./json_lines.ts");
  let budget = Math.min(options.maxBytes, 1024 * 1024);
  for (;;) {
    let source;
    try {
      source = await fileSource(io.fs, path);
      if (source === null) return null;
      const tail = await readRecordsBackward(source, { maxBytes: budget });
      const parsed = parseRecords(format, tail.records, tail.counts);
      if (tail.complete || parsed.turns.length >= options.wantTurns || budget >= options.maxBytes) {
        return { parsed, bytes: tail.bytes, fileBytes: tail.fileBytes, complete: tail.complete };
      }
    } catch {
      // Unreadable (gone, not a file, a read error): nothing.
      return null;
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
    id: `${f.prefix}:${raw}`,
    host: f.host as SourceHost,
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

async function sessionFiles(io: Io, record: HostRecord): Promise<SessionFile[]> {
  const root = storeRoot(io, record.transcript.root);
  if (root === null) return [];
  const base = `${root}/${record.transcript.sessions}`;
  switch (record.transcript.layout) {
    case "claude-projects":
      return await claudeFiles(io, record, base);
    case "codex-dated":
      return await codexFiles(io, record, base);
    case "gemini-tmp":
      return await geminiFiles(io, record, base);
    case "copilot-state":
      return await copilotFiles(io, record, base);
    case "qwen-projects":
      return await projectFolderFiles(io, record, base, "chats");
    case "pi-sessions":
      return await projectFolderFiles(io, record, base, "");
    case "continue-sessions":
      return await documentFiles(io, record, base);
    default:
      return [];
  }
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
    out.push(...await listRecordSessions(io, hostRecord(host), options.project));
  }
  return out.sort((a, b) => (b.updated_at ?? "").localeCompare(a.updated_at ?? ""));
}

/** The sessions of the host `record` describes, in its store's order. */
export async function listRecordSessions(
  io: Io,
  record: HostRecord,
  project: string | null,
): Promise<SessionInfo[]> {
  const layout = record.transcript.layout;
  if (isDatabase(layout)) {
    const root = storeRoot(io, record.transcript.root);
    if (root === null) return [];
    const found = layout === "opencode-db"
      ? await openCodeSessions(io, root)
      : await cursorSessions(io, root);
    return found.filter((s) => inProject(s.project, project));
  }
  const out: SessionInfo[] = [];
  let files = await sessionFiles(io, record);
  // Claude Code names the project directory after the path: scope before reading anything.
  if (layout === "claude-projects" && project !== null) {
    const prefix = claudeProjectDir(project);
    files = files.filter((f) => f.path.split("/").at(-2)!.startsWith(prefix));
  }
  for (const f of files) {
    if (f.project !== null && !inProject(f.project, project)) continue;
    const info = await fileInfo(io, f);
    if (info !== null && inProject(info.project, project)) out.push(info);
  }
  return out;
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
  record: HostRecord = hostRecord(info.host),
): Promise<LoadedSession | null> {
  const bare = info.id.slice(info.id.indexOf(":") + 1);
  if (isDatabase(record.transcript.layout)) {
    const root = storeRoot(io, record.transcript.root);
    if (root === null) return null;
    if (record.transcript.layout === "cursor-db") {
      const parsed = await cursorTail(io, root, bare);
      return parsed === null ? null : { info, parsed, bytes: 0, complete: true };
    }
    const parsed = await openCodeTail(io, root, bare, Math.max(50, wantTurns * 4));
    return parsed === null ? null : { info, parsed, bytes: 0, complete: false };
  }
  const format = fileFormat(record, info.path);
  const read = await readTranscriptTail(io, info.path, format, {
    wantTurns,
    maxBytes: 32 * 1024 * 1024,
  });
  return read === null
    ? null
    : { info, parsed: read.parsed, bytes: read.bytes, complete: read.complete };
}

/**
 * A transcript file's format, sniffed from its first line and then from the
 * lines at its end (read backwards by the one reader, up to the newest line
 * that tells); a file that does not open with a JSON object is free-form text
 * (`markdown`, which a capture never reads); null when the file cannot be
 * read. The one sniffer of a
 * transcript file (sniff.ts's record sniffer underneath): `baton source` and
 * session capture use it, and the band scan sniffs its records the same way.
 */
export async function sniffFile(io: Io, path: string): Promise<ByteFormat | null> {
  const head = await io.readHead(path, SNIFF_BYTES);
  if (head === null) return null;
  const text = new TextDecoder().decode(head.bytes);
  const byHead = sniffLine(path, text.split("\n")[0] ?? "");
  if (byHead !== null) return byHead;
  // A file that does not open with a JSON object is no JSON Lines, whatever its name: a free-form
  // text transcript (Cursor's `user:`/`[Tool result]` lines) holds a tool's output verbatim, and
  // a file the agent read can hold lines shaped like any host's records. Sniffed backwards from
  // its end, such a line named the format: a stranger's log put "user asked" and a passed
  // `npm test` in this machine's capsule, as a verified reader's record.
  if (!opensAsJson(text)) return "markdown";
  const told: { format: ByteFormat | null } = { format: null };
  try {
    const { fileSource, readRecordsBackward } = await import("./json_lines.ts");
    const source = await fileSource(io.fs, path);
    let looked = 0;
    if (source !== null) {
      await readRecordsBackward(source, {
        maxBytes: SNIFF_BYTES,
        stopAt: (o) => (told.format = sniffRecord(o, path)) !== null || ++looked >= 20,
      });
    }
  } catch {
    // Unreadable past the head: the head decided nothing, so generic.
  }
  return told.format ?? "generic-jsonl";
}

/** Bytes of a file's head and of its tail the sniffer reads. */
const SNIFF_BYTES = 64 * 1024;

/** The format one sample line tells (markdown by the path alone), or null. */
function sniffLine(path: string, line: string): ByteFormat | null {
  if (/\.(md|markdown|txt)$/i.test(path)) return "markdown";
  try {
    const v = JSON.parse(line);
    if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
    return sniffRecord(v as Record<string, unknown>, path);
  } catch {
    return null;
  }
}

/** The host a format belongs to, or null for generic ones. */
export function formatHost(format: ByteFormat): SourceHost | null {
  return HOST_RECORDS.find((r) => (r.transcript.formats as readonly string[]).includes(format))
    ?.id ?? null;
}

/**
 * The format of one of a host's transcript files: the record's `.json` one
 * for a `.json` file when it has one (Gemini CLI's older chats), else its
 * usual one; the generic reader's for a host that names none.
 */
export function fileFormat(record: HostRecord, path: string): ByteFormat {
  const formats: readonly ByteFormat[] = record.transcript.formats;
  if (path.endsWith(".json")) {
    const json = formats.find((f) => f.endsWith("-json"));
    if (json !== undefined) return json;
  }
  return formats[0] ?? "generic-jsonl";
}
