/**
 * Evidence records: what `baton evidence -- CMD` observed when it ran a
 * command (its argv, exit status, duration, a SHA-256 digest of everything
 * it wrote, a bounded redacted excerpt, the HEAD at the time), signed with
 * this machine's key like a capsule, so a draft can cite it and finalize can
 * tell a real run from a claimed one.
 *
 * Decisions:
 * - The id is `ev-` and the first 16 hex digits of the record's digest
 *   (`sha256:` of the RFC 8785 canonical JSON of the record without `id`
 *   and `signature`): short enough for a model to copy, long enough that a
 *   forged record cannot take an existing id. The full digest goes into the
 *   capsule's evidence list.
 * - The signature covers the same bytes behind its own domain prefix
 *   ({@linkcode EVIDENCE_SIGNATURE_DOMAIN}), so it can never be replayed as a
 *   capsule signature or the other way round.
 * - stdout and stderr are digested separately (their interleaving is not
 *   reproducible); each digest covers the full stream, not the excerpt.
 * - `worktree` records the work tree the command ran on (HEAD, every
 *   changed and untracked path and its content hash; see
 *   worktree_state.ts), not only HEAD: an edit after the run, at the same
 *   HEAD, makes the record stale. A record without it (older batons) backs
 *   nothing.
 * - `environment` is a digest over the variables that pick the program or
 *   load code into it (PATH, NODE_OPTIONS, LD_PRELOAD…: run_environment.ts),
 *   never their values; finalize compares it with its own. Git-ignored
 *   files (node_modules/.bin, an ignored .env, build outputs) are bound by
 *   nothing: the briefing says so.
 * Pure apart from hashing and WebCrypto.
 * @module
 */
import type { CapsuleSignature } from "../capsule/types.ts";
import { canonicalJson } from "../json/canonical.ts";
import { sha256Id } from "../hash.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { checkSignature, signMessage } from "../capsule/capsule_signature.ts";
import type { Authorship } from "../trust/authorship_line.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import type { SigningKey } from "../trust/signing_key.ts";
import type { WorktreeState } from "./worktree_state.ts";
import { SCRIPT_PROBLEMS, type ScriptScope } from "./script_scope.ts";
import { RECIPE_RUNNERS } from "./script_runner.ts";

/** The schema identifier of every evidence record. */
export const EVIDENCE_SCHEMA = "baton.evidence/1";

/** Prefix of every signed evidence message. */
export const EVIDENCE_SIGNATURE_DOMAIN = "baton.evidence.signature/1\n";

/** Pattern of an evidence id. */
export const EVIDENCE_ID = /^ev-[0-9a-f]{16}$/;

/** Largest evidence record read back. */
export const MAX_EVIDENCE_BYTES = 256 * 1024;

/** One output stream as recorded. */
export interface StreamDigest {
  /** `sha256:<hex>` of every byte the stream carried. */
  sha256: string;
  bytes: number;
}

/** A recorded command run. */
export interface EvidenceRecord {
  schema: typeof EVIDENCE_SCHEMA;
  id: string;
  kind: "command";
  provenance: "tool";
  /** The argv as run (redacted); with `shell`, one element: the shell text. */
  command: string[];
  shell: boolean;
  /** The exit status; null when the command was ended by a signal or never started. */
  exit_code: number | null;
  signal: string | null;
  /** Set when the program could not be started (`not_found`, `not_permitted`). */
  spawn_error: string | null;
  duration_ms: number;
  stdout: StreamDigest;
  stderr: StreamDigest;
  /** The ends of the output, redacted and bounded. */
  excerpt: { stdout: string; stderr: string; truncated: boolean; redactions: number };
  /** HEAD's commit when the command ran; null outside git or on an unborn branch. */
  head: string | null;
  branch: string | null;
  /** The work tree it ran on; absent in records of older batons. */
  worktree?: WorktreeState;
  /** `sha256:` over the run environment's variables (run_environment.ts); absent in older records. */
  environment?: string;
  /**
   * What the scripts a runner ran cover (`npm test`'s package.json script,
   * judged when it was recorded: script_scope.ts); absent when the command
   * starts no script runner, and in older records.
   */
  scripts?: ScriptScope;
  recorded_at: string;
  signature?: CapsuleSignature;
}

/** A record before its id is computed. */
export type EvidenceBody = Omit<EvidenceRecord, "id" | "signature">;

const enc = new TextEncoder();

function bodyOf(record: EvidenceBody | EvidenceRecord): EvidenceBody {
  const { id: _id, signature: _sig, ...rest } = record as EvidenceRecord;
  return rest;
}

/** `sha256:<hex>` of a record's canonical body: what the id and the capsule cite. */
export async function evidenceDigest(record: EvidenceBody | EvidenceRecord): Promise<string> {
  return await sha256Id(canonicalJson(bodyOf(record)));
}

/** The id for a digest. */
export function evidenceIdOf(digest: string): string {
  return `ev-${digest.replace(/^sha256:/, "").slice(0, 16)}`;
}

