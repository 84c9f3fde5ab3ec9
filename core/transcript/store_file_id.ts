/**
 * The session id a host's store gives one transcript file by where it lies
 * and how it is named: the id `baton source list` shows for it and `baton
 * source show` opens it by. Session capture names the file it read by this
 * id, never by the session id the file's records state (a Claude Code file
 * continuing another session states the older session's id in every copied
 * record; a file outside the store is opened by no id at all). Pure.
 * @module
 */
import type { StoreLayout } from "../hosts/record.ts";

/** What a file's place says of its id. */
export type StoreFileId =
  /** The file's name (or folder) gives this id. */
  | { kind: "named"; id: string }
  /** The file is in the store, where its id is the one its header states (Gemini CLI). */
  | { kind: "header" }
  /** Not a session file of this store. */
  | { kind: "none" };

const NONE: StoreFileId = { kind: "none" };

const CODEX_ROLLOUT =
  /^rollout-.*?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/;
const STEM_ID = /^[A-Za-z0-9-]{1,200}$/;
const DOCUMENT = /^([A-Za-z0-9-]{1,200})\.json$/;

/** The id of a `<time>_<session>.jsonl` name: its last `_`-separated part, or null. */
export function stemId(name: string): string | null {
  if (!name.endsWith(".jsonl")) return null;
  const stem = name.slice(0, -".jsonl".length);
  const id = stem.slice(stem.lastIndexOf("_") + 1);
  return STEM_ID.test(id) ? id : null;
}

/** The id of a Codex rollout file's name, or null. */
export function rolloutId(name: string): string | null {
  return CODEX_ROLLOUT.exec(name)?.[1] ?? null;
}

/** The id of a Continue session document's name (not its index), or null. */
export function documentId(name: string): string | null {
  const m = DOCUMENT.exec(name);
  return m === null || name === "sessions.json" ? null : m[1]!;
}

/**
 * The id `path` has in a store whose sessions folder is `base`, laid out as
 * `layout`. Only a path spelled as the lister walks the store (no empty,
 * `.` or `..` part) is in it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { storeFileId } from "./store_file_id.ts";
 * const base = "/h/.claude/projects";
 * assert.deepEqual(storeFileId("claude-projects", base, `${base}/-r/abc.jsonl`), { kind: "named", id: "abc" });
 * assert.deepEqual(storeFileId("claude-projects", base, "/r/docs/abc.jsonl"), { kind: "none" });
 * ```
 */
export function storeFileId(layout: StoreLayout, base: string, path: string): StoreFileId {
  if (base === "" || !path.startsWith(`${base}/`)) return NONE;
  const parts = path.slice(base.length + 1).split("/");
  if (parts.some((p) => p === "" || p === "." || p === "..")) return NONE;
  const named = (id: string | null): StoreFileId => id === null ? NONE : { kind: "named", id };
  const [a, b, c, d] = parts;
  switch (layout) {
    case "claude-projects":
      return parts.length === 2 && b!.endsWith(".jsonl") && b!.length > ".jsonl".length
        ? named(b!.slice(0, -".jsonl".length))
        : NONE;
    case "codex-dated":
      return parts.length === 4 ? named(rolloutId(d!)) : NONE;
    case "copilot-state":
      return parts.length === 2 && b === "events.jsonl" && !a!.startsWith(".") ? named(a!) : NONE;
    case "qwen-projects":
      return parts.length === 3 && b === "chats" && !a!.startsWith(".") ? named(stemId(c!)) : NONE;
    case "pi-sessions":
      return parts.length === 2 && !a!.startsWith(".") ? named(stemId(b!)) : NONE;
    case "continue-sessions":
      return parts.length === 1 ? named(documentId(a!)) : NONE;
    case "gemini-tmp":
      return parts.length === 3 && b === "chats" && /^session-.*\.jsonl?$/.test(c!)
        ? { kind: "header" }
        : NONE;
    default:
      return NONE;
  }
}
