/**
 * The capsule chain walker: given the text of latest.md, of every archived
 * capsule and of the rotation tombstone, it re-derives the chain newest
 * first and says, link by link, what holds and what does not. Every id is
 * recomputed, every signature checked, every `previous` link resolved, every
 * archive name compared with the capsule it holds, and every archived
 * capsule must be reached from latest. Anything else is a CRITICAL problem
 * with its position (0 = latest, counting towards the oldest).
 *
 * Authorship is not tamper: an unsigned capsule or one signed by a key this
 * machine does not trust is reported as such. A signature that is present
 * and does not verify is tamper. Ids prove integrity, not authorship: a
 * chain of unsigned capsules rewritten and re-hashed from its first edit
 * onward cannot be told from an honest one; signatures are what catch that.
 *
 * Pure apart from hashing and signature checks; reading the files is
 * core/chain/read_chain.ts. Other chains (a shared git ref) reuse this by
 * passing their own entries.
 * @module
 */
import { compareInstants, isLater } from "../capsule/instant_order.ts";
import { CapsuleSchema } from "../capsule/schema.ts";
import { extractCapsuleJson } from "../capsule/parse.ts";
import { computeCapsuleId } from "../capsule/capsule_id.ts";
import { renderCapsuleFile } from "../store/render_capsule.ts";
import type { Capsule } from "../capsule/types.ts";
import { shapedHostId, UNRECOGNISED_HOST } from "../capsule/header_fields.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { sha256Id } from "../hash.ts";
import { checkAuthorship } from "../capsule/capsule_signature.ts";
import type { Authorship } from "../trust/authorship_line.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import { archiveName } from "../store/layout.ts";
import { checkTombstone, type Tombstone, tombstoneSources } from "./tombstone.ts";
import type { DecisionSource } from "./decisions.ts";

/** One capsule file handed to the walker. */
export interface ChainEntry {
  /** Where it came from: an archive file name, or "latest.md". */
  source: string;
  /** Its text; null when it could not be read. */
  text: string | null;
  /**
   * Whether `source` is an archive file name that must match the capsule
   * (time and id prefix). @default {true}
   */
  named?: boolean;
}

/** What the walker reads. */
export interface WalkInput {
  /** latest.md; null when there is none. */
  head: ChainEntry | null;
  /** Every archived capsule (any order). */
  archive: readonly ChainEntry[];
  /** The rotation tombstone's text; null when nothing was ever pruned. */
  tombstone?: string | null;
}

/** Options of {@linkcode walkChain}. */
export interface WalkOptions {
  /** Keys this machine trusts (for the signer column); none: every signer is unknown. */
  trustedKeys?: TrustedKeys;
}

/**
 * A link's own state: ok (trusted signer), unsigned, unknown_key (signed, the
 * key is not trusted here), or the tamper states bad_signature, edited (id
 * does not match the content) and invalid (not a capsule at all).
 */
export type LinkStatus = "ok" | "unsigned" | "unknown_key" | "bad_signature" | "edited" | "invalid";

/** One capsule in the walked chain, newest first. */
export interface ChainLink {
  /** 0 for the head, counting towards the oldest. */
  position: number;
  source: string;
  status: LinkStatus;
  /** null when the file is not a readable capsule. */
  id: string | null;
  previous: string | null;
  created_at: string | null;
  trigger: string | null;
  host: string | null;
  /** The signer's trusted name, or its fingerprint prefix, or null when unsigned. */
  signer: string | null;
  /** The first line of `now`, unescaped (callers neutralise it before printing). */
  now: string | null;
  /** The parsed capsule as written (no trust cap); null when unreadable. */
  capsule: Capsule | null;
  /** Its signature checked against the trusted keys; null when unreadable. */
  authorship: Authorship | null;
}

/** What kind of break a problem is. */
export type ProblemKind =
  | "invalid"
  | "edited"
  | "bad_signature"
  | "misnamed"
  | "missing"
  | "reordered"
  | "fork"
  | "unreachable"
  | "head_missing"
  | "head_mismatch"
  | "tombstone";

/** One CRITICAL problem. */
export interface ChainProblem {
  kind: ProblemKind;
  /** Position in the chain (0 = latest); null for a capsule not on it. */
  position: number | null;
  source: string | null;
  /** One content-free sentence. */
  message: string;
}

/** A finding that is not tamper (a crash state, a re-rendered prose block). */
export interface ChainNote {
  source: string | null;
  message: string;
}

