/**
 * The check load makes, made before `baton revive` (and `baton pull`) put a
 * capsule in a missing latest.md: does it continue the newest capsule this
 * clone made current (head_record.ts, per branch checked out)? The choice
 * (choose_current.ts) goes by date and signer only, so a clone whose
 * latest.md was deleted got back an older capsule of its own, or a
 * teammate's from another fork, presented as current while load then warned
 * that it leaves the newest out. Now: when this clone's newest is archived
 * and reads back signed by the key its record names, it is made current
 * instead (the other stays in the archive, named); when it is gone, the
 * chosen capsule is made current and the report names the newest it leaves
 * out, as load does.
 * @module
 */
import type { FoundLayout } from "../store/find_layout.ts";
import { readTextOrNull } from "../store/capsule_store.ts";
import type { WriteFs } from "../fs.ts";
import { archiveName } from "../store/layout.ts";
import { readHead } from "../facts/git/read_head.ts";
import { readHeadRecord } from "../store/head_record.ts";
import { parseCapsule, type ParsedCapsule } from "../capsule/parse.ts";
import { displacedHead } from "../chain/displaced_head.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import type { CurrentCandidate } from "./choose_current.ts";

/** What the check decided about the capsule chosen. */
export interface HeadCheck {
  /** The capsule to make current: the one chosen, or this clone's newest. */
  chosen: CurrentCandidate;
  /** The id of the chosen capsule passed over for this clone's newest, else null. */
  passedFork: string | null;
  /** The id of this clone's newest, which the capsule made current leaves out (gone), else null. */
  leavesOut: string | null;
}

async function readParsed(
  fs: WriteFs,
  path: string,
  trustedKeys: TrustedKeys,
): Promise<ParsedCapsule | null> {
  try {
    // As the store reads a capsule: never through a link (a commit can put one at an archive
    // name), bounded. One refused counts as absent: the archive no longer holds that capsule.
    const text = await readTextOrNull(fs, path);
    return text === null ? null : await parseCapsule(text, { trustedKeys });
  } catch {
    return null;
  }
}

/** Checks `chosen` (an archived capsule) against this clone's newest; see the module. */
export async function checkAgainstHead(
  fs: WriteFs,
  found: FoundLayout,
  chosen: CurrentCandidate,
  trustedKeys: TrustedKeys,
): Promise<HeadCheck> {
  const same: HeadCheck = { chosen, passedFork: null, leavesOut: null };
  if (found.repo === null) return same;
  const branch = await readHead(fs, found.repo).then((h) => h.branch, () => null);
  if (branch === null) return same;
  const head = await readHeadRecord(fs, found.layout, branch);
  if (head === null || head.id === chosen.id) return same;
  const { capsules } = found.layout;
  const read = await readParsed(fs, `${capsules}/${chosen.name}`, trustedKeys);
  if (read === null || read.capsule.id !== chosen.id) return same;
  if (await displacedHead(fs, found.layout, read.capsule, head, trustedKeys) === null) return same;
  const name = archiveName(head.created_at, head.id);
  const own = await readParsed(fs, `${capsules}/${name}`, trustedKeys);
  const ownSigner = own?.authorship.status === "trusted" ? own.authorship.fingerprint : null;
  if (own === null || own.capsule.id !== head.id || ownSigner !== head.fingerprint) {
    return { chosen, passedFork: null, leavesOut: head.id };
  }
  return {
    chosen: { name, id: head.id, created_at: own.capsule.created_at, authorship: own.authorship },
    passedFork: chosen.id,
    leavesOut: null,
  };
}

/**
 * The lines revive and pull print for a check's outcome (ids a capsule's shape, checked here:
 * anything else is not named).
 */
export function headCheckLines(
  current: string,
  r: { leaves_out?: string; fork_passed_over?: string },
): string[] {
  const short = (id: string) => /^sha256:[0-9a-f]{64}$/.test(id) ? id.slice(7, 19) : "?";
  const lines: string[] = [];
  if (r.leaves_out !== undefined) {
    lines.push(
      `warning: ${short(current)} does not continue ${
        short(r.leaves_out)
      }, the newest capsule this clone made current, which the archive no longer holds (deleted, or rolled back by a commit): its decisions are not in what baton load shows, and load says so`,
    );
  }
  if (r.fork_passed_over !== undefined) {
    lines.push(
      `note: ${short(current)} is the newest capsule this clone made current; ${
        short(r.fork_passed_over)
      }, from another fork that leaves it out, stays in the archive (baton show ${
        short(r.fork_passed_over)
      })`,
    );
  }
  return lines;
}
