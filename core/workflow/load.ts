/**
 * load: read the current capsule, re-check its facts against the world now
 * (repository facts, the whole-tree change sets, every recorded file by hash
 * or, over the size cap, by size and mtime, whether the recorded HEAD is on
 * a remote), and render the briefing. Bounded: with a deadline the re-checks
 * stop in time and what was not re-checked says so. A repository that cannot
 * be read does not hide the handoff: the meaning is delivered, the facts are
 * marked unavailable now with the reason, and `degraded` lists the reasons.
 * The decisions shown are those in force across the chain
 * (core/chain/chain_decisions.ts), read back from latest within the budget.
 * @module
 */
import { isLater } from "../capsule/instant_order.ts";
import type { Capsule } from "../capsule/types.ts";
import type { CurrentFile, DriftCheck } from "../briefing/drift.ts";
import type { Briefing } from "../briefing/render_briefing.ts";
import type { Classification } from "../safety/command/classify.ts";
import { BatonError, EXIT } from "../errors.ts";
import { collectFacts, unavailableFacts, unreadableReason } from "../facts/collect.ts";
import { hashFiles, MAX_HASH_BYTES } from "../facts/hash_files.ts";
import { createObjectReader } from "../facts/git/object_reader.ts";
import { readHead } from "../facts/git/read_head.ts";
import type { StoredForm } from "../facts/stored_form.ts";
import type { GitObjectReader, RepoLocation } from "../facts/types.ts";
import type { Facts, PublishedFact } from "../capsule/recorded_facts.ts";
import { findBatonLayout, type FoundLayout } from "../store/find_layout.ts";
import type { CapFinding } from "../capsule/cap_trust.ts";
import type { Authorship } from "../trust/authorship_line.ts";
import type { EvidenceCheck } from "../briefing/recheck_evidence.ts";
import type { WorkflowContext } from "./context.ts";

/** The modules of ./load_modules.ts, imported when load needs them. */
type LoadModules = typeof import("./load_modules.ts");
/** The modules of ./briefing_modules.ts, imported when the current facts are redacted. */
type BriefingModules = typeof import("./briefing_modules.ts");

/** Most recorded files re-hashed on load (finalize records at most this many by default). */
export const MAX_RECHECKED_FILES = 200;

/** Archive files newer than latest always read for the rollback check, whatever the budget. */
export const ROLLBACK_MIN_READS = 4;

/** Options of {@linkcode loadBriefing}. */
export interface LoadOptions {
  /** The repository and layout when the caller already looked them up. */
  found?: FoundLayout;
  includeUntrusted?: boolean;
  maxChars?: number;
  /**
   * Time for the re-checks, in ms from the call; what is not re-checked in
   * time is shown as not re-checked. @default {no limit}
   */
  budgetMs?: number;
  /** Largest file hashed. @default {8 MiB, or ctx.maxHashBytes} */
  maxHashBytes?: number;
  /**
   * The id of a capsule already shown: give the short form
   * (core/briefing/short_briefing.ts) when the capsule read has this id (the
   * one its JSON holds) and every drift check matched. @default {never}
   */
  shortIfShown?: string;
  /**
   * Told as each step ends, in the order of {@linkcode LOAD_PHASES}, with
   * the fact collection's own phases as collectFacts tells them: first
   * without a deadline, after "recorded files re-checked" with one. The
   * facts bench measures where load's time and memory go with it.
   * @default {nothing}
   */
  onPhase?: (phase: string) => void;
}

/** The steps of {@linkcode loadBriefing} told to `onPhase`, in the order they end. */
export const LOAD_PHASES = [
  "capsule read and signature checked",
  "rollback check",
  "decisions read",
  "recorded files re-checked",
  "current facts redacted",
  "evidence re-checked",
  "drift compared",
  "recorded HEAD's publication",
  "briefing rendered",
] as const;