/** The walked chain. */
export interface ChainWalk {
  /** intact: nothing CRITICAL; empty: no capsules at all. */
  status: "intact" | "tampered" | "empty";
  /** The chain from the head, newest first. */
  links: ChainLink[];
  problems: ChainProblem[];
  notes: ChainNote[];
  /** Capsules pruned by rotation (as the tombstone records them). */
  pruned: number;
  /**
   * Archive files the tombstone records as pruned whose content is that
   * record's (its capsule id and file digest): an interrupted rotation's
   * leftovers. Only these may ever be removed for the tombstone's sake.
   */
  leftovers: string[];
  /** The checked tombstone; null when there is none or it does not hold. */
  tombstone: Tombstone | null;
  /** Who signed the tombstone; null when there is none or it does not hold. */
  tombstone_authorship: Authorship | null;
  /** The tombstone's decisions with their trust resolved (empty without one). */
  tombstone_sources: DecisionSource[];
  /** Links by authorship state. */
  signers: { trusted: number; unknown_key: number; unsigned: number };
}

interface Parsed {
  entry: ChainEntry;
  capsule: Capsule | null;
  status: LinkStatus;
  authorship: Authorship | null;
  why: string;
}

async function parseEntry(entry: ChainEntry, trusted: TrustedKeys): Promise<Parsed> {
  const fail = (status: LinkStatus, why: string, capsule: Capsule | null = null): Parsed => ({
    entry,
    capsule,
    status,
    authorship: null,
    why,
  });
  if (entry.text === null) return fail("invalid", "cannot be read");
  let raw: unknown;
  try {
    const t = entry.text;
    raw = parseStrictJson(t.trimStart().startsWith("{") ? t : extractCapsuleJson(t));
  } catch {
    return fail("invalid", "holds no well-formed capsule JSON");
  }
  const result = CapsuleSchema.safeParse(raw);
  if (!result.success) return fail("invalid", "does not match the capsule schema");
  const capsule = result.data;
  if ((await computeCapsuleId(capsule)) !== capsule.id) {
    return fail(
      "edited",
      "was altered after it was written (its id does not match its content)",
      capsule,
    );
  }
  const authorship = await checkAuthorship(capsule, trusted);
  const status: LinkStatus = authorship.status === "trusted" ? "ok" : authorship.status;
  return { entry, capsule, status, authorship, why: authorship.detail };
}

function firstLine(text: string | null): string | null {
  if (text === null) return null;
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return line.trim();
}

function toLink(p: Parsed, position: number): ChainLink {
  const c = p.capsule;
  const a = p.authorship;
  return {
    position,
    source: p.entry.source,
    status: p.status,
    id: c?.id ?? null,
    previous: c?.previous ?? null,
    created_at: c?.created_at ?? null,
    trigger: c?.trigger ?? null,
    // Printed in a column of its own: only in a host id's shape, so no words of a stranger's
    // can pose as the signer or status columns beside it.
    host: shownHost(c?.origin.host ?? null),
    signer: a === null || a.fingerprint === null
      ? null
      : a.key_name ?? a.fingerprint.replace(/^sha256:/, "").slice(0, 12),
    now: firstLine(c?.meaning.now ?? null),
    capsule: c,
    authorship: a,
  };
}

/** A capsule's host as its own column shows it: a host id, or a fixed word. */
function shownHost(host: string | null): string | null {
  return host === null ? null : shapedHostId(host) ?? UNRECOGNISED_HOST;
}

const TAMPER: ReadonlySet<LinkStatus> = new Set(["bad_signature", "edited", "invalid"]);

/**
 * Walks the chain.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { walkChain } from "./walk.ts";
 * const walk = await walkChain({ head: null, archive: [] });
 * assert.equal(walk.status, "empty");
 * ```
 */
