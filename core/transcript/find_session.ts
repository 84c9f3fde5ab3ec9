/**
 * Finds and loads the session `baton source show` names: a transcript file
 * (its format sniffed), or a listed session by id prefix.
 * @module
 */
import { NotFoundError, UsageError } from "../errors.ts";
import {
  formatHost,
  listSessions,
  type LoadedSession,
  loadSession,
  readTranscriptTail,
  type SessionInfo,
  sniffFile,
  type SourceHost,
} from "./session_stores.ts";
import type { TranscriptStoreIo } from "./store_io.ts";

/**
 * A session found to show: a listed one, or a file read by path, whose host
 * is `generic` when its format is no host's (the generic reader's, or
 * free-form text): baton never saw which program wrote it.
 */
export interface FoundSession extends Omit<LoadedSession, "info"> {
  info: Omit<SessionInfo, "host"> & { host: SourceHost | "generic" };
}

/**
 * The session `want` names: a transcript file when it holds a "/", else a
 * listed session whose id (with or without its host prefix) starts with it.
 * @throws {NotFoundError} when nothing matches or it cannot be read.
 * @throws {UsageError} when the prefix matches more than one session.
 */
export async function findAndLoadSession(
  io: TranscriptStoreIo,
  want: string,
  hosts: readonly SourceHost[],
  tail: number,
): Promise<FoundSession> {
  if (want.includes("/")) {
    const format = await sniffFile(io, want);
    if (format === null) {
      throw new NotFoundError(
        "Cannot read that transcript file: it is missing or not a file",
        "session_not_found",
      );
    }
    const read = await readTranscriptTail(io, want, format, {
      wantTurns: tail,
      maxBytes: 32 * 1024 * 1024,
    });
    if (read === null) {
      throw new NotFoundError("Cannot read that transcript file", "session_not_found");
    }
    const host = formatHost(format);
    return {
      info: {
        id: `file:${want}`,
        host: host ?? "generic",
        project: read.parsed.meta.cwd,
        started_at: read.parsed.meta.started_at,
        updated_at: read.parsed.meta.updated_at,
        turns: read.parsed.turns.length,
        turns_estimated: !read.complete,
        bytes: read.fileBytes,
        path: want,
      },
      parsed: read.parsed,
      bytes: read.bytes,
      complete: read.complete,
    };
  }
  const all = await listSessions(io, { hosts, project: null });
  const bare = (id: string) => id.slice(id.indexOf(":") + 1);
  const matches = all.filter((s) => s.id.startsWith(want) || bare(s.id).startsWith(want));
  const exact = matches.filter((s) => s.id === want || bare(s.id) === want);
  const pick = exact.length === 1 ? exact : matches;
  if (pick.length === 0) {
    throw new NotFoundError(
      "Cannot find that session: run baton source list --all-projects",
      "session_not_found",
    );
  }
  if (pick.length > 1) {
    throw new UsageError(
      `That session prefix is ambiguous: ${pick.length} sessions match; give more of the id`,
    );
  }
  const loaded = await loadSession(io, pick[0]!, tail);
  if (loaded === null) {
    throw new NotFoundError(
      "Cannot read that session: its file is missing or unreadable",
      "session_not_found",
    );
  }
  return loaded;
}