/** The briefing and the data behind it (the `--json` shape). */
export interface LoadResult {
  capsule_id: string;
  created_at: string;
  age: string;
  published: PublishedFact;
  drift: DriftCheck[];
  /**
   * Null when the repository could be read; otherwise the reasons (content-
   * free) why some or all facts are unavailable now. The meaning is still
   * delivered; the affected checks are `unknown`.
   */
  degraded: { reasons: string[] } | null;
  withheld: Briefing["withheld"];
  dropped: Briefing["dropped"];
  truncated: Briefing["truncated"];
  capped: CapFinding[];
  /** Integrity: the id matches the content (a capsule whose id does not is never loaded). */
  /**
   * behind_archive: a newer capsule signed by a trusted key sits in the archive (rolled back), or
   * latest.md, which no trusted key signed, leaves out the newest capsule this clone made current.
   */
  /** unchecked: archive files newer than latest were not all read in time (`unread` of them). */
  integrity:
    | { status: "ok" }
    | { status: "behind_archive"; newer: string }
    | { status: "unchecked"; unread: number };
  /** Authorship: the signature checked against the keys this machine trusts. */
  authorship: Authorship;
  /**
   * Written in another repository: the commit it records is not here, or it records none
   * and another work tree (or none). Whoever signed it, it decides nothing here.
   */
  written_elsewhere: boolean;
  /** Why some trusted keys could not be read (only this machine's key counted); null when none. */
  trust_problem: string | null;
  /** Each evidence record re-checked now, by index. */
  evidence_checks: EvidenceCheck[];
  /** Class, families and reasons of the carried command, computed at load time; null when none. */
  command_safety: Briefing["command_safety"];
  text: string;
}

async function currentPublication(
  m: LoadModules,
  ctx: WorkflowContext,
  repo: RepoLocation | null,
  capsule: Capsule,
  budgetMs: number,
  reader: GitObjectReader | undefined,
): Promise<PublishedFact> {
  const head = capsule.facts.head;
  if (head === null) return { status: "unknown", refs: [], reason: "no HEAD recorded" };
  if (repo === null) return { status: "unknown", refs: [], reason: "not inside a repository now" };
  try {
    const p = await m.checkPublished(ctx.fs, repo, head, {
      // load's own reader: the recorded commit is read there already, its packs listed once.
      ...(reader === undefined ? {} : { reader }),
      now: () => ctx.now().getTime(),
      budgetMs,
      // The config is not read here: replace refs count whenever there are any.
      parentsRewritten: () => m.parentsRewritten(ctx.fs, repo, null, ctx.gitEnvironment ?? {}),
    });
    return { status: p.status, refs: [...p.refs], reason: p.reason };
  } catch (e) {
    return { status: "unknown", refs: [], reason: `unavailable now: ${unreadableReason(e)}` };
  }
}

/** The facts with every secret redacted, as sanitizeCapsuleParts gives them. */
async function redactFacts(m: BriefingModules, collected: Facts): Promise<Facts> {
  if (!m.anyMayHoldSecret(m.createKeywordGate(m.GATE_TABLES), collected)) return collected;
  const [{ sanitizeCapsuleParts }, { defaultEngine }] = await Promise.all([
    import("../safety/secrets/sanitize_capsule.ts"),
    import("../safety/secrets/default_engine.ts"),
  ]);
  return sanitizeCapsuleParts({ facts: collected }, { engine: defaultEngine("ts") }).parts.facts;
}

/** The reasons the current facts are incomplete because the repository is damaged. */
function degradedReasons(found: FoundLayout, current: Facts): string[] {
  const out = (current.unavailable ?? []).map((u) => `${u.part}: ${u.reason}`);
  if (found.repoProblem !== undefined && out.length === 0) {
    out.push(`repository: ${found.repoProblem}`);
  }
  return out;
}