export async function walkChain(input: WalkInput, options: WalkOptions = {}): Promise<ChainWalk> {
  const trusted = options.trustedKeys ?? new Map();
  const problems: ChainProblem[] = [];
  const notes: ChainNote[] = [];
  const leftovers: string[] = [];
  const critical = (
    kind: ProblemKind,
    position: number | null,
    source: string | null,
    message: string,
  ) => problems.push({ kind, position, source, message });

  const archive = await Promise.all(input.archive.map((e) => parseEntry(e, trusted)));
  const byId = new Map<string, Parsed>();
  // Files whose name is not their capsule's: a copy of a capsule under another (older) name must
  // not stand in the chain for the file named by it, which was then reported unreachable.
  const misnamed = new Set<Parsed>();
  // Which file holding an id stands in the chain for it (lower wins, the first listed on a tie):
  // one whose content is the capsule it claims to be, before an edited one (its id is only a
  // claim: a copy with its time moved and its name made to fit was walked instead of the genuine
  // file, reported unreachable); then one under its own name, before a copy under another.
  const standIn = (p: Parsed) => (TAMPER.has(p.status) ? 2 : 0) + (misnamed.has(p) ? 1 : 0);
  for (const p of archive) {
    const c = p.capsule;
    if (c === null) continue;
    if ((p.entry.named ?? true) && p.entry.source !== archiveName(c.created_at, c.id)) {
      misnamed.add(p);
      critical(
        "misnamed",
        null,
        p.entry.source,
        `${p.entry.source} holds a capsule whose time or id is not the one its name records (renamed, moved or reordered)`,
      );
    }
    const held = byId.get(c.id);
    if (held === undefined || standIn(p) < standIn(held)) byId.set(c.id, p);
    if (p.entry.text !== null && p.status !== "edited" && renderCapsuleFile(c) !== p.entry.text) {
      notes.push({
        source: p.entry.source,
        message:
          "its Markdown differs from the rendering of its JSON (only the JSON is read back; the prose was edited or written by another version)",
      });
    }
  }

  let tomb: Tombstone | null = null;
  let tombAuthorship: Authorship | null = null;
  if (input.tombstone !== undefined && input.tombstone !== null) {
    const checked = await checkTombstone(input.tombstone, trusted);
    if (!checked.ok) {
      critical("tombstone", null, "tombstone.json", `The rotation tombstone ${checked.why}`);
    } else if (checked.authorship.status === "bad_signature") {
      critical(
        "tombstone",
        null,
        "tombstone.json",
        `The rotation tombstone's signature does not verify: ${checked.authorship.detail}`,
      );
    } else {
      tomb = checked.tombstone;
      tombAuthorship = checked.authorship;
      if (checked.authorship.status !== "trusted") {
        notes.push({
          source: "tombstone.json",
          message: checked.authorship.status === "unsigned"
            ? "the rotation tombstone is unsigned (written by an older baton, or by anyone): the decisions it keeps are shown as claimed and credited to no trusted capsule"
            : "the rotation tombstone is signed by a key this machine does not trust: the decisions it keeps are shown as claimed and credited to no trusted capsule",
        });
      }
    }
  }
  const prunedIds = new Map((tomb?.pruned ?? []).map((p) => [p.id, p]));

  const head = input.head === null
    ? null
    : await parseEntry({ ...input.head, named: false }, trusted);
  const links: ChainLink[] = [];
  const visited = new Set<Parsed>();
  let start: Parsed | null = null;
  if (head === null) {
    // A fresh clone after `baton pull`, or a deleted latest.md: a normal
    // state, not tamper. The walk starts from the newest chain tip (a
    // capsule no other names as previous), trusted ones first.
    const named = new Set(archive.map((p) => p.capsule?.previous).filter((v) => v !== null));
    const tips = archive.filter((p) =>
      p.capsule !== null && !TAMPER.has(p.status) && !named.has(p.capsule.id)
    ).sort((a, b) =>
      Number(b.status === "ok") - Number(a.status === "ok") ||
      compareInstants(b.capsule!.created_at, a.capsule!.created_at)
    );
    if (tips.length > 0) {
      start = tips[0]!;
      notes.push({
        source: "latest.md",
        message:
          "latest.md is missing (a fresh clone or a deleted file): no capsule is current; run baton revive to make one current",
      });
    } else if (archive.length > 0) {
      critical(
        "head_missing",
        0,
        "latest.md",
        "latest.md is missing and no archived capsule ends a chain",
      );
    }
  } else if (head.capsule === null) {
    critical("invalid", 0, head.entry.source, `latest.md ${head.why}`);
  } else if (TAMPER.has(head.status)) {
    critical(head.status as ProblemKind, 0, head.entry.source, `latest.md ${head.why}`);
  } else {
    const archived = byId.get(head.capsule.id);
    if (archived === undefined || archived.entry.text === null) {
      critical(
        "head_mismatch",
        0,
        head.entry.source,
        "latest.md holds a capsule that is not in the archive",
      );
      start = head;
    } else {
      start = archived;
    }
  }
  // A writer that died between archiving and moving latest leaves a newer
  // archived capsule whose previous is latest: the chain's real tip.
  if (start !== null) {
    for (;;) {
      const cur: Parsed = start;
      const child = archive.find((p) => p.capsule?.previous === cur.capsule!.id && p !== cur);
      if (child === undefined || child.capsule === null) break;
      notes.push({
        source: child.entry.source,
        message: child.status === "ok"
          ? "a newer capsule is archived but latest.md was not moved to it (a writer was interrupted; the next write rolls latest forward)"
          : "a newer capsule not signed by a trusted key (pulled, or written elsewhere) continues the chain; it is not current and no write makes it current",
      });
      start = child;
    }
  }

  let cur: Parsed | null = start;
  let position = 0;
  let ended: "genesis" | "tombstone" | "break" = "genesis";
  while (cur !== null && cur.capsule !== null) {
    visited.add(cur);
    links.push(toLink(cur, position));
    if (TAMPER.has(cur.status)) {
      critical(
        cur.status as ProblemKind,
        position,
        cur.entry.source,
        cur.status === "edited"
          ? `${cur.entry.source} is invalid (capsule_id_mismatch) at position ${position}: it ${cur.why}`
          : `the capsule at position ${position} (${cur.entry.source}) ${cur.why}`,
      );
    }
    const prev = cur.capsule.previous;
    if (prev === null) break;
    if (tomb !== null && tomb.pruned.at(-1)?.id === prev) {
      ended = "tombstone"; // pruned files still present are checked below
      break;
    }
    const next = byId.get(prev);
    if (next === undefined) {
      ended = "break";
      critical(
        "missing",
        position + 1,
        cur.entry.source,
        `${cur.entry.source} names a previous capsule not in the archive (position ${
          position + 1
        } is missing or unreadable)`,
      );
      break;
    }
    if (visited.has(next)) {
      critical("reordered", position + 1, next.entry.source, "the chain loops back on itself");
      ended = "break";
      break;
    }
    if (isLater(next.capsule!.created_at, cur.capsule.created_at)) {
      critical(
        "reordered",
        position,
        cur.entry.source,
        `the capsule at position ${position} is older than the capsule it names as previous`,
      );
    }
    cur = next;
    position++;
  }

  for (const p of archive) {
    if (visited.has(p)) continue;
    const c = p.capsule;
    if (c === null || p.status === "edited") {
      critical(
        p.status === "edited" ? "edited" : "invalid",
        null,
        p.entry.source,
        `${p.entry.source} is invalid (${
          p.status === "edited" ? "capsule_id_mismatch" : "not a readable capsule"
        }) and not on the chain from latest: it ${p.why}`,
      );
      continue;
    }
    const pruned = prunedIds.get(c.id);
    if (pruned !== undefined) {
      if (pruned.sha256 !== await fileDigest(p.entry.text ?? "")) {
        critical(
          "tombstone",
          null,
          p.entry.source,
          `${p.entry.source} is recorded as pruned with other content`,
        );
      } else {
        leftovers.push(p.entry.source);
        notes.push({
          source: p.entry.source,
          message: tombAuthorship?.status === "trusted"
            ? "recorded as pruned but still present (a rotation was interrupted; the next rotate removes it)"
            : "recorded as pruned but still present, by a rotation tombstone no trusted key signed (rotate never removes it)",
        });
      }
      continue;
    }
    if (c.id === links[0]?.id) continue; // the same capsule under a second name (misnamed above)
    if (p.status === "bad_signature") {
      critical("bad_signature", null, p.entry.source, `${p.entry.source} ${p.why}`);
    }
    const sibling = links.find((l) => l.previous === c.previous && l.id !== c.id);
    critical(
      sibling === undefined ? "unreachable" : "fork",
      null,
      p.entry.source,
      sibling === undefined
        ? `${p.entry.source} is not reachable from latest.md`
        : `${p.entry.source} forks the chain: it names the same previous capsule as position ${sibling.position}`,
    );
  }
  // A tombstone the chain does not reach (copied from another chain) keeps no decisions here.
  const tombJoins = !(tomb !== null && ended === "genesis" && links.length > 0);
  if (!tombJoins) {
    critical(
      "tombstone",
      links.length,
      "tombstone.json",
      "the rotation tombstone does not join the oldest capsule kept",
    );
  }

  const signers = { trusted: 0, unknown_key: 0, unsigned: 0 };
  for (const l of links) {
    if (l.status === "ok") signers.trusted++;
    else if (l.status === "unknown_key") signers.unknown_key++;
    else if (l.status === "unsigned") signers.unsigned++;
  }
  const empty = links.length === 0 && archive.length === 0 && head === null;
  return {
    status: problems.length > 0 ? "tampered" : empty ? "empty" : "intact",
    links,
    problems,
    notes,
    pruned: tomb?.pruned.length ?? 0,
    leftovers,
    tombstone: tomb,
    tombstone_authorship: tombAuthorship,
    tombstone_sources: tomb === null || tombAuthorship === null || !tombJoins
      ? []
      : tombstoneSources(tomb, tombAuthorship, trusted),
    signers,
  };
}

/** The digest the tombstone records for a pruned file: sha256 of its bytes. */
export async function fileDigest(text: string): Promise<string> {
  return await sha256Id(text);
}
