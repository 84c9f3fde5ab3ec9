/**
 * finalize: strict-parse a model's draft, merge it with facts collected now,
 * rewrite what a model may not claim (recording each rewrite), scan and
 * redact secrets in every string (recording each redaction), budget it, sign
 * it with this machine's key (unsigned, with the reason, when there is no
 * usable key: a capsule is never lost for want of a signature), and store it
 * as the new head of the capsule chain.
 * @module
 */
import { isLater, millisAfter } from "../capsule/instant_order.ts";
import { canonicalJson } from "../json/canonical.ts";
import { sha256Id } from "../hash.ts";
import type { Draft } from "../capsule/draft_schema.ts";
import { readDraft } from "../capsule/read_draft.ts";
import {
  type Citation,
  isBlocked,
  type NormalizedDraft,
  normalizeDraft,
} from "../capsule/normalize_draft.ts";
import { findBatonLayout } from "../store/find_layout.ts";
import { privateStateDir } from "../store/private_dir.ts";
import { readEvidence } from "../evidence/evidence_store.ts";
import { checkEvidenceRecord } from "../evidence/evidence_record.ts";
import { type WorktreeState, worktreeState } from "../evidence/worktree_state.ts";
import { FUTURE_SKEW_MS } from "../share/choose_current.ts";
import { judgeCitation } from "../evidence/cite_evidence.ts";
import { runEnvironmentDigest } from "../evidence/run_environment.ts";
import { checkPointers } from "../capsule/pointers.ts";
import { computeCapsuleId } from "../capsule/capsule_id.ts";
import { sanitizeCapsuleParts } from "../safety/secrets/sanitize_capsule.ts";
import { budgetMeaning } from "../budget/budget_meaning.ts";
import {
  type Capsule,
  CAPSULE_SCHEMA,
  type Evidence,
  type SessionRecord,
  type Trigger,
} from "../capsule/types.ts";
import type { Facts } from "../capsule/recorded_facts.ts";
import { collectFacts } from "../facts/collect.ts";
import { commitCapsule, type CommitResult } from "../store/capsule_store.ts";
import { batonLayout } from "../store/layout.ts";
import { VERSION } from "../version.ts";
import { signCapsule } from "../capsule/capsule_signature.ts";
import type { SigningKeyResult } from "../trust/key_ring.ts";
import type { WorkflowContext } from "./context.ts";
import { refuseHeadGone, refuseRolledBack } from "./rolled_back_guard.ts";
import { continueOwnHead } from "./fork_head.ts";
import { shortOid } from "../facts/git/short_oid.ts";
import { readHead } from "../facts/git/read_head.ts";

/** Options of {@linkcode finalizeDraft}. */
export interface FinalizeOptions {
  /** @default {"manual"} */
  trigger?: Trigger;
  host?: string | null;
  session?: string | null;
  /** Facts already collected (otherwise collected now). */
  facts?: Facts;
  /** Meaning carried from an earlier capsule (automatic capsules). */
  carriedFrom?: { id: string; created_at: string } | null;
  /** What the session's transcript recorded (automatic capsules). @default {none} */
  sessionRecord?: SessionRecord;
  /** The facts were collected when a pasted capsule was ingested, not when it was written. @default {false} */
  factsCollectedAtIngest?: boolean;
  /**
   * Refuse (RolledBackError) to write on top of a rolled-back latest.md, as the capture hooks
   * do (./rolled_back_guard.ts); `baton finalize` sets it unless --over-rollback. @default {false}
   */
  refuseRolledBack?: boolean;
  /**
   * On a latest.md a trusted teammate signed, from another fork that leaves out this clone's
   * newest capsule, continue that newest and keep the teammate's in the archive
   * (./fork_head.ts). @default {refuseRolledBack}
   */
  continueOwnHead?: boolean;
}

/** Whether the capsule was signed, by which key, or why not. */
export interface SigningReport {
  signed: boolean;
  /** The signing key's fingerprint; null when unsigned. */
  fingerprint: string | null;
  /** Why it is unsigned; null when signed. */
  reason: string | null;
}

/** What finalize wrote. */
export interface FinalizeResult extends CommitResult {
  downgrades: number;
  signing: SigningReport;
}

/**
 * Parses draft bytes into a draft (core/capsule/read_draft.ts says what is
 * forgiven).
 * @throws {StrictJsonError} on malformed JSON.
 * @throws {InputError} when the draft does not match the schema.
 */
export function parseDraft(bytes: Uint8Array): Draft {
  return readDraft(bytes).draft;
}

