/**
 * The archive listing behind `baton list`: which archived capsules to show
 * (newest first, at most a limit), one row per capsule file (a file that
 * fails validation is a row marked invalid, never skipped), and the human
 * lines. Pure: the caller reads the files and passes their text.
 * @module
 */
import { shortId } from "../capsule/capsule_id.ts";
import { parseCapsule } from "../capsule/parse.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import { neutralizeText } from "../safety/render_safe.ts";
import type { WrittenElsewhere } from "./written_elsewhere.ts";

/** One archived capsule as listed. Every field but `file` is null when invalid. */
export interface ArchiveRow {
  file: string;
  id: string | null;
  created_at: string | null;
  trigger: string | null;
  status: string | null;
  previous: string | null;
  /** The signature check's status (trusted, unknown_key, unsigned, bad_signature). */
  authorship: string | null;
  valid: boolean;
  /**
   * Written in another repository (its signed place not tied here, or its recorded commit
   * absent; core/store/written_elsewhere.ts), whoever signed it. False when invalid.
   */
  elsewhere: boolean;
}

/**
 * The archive file names to list: newest first, at most `limit`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { newestFirst } from "./archive_listing.ts";
 * assert.deepEqual(newestFirst(["a.md", "b.md", "c.md"], 2), ["c.md", "b.md"]);
 * ```
 */
export function newestFirst(names: readonly string[], limit: number): string[] {
  return [...names].reverse().slice(0, limit);
}

/** The row of one archive file, from its text (null when it could not be read). */
export async function archiveRow(
  file: string,
  text: string | null,
  trustedKeys: TrustedKeys,
  writtenElsewhere: WrittenElsewhere = () => Promise.resolve(false),
): Promise<ArchiveRow> {
  let parsed;
  try {
    parsed = await parseCapsule(text ?? "", { trustedKeys });
  } catch {
    parsed = null;
  }
  if (parsed === null) {
    return {
      file,
      id: null,
      created_at: null,
      trigger: null,
      status: null,
      previous: null,
      authorship: null,
      valid: false,
      elsewhere: false,
    };
  }
  const { capsule: c, authorship } = parsed;
  return {
    file,
    id: c.id,
    created_at: c.created_at,
    trigger: c.trigger,
    status: c.status,
    previous: c.previous,
    authorship: authorship.status,
    valid: true,
    // Signed says who wrote it, not where (log, verify, show and search say the same).
    elsewhere: await writtenElsewhere(c.facts),
  };
}

/**
 * One human line per row: short id, creation time, trigger, status, the
 * capsule it replaced and who signed it, and whether it was written in
 * another repository; an invalid file by its (neutralised) name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderArchiveLines } from "./archive_listing.ts";
 * const bad = { file: "x.md", id: null, created_at: null, trigger: null, status: null, previous: null, authorship: null, valid: false, elsewhere: false };
 * assert.equal(renderArchiveLines([bad]), "x.md  INVALID\n");
 * ```
 */
export function renderArchiveLines(rows: readonly ArchiveRow[]): string {
  return rows.map((r) =>
    r.valid
      ? `${shortId(r.id!)}  ${r.created_at}  ${r.trigger!.padEnd(11)} ${r.status!.padEnd(7)} prev ${
        r.previous === null ? "none" : shortId(r.previous)
      }  ${r.authorship}${r.elsewhere ? "  (written in another repository)" : ""}\n`
      : `${neutralizeText(r.file)}  INVALID\n`
  ).join("");
}
