/**
 * load: read the current capsule (its signature checked against the keys this
 * machine trusts), re-check its facts against the world now (repository
 * facts, hashes of recorded files, whether the recorded HEAD is on a remote)
 * and its re-checkable evidence, and render the briefing.
 * @module
 */
import type { Capsule } from "../capsule/types.ts";
import { describeAge } from "../briefing/age.ts";
import { checkDrift, type CurrentHashes, type DriftCheck } from "../briefing/drift.ts";
import { type Briefing, renderBriefing } from "../briefing/render_briefing.ts";
import { classifyCarried } from "../safety/command/carried.ts";
import { collectFacts } from "../facts/collect.ts";
import { sanitizeCapsuleParts } from "../capsule/sanitize_capsule.ts";
import { hashFiles } from "../facts/hash_files.ts";
import { normalizePointer } from "../capsule/pointers.ts";
import { checkPublished } from "../facts/git/mod.ts";
import type { PublishedFact, RepoLocation } from "../facts/types.ts";
import { readLatest } from "../store/capsule_store.ts";
import { findBatonLayout, type FoundLayout } from "../store/find_layout.ts";
import type { CapFinding } from "../trust/cap_trust.ts";
import type { Authorship } from "../trust/capsule_signature.ts";
import {
  applyEvidenceChecks,
  type EvidenceCheck,
  recheckEvidence,
} from "../trust/recheck_evidence.ts";
import { createRecheckAccess } from "../trust/recheck_access.ts";
import type { WorkflowContext } from "./context.ts";

/** Most recorded files re-hashed on load (finalize records at most this many by default). */
export const MAX_RECHECKED_FILES = 200;

/** Options of {@linkcode loadBriefing}. */
export interface LoadOptions {
  /** The repository and layout when the caller already looked them up. */
  found?: FoundLayout;
  includeUntrusted?: boolean;
  maxChars?: number;
}

/** The briefing and the data behind it (the `--json` shape). */
export interface LoadResult {
  capsule_id: string;
  created_at: string;
  age: string;
  published: PublishedFact;
  drift: DriftCheck[];
  withheld: Briefing["withheld"];
  dropped: Briefing["dropped"];
  truncated: Briefing["truncated"];
  capped: CapFinding[];
  /** Integrity: the id matches the content (a capsule whose id does not is never loaded). */
  integrity: { status: "ok" };
  /** Authorship: the signature checked against the keys this machine trusts. */
  authorship: Authorship;
  /** Why some trusted keys could not be read (only this machine's key counted); null when none. */
  trust_problem: string | null;
  /** Each evidence record re-checked now, by index. */
  evidence_checks: EvidenceCheck[];
  /** Class, families and reasons of the carried command, computed at load time; null when none. */
  command_safety: Briefing["command_safety"];
  text: string;
}

async function currentPublication(
  ctx: WorkflowContext,
  repo: RepoLocation | null,
  capsule: Capsule,
): Promise<PublishedFact> {
  const head = capsule.facts.head;
  if (head === null) return { status: "unknown", refs: [], reason: "no HEAD recorded" };
  if (repo === null) return { status: "unknown", refs: [], reason: "not inside a repository now" };
  const p = await checkPublished(ctx.fs, repo, head, {
    now: () => ctx.now().getTime(),
    budgetMs: 300,
  });
  return { status: p.status, refs: [...p.refs], reason: p.reason };
}

/** Loads the latest capsule; null when there is none. */
export async function loadBriefing(
  ctx: WorkflowContext,
  options: LoadOptions = {},
): Promise<LoadResult | null> {
  const { repo, layout } = options.found ?? await findBatonLayout(ctx.fs, ctx.cwd);
  const trusted = ctx.keys === undefined ? null : await ctx.keys.trustedKeys();
  const parsed = await readLatest(ctx.fs, layout, { trustedKeys: trusted?.keys ?? new Map() });
  if (parsed === null) return null;
  const { authorship } = parsed;
  const collected = await collectFacts(ctx.fs, ctx.cwd, {
    cacheFs: ctx.fs,
    repo,
    now: ctx.now,
    homeDir: ctx.homeDir,
    xdgConfigHome: ctx.xdgConfigHome,
    maxFiles: 0,
    publishBudgetMs: 0,
  });
  // The current facts get the same redaction as the recorded ones: a secret in
  // a branch name or path must not reach the briefing, and an unchanged
  // value must compare equal to its redacted record.
  const current = sanitizeCapsuleParts({ facts: collected }).parts.facts;
  // A capsule is untrusted input: only repo-relative paths that stay inside
  // the repository are re-hashed, and no more of them than finalize records.
  const recordedPaths = parsed.capsule.facts.changed_files
    .map((f) => f.path)
    .filter((p) => normalizePointer(p) === p)
    .slice(0, MAX_RECHECKED_FILES);
  const hashes = new Map<string, string | null | "unknown">();
  if (collected.status === "collected" && collected.repo_root !== null) {
    const results = await hashFiles(ctx.fs, collected.repo_root, recordedPaths);
    results.forEach((h, i) => {
      hashes.set(
        recordedPaths[i]!,
        h.kind === "absent" ? null : h.kind === "skipped" ? "unknown" : h.sha256,
      );
    });
  }
  const evidenceChecks = await recheckEvidence(
    parsed.capsule,
    createRecheckAccess(ctx.fs, collected.status === "collected" ? repo : null, { known: hashes }),
  );
  const rechecked = applyEvidenceChecks(parsed.capsule, evidenceChecks);
  const capsule = rechecked.capsule;
  const capped = [...parsed.capped, ...rechecked.capped];
  const drift = checkDrift(capsule.facts, current, hashes as CurrentHashes);
  const published = await currentPublication(ctx, repo, capsule);
  const age = describeAge(Date.parse(capsule.created_at), ctx.now().getTime());
  const carriedAge = capsule.carried_from === null
    ? undefined
    : describeAge(Date.parse(capsule.carried_from.created_at), ctx.now().getTime());
  // Classified once, here, from the raw text; every renderer is given this result.
  const commandSafety = classifyCarried(capsule.meaning.next_action?.command);
  const briefing = renderBriefing(
    {
      capsule,
      commandSafety,
      capped,
      authorship,
      drift,
      published,
      age,
      ...(carriedAge === undefined ? {} : { carriedAge }),
    },
    {
      ...(options.includeUntrusted === undefined
        ? {}
        : { includeUntrusted: options.includeUntrusted }),
      ...(options.maxChars === undefined ? {} : { maxChars: options.maxChars }),
    },
  );
  return {
    capsule_id: capsule.id,
    created_at: capsule.created_at,
    age,
    published,
    drift,
    withheld: briefing.withheld,
    dropped: briefing.dropped,
    truncated: briefing.truncated,
    capped,
    integrity: { status: "ok" },
    authorship,
    trust_problem: trusted?.problem ?? null,
    evidence_checks: evidenceChecks,
    command_safety: commandSafety,
    text: briefing.text,
  };
}