/** Evidence records for the facts baton itself collected. */
export async function factsEvidence(facts: Facts): Promise<Evidence[]> {
  if (facts.status !== "collected" || facts.captured_at === null) return [];
  const at = facts.captured_at;
  const out: Evidence[] = [{
    id: "git:facts",
    kind: "git_facts",
    source: "baton facts collector",
    digest: await sha256Id(canonicalJson(facts)),
    summary: `HEAD ${
      (facts.head === null ? undefined : shortOid(facts.head)) ?? "none"
    }, ${facts.changed_count} changed path(s)`,
    captured_at: at,
    provenance: "git",
    trust: "verified",
  }];
  for (const f of facts.changed_files) {
    if (f.sha256 === null) continue;
    out.push({
      id: `file:${f.path}`,
      kind: "file_hash",
      source: f.path,
      digest: f.sha256,
      summary: `${f.status} ${f.kind}`,
      captured_at: at,
      provenance: "file",
      trust: "verified",
    });
  }
  return out;
}

/** Builds and stores a capsule from a parsed draft. */
export async function finalizeParsedDraft(
  ctx: WorkflowContext,
  draft: Draft,
  options: FinalizeOptions = {},
): Promise<FinalizeResult> {
  // Cited evidence must have run on the tree this capsule records: the
  // facts are collected once, judged against, and stored.
  const cites = (draft.verified_facts ?? []).some((f) =>
    typeof f !== "string" && f.evidence !== undefined
  );
  const facts = options.facts ?? (cites ? await collectNow(ctx) : undefined);
  const tree = facts === undefined ? null : await worktreeState(facts);
  const citations = await judgeCitations(ctx, draft, tree);
  return await finalizeMeaning(
    ctx,
    normalizeDraft(draft, ctx.now().toISOString(), { citations }),
    facts === undefined ? options : { ...options, facts },
  );
}

async function collectNow(ctx: WorkflowContext): Promise<Facts> {
  return await collectFacts(ctx.fs, ctx.cwd, {
    cacheFs: ctx.fs,
    now: ctx.now,
    homeDir: ctx.homeDir,
    xdgConfigHome: ctx.xdgConfigHome,
    gitEnvironment: ctx.gitEnvironment ?? {},
    ...(ctx.maxHashBytes === undefined ? {} : { maxHashBytes: ctx.maxHashBytes }),
  });
}

/**
 * Checks every evidence record a verified fact cites: it must be stored in
 * this clone, intact, signed by a trusted key and match the claim.
 */
export async function judgeCitations(
  ctx: WorkflowContext,
  draft: Draft,
  tree: WorktreeState | null = null,
): Promise<Map<number, Citation>> {
  const out = new Map<number, Citation>();
  const cited = (draft.verified_facts ?? []).flatMap((f, i) =>
    typeof f === "string" || f.evidence === undefined ? [] : [{ i, f, id: f.evidence }]
  );
  if (cited.length === 0) return out;
  const stateDir = privateStateDir(await findBatonLayout(ctx.fs, ctx.cwd, ctx));
  const trusted = ctx.keys === undefined ? new Map() : (await ctx.keys.trustedKeys()).keys;
  const environment = ctx.environment === undefined
    ? null
    : await runEnvironmentDigest(ctx.environment);
  for (const { i, f, id } of cited) {
    const record = await readEvidence(ctx.fs, stateDir, id);
    const checked = record === null ? null : await checkEvidenceRecord(record, trusted);
    out.set(
      i,
      judgeCitation(
        { evidence: id, exit_code: f.exit_code, command: f.command },
        record,
        checked,
        tree,
        environment,
      ),
    );
  }
  return out;
}

/**
 * Builds and stores a capsule from meaning that is already normalised (a
 * draft after {@linkcode normalizeDraft}, or meaning carried forward from an
 * earlier capsule), with the trust rewrites that produced it.
 */
