/**
 * The check a person's write (`baton finalize`) makes before its capsule goes
 * on top of latest.md, the same one the capture hooks make before theirs: a
 * latest.md rolled back to an older capsule of its signer (the same trusted
 * key signed a later one that the archive holds, or that this clone's store
 * last made current on the branch checked out now, as load reads it:
 * head_record.ts), or missing while the archive holds capsules but not the
 * one this clone last made current. A capsule written on top would become
 * the newest, end load's warning and, through its previous link, put the old
 * capsule's decisions back in force. The rollback check runs under the
 * store's lock, after the store moved latest.md forward over capsules that
 * continue it (an interrupted write), so only a real rollback is refused;
 * the missing case is asked before the lock, where the store has not yet put
 * anything back. A latest.md written in another repository is no rollback
 * of this clone's chain; one no trusted key signed is refused only when it
 * leaves out the newest capsule this clone made current (core/chain/displaced_head.ts).
 * @module
 */
import { BatonError, EXIT } from "../errors.ts";
import type { WriteFs } from "../fs.ts";
import type { Capsule } from "../capsule/types.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import { listArchive, newerTrustedCapsule, readLatest } from "../store/capsule_store.ts";
import { archiveName, type BatonLayout } from "../store/layout.ts";
import { readHeadRecord } from "../store/head_record.ts";
import type { RepoLocation } from "../facts/types.ts";
import { writtenElsewhere } from "../store/written_elsewhere.ts";
import { shortId } from "../capsule/capsule_id.ts";
import { readHead } from "../facts/git/read_head.ts";
import { displacedHead } from "../chain/displaced_head.ts";
import { forkHead } from "./fork_head.ts";

/** latest.md is not the newest capsule of its signer: nothing was written. */
export class RolledBackError extends BatonError {
  /**
   * @param newer The full id of the newer capsule (baton's own record, a digest's shape), or null.
   * @param leftOut True when latest.md, which no trusted key signed, leaves `newer` out of its chain.
   * @param teammate True when latest.md is a trusted teammate's from another fork that leaves
   *   `newer` out, and the archive no longer holds `newer` (./fork_head.ts).
   */
  constructor(newer: string | null, leftOut = false, teammate = false) {
    super(
      teammate && newer !== null
        ? `Cannot write the capsule: .baton/latest.md, which a key this machine trusts signed, is from another fork that does not continue ${
          shortId(newer)
        }, the newest capsule this clone made current, and the archive no longer holds that one (deleted, or rolled back by a commit): no capsule was written. baton load says so; --over-rollback writes on top of it anyway`
        : leftOut && newer !== null
        ? `Cannot write the capsule: .baton/latest.md, which no key this machine trusts signed, does not continue ${
          shortId(newer)
        }, the newest capsule this clone made current (it leaves it out): no capsule was written. baton load says so; --over-rollback writes on top of it anyway`
        : newer === null
        ? "Cannot write the capsule: .baton/latest.md is missing and so is the capsule this clone last made current (deleted, or rolled back by a commit): no capsule was written. baton revive restores the newest one left; --over-rollback writes a new chain anyway"
        : `Cannot write the capsule: .baton/latest.md is not the newest capsule of its signer (rolled back; ${
          shortId(newer)
        } is newer): no capsule was written. baton load says which is newer and baton revive restores the newest one the archive holds; --over-rollback writes on top of the older one anyway`,
      "rolled_back",
      EXIT.no.code,
      { data: { newer } },
    );
  }
}

/** What {@linkcode refuseRolledBack} reads. */
export interface RollbackGuardInput {
  fs: WriteFs;
  layout: BatonLayout;
  repo: RepoLocation | null;
  trustedKeys: TrustedKeys;
}

/** The branch checked out now, whose head record counts (none when detached or outside git). */
async function checkedOut(input: RollbackGuardInput): Promise<string | null> {
  return input.repo === null
    ? null
    : await readHead(input.fs, input.repo).then((h) => h.branch, () => null);
}

/**
 * Throws {@linkcode RolledBackError} when latest.md is missing while the archive holds capsules
 * but not the one this clone last made current on `branch`. Asked before the store's lock: under
 * it the store would first put the newest capsule the archive chain reaches back in latest.md.
 * @throws {RolledBackError}
 */
export async function refuseHeadGone(input: RollbackGuardInput): Promise<void> {
  const { fs, layout } = input;
  // A folder there is no capsule: the store sets it aside, and latest.md is then missing.
  const at = await fs.lstat(layout.latest);
  if (at !== null && !at.isDirectory) return;
  const branch = await checkedOut(input);
  if (branch === null) return;
  const head = await readHeadRecord(fs, layout, branch);
  if (head === null) return;
  const names: string[] = await listArchive(fs, layout).catch(() => []);
  if (names.length > 0 && !names.includes(archiveName(head.created_at, head.id))) {
    throw new RolledBackError(null);
  }
}

/**
 * Throws {@linkcode RolledBackError} when `current` (latest.md as the store
 * read it under the lock, or null) is a rolled-back latest.md.
 * @throws {RolledBackError}
 */
export async function refuseRolledBack(
  input: RollbackGuardInput,
  current: Capsule | null,
): Promise<void> {
  const { fs, layout, repo, trustedKeys } = input;
  if (current === null) return;
  const branch = await checkedOut(input);
  const head = branch === null ? null : await readHeadRecord(fs, layout, branch);
  // The store read latest.md with no keys (capped as a stranger's): read again with them, and
  // only when it is still the capsule the store found (under the lock, it is).
  const read = await readLatest(fs, layout, { trustedKeys }).catch(() => null);
  if (read === null || read.capsule.id !== current.id) return;
  const { authorship } = read;
  if (authorship.status !== "trusted") {
    // No rollback of its signer, but it may leave out this user's newest capsule (a stranger's
    // capsule on top of an older one): a capsule on top would make that this clone's head.
    const dropped = await displacedHead(fs, layout, read.capsule, head, trustedKeys);
    if (dropped !== null) throw new RolledBackError(dropped.id, true);
    return;
  }
  // A teammate's capsule from another fork: the store continues this clone's newest instead
  // (./fork_head.ts), unless the archive lost it; then a capsule on top would drop it for good.
  const fork = await forkHead(fs, layout, read.capsule, head, trustedKeys);
  if (fork?.kind === "lost") throw new RolledBackError(fork.head.id, true, true);
  const absent = writtenElsewhere(fs, repo);
  if (repo !== null && await absent(current.facts)) return;
  const newer = await newerTrustedCapsule(
    fs,
    layout,
    read.capsule,
    authorship.fingerprint,
    trustedKeys,
    undefined,
    { writtenElsewhere: absent, head },
  );
  if (newer.capsule !== null) throw new RolledBackError(newer.capsule.id);
}