function message(record: EvidenceBody | EvidenceRecord): Uint8Array<ArrayBuffer> {
  return enc.encode(EVIDENCE_SIGNATURE_DOMAIN + canonicalJson(bodyOf(record)));
}

/** Computes the id and signs (unsigned when `key` is null). */
export async function sealEvidence(
  body: EvidenceBody,
  key: SigningKey | null,
): Promise<EvidenceRecord> {
  const id = evidenceIdOf(await evidenceDigest(body));
  const record: EvidenceRecord = { ...body, id };
  return key === null ? record : { ...record, signature: await signMessage(message(body), key) };
}

/** Why a stored record cannot back a claim, or null. */
export type RecordProblem = "malformed" | "id_mismatch";

function isDigest(v: unknown): boolean {
  if (v === null || typeof v !== "object") return false;
  const d = v as Record<string, unknown>;
  return typeof d["sha256"] === "string" && /^sha256:[0-9a-f]{64}$/.test(d["sha256"]) &&
    typeof d["bytes"] === "number";
}

function isWorktree(v: unknown): boolean {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const w = v as Record<string, unknown>;
  return Object.keys(w).length === 3 && typeof w["digest"] === "string" &&
    /^sha256:[0-9a-f]{64}$/.test(w["digest"]) && Number.isInteger(w["files"]) &&
    typeof w["complete"] === "boolean";
}

function isScriptScope(v: unknown): boolean {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const s = v as Record<string, unknown>;
  const keys = Object.keys(s).length;
  switch (s["status"]) {
    case "judged":
      return keys === 1;
    case "hidden":
      return keys === 2 && (SCRIPT_PROBLEMS as readonly unknown[]).includes(s["why"]);
    case "not_read":
      return keys === 2 && (RECIPE_RUNNERS as readonly unknown[]).includes(s["runner"]);
    default:
      return false;
  }
}

/**
 * Parses a stored record strictly (shape checked field by field).
 * @returns The record, or null when it is not a well-formed evidence record.
 */
export function parseEvidenceRecord(bytes: Uint8Array): EvidenceRecord | null {
  let raw: unknown;
  try {
    raw = parseStrictJson(bytes, { maxBytes: MAX_EVIDENCE_BYTES });
  } catch {
    return null;
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const ex = r["excerpt"] as Record<string, unknown> | null | undefined;
  const nstr = (v: unknown): boolean => v === null || typeof v === "string";
  const ok = r["schema"] === EVIDENCE_SCHEMA && typeof r["id"] === "string" &&
    EVIDENCE_ID.test(r["id"]) && r["kind"] === "command" && r["provenance"] === "tool" &&
    Array.isArray(r["command"]) && r["command"].every((w) => typeof w === "string") &&
    typeof r["shell"] === "boolean" &&
    (r["exit_code"] === null || Number.isInteger(r["exit_code"])) && nstr(r["signal"]) &&
    nstr(r["spawn_error"]) && typeof r["duration_ms"] === "number" && isDigest(r["stdout"]) &&
    isDigest(r["stderr"]) && ex !== null && typeof ex === "object" &&
    typeof ex["stdout"] === "string" && typeof ex["stderr"] === "string" &&
    typeof ex["truncated"] === "boolean" && typeof ex["redactions"] === "number" &&
    nstr(r["head"]) && nstr(r["branch"]) && typeof r["recorded_at"] === "string" &&
    (r["worktree"] === undefined || isWorktree(r["worktree"])) &&
    (r["environment"] === undefined ||
      typeof r["environment"] === "string" && /^sha256:[0-9a-f]{64}$/.test(r["environment"])) &&
    (r["scripts"] === undefined || isScriptScope(r["scripts"]));
  return ok ? raw as EvidenceRecord : null;
}

/** A record checked: its id recomputed and its signature checked. */
export interface CheckedEvidence {
  /** The id matches the content. */
  intact: boolean;
  authorship: Authorship;
  digest: string;
}

/** Recomputes a record's id and checks its signature against the trusted keys. */
export async function checkEvidenceRecord(
  record: EvidenceRecord,
  trusted: TrustedKeys,
): Promise<CheckedEvidence> {
  const digest = await evidenceDigest(record);
  return {
    intact: evidenceIdOf(digest) === record.id,
    authorship: await checkSignature(record.signature, message(record), trusted, "evidence record"),
    digest,
  };
}

/**
 * The command as one line, exactly as it ran: an argv word with anything
 * but plain characters is single-quoted the way a POSIX shell reads it, so
 * `sh -c 'grep -q x f'` is not shown as `sh -c grep -q x f`. Used for
 * summaries, the briefing and comparing a claim's pinned command.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandLine } from "./evidence_record.ts";
 * assert.equal(commandLine({ command: ["sh", "-c", "grep -q x f"], shell: false }), "sh -c 'grep -q x f'");
 * ```
 */
export function commandLine(record: Pick<EvidenceRecord, "command" | "shell">): string {
  return record.shell ? record.command[0] ?? "" : record.command.map(shellWord).join(" ");
}

function shellWord(w: string): string {
  return /^[A-Za-z0-9_@%+=:,.\/-]+$/.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`;
}
