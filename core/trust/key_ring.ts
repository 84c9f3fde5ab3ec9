/**
 * What core needs from the keys on this machine, declared here and provided
 * by the edge (commands/_adapters/key_ring.ts reads and writes the files under the
 * baton home). A workflow without a key ring signs nothing and trusts no
 * key: every capsule it reads is capped as if written by a stranger.
 * @module
 */
import type { SigningKey } from "./signing_key.ts";

/** A key whose capsules may keep `verified` and `observed`. */
export interface TrustedKey {
  /** The name it was added under; "this machine" for the machine's own key. */
  name: string;
  /** True for this machine's own key (trusted implicitly). */
  own: boolean;
}

/** Trusted keys by fingerprint (`sha256:<hex>`). */
export type TrustedKeys = ReadonlyMap<string, TrustedKey>;

/** This machine's key, or why there is none. */
export type SigningKeyResult =
  | { ok: true; key: SigningKey }
  | { ok: false; reason: string };

/** The trusted keys, and why some could not be read (null when all were). */
export interface TrustedKeysResult {
  keys: TrustedKeys;
  /** One content-free line, e.g. the trusted-keys file is damaged. */
  problem: string | null;
}

/** The key capability a workflow receives. */
export interface KeyRing {
  /**
   * This machine's signing key, created on first use; never throws. With
   * `repoRoot`, a key kept inside that work tree (where it could be
   * committed) is refused.
   */
  signingKey(repoRoot?: string | null): Promise<SigningKeyResult>;
  /** Every trusted key, this machine's own included; never throws. */
  trustedKeys(): Promise<TrustedKeysResult>;
}

/** The name this machine's own key is shown under. */
export const OWN_KEY_NAME = "this machine";
