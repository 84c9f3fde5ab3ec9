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
}

/** A decision; later capsules may supersede it by id. */
export interface Decision extends Claim {
  id: string;
  why: string | null;
  status: "active" | "superseded";
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
  /** Who wrote it; outside the id and the signed bytes. Absent: unsigned. */
  signature?: CapsuleSignature;
}
