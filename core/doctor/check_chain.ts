/**
 * Doctor's chain check: walks the archive, validates every capsule (strict
 * parse, schema, id) and checks that every `previous` link resolves to an
 * archived capsule and that latest.md is one of them. Reads through the
 * injected file system.
 * @module
 */
import type { WriteFs } from "../fs.ts";
import { isCodedError } from "../errors.ts";
import { parseCapsule } from "../capsule/parse.ts";
import { listArchive, readTextOrNull } from "../store/capsule_store.ts";
import type { BatonLayout } from "../store/layout.ts";
import type { DoctorCheck } from "./check.ts";

/** The chain check and the latest capsule's creation time (for the clock check). */
export interface ChainResult {
  check: DoctorCheck;
  latestCreatedAt: string | null;
}

function why(e: unknown): string {
  return isCodedError(e) ? e.code : "unreadable";
}

/**
 * Checks the capsule chain of one .baton directory.
 *
 * @param fs File access.
 * @param layout Where .baton is.
 * @returns The check (ok, or warn naming the first problems) and the latest's time.
 */
export async function checkChain(fs: WriteFs, layout: BatonLayout): Promise<ChainResult> {
  let names: string[];
  try {
    names = await listArchive(fs, layout);
  } catch {
    return {
      check: {
        name: "chain",
        outcome: "warn",
        reason: `Cannot read the capsule archive in ${layout.capsules}`,
      },
      latestCreatedAt: null,
    };
  }
  const ids = new Set<string>();
  const links: { name: string; previous: string }[] = [];
  const problems: string[] = [];
  for (const name of names) {
    try {
      const { capsule } = await parseCapsule(
        (await readTextOrNull(fs, `${layout.capsules}/${name}`)) ?? "",
      );
      ids.add(capsule.id);
      if (capsule.previous !== null) links.push({ name, previous: capsule.previous });
    } catch (e) {
      problems.push(`${name} is invalid (${why(e)})`);
    }
  }
  for (const l of links) {
    if (!ids.has(l.previous)) {
      problems.push(`${l.name} names a previous capsule not in the archive`);
    }
  }
  let latestCreatedAt: string | null = null;
  try {
    const text = await readTextOrNull(fs, layout.latest);
    if (text !== null) {
      const { capsule } = await parseCapsule(text);
      latestCreatedAt = capsule.created_at;
      if (!ids.has(capsule.id)) problems.push("latest.md is not in the archive");
    } else if (names.length > 0) {
      problems.push("latest.md is missing although the archive holds capsules");
    }
  } catch (e) {
    problems.push(`latest.md is invalid (${why(e)})`);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 3).join("; ");
    const more = problems.length > 3 ? ` and ${problems.length - 3} more` : "";
    return {
      check: {
        name: "chain",
        outcome: "warn",
        reason: `The capsule chain has problems: ${shown}${more}`,
      },
      latestCreatedAt,
    };
  }
  return {
    check: {
      name: "chain",
      outcome: "ok",
      reason: names.length === 0
        ? "No capsules yet"
        : `${names.length} capsule(s), all valid, every previous link resolves`,
    },
    latestCreatedAt,
  };
}