/** Loads the latest capsule; null when there is none. */
export async function loadBriefing(
  ctx: WorkflowContext,
  options: LoadOptions = {},
): Promise<LoadResult | null> {
  const startMs = ctx.now().getTime();
  const phase = options.onPhase ?? (() => {});
  const deadlineMs = options.budgetMs === undefined ? null : startMs + options.budgetMs;
  const left = (): number => deadlineMs === null ? Infinity : deadlineMs - ctx.now().getTime();
  const found = options.found ?? await findBatonLayout(ctx.fs, ctx.cwd, ctx);
  const { repo, layout } = found;
  const maxHashBytes = options.maxHashBytes ?? ctx.maxHashBytes ?? MAX_HASH_BYTES;
  const by = (share: number): number | null =>
    deadlineMs === null ? null : startMs + Math.floor(options.budgetMs! * share);
  // Until the scan says otherwise, the index may hold a .gitattributes the work tree lacks.
  let indexAttributes = true as boolean;
  const collect = async (): Promise<Facts> =>
    found.repoProblem !== undefined
      ? unavailableFacts(ctx.now().toISOString(), [
        { part: "repository", reason: found.repoProblem },
      ])
      : await collectFacts(ctx.fs, ctx.cwd, {
        cacheFs: ctx.fs,
        repo,
        now: ctx.now,
        homeDir: ctx.homeDir,
        xdgConfigHome: ctx.xdgConfigHome,
        gitEnvironment: ctx.gitEnvironment ?? {},
        maxFiles: 0,
        publishBudgetMs: 0,
        maxHashBytes,
        deadlineMs: by(0.85),
        onIndexAttributes: (mayBeMissing) => {
          indexAttributes = mayBeMissing;
        },
        // Without a deadline what follows the scan is the run's peak (below).
        reduceMemoryAfterScan: deadlineMs === null,
        ...(options.onPhase === undefined ? {} : { onPhase: options.onPhase }),
      });
  // Nothing to load: nothing is scanned either.
  if (deadlineMs === null && (await ctx.fs.lstat(layout.latest)) === null) return null;
  // Without a deadline no re-check has to come first, and the repository is
  // scanned before the capsule is read: the scan's peak of memory is the
  // run's, and the capsule's work then fits in what the scan's closing
  // collection gave back (a memory-reducing one, reduceMemoryAfterScan)
  // rather than adding to that peak. That work is the JSON parser's and
  // WebCrypto's code, the key files, the chain's reads, and the modules of
  // ./load_modules.ts, imported only now. 50k files, a capsule recording no
  // file, 9 rounds: peak RSS 63.2 -> 60.5 MiB for the order alone, -> 59.5
  // with the modules after the scan. The answers are the same in either
  // order (tests/core/workflow/load_order_test.ts), and a capsule that does
  // not parse is refused all the same. With a deadline the capsule, the
  // chain and the recorded files come first, as below, so that they are
  // what the briefing names.
  const early = deadlineMs === null ? await collect() : null;
  const m = await import("./load_modules.ts");
  const text = await m.readTextOrNull(ctx.fs, layout.latest);
  if (text === null) return null;
  const trusted = ctx.keys === undefined ? null : await ctx.keys.trustedKeys();
  const parsed = await m.parseCapsule(text, { trustedKeys: trusted?.keys ?? new Map() });
  phase("capsule read and signature checked");
  const { authorship } = parsed;
  const signer = authorship.status === "trusted" ? authorship.fingerprint : null;
  // A latest.md no trusted key signed is no rollback of its signer, but it may leave out the
  // newest capsule this clone made current on the branch checked out now (a stranger's capsule
  // on top of an older one of this user's): said as plainly (core/chain/displaced_head.ts).
  // So may one a trusted teammate signed (a commit can put back any capsule of theirs, genuine
  // and old): the rollback check compares capsules of one signer, and this clone's newest is
  // its own key's. A latest.md signed by the key of this clone's head is left to that check when
  // it is older; a later one is another clone's of this user's (one key per baton home), and may
  // fork as a teammate's does.
  const ownHead = repo === null
    ? null
    : await readHead(ctx.fs, repo).then((h) => h.branch, () => null).then((branch) =>
      branch === null ? null : m.readHeadRecord(ctx.fs, layout, branch)
    );
  // The archive is listed once, for the rollback check and the decisions read.
  const archive = signer === null && parsed.capsule.previous === null && ownHead === null
    ? []
    : await m.listArchive(ctx.fs, layout).catch(() => []);
  // latest.md older than a capsule its own trusted signer wrote later: rolled
  // back. Any archive file may have come with a commit, and a few large ones
  // must not cost the briefing: past the newest few, the reads stop at a
  // third of the budget and the briefing says the check did not finish.
  const rollbackBy = deadlineMs === null ? null : startMs + Math.floor(options.budgetMs! / 3);
  // One object reader for every recorded commit the rollback and decisions checks ask about,
  // and the objects the evidence re-check asks about: each reader lists and opens the packs
  // of its own (50k files: load's CPU after the scan about 1.2 ms less with one).
  const objects = repo === null ? undefined : createObjectReader(ctx.fs, repo);
  const writtenElsewhere = m.writtenElsewhere(
    ctx.fs,
    repo,
    objects === undefined ? {} : { objects },
  );
  const rollback = await m.newerTrustedCapsule(
    ctx.fs,
    layout,
    parsed.capsule,
    signer,
    trusted?.keys ?? new Map(),
    archive,
    {
      minReads: ROLLBACK_MIN_READS,
      expired: () => rollbackBy !== null && ctx.now().getTime() >= rollbackBy,
      writtenElsewhere,
      // This clone's record of the branch checked out now (head_record.ts): a branch made from
      // an older commit, or a detached checkout of one, holds that commit's latest.md and is no
      // rollback of the branch the capsule recorded. None when detached or outside git.
      head: signer === null ? null : ownHead,
    },
  );
  // Of the head's own key, only a later capsule (another clone's) is asked: an older one is the
  // rollback check's.
  const ownOlder = ownHead !== null && ownHead.fingerprint === signer &&
    !isLater(parsed.capsule.created_at, ownHead.created_at);
  const dropped = ownHead === null || ownOlder ? null : await m.displacedHead(
    ctx.fs,
    layout,
    parsed.capsule,
    ownHead,
    trusted?.keys ?? new Map(),
    archive,
  );
  const newer = rollback.capsule;
  phase("rollback check");
  // What is decided now comes from the whole chain, not the latest capsule
  // alone; the read takes at most a sixth of the budget and says when it
  // stopped early.
  const decisionsBy = deadlineMs === null ? null : startMs + Math.floor(options.budgetMs! / 6);
  const decisions = await m.readRecentDecisions(ctx.fs, layout, parsed.capsule, {
    writtenElsewhere,
    trustedKeys: trusted?.keys ?? new Map(),
    latestTrusted: authorship.status === "trusted",
    archive,
    expired: () => decisionsBy !== null && ctx.now().getTime() >= decisionsBy,
  });
  phase("decisions read");
  const before = (at: number | null) => () => at !== null && ctx.now().getTime() >= at;
  // The files the capsule recorded are re-checked first (up to half the
  // budget): under a tight deadline they are what the briefing names.
  const root = found.repoProblem === undefined ? repo?.workTree ?? null : null;
  // Each file is also digested as git would store it now (core/facts/stored_form.ts); the
  // config it needs is read only when some recorded file is re-checked. Where a directory's
  // .gitattributes is missing from the work tree, git reads the index's copy: the re-check
  // runs before the scan, so it first assumes the index holds none the work tree lacks (the
  // index is not read for it), and the scan below confirms that (collect's
  // onIndexAttributes); else the files whose stored form was taken are re-checked again
  // reading the index, so the index is read once where the scan settles it.
  const formWith = (attributesInIndex: boolean) => {
    let form: Promise<StoredForm | null> | null = null;
    return root === null || repo === null ? null : () =>
      form ??= m.readStoredForm(ctx.fs, repo, {
        homeDir: ctx.homeDir,
        xdgConfigHome: ctx.xdgConfigHome,
        gitEnvironment: ctx.gitEnvironment ?? {},
        attributesInIndex,
      });
  };
  const assumingNone = formWith(false);
  const files = await recheckFiles(ctx, parsed.capsule, {
    m,
    root,
    storedForm: assumingNone,
    why: found.repoProblem !== undefined
      ? `unavailable now: ${found.repoProblem}`
      : "unavailable now: not inside a repository",
    names: null,
    maxHashBytes,
    expired: before(by(0.5)),
  });
  phase("recorded files re-checked");
  const collected = early ?? await collect();
  const storedForm = indexAttributes ? formWith(true) : assumingNone;
  if (indexAttributes) {
    // The assumption is not confirmed: the stored forms taken under it are taken again.
    const assumed = new Set(
      [...files].filter(([, f]) => f.kind === "hashed" && f.stored !== undefined).map(([p]) => p),
    );
    if (assumed.size > 0) {
      const again = await recheckFiles(ctx, parsed.capsule, {
        m,
        root,
        storedForm,
        why: "not re-checked: the repository could not be scanned now",
        names: null,
        maxHashBytes,
        expired: () => left() <= 0,
      });
      for (const [path, f] of again) if (assumed.has(path)) files.set(path, f);
    }
  }
  // The current facts get the same redaction as the recorded ones: a secret in
  // a branch name or path must not reach the briefing, and an unchanged
  // value must compare equal to its redacted record.
  // The secret scanner (some 25 modules and their tables, about 6 MB of RSS
  // once loaded) loads only now, as preflight's does: the scan's garbage is
  // collectable by then, so the two do not add up in peak memory. The
  // engine's TypeScript prefilter finds what the WebAssembly one does
  // (tests/core/safety/secrets/prefilter_parity_test.ts): over the facts'
  // few short strings, compiling and filling the WebAssembly DFA cost more
  // time and memory (about 3 MB of RSS) than the scan it speeds up.
  // The rules and the engine load only when the keyword pass over the
  // prebuilt tables finds a hit some rule could confirm
  // (core/safety/secrets/keyword_gate.ts): the facts of most repositories
  // hold none, and the scan would then return them as they are.
  const b = await import("./briefing_modules.ts");
  const current = await redactFacts(b, collected);
  // Files recorded under a redacted name need the scan to find their name here.
  const named = await recheckFiles(ctx, parsed.capsule, {
    m,
    root: collected.status === "collected" ? collected.repo_root : null,
    why: "not re-checked: the repository could not be scanned now",
    storedForm,
    names: redactedNames(collected, current),
    maxHashBytes,
    expired: () => left() <= 0,
  });
  for (const [path, f] of named) files.set(path, f);
  phase("current facts redacted");
  const {
    applyEvidenceChecks,
    compareWorktree,
    createRecheckAccess,
    describeAge,
    nothingDrifted,
    recheckEvidence,
    renderBriefing,
    shortBriefing,
    staleEvidence,
  } = b;
  // The evidence re-check reuses the hashes just taken (same paths, same cap).
  const hashes = new Map<string, string | null | "unknown">();
  for (const [path, f] of files) {
    hashes.set(path, f.kind === "hashed" ? f.sha256 : f.kind === "absent" ? null : "unknown");
  }
  const access = createRecheckAccess(ctx.fs, collected.status === "collected" ? repo : null, {
    known: hashes,
    ...(objects === undefined ? {} : { objects }),
  });
  const evidenceChecks = await recheckEvidence(parsed.capsule, access);
  // A capsule signed here can be served in another repository (a copied archive, a shared ref,
  // revive): the commit it was written at, absent from this repository's objects, says so.
  const recordedHead = parsed.capsule.facts.head;
  // One that records no commit was written outside git or before a first commit: here only
  // when the work tree it records is this one's (core/store/written_elsewhere.ts).
  const headAbsent = recordedHead !== null && /^[0-9a-f]{40}$/.test(recordedHead)
    ? collected.status === "collected" && collected.head !== null &&
      (await access.objectType(recordedHead)) === null
    : recordedHead === null && await writtenElsewhere(parsed.capsule.facts);
  // A recorded commit found here is no tie (a fork's or a fetched project's commits are here
  // too): the signed place decides, as it does for log, verify, show, search and the decisions.
  const placeElsewhere = !headAbsent && recordedHead !== null &&
    await writtenElsewhere(parsed.capsule.facts);
  const rechecked = applyEvidenceChecks(parsed.capsule, evidenceChecks);
  const capsule = rechecked.capsule;
  const capped = [...parsed.capped, ...rechecked.capped];
  // Command evidence vouches only for the tree it ran on: stale evidence
  // (HEAD moved, a file changed, or the tree could not be re-checked now)
  // keeps no claim verified.
  const stale = staleEvidence(capsule, compareWorktree(capsule.facts, current, files));
  for (const { field, claim } of m.listClaims(capsule)) {
    if (claim.trust !== "verified" && claim.trust !== "observed") continue;
    if (!claim.evidence_refs.some((r) => stale.has(r))) continue;
    capped.push({ field, from: claim.trust, to: "claimed", why: "evidence_stale" });
    claim.trust = "claimed";
  }
  phase("evidence re-checked");
  const drift = m.checkDrift(capsule.facts, current, files, {
    writerTrusted: parsed.authorship.status === "trusted",
  });
  phase("drift compared");
  const published = await currentPublication(
    m,
    ctx,
    repo,
    capsule,
    Math.max(0, Math.min(300, left())),
    objects,
  );
  phase("recorded HEAD's publication");
  const reasons = degradedReasons(found, collected);
  const degraded = reasons.length === 0 ? null : { reasons };
  const age = describeAge(Date.parse(capsule.created_at), ctx.now().getTime());
  const carriedAge = capsule.carried_from === null
    ? undefined
    : describeAge(Date.parse(capsule.carried_from.created_at), ctx.now().getTime());
  // Classified once, here, from the raw text; every renderer is given this result.
  const classify = await commandClassifier(capsule);
  const carried = capsule.meaning.next_action?.command ?? null;
  const commandSafety = carried === null ? null : classify(carried);

  const briefing = renderBriefing(
    {
      capsule,
      commandSafety,
      classify,
      capped,
      authorship,
      keysProblem: trusted?.problem ?? null,
      drift,
      published,
      age,
      degraded,
      staleEvidence: stale,
      decisions,
      ...(headAbsent ? { recordedHeadAbsent: true } : {}),
      ...(placeElsewhere ? { placeElsewhere: true } : {}),
      ...(carriedAge === undefined ? {} : { carriedAge }),
      ...(newer === null ? {} : {
        newerTrusted: {
          id: newer.id,
          created_at: newer.created_at,
          ...(rollback.archived === false ? { archived: false } : {}),
        },
      }),
      ...(rollback.unread === 0 ? {} : { rollbackUnread: rollback.unread }),
      ...(dropped === null ? {} : {
        headLeftOut: {
          trustedSigner: signer !== null,
          id: dropped.id,
          created_at: dropped.created_at,
          archived: archive.some((n) => n.endsWith(`-${dropped.id.slice(7, 15)}.md`)),
        },
      }),
    },
    {
      ...(options.includeUntrusted === undefined
        ? {}
        : { includeUntrusted: options.includeUntrusted }),
      ...(options.maxChars === undefined ? {} : { maxChars: options.maxChars }),
    },
  );
  phase("briefing rendered");
  return {
    capsule_id: capsule.id,
    created_at: capsule.created_at,
    age,
    published,
    drift,
    degraded,
    withheld: briefing.withheld,
    dropped: briefing.dropped,
    truncated: briefing.truncated,
    capped,
    integrity: newer !== null
      ? { status: "behind_archive", newer: newer.id }
      : dropped !== null
      ? { status: "behind_archive", newer: dropped.id }
      : rollback.unread > 0
      ? { status: "unchecked", unread: rollback.unread }
      : { status: "ok" },
    authorship,
    written_elsewhere: headAbsent || placeElsewhere,
    trust_problem: trusted?.problem ?? null,
    evidence_checks: evidenceChecks,
    command_safety: commandSafety,
    text: options.shortIfShown === capsule.id && nothingDrifted(drift)
      ? shortBriefing(briefing.sections, drift)
      : briefing.text,
  };
}

