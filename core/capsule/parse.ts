/**
 * Parses a capsule file back into a capsule: only the embedded JSON block is
 * read (the last one in the file), strictly; the schema is checked, the id
 * re-computed (integrity), the signature checked against the trusted keys
 * (authorship), and the trust cap applied. Pure apart from hashing and
 * signature checks.
 * @module
 */
import { CapsuleInvalidError } from "../errors.ts";
import { parseStrictJson } from "../json/strict_parse.ts";
import { type CapFinding, capTrust } from "./cap_trust.ts";
import { checkAuthorship } from "./capsule_signature.ts";
import type { Authorship } from "../trust/authorship_line.ts";
import type { TrustedKeys } from "../trust/key_ring.ts";
import { computeCapsuleId } from "./capsule_id.ts";
import { CAPSULE_KEYS, CapsuleSchema } from "./schema.ts";
import type { Capsule } from "./types.ts";
import { describeZodIssue } from "./zod_issue.ts";

/** The info string of the fenced block that holds the capsule JSON. */
export const CAPSULE_FENCE = "```json baton-capsule";

/** A parsed capsule: as written, after the cap, and what the cap lowered. */
export interface ParsedCapsule {
  /** The capsule with the trust cap applied: what every reader must use. */
  capsule: Capsule;
  /** Claims the cap lowered on this parse. */
  capped: CapFinding[];
  /** Who wrote it: the signature checked against the trusted keys. */
  authorship: Authorship;
}

/** Options of {@linkcode parseCapsule}. */
export interface ParseCapsuleOptions {
  /**
   * Keys whose capsules may keep `verified` and `observed`. With none (the
   * default) every capsule is capped as a stranger's.
   * @default {new Map()}
   */
  trustedKeys?: TrustedKeys;
}

/** Finds the JSON text of the last capsule block. */
export function extractCapsuleJson(text: string): string {
  const lines = text.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    if (lines[i]!.trimEnd() !== CAPSULE_FENCE) continue;
    const body: string[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      if (lines[j]!.trimEnd() === "```") return body.join("\n");
      body.push(lines[j]!);
    }
    throw new CapsuleInvalidError(
      "Cannot parse capsule: the embedded JSON block is not closed",
      "capsule_block_unclosed",
    );
  }
  throw new CapsuleInvalidError(
    "Cannot parse capsule: embedded JSON block is missing: expected a fenced block opened by " +
      '"```json baton-capsule"',
    "capsule_block_missing",
  );
}

/**
 * Parses capsule file text (or bare capsule JSON) strictly.
 * @throws {CapsuleInvalidError} on a missing block, schema mismatch or id mismatch.
 * @throws {StrictJsonError} on malformed JSON.
 */
export async function parseCapsule(
  text: string,
  options: ParseCapsuleOptions = {},
): Promise<ParsedCapsule> {
  const json = text.trimStart().startsWith("{") ? text : extractCapsuleJson(text);
  const raw = parseStrictJson(json);
  const result = CapsuleSchema.safeParse(raw);
  if (!result.success) {
    throw new CapsuleInvalidError(
      `Cannot validate capsule: ${describeZodIssue(result.error, CAPSULE_KEYS)}`,
      "capsule_schema",
    );
  }
  const capsule = result.data;
  const expected = await computeCapsuleId(capsule);
  if (expected !== capsule.id) {
    throw new CapsuleInvalidError(
      "Cannot validate capsule: its id does not match its content (the capsule was altered after it was written)",
      "capsule_id_mismatch",
    );
  }
  const authorship = await checkAuthorship(capsule, options.trustedKeys ?? new Map());
  return { ...capTrust(capsule, { authorship }), authorship };
}
