/**
 * The capsule data model as plain TypeScript types (no zod here, so light
 * readers such as the briefing renderer do not pay for loading it).
 * @module
 */
import type { Facts } from "./recorded_facts.ts";
import type { Provenance, TrustState } from "../trust/states.ts";

/** The schema identifier written into every capsule. */
export const CAPSULE_SCHEMA = "baton.capsule/1";

/** A statement with where it came from and how much weight it carries. */
export interface Claim {
  text: string;
  provenance: Provenance;
  trust: TrustState;
  evidence_refs: string[];
  captured_at: string;
}

/** A machine-produced record a claim can cite. */
export interface Evidence {
  id: string;
  kind: string;
  source: string;
  /** `sha256:<64 hex>`. */
  digest: string;
  summary: string;
  captured_at: string;
  provenance: Provenance;
  trust: TrustState;
  /**
   * For command evidence (`baton evidence`): the HEAD commit when the
   * command ran, so a briefing can say it is stale. Absent on other kinds
   * and on capsules written before evidence records existed.
   */
  head?: string | null;
  /**
   * For command evidence: the digest of the work tree the command ran on
   * (core/evidence/worktree_state.ts), equal to that of the capsule's own
   * facts when finalize accepted the citation. Absent on other kinds and on
   * capsules written before it was recorded (such evidence is never
   * verified: it cannot be tied to a tree).
   */
  worktree?: string | null;
}

/**
 * A decision. Its id stays the same in every capsule that repeats it; a
 * later capsule may replace it (a new decision with `supersedes: <id>`) or
 * withdraw it (the same id with status `withdrawn`); see
 * core/chain/decisions.ts. `withdrawn` is new: capsules written before it
 * carry only the other two.
 */
export interface Decision extends Claim {
  id: string;
  why: string | null;
  status: "active" | "superseded" | "withdrawn";
  supersedes: string | null;
}

/** Something in the way, with the question that would unblock it. */
export interface Blocker extends Claim {
  question: string | null;
}

/** The one next thing to do; its command is carried as inert text. */
export interface NextAction extends Claim {
  command: string | null;
}

/** The model's half: meaning, never facts. */
export interface Meaning {
  now: string | null;
  completed: Claim[];
  decisions: Decision[];
  verified_facts: Claim[];
  hypotheses: Claim[];
  blockers: Blocker[];
  next_steps: Claim[];
  next_action: NextAction | null;
  plan_changes: Claim[];
  pointers: string[];
  fold: boolean;
}

/**
 * How a capsule came to be written. `turn_end`: by a hook that fires after
 * (or between) turns, not at the end of a session nor before a compaction
 * known to happen (a host's Stop or idle event, Gemini CLI's PreCompress,
 * which fires before every model request).
 */
export const TRIGGERS = [
  "manual",
  "pre_compact",
  "session_end",
  "turn_end",
  "fold",
  "paste",
] as const;
/** One trigger. */
export type Trigger = typeof TRIGGERS[number];

/** One trust or provenance rewrite applied when the capsule was written. */
export interface Downgrade {
  /** JSON-path-like location, e.g. `verified_facts[2]`. */
  field: string;
  what: "trust" | "provenance";
  from: string;
  to: string;
  why: string;
}

/** What the budgeter removed or shortened. */
export interface BudgetReport {
  limit_chars: number;
  used_chars: number;
  dropped: { field: string; count: number; reason: string }[];
  truncated: { field: string; from_chars: number; to_chars: number }[];
}

/** Secret-scan outcome. */
export interface Sanitize {
  scan_status: "passed" | "failed" | "not_run" | "unknown";
  redactions: { field: string; kind: string }[];
}

/** A pointer that was refused, with the reason (the path itself is not repeated). */
export interface DroppedPointer {
  index: number;
  reason: "absolute" | "escapes_repository" | "symlink_outside" | "invalid";
}

/**
 * The writer's Ed25519 signature over the capsule (see
 * core/trust/capsule_signature.ts for what it covers). Absent on unsigned
 * capsules, which stay readable but keep no `verified` or `observed`.
 */
export interface CapsuleSignature {
  /** Always "ed25519" for now; anything else does not verify. */
  algorithm: string;
  /** `ed25519:<base64url of the 32-byte public key>`. */
  public_key: string;
  /** `sha256:<hex>` of the raw public key. */
  fingerprint: string;
  /** The 64-byte signature, base64url. */
  value: string;
}

/** A command the transcript records, with its exit status when one was recorded. */
export interface SessionCommand {
  command: string;
  /** The exit status the host recorded; null when none was. */
  exit_code: number | null;
  /** The host's success flag (false for an error result); null when it gave none. */
  ok: boolean | null;
  /** The command classifier's class for the command text. */
  class: "read_only" | "review" | "dangerous";
  /** Dangerous families the classifier matched. */
  families: string[];
  /** `observed` when an exit status or success flag was recorded, else `claimed`. */
  trust: TrustState;
  at: string | null;
}

/** A test run found among the commands. */
export interface SessionTest {
  command: string;
  outcome: "passed" | "failed" | "unknown";
  exit_code: number | null;
}

/**
 * What the host's own transcript says happened in the session that wrote
 * the capsule (automatic capsules only). Provenance `transcript`; every
 * string in it came from a file another program wrote, so the briefing
 * shows it fenced as untrusted content. Absent in capsules written without
 * a transcript (and in every capsule older than this field).
 */
export interface SessionRecord {
  provenance: "transcript";
  /** The host whose transcript was read (baton's host id). */
  host: string;
  /** The session id as `baton source show` takes it (`codex:<id>`), or null. */
  source_id: string | null;
  /** The format the reader detected, e.g. `claude-code 2.1.197`. */
  format: string | null;
  reader_confidence: "verified" | "documented" | "guessed";
  /** The last user requests, oldest first (claims: what the log says the user typed). */
  user_requests: { text: string; at: string | null }[];
  /** Commands run, oldest first. */
  commands: SessionCommand[];
  files_read: string[];
  files_edited: string[];
  tests: SessionTest[];
  /** The assistant's last message: a claim. */
  last_assistant_message: string | null;
  /** How much was read: the tail only when `complete` is false. */
  read: {
    bytes: number;
    file_bytes: number;
    complete: boolean;
    turns: number;
    skipped: number;
    unknown: number;
    invalid: number;
  };
  /** What the bounds left out, per field. */
  dropped: { field: string; count: number }[];
}

/** One capsule. */
export interface Capsule {
  schema: typeof CAPSULE_SCHEMA;
  /** `sha256:<hex>` of the canonical JSON of the capsule without this field. */
  id: string;
  previous: string | null;
  created_at: string;
  trigger: Trigger;
  status: "active" | "blocked";
  origin: { tool: string; version: string; host: string | null; session: string | null };
  meaning: Meaning;
  evidence: Evidence[];
  facts: Facts;
  /** Facts collected when the capsule was ingested rather than written (paste path). */
  facts_collected_at_ingest: boolean;
  /** For carried-forward capsules (hooks): where the meaning came from. */
  carried_from: { id: string; created_at: string } | null;
  pointers_dropped: DroppedPointer[];
  sanitize: Sanitize;
  budget: BudgetReport;
  downgrades: Downgrade[];
  /** What the transcript recorded (automatic capsules with a readable transcript). */
  session?: SessionRecord;
  /** Who wrote it; outside the id and the signed bytes. Absent: unsigned. */
  signature?: CapsuleSignature;
}
