/**
 * The session-start rule, kept light (no zod, no git objects, no capsule
 * parse) because it runs at the start of every session: the full briefing is
 * injected when the repository's current capsule is not the one last
 * injected for this host (newer, or older: put back by a commit or another
 * branch's), and always right after a compaction, whose summary has just
 * replaced the context that held the earlier injection. The header's id is
 * public (anyone can copy it into a file of their own), so "already
 * injected" also needs latest.md's bytes to have the digest recorded at that
 * injection; otherwise the injection job reads the JSON block and decides
 * (`header_unconfirmed`). A new
 * session (source `startup`, `clear`, `fork`, none or any unknown value)
 * whose capsule was already shown in an earlier one gets it again as a
 * repeat (the short form when nothing drifted, decided later from the
 * drift checks), unless repeats are off. On `resume` a host replays what it
 * injected before, so an already shown capsule is not injected again.
 * @module
 */
import type { ReadFs } from "../fs.ts";
import { findBatonLayout, type FoundLayout } from "../store/find_layout.ts";
import { ARCHIVE_NAME } from "../store/layout.ts";
import { BatonDirLinkError } from "../store/check_baton_dir.ts";
import { type LatestHeader, readLatestHeader } from "../store/latest_header.ts";
import { readInjectionState } from "../store/injection_state.ts";
import { readLatestDigest } from "../store/latest_digest.ts";

/** Why the check decided as it did. */
export type InjectionReason =
  | "no_capsule"
  | "not_a_file"
  | "archived_only"
  | "already_injected"
  | "older_capsule"
  | "never_injected"
  | "newer_capsule"
  | "after_compact"
  | "header_unreadable"
  | "header_unconfirmed"
  | "repeat";

/** The decision and what it was based on. */
export interface InjectionCheck {
  inject: boolean;
  reason: InjectionReason;
  found: FoundLayout;
  header: LatestHeader | null;
  /**
   * On a repeat, the full id of the capsule injected before (as recorded):
   * the short form is for that capsule only, confirmed by the id its JSON
   * block holds, never by latest.md's prose header. Null otherwise.
   */
  shownId: string | null;
  /**
   * `sha256:` digest of latest.md's bytes as this check read them, to be
   * recorded with an injection (core/store/latest_digest.ts); null when
   * nothing is injected or the file could not be digested.
   */
  digest: string | null;
}

/** Options of {@linkcode checkInjection}. */
export interface InjectionCheckOptions {
  /** Key of the host in the state file (a host id, or "unknown"). */
  hostKey: string;
  /** The payload's session-start source, when it sent one. @default {null} */
  source?: string | null;
  /**
   * What a new session gets when its capsule was already shown: `short` (the
   * short form when nothing drifted, else the full one), `full`, or `off`
   * (nothing, the old rule).
   * @default "short"
   */
  repeat?: RepeatMode;
}

/** How an already shown capsule is shown again to a new session. */
export type RepeatMode = "short" | "full" | "off";

/** The repeat mode named by a setting (BATON_BRIEFING_REPEAT); unknown values give the default. */
export function repeatMode(value: string | undefined): RepeatMode {
  return value === "full" || value === "off" ? value : "short";
}

/**
 * Decides whether the session-start hook injects a briefing for `cwd`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const fs = {
 *   lstat: () => Promise.resolve(null), stat: () => Promise.resolve(null),
 *   readRange: () => Promise.reject(new Error("none")),
 * } as unknown as import("../fs.ts").ReadFs;
 * const check = await checkInjection(fs, "/nowhere", { hostKey: "codex" });
 * assert.deepEqual([check.inject, check.reason], [false, "no_capsule"]);
 * ```
 */
export async function checkInjection(
  fs: ReadFs,
  cwd: string,
  options: InjectionCheckOptions,
): Promise<InjectionCheck> {
  const found = await findBatonLayout(fs, cwd);
  const decide = async (
    inject: boolean,
    reason: InjectionReason,
    header: LatestHeader | null,
    shownId: string | null = null,
    digest: string | null = null,
  ): Promise<InjectionCheck> => ({
    inject,
    reason,
    found,
    header,
    shownId,
    digest: inject ? digest ?? await readLatestDigest(fs, found.layout) : null,
  });
  const st = await fs.lstat(found.layout.latest);
  // A link where latest.md belongs (a commit can carry one) is never read: the hook says so.
  if (st?.isSymlink === true) throw new BatonDirLinkError(found.layout.latest, "file");
  if (st === null) {
    // A fresh clone, a pull, or a commit that deleted it: the archive still holds capsules, and
    // the hook says that baton revive is needed (as load does) rather than nothing.
    const archived = await holdsArchivedCapsule(fs, found.layout.capsules);
    return decide(false, archived ? "archived_only" : "no_capsule", null);
  }
  // A folder (a commit can carry one), a FIFO or a socket: never opened, and not "no capsule"
  // either: the hook says why nothing is shown (it went dark here, the archive full).
  if (!st.isFile) return decide(false, "not_a_file", null);
  const header = await readLatestHeader(fs, found.layout);
  if (options.source === "compact") return decide(true, "after_compact", header);
  if (header === null) return decide(true, "header_unreadable", null);
  // A record marks its capsule whatever the dates in it: a committed capsule dated ahead (2099)
  // is recorded as injected like any other (its date decides only the reason below, and a
  // capsule older than the one last injected is injected too). Ignoring such a record let a
  // stranger's future date inject the capsule at every session start, resume included.
  const last = (await readInjectionState(fs, found.layout)).hosts[options.hostKey];
  if (last === undefined) return decide(true, "never_injected", header);
  if (last.capsule_id.replace(/^sha256:/, "").startsWith(header.id12)) {
    const repeat = options.repeat ?? "short";
    if (options.source === "resume" || repeat === "off") {
      // The header's id is public: a stranger's latest.md that copies it answered "already
      // injected" here, so their capsule was never shown and the one it replaced stayed hidden.
      // Only the bytes recorded at the injection confirm it without the capsule parse.
      const digest = await readLatestDigest(fs, found.layout);
      if (digest !== null && digest === last.latest_digest) {
        return decide(false, "already_injected", header);
      }
      return decide(true, "header_unconfirmed", header, null, digest);
    }
    return decide(true, "repeat", header, last.capsule_id);
  }
  const newer = Date.parse(header.createdAt) > Date.parse(last.created_at) ||
    Number.isNaN(Date.parse(last.created_at));
  // An older capsule than the one last injected is injected too: latest.md put back by a
  // commit (a stranger's push, a revert) or another branch's handoff. Left out, a rollback
  // hid the briefing and load's warning that latest.md was rolled back, while the capture
  // hooks quietly wrote nothing.
  return decide(true, newer ? "newer_capsule" : "older_capsule", header);
}

/** Most archive entries looked at for one with a capsule's name. */
const MAX_ARCHIVE_ENTRIES = 20_000;

/**
 * Whether the archive folder (a real folder, never a link) may hold a capsule: a regular file
 * under a capsule's archive name, or more entries than are looked at (files a commit put there
 * ahead of the capsules made the hook silent); no content is read.
 */
async function holdsArchivedCapsule(fs: ReadFs, dir: string): Promise<boolean> {
  try {
    if ((await fs.lstat(dir))?.isDirectory !== true) return false;
    const entries = await fs.readDir(dir, MAX_ARCHIVE_ENTRIES);
    if (entries.length >= MAX_ARCHIVE_ENTRIES) return true;
    return entries.some((e) => e.isFile && ARCHIVE_NAME.test(e.name));
  } catch {
    return false;
  }
}
