/**
 * What `baton verify` and `baton log` print, derived from a walked chain.
 * Strings from capsules (the first line of now, host names) are returned
 * raw: the command redacts and neutralises them before printing. Pure.
 * @module
 */
import type { ChainWalk, LinkStatus } from "./walk.ts";

/** One `baton log` row. */
export interface LogRow {
  position: number;
  id: string | null;
  created_at: string | null;
  trigger: string | null;
  host: string | null;
  signer: string | null;
  status: LinkStatus;
  now: string | null;
}

/** The chain as log rows, newest first. */
export function logRows(walk: ChainWalk): LogRow[] {
  return walk.links.map((l) => ({
    position: l.position,
    id: l.id,
    created_at: l.created_at,
    trigger: l.trigger,
    host: l.host,
    signer: l.signer,
    status: l.status,
    now: l.now,
  }));
}

/**
 * The `--json` document of `baton verify`. `elsewhere` holds the positions of the
 * capsules written in another repository (the commit or work tree they record is not
 * here): intact and signed says nothing of where a chain was written.
 */
export function verifyReport(walk: ChainWalk, elsewhere: ReadonlySet<number> = new Set()): {
  status: ChainWalk["status"];
  capsules: number;
  pruned: number;
  /** Who signed the rotation tombstone; null when there is none (or it does not hold). */
  tombstone: { signer: "trusted" | "unknown_key" | "unsigned" } | null;
  signers: ChainWalk["signers"];
  /** How many capsules reached were written in another repository. */
  written_elsewhere: number;
  problems: {
    severity: "CRITICAL";
    kind: string;
    position: number | null;
    source: string | null;
    message: string;
  }[];
  notes: ChainWalk["notes"];
  links: {
    position: number;
    id: string | null;
    source: string;
    status: LinkStatus;
    elsewhere?: true;
  }[];
} {
  return {
    status: walk.status,
    capsules: walk.links.length,
    pruned: walk.pruned,
    tombstone: walk.tombstone_authorship === null ||
        walk.tombstone_authorship.status === "bad_signature"
      ? null
      : { signer: walk.tombstone_authorship.status },
    signers: walk.signers,
    written_elsewhere: walk.links.filter((l) => elsewhere.has(l.position)).length,
    problems: walk.problems.map((p) => ({ severity: "CRITICAL", ...p })),
    notes: walk.notes,
    links: walk.links.map((l) => ({
      position: l.position,
      id: l.id,
      source: l.source,
      status: l.status,
      ...(elsewhere.has(l.position) ? { elsewhere: true as const } : {}),
    })),
  };
}

/**
 * The lines `baton verify` prints.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyLines } from "./report.ts";
 * const lines = verifyLines({ status: "empty", links: [], problems: [], notes: [], pruned: 0, leftovers: [], tombstone: null, tombstone_authorship: null, tombstone_sources: [], signers: { trusted: 0, unknown_key: 0, unsigned: 0 } });
 * assert.equal(lines.at(-1), "chain: empty (no capsules yet)");
 * ```
 */
export function verifyLines(walk: ChainWalk, elsewhere: ReadonlySet<number> = new Set()): string[] {
  const out: string[] = [];
  for (const p of walk.problems) {
    out.push(
      `CRITICAL ${p.kind}${
        p.position === null || p.message.includes(`position ${p.position}`)
          ? ""
          : ` at position ${p.position}`
      }: ${p.message}`,
    );
  }
  for (const n of walk.notes) out.push(`note: ${n.source ?? "chain"}: ${n.message}`);
  const s = walk.signers;
  const signers =
    `${s.trusted} signed by a trusted key, ${s.unknown_key} by a key not trusted here, ${s.unsigned} unsigned`;
  const away = walk.links.filter((l) => elsewhere.has(l.position)).map((l) => l.position);
  const where = away.length === 0
    ? ""
    : `; ${away.length} of them written in another repository (the commit or work tree it records is not here; position${
      away.length === 1 ? "" : "s"
    } ${away.slice(0, 5).join(", ")}${
      away.length > 5 ? ", ..." : ""
    }): signed or not, they decide nothing here`;
  const pruned = walk.pruned > 0
    ? `; ${walk.pruned} older capsule(s) pruned (${tombWord(walk)})`
    : "";
  if (walk.status === "empty") out.push("chain: empty (no capsules yet)");
  else if (walk.status === "intact") {
    out.push(
      `chain: intact: ${walk.links.length} capsule(s) from latest, every id, signature and link checked (${signers})${where}${pruned}`,
    );
  } else {
    out.push(
      `chain: TAMPERED: ${walk.problems.length} CRITICAL problem(s); ${walk.links.length} capsule(s) reached from latest${where}${pruned}`,
    );
  }
  return out;
}

/** What the tombstone's signature is worth, in the verify line's words. */
function tombWord(walk: ChainWalk): string {
  switch (walk.tombstone_authorship?.status) {
    case "trusted":
      return "tombstone signed by a trusted key";
    case "unknown_key":
      return "tombstone signed by a key not trusted here: its decisions are unverified";
    case "unsigned":
      return "tombstone unsigned: its decisions are unverified";
    default:
      return "tombstone does not hold";
  }
}