/**
 * The command classifier (core/safety/command/classify.ts, some forty
 * modules), imported only when the capsule has a command to classify: its
 * carried command or one its session recorded. Otherwise a function that
 * no renderer calls (it classifies only those commands).
 */
async function commandClassifier(capsule: Capsule): Promise<(command: string) => Classification> {
  const carried = capsule.meaning.next_action?.command ?? null;
  if (carried === null && (capsule.session?.commands.length ?? 0) === 0) return noCommandToClassify;
  return (await import("../safety/command/classify.ts")).classifyCommand;
}

function noCommandToClassify(): never {
  throw new BatonError(
    "No command classifier was loaded: the capsule has no command",
    "classifier_not_loaded",
    EXIT.unavailable.code,
  );
}

/** How a redacted value opens. */
const REDACTION_OPEN = "[REDACTED:";

/**
 * The changed and untracked paths here now whose redacted form differs
 * from the raw one: redacted form -> raw path (null when several raw paths
 * redact to the same form). `raw` and `redacted` are the same facts before
 * and after redaction, list for list.
 */
function redactedNames(raw: Facts, redacted: Facts): Map<string, string | null> {
  const out = new Map<string, string | null>();
  const pairs: [readonly string[], readonly string[]][] = [
    [raw.tree?.changed ?? [], redacted.tree?.changed ?? []],
    [raw.tree?.untracked ?? [], redacted.tree?.untracked ?? []],
    [raw.changed_files.map((f) => f.path), redacted.changed_files.map((f) => f.path)],
  ];
  for (const [r, s] of pairs) {
    if (r.length !== s.length) continue;
    r.forEach((path, i) => {
      const form = s[i]!;
      if (form === path) return;
      const seen = out.get(form);
      out.set(form, seen === undefined || seen === path ? path : null);
    });
  }
  return out;
}

