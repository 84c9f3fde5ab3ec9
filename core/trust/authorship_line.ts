/**
 * The one briefing line that says who wrote a capsule and what that does to
 * its trust labels. Kept apart from the signature code so the briefing
 * renderer pulls in no crypto. Pure.
 * @module
 */
import { OWN_KEY_NAME } from "./key_ring.ts";
import { shortFingerprint } from "./public_key.ts";

/** Who wrote a capsule, as far as this machine can tell. */
export interface Authorship {
  /**
   * trusted: the signature verifies under a key this machine trusts;
   * unknown_key: it verifies, under a key nobody here added;
   * unsigned: the capsule carries no signature;
   * bad_signature: it carries one that does not verify (altered, or forged).
   */
  status: "trusted" | "unknown_key" | "unsigned" | "bad_signature";
  /** The signing key's fingerprint when it is well formed and matches the key; else null. */
  fingerprint: string | null;
  /** The name the key is trusted under ("this machine" for its own), or null. */
  key_name: string | null;
  /** One line for people. */
  detail: string;
}

/**
 * The line, or null for this machine's own key (nothing to say). With
 * `keysProblem` (why this machine's keys could not all be read), a capsule
 * that is not trusted is never said to be written elsewhere: its signer may
 * be this machine.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { authorshipLine } from "./authorship_line.ts";
 * const line = authorshipLine({ status: "unknown_key", fingerprint: "sha256:" + "ab".repeat(32), key_name: null, detail: "" });
 * assert.match(line!, /signed by an unknown key .*: nothing in it is verified/);
 * ```
 */
export function authorshipLine(
  authorship: Authorship | undefined,
  keysProblem: string | null = null,
): string | null {
  const status = authorship?.status ?? "unsigned";
  if (keysProblem !== null && status !== "trusted" && status !== "bad_signature") {
    // This machine's own key may be among those that could not be read: where it was
    // written is not known, so it is not said.
    return `${
      status === "unsigned"
        ? "Unsigned"
        : `Signed by a key not among those read here (${
          shortFingerprint(authorship!.fingerprint ?? "")
        })`
    }: nothing in it is verified. This machine's keys could not all be read (${keysProblem}).`;
  }
  switch (status) {
    case "trusted":
      return authorship!.key_name === null || authorship!.key_name === OWN_KEY_NAME
        ? null
        : `Signed by the key trusted as "${authorship!.key_name}".`;
    case "unknown_key":
      // Not "written elsewhere": a key unknown here may be this machine's own earlier one (its
      // key file removed or replaced), and where a capsule was written is the place check's.
      return `It was signed by an unknown key (${
        shortFingerprint(authorship!.fingerprint ?? "")
      }), neither this machine's key now nor one it trusts: nothing in it is verified (baton trust add makes a teammate's key trusted).`;
    case "bad_signature":
      return "Its signature does not verify (altered after signing, or forged): nothing in it is verified.";
    case "unsigned":
      return "Unsigned (written elsewhere or by an older baton): nothing in it is verified.";
  }
}

/**
 * One line for `validate` and `show`: the status and what it means.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { describeAuthorship } from "./authorship_line.ts";
 * assert.equal(describeAuthorship({ status: "unsigned", fingerprint: null, key_name: null, detail: "the capsule carries no signature" }),
 *   "unsigned: the capsule carries no signature; verified and observed are capped to claimed");
 * ```
 */
export function describeAuthorship(a: Authorship): string {
  const fp = a.fingerprint === null ? "" : ` (key ${a.fingerprint})`;
  const effect = a.status === "trusted" ? "" : "; verified and observed are capped to claimed";
  return `${a.status}: ${a.detail}${fp}${effect}`;
}