export async function finalizeMeaning(
  ctx: WorkflowContext,
  normalizedDraft: NormalizedDraft,
  options: FinalizeOptions = {},
): Promise<FinalizeResult> {
  const collected = options.facts ?? await collectNow(ctx);
  const downgrades = normalizedDraft.downgrades;
  // Secrets are redacted before anything is budgeted (a cut could leave a
  // partial secret no rule recognises), hashed or written: drafts, meaning
  // carried by a hook and ingested answers alike.
  const origin = {
    tool: "baton",
    version: VERSION,
    host: options.host ?? null,
    session: options.session ?? null,
  };
  // The cited records' entries too: a record redacts its argv word by word, so a secret that
  // only its option names (`--password VALUE`, two words) is still in the command line the
  // entry shows.
  const { parts, sanitize } = sanitizeCapsuleParts({
    meaning: { ...normalizedDraft.meaning },
    facts: collected,
    origin,
    evidence: normalizedDraft.evidence ?? [],
    ...(options.sessionRecord === undefined ? {} : { session: options.sessionRecord }),
  });
  const { meaning: normalized, facts } = parts;
  // Where git finds no repository (a GIT_CEILING_DIRECTORIES below it), the facts still say what
  // was there, as unknown; the store is the folder's own, never the outer repository's.
  const stopped = collected.repo_root !== null &&
    await findBatonLayout(ctx.fs, ctx.cwd, ctx).then(
      (f) => f.repo === null && f.repoProblem === undefined,
      () => false,
    );
  const root = stopped ? ctx.cwd : collected.repo_root ?? ctx.cwd;
  const pointers = await checkPointers(ctx.fs, root, normalized.pointers);
  normalized.pointers = pointers.kept;
  const { meaning, report } = budgetMeaning(normalized);
  const own = await factsEvidence(facts);
  const evidence = [...own, ...parts.evidence];
  // The cited entries follow the facts' own in the capsule: their redactions say where.
  sanitize.redactions = sanitize.redactions.map((r) => ({
    ...r,
    field: r.field.replace(/^evidence\[(\d+)\]/, (_, i) => `evidence[${Number(i) + own.length}]`),
  }));
  const layout = batonLayout(root);
  // The key is fetched (and made, the first time) before the lock is taken.
  const signer: SigningKeyResult = ctx.keys === undefined
    ? { ok: false, reason: "no key ring was given" }
    : await ctx.keys.signingKey(collected.repo_root);
  const trustedKeys = ctx.keys === undefined ? new Map() : (await ctx.keys.trustedKeys()).keys;
  // Found once, outside the lock, for the rollback check under it.
  const guard = options.refuseRolledBack === true
    ? {
      fs: ctx.fs,
      layout,
      repo: (await findBatonLayout(ctx.fs, ctx.cwd, ctx).catch(() => null))?.repo ?? null,
      trustedKeys,
    }
    : null;
  if (guard !== null) await refuseHeadGone(guard);
  const repo = guard !== null
    ? guard.repo
    : (await findBatonLayout(ctx.fs, ctx.cwd, ctx).catch(() => null))?.repo ?? null;
  const resume = (options.continueOwnHead ?? guard !== null)
    ? continueOwnHead(ctx.fs, layout, repo, trustedKeys)
    : undefined;
  // The head record is keyed by the branch as git names it, as its readers look it up; the
  // capsule records the name redacted.
  const headBranch = repo === null
    ? null
    : await readHead(ctx.fs, repo).then((h) => h.branch, () => null);
  const result = await commitCapsule(ctx.fs, layout, async (previous) => {
    // Under the lock, after the store moved latest.md over capsules that continue it.
    if (guard !== null) await refuseRolledBack(guard, previous);
    // The time and the link are taken under the lock, together: a capsule
    // is never older than the one it names as previous, whatever order
    // concurrent writers reach the lock in.
    // A previous dated only slightly ahead (another writer's clock) is
    // followed; one far in the future (a stranger's capsule dated 2099) is
    // not: this capsule keeps the real time and verify reports the order.
    const nowMs = ctx.now().getTime();
    const now = new Date(nowMs).toISOString();
    // Followed in baton's own form (milliseconds, the first one after it): a date of another
    // precision would name an archive file the archive never lists, and one at the previous
    // capsule's instant would make latest.md put back to it no rollback (instant_order.ts).
    const followed = previous === null ? null : millisAfter(previous.created_at);
    const createdAt = followed !== null && isLater(followed, now) &&
        Date.parse(followed) <= nowMs + FUTURE_SKEW_MS
      ? followed
      : now;
    const body: Omit<Capsule, "id"> = {
      schema: CAPSULE_SCHEMA,
      previous: previous?.id ?? null,
      created_at: createdAt,
      trigger: options.trigger ?? "manual",
      status: isBlocked(meaning) ? "blocked" : "active",
      origin: parts.origin,
      meaning,
      evidence,
      facts,
      facts_collected_at_ingest: options.factsCollectedAtIngest ?? false,
      carried_from: options.carriedFrom ?? null,
      pointers_dropped: pointers.dropped,
      sanitize,
      budget: report,
      downgrades,
      ...(parts.session === undefined ? {} : { session: parts.session as SessionRecord }),
    };
    const capsule = { ...body, id: await computeCapsuleId(body) } as Capsule;
    return signer.ok ? await signCapsule(capsule, signer.key) : capsule;
  }, {
    trustedKeys,
    ...(resume === undefined ? {} : { continueFrom: resume }),
    headBranch,
    lock: {
      token: ctx.randomToken(),
      pid: ctx.pid,
      host: ctx.host,
      started: ctx.processStarted ?? null,
      ...(ctx.processAlive === undefined ? {} : { processAlive: ctx.processAlive }),
      now: () => ctx.now().getTime(),
      sleep: ctx.sleep,
    },
  });
  const signing: SigningReport = signer.ok
    ? { signed: true, fingerprint: signer.key.fingerprint, reason: null }
    : { signed: false, fingerprint: null, reason: signer.reason };
  return { ...result, downgrades: downgrades.length, signing };
}

/**
 * finalize from draft bytes.
 * @throws {StrictJsonError} {InputError} {LockBusyError} {StorageError}
 */
export async function finalizeDraft(
  ctx: WorkflowContext,
  draftBytes: Uint8Array,
  options: FinalizeOptions = {},
): Promise<FinalizeResult> {
  return await finalizeParsedDraft(ctx, parseDraft(draftBytes), options);
}