/**
 * The state now of the files the capsule recorded. A capsule is untrusted
 * input: only repo-relative paths that stay inside the repository are
 * re-checked, and no more of them than finalize records.
 */
async function recheckFiles(
  ctx: WorkflowContext,
  capsule: Capsule,
  o: {
    /** The modules of ./load_modules.ts. */
    m: LoadModules;
    /** The work tree now; null when there is none to re-check in (`why` says so). */
    root: string | null;
    /** Makes the digest of a file as git would store it now (null: cannot be told); null for none. */
    storedForm: (() => Promise<StoredForm | null>) | null;
    why: string;
    /**
     * null: the files recorded under their own name; a map (redacted form ->
     * the one name here, null when several): only those recorded redacted.
     */
    names: ReadonlyMap<string, string | null> | null;
    maxHashBytes: number;
    expired: () => boolean;
  },
): Promise<Map<string, CurrentFile>> {
  const out = new Map<string, CurrentFile>();
  const mine = capsule.facts.changed_files.filter((f) =>
    f.path.includes(REDACTION_OPEN) === (o.names !== null)
  );
  if (o.root === null) {
    for (const f of mine) out.set(f.path, { kind: "unknown", reason: o.why });
    return out;
  }
  const escaped: string[] = [];
  const real: string[] = [];
  const outsideFolder = await o.m.createFolderCheck(ctx.fs, o.root);
  for (const f of mine) {
    if (escaped.length >= MAX_RECHECKED_FILES) break;
    let name = f.path;
    if (o.names !== null) {
      // Recorded with a secret-looking part redacted: re-checked under the
      // one name here now that redacts to it, else unknown (never missing:
      // the redacted form names no file).
      const found = o.names.get(f.path);
      if (found === undefined || found === null) {
        out.set(f.path, {
          kind: "unknown",
          reason: found === null
            ? "not re-checked: several files here match its redacted name"
            : "not re-checked: its name was redacted when recorded and no changed file here matches it",
        });
        continue;
      }
      name = found;
    }
    const p = o.m.recheckablePath(name);
    if (typeof p !== "string") {
      out.set(f.path, { kind: "unknown", reason: `not re-checked: ${p.reason}` });
      continue;
    }
    if (await outsideFolder(p)) {
      out.set(f.path, {
        kind: "unknown",
        reason: "not re-checked: its folder is a symbolic link that leads out of the repository",
      });
      continue;
    }
    escaped.push(f.path);
    real.push(p);
  }
  const form = real.length === 0 || o.storedForm === null ? null : await o.storedForm();
  const results = await hashFiles(ctx.fs, o.root, real, {
    maxBytes: o.maxHashBytes,
    expired: o.expired,
    ...(form === null ? {} : { storedForm: form }),
  });
  results.forEach((h, i) => {
    const key = escaped[i]!;
    if (h.kind === "absent") out.set(key, { kind: "absent" });
    else if (h.kind !== "skipped") {
      out.set(key, {
        kind: "hashed",
        sha256: h.sha256,
        type: h.kind,
        executable: h.executable,
        ...(h.kind === "file" && h.stored !== undefined ? { stored: h.stored } : {}),
      });
    } else if (h.reason === "too_large" && h.size !== null) {
      out.set(key, { kind: "stat", size: h.size, mtimeMs: h.mtimeMs });
    } else {
      out.set(key, {
        kind: "unknown",
        reason: h.reason === "over_time" ? "not re-checked: time budget ran out" : h.reason,
      });
    }
  });
  return out;
}
