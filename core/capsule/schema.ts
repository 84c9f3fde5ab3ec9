/**
 * The schema of a stored capsule. Strict: a capsule carrying fields this
 * version does not know is refused rather than half-trusted. Written with
 * the shape checker of core/json/shape_check.ts (zod's builder names, zod's
 * issues), not zod itself: every hook and `load` reads a capsule, and loading
 * zod cost each of them ~40 ms and ~17 MB. A differential test holds this
 * schema equal to the same declarations built with zod.
 * @module
 */
import { type Shape, z as shapes } from "../json/shape_check.ts";
import { PROVENANCES, TRUST_STATES } from "../trust/states.ts";
import { type Capsule, CAPSULE_SCHEMA, TRIGGERS } from "./types.ts";

/** The builders a schema is declared with: the shape checker's, or zod's (the differential test). */
export type SchemaBuilders = typeof shapes;

/**
 * Declares the capsule's shape with `z`. Exported for the differential test,
 * which declares it again with zod and compares the two on many inputs.
 */
// deno-lint-ignore explicit-module-boundary-types -- the shapes' types are what the declarations infer
export function declareCapsuleShape(z: SchemaBuilders) {
  const MAX_TEXT = 100_000;
  const MAX_LIST = 10_000;
  const str = z.string().max(MAX_TEXT);
  const nstr = str.nullable();
  const list = <T>(t: Shape<T>) => z.array(t).max(MAX_LIST);
  // Fields a capsule's chain and its readers rely on are checked by shape: a
  // capsule is untrusted input, and an id or a time is printed as one.
  const capsuleId = z.string().regex(/^sha256:[0-9a-f]{64}$/);
  const utcTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/);
  // A git object id (SHA-1 or SHA-256), a content digest, and a porcelain status pair.
  const objectId = z.string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/);
  const contentDigest = z.string().regex(/^sha256:[0-9a-f]{64}$/);
  const statusPair = z.string().regex(/^[.MTADRCU?!]{2}$/);

  const claimShape = {
    text: str,
    provenance: z.enum(PROVENANCES),
    trust: z.enum(TRUST_STATES),
    evidence_refs: list(str),
    captured_at: utcTime,
  };
  const claim = z.strictObject(claimShape);
  const decision = z.strictObject({
    ...claimShape,
    id: str,
    why: nstr,
    status: z.enum(["active", "superseded", "withdrawn"]),
    supersedes: nstr,
  });
  const blocker = z.strictObject({ ...claimShape, question: nstr });
  const nextAction = z.strictObject({ ...claimShape, command: nstr });

  const evidence = z.strictObject({
    id: str,
    kind: str,
    source: str,
    digest: str,
    summary: str,
    captured_at: utcTime,
    provenance: z.enum(PROVENANCES),
    trust: z.enum(TRUST_STATES),
    head: objectId.nullable().optional(),
    worktree: nstr.optional(),
  });

  const changedFile = z.strictObject({
    path: str,
    status: z.enum([
      "modified",
      "added",
      "deleted",
      "renamed",
      "typechange",
      "unmerged",
      "untracked",
      "stat_changed",
    ]),
    xy: statusPair,
    orig_path: nstr,
    kind: z.enum(["file", "symlink", "submodule"]),
    sha256: contentDigest.nullable(),
    size: z.number().int().min(0).nullable(),
    mtime_ms: z.number().nullable().optional(),
    executable: z.boolean().optional(),
    stored_sha256: contentDigest.nullable().optional(),
    hash_skipped: z.enum([
      "deleted",
      "too_large",
      "over_count",
      "unreadable",
      "submodule",
      "not_regular",
      "over_time",
    ])
      .nullable(),
  });

  const facts = z.strictObject({
    status: z.enum(["collected", "not_a_repo", "unavailable"]),
    captured_at: utcTime.nullable(),
    repo_root: nstr,
    remotes: list(z.strictObject({ name: str, url: str })),
    branch: nstr,
    detached: z.boolean(),
    head: objectId.nullable(),
    has_commits: z.boolean(),
    operation: nstr,
    dirty: z.boolean().nullable(),
    changed_files: list(changedFile),
    changed_count: z.number().int().min(0),
    untracked_count: z.number().int().min(0),
    untracked_truncated: z.boolean(),
    skipped: z.record(z.string(), z.number().int().min(0)),
    published: z.strictObject({
      status: z.enum(["yes", "no", "unknown"]),
      refs: list(str),
      reason: str,
    }),
    notes: list(str),
    tree: z.strictObject({
      status: z.enum(["complete", "partial"]),
      reason: str,
      changed: list(str),
      changed_total: z.number().int().min(0),
      untracked: list(str),
      untracked_total: z.number().int().min(0),
      untracked_complete: z.boolean(),
      unchecked: list(str),
      unchecked_total: z.number().int().min(0),
      changed_xy: list(str).optional(),
      file_mode: z.literal(false).optional(),
      symlinks: z.literal(false).optional(),
    }).optional(),
    unavailable: list(
      z.strictObject({
        part: z.enum(["repository", "config", "head", "worktree"]),
        reason: str,
      }),
    ).optional(),
  });

  const count = z.number().int().min(0);
  const session = z.strictObject({
    provenance: z.literal("transcript"),
    host: z.string().max(64),
    source_id: nstr,
    format: nstr,
    reader_confidence: z.enum(["verified", "documented", "guessed"]),
    user_requests: list(z.strictObject({ text: str, at: nstr })),
    commands: list(z.strictObject({
      command: str,
      exit_code: z.number().int().nullable(),
      ok: z.boolean().nullable(),
      class: z.enum(["read_only", "review", "dangerous"]),
      families: list(z.string().max(64)),
      trust: z.enum(TRUST_STATES),
      at: nstr,
    })),
    files_read: list(str),
    files_edited: list(str),
    tests: list(z.strictObject({
      command: str,
      outcome: z.enum(["passed", "failed", "unknown"]),
      exit_code: z.number().int().nullable(),
    })),
    last_assistant_message: nstr,
    read: z.strictObject({
      bytes: count,
      file_bytes: count,
      complete: z.boolean(),
      turns: count,
      skipped: count,
      unknown: count,
      invalid: count,
    }),
    dropped: list(z.strictObject({ field: z.string().max(64), count })),
  });

  const signature = z.strictObject({
    algorithm: z.string().max(32),
    public_key: z.string().max(128),
    fingerprint: z.string().max(128),
    value: z.string().max(256),
  });

  const meaningShape = {
    now: nstr,
    completed: list(claim),
    decisions: list(decision),
    verified_facts: list(claim),
    hypotheses: list(claim),
    blockers: list(blocker),
    next_steps: list(claim),
    next_action: nextAction.nullable(),
    plan_changes: list(claim),
    pointers: list(str),
    fold: z.boolean(),
  };

  const capsuleShape = {
    schema: z.literal(CAPSULE_SCHEMA),
    id: capsuleId,
    previous: capsuleId.nullable(),
    created_at: utcTime,
    trigger: z.enum(TRIGGERS),
    status: z.enum(["active", "blocked"]),
    origin: z.strictObject({ tool: str, version: str, host: nstr, session: nstr }),
    meaning: z.strictObject(meaningShape),
    evidence: list(evidence),
    facts,
    facts_collected_at_ingest: z.boolean(),
    carried_from: z.strictObject({ id: capsuleId, created_at: utcTime }).nullable(),
    pointers_dropped: list(
      z.strictObject({
        index: z.number().int().min(0),
        reason: z.enum(["absolute", "escapes_repository", "symlink_outside", "invalid"]),
      }),
    ),
    sanitize: z.strictObject({
      scan_status: z.enum(["passed", "failed", "not_run", "unknown"]),
      redactions: list(z.strictObject({ field: str, kind: str })),
    }),
    budget: z.strictObject({
      limit_chars: z.number().int().min(0),
      used_chars: z.number().int().min(0),
      dropped: list(z.strictObject({ field: str, count: z.number().int().min(0), reason: str })),
      truncated: list(
        z.strictObject({
          field: str,
          from_chars: z.number().int().min(0),
          to_chars: z.number().int().min(0),
        }),
      ),
    }),
    downgrades: list(
      z.strictObject({
        field: str,
        what: z.enum(["trust", "provenance"]),
        from: str,
        to: str,
        why: str,
      }),
    ),
    // Optional: capsules written without a transcript (and older ones) carry none.
    session: session.optional(),
    // Optional: capsules written before signing carry none. Its contents are
    // checked by checkAuthorship, so a malformed one reads as a bad signature.
    signature: signature.optional(),
  };
  return { capsuleShape, meaningShape };
}

const declared = declareCapsuleShape(shapes);

/** Schema of a capsule as stored. */
export const CapsuleSchema: Shape<Capsule> = shapes.strictObject(
  declared.capsuleShape,
) as unknown as Shape<Capsule>;

/** Field names of our own schema, which error messages may name (never unknown keys). */
export const CAPSULE_KEYS: readonly string[] = [
  ...Object.keys(declared.capsuleShape),
  ...Object.keys(declared.meaningShape),
  "text",
  "provenance",
  "trust",
  "evidence_refs",
  "captured_at",
  "changed_files",
  "published",
  "remotes",
  "redactions",
  "scan_status",
];
